/// Escaping for text that comes from audited pages (URLs, page addresses, read errors)
/// before it goes into `summary.md`: it must not end a table cell, open a code span,
/// start emphasis or a link, or reach the renderer as HTML.
enum MarkdownText {
    /// Inline text, safe in a table cell and in running text. Long values are cut to
    /// `limit` characters (the full value is in findings.csv).
    ///
    /// Text of printable ASCII (every page URL of most runs) is escaped a byte at a time:
    /// there a character is a byte. Counting characters and appending scalar by scalar was
    /// ~18,000 instructions a page URL, 2.5 M of a run's summary.md (Benchmarks/README.md,
    /// issue 17). Anything else goes the plain way (`inlinePlain`); `MarkdownTextTests`
    /// compares the two.
    static func inline(_ text: String, limit: Int = 160) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let cut = bytes.count > limit
            let kept = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, max(limit, 0))])
            var out: [UInt8] = []
            out.reserveCapacity(kept.count + 16)
            for byte in kept {
                switch byte {
                case 0x26: out += [0x26, 0x61, 0x6D, 0x70, 0x3B]  // &amp;
                case 0x3C: out += [0x26, 0x6C, 0x74, 0x3B]  // &lt;
                case 0x3E: out += [0x26, 0x67, 0x74, 0x3B]  // &gt;
                case 0x7C, 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x7E, 0x23, 0x21:  // | \ ` * _ [ ] ~ # !
                    out.append(0x5C)
                    out.append(byte)
                default: out.append(byte)
                }
            }
            if cut { out += [0xE2, 0x80, 0xA6] }  // …
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? inlinePlain(text, limit: limit)
    }

    /// `inline` character by character: the reference.
    static func inlinePlain(_ text: String, limit: Int = 160) -> String {
        var value = text
        if value.count > limit { value = String(value.prefix(limit)) + "…" }
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            case "\\", "`", "*", "_", "[", "]", "~", "#", "!": out += "\\" + String(scalar)
            case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Our own prose (the checks' documentation): only what would turn into HTML is
    /// escaped, so the text keeps its punctuation.
    ///
    /// A byte at a time, where no `&`, `<` or `>` carries a combining mark and no `≮` or
    /// `≯` (which decompose to `<`, `>` and one) is in the text: then Foundation's search
    /// finds the three as bytes. `replacingOccurrences` three times was ~1 M instructions
    /// a check, 5 M of a run's summary.md (Benchmarks/README.md, issue 17); `prosePlain`
    /// is the reference, and `MarkdownTextTests` compares the two.
    static func prose(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            var previous: UInt8 = 0
            for (i, byte) in bytes.enumerated() {
                if byte >= 0x80 {
                    if previous == 0x26 || previous == 0x3C || previous == 0x3E { return nil }
                    // ≮ U+226E, ≯ U+226F: E2 89 AE / AF.
                    if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x89, bytes[i + 2] == 0xAE || bytes[i + 2] == 0xAF {
                        return nil
                    }
                }
                switch byte {
                case 0x26: out += [0x26, 0x61, 0x6D, 0x70, 0x3B]
                case 0x3C: out += [0x26, 0x6C, 0x74, 0x3B]
                case 0x3E: out += [0x26, 0x67, 0x74, 0x3B]
                default: out.append(byte)
                }
                previous = byte
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? prosePlain(text)
    }

    /// `prose` with Foundation's search: the reference.
    static func prosePlain(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A table row from cells that are already escaped (or our own text).
    static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |\n"
    }

    static func header(_ cells: [String], align: [Character]) -> String {
        let rule = align.map { $0 == "r" ? "---:" : "---" }
        return row(cells) + "|" + rule.joined(separator: "|") + "|\n"
    }

    /// "3 pages" / "1 page".
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
