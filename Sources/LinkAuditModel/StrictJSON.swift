import WHATWGURL

/// A JSON value as association files are read: strict RFC 8259 with no extensions.
///
/// Foundation's `JSONSerialization` on Linux accepts trailing commas (`[1,]`) and cannot tell
/// `true` from `1`; Google's verifier parses "in strict mode (security requirement)" and the
/// Digital Asset Links suite checks that `[ "a", ]` is rejected, so both files get this parser.
/// Objects keep their members in order; a repeated key reads as its last value, as
/// Foundation's parser (which Apple's devices use) does.
package indirect enum StrictJSON: Equatable, Sendable {
    package struct Member: Equatable, Sendable {
        package let key: String
        package let value: StrictJSON
    }

    case object([Member])
    case array([StrictJSON])
    case string(String)
    /// A number as written ("1", "-0.5e3"): association files have no numeric fields.
    case number(String)
    case bool(Bool)
    case null

    /// The member's value (the last one when the key repeats); nil for non-objects.
    package subscript(key: String) -> StrictJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    package var keys: [String] {
        guard case .object(let members) = self else { return [] }
        var seen = Set<String>()
        return members.map(\.key).filter { seen.insert($0).inserted }
    }

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var arrayValue: [StrictJSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// "an object", "a string"…: for problem messages.
    package var kindName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        let message: String
        let offset: Int
        var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses one JSON text whose top level is an object or an array (RFC 4627's strict
    /// form: Foundation without `.fragmentsAllowed` and Google's strict mode both refuse a
    /// bare `42`). A leading UTF-8 byte order mark is skipped, as Foundation does.
    package static func parse(_ bytes: [UInt8]) throws -> StrictJSON {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "{") || reader.current == UInt8(ascii: "[") else {
            throw reader.error("the top level must be an object or an array")
        }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// Deeper nesting is refused rather than risking the stack on hostile input.
        static let maxDepth = 256

        func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: index) }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func expect(_ literal: String, _ value: StrictJSON) throws -> StrictJSON {
            let utf8 = Array(literal.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw error("invalid literal")
            }
            index += utf8.count
            return value
        }

        mutating func value(depth: Int) throws -> StrictJSON {
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
            guard let byte = current else { throw error("unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character")
            }
        }

        mutating func object(depth: Int) throws -> StrictJSON {
            index += 1
            var members: [Member] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipWhitespace()
                members.append(Member(key: key, value: try value(depth: depth + 1)))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                default: throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws -> StrictJSON {
            index += 1
            var values: [StrictJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            while true {
                skipWhitespace()
                values.append(try value(depth: depth + 1))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(values)
                default: throw error("expected ',' or ']'")
                }
            }
        }

        mutating func number() throws -> StrictJSON {
            let start = index
            func digits() -> Int {
                let from = index
                while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
                return index - from
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                throw error("invalid number")
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("invalid number") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("invalid number") }
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func string() throws -> String {
            index += 1
            var output: [UInt8] = []
            while true {
                guard let byte = current else { throw error("unterminated string") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    let text = String(decoding: output, as: UTF8.self)
                    // Invalid UTF-8 comes back with U+FFFD, so the bytes no longer match.
                    guard text.utf8.elementsEqual(output) else { throw error("invalid UTF-8 in a string") }
                    return text
                case UInt8(ascii: "\\"):
                    try escape(into: &output)
                case 0x00..<0x20:
                    index -= 1
                    throw error("control character in a string")
                default:
                    output.append(byte)
                }
            }
        }

        mutating func escape(into output: inout [UInt8]) throws {
            guard let byte = current else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), current == UInt8(ascii: "\\"),
                   index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate cannot be UTF-8: it reads as U+FFFD, as Foundation does.
                output.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default:
                index -= 1
                throw error("invalid escape")
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = WebURL.PercentEncoding.hexValue(byte) else { throw error("invalid \\u escape") }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}

/// A `StrictJSON` inside a Codable file (a device file's AASA `components`): decoded from
/// what Foundation's decoder gives, encoded back as the same JSON. An object's members come
/// in key order (a Swift dictionary keeps none); a number keeps its decimal text.
extension StrictJSON: Codable {
    package init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let value = try? single.decode(Bool.self) { self = .bool(value); return }
        if let value = try? single.decode(String.self) { self = .string(value); return }
        if let value = try? single.decode(Double.self) { self = .number(String(value)); return }
        if let value = try? single.decode([StrictJSON].self) { self = .array(value); return }
        let members = try single.decode([String: StrictJSON].self)
        self = .object(members.keys.sorted().map { Member(key: $0, value: members[$0]!) })
    }

    package func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case .bool(let value): try single.encode(value)
        case .string(let value): try single.encode(value)
        case .number(let text): try single.encode(Double(text) ?? 0)
        case .array(let values): try single.encode(values)
        case .object(let members):
            try single.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
