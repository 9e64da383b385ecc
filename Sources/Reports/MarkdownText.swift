/// Escaping for text that comes from audited pages (URLs, page addresses, read errors)
/// before it goes into `summary.md`: it must not end a table cell, open a code span,
/// start emphasis or a link, or reach the renderer as HTML.
enum MarkdownText {
    /// Inline text, safe in a table cell and in running text. Long values are cut to
    /// `limit` characters (the full value is in findings.csv).
    static func inline(_ text: String, limit: Int = 160) -> String {
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
    static func prose(_ text: String) -> String {
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
