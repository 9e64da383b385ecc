/// Hand-written JSON output with a fixed key order, so `links.jsonl` reads the same on
/// every run and diffs well (Foundation's encoder sorts or shuffles keys, and is slow).
struct JSONText {
    private(set) var text = "{"
    private var first = true

    mutating func key(_ name: String) {
        if !first { text += "," }
        first = false
        JSONText.appendString(name, to: &text)
        text += ":"
    }

    mutating func field(_ name: String, _ value: String) {
        key(name)
        JSONText.appendString(value, to: &text)
    }

    mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    mutating func field(_ name: String, _ value: Int?) {
        guard let value else { return }
        field(name, value)
    }

    mutating func field(_ name: String, _ value: Bool?) {
        guard let value else { return }
        key(name)
        text += value ? "true" : "false"
    }

    /// A value already serialised as JSON.
    mutating func raw(_ name: String, _ json: String) {
        key(name)
        text += json
    }

    func closed() -> String { text + "}" }

    static func string(_ value: String) -> String {
        var out = ""
        appendString(value, to: &out)
        return out
    }

    static func appendString(_ value: String, to out: inout String) {
        out += "\""
        var plainStart = value.utf8.startIndex
        var index = plainStart
        let utf8 = value.utf8
        while index != utf8.endIndex {
            let b = utf8[index]
            if b == 0x22 || b == 0x5C || b < 0x20 {
                out += value[plainStart..<index]
                switch b {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                default:
                    let hex = String(b, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
                plainStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        out += value[plainStart..<utf8.endIndex]
        out += "\""
    }
}
