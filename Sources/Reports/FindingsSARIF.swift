import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// `findings.sarif`: SARIF 2.1.0 for code-scanning dashboards. One rule per finding code
/// (every code linkaudit knows, so rule indexes stay put between runs), one result per
/// finding located at the page's file (or its URL when it has none) and line. With a
/// baseline, results carry `baselineState` and fixed findings appear as `absent`;
/// suppressed findings carry an external suppression with its reason. No timestamps.
public enum FindingsSARIF {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public static func render(_ report: Report) -> String {
        let sink = ReportSink()
        write(report, to: sink)
        return sink.text
    }

    static func write(_ report: Report, to sink: ReportSink) {
        let known = Checks.all.map(\.code)
        let codes = known + report.findingCodes.subtracting(known).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        let results: JSONValue
        if let fragments = report.fragments, fragments.formats.sarif {
            results = fromFragments(fragments, pages: report.pages)
        } else {
            results = rendered(report.rows, ruleIndex: ruleIndex)
        }
        let driver = JSONValue.object([
            ("name", .string("linkaudit")),
            ("version", .string(report.toolVersion)),
            ("rules", .array(codes.map { rule($0, report: report) })),
        ])
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("results", results),
        ])
        JSONValue.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).write(to: sink)
    }

    /// Where a result's braces sit: in `runs[0].results`.
    static let resultIndent = 8

    /// Rule indexes of the known codes (a run with others puts its unknown codes' rules
    /// after them, so its results are rendered at the end).
    static let knownRuleIndex = Dictionary(uniqueKeysWithValues: Checks.all.enumerated().map { ($1.code, $0) })

    /// The results, rendered one by one as they are read.
    private static func rendered(_ rows: ReportRows, ruleIndex: [String: Int]) -> JSONValue {
        // A key's findings are all on one page, and a page's findings come together:
        // occurrences are counted page by page.
        var occurrences: [FindingKey: Int] = [:]
        var page: String?
        var rows = rows.makeIterator()
        let writer = SARIFResult()
        return JSONValue.stream {
            guard let finding = rows.next() else { return nil }
            if finding.page != page {
                occurrences.removeAll(keepingCapacity: true)
                page = finding.page
            }
            let key = finding.key
            let occurrence = counted(&occurrences[key, default: 0])
            let index = ruleIndex[finding.code]!
            return .written { file, indent in
                writer.write(finding, ruleIndex: index, level: level(finding.severity),
                             fingerprint: fingerprint(key, occurrence), baselineState: finding.baseline.map(baselineState),
                             artifactURI: artifactURI(finding), to: &file, indent: indent)
            }
        }
    }

    /// The results as the pages' fragments hold them (`PageFragments`), a page at a time.
    private static func fromFragments(_ fragments: FragmentStore, pages: [PageStats]) -> JSONValue {
        var next = 0
        return JSONValue.stream {
            while next < pages.count {
                let page = pages[next].page
                next += 1
                guard let bytes = fragments.bytes(.sarif, page: page), !bytes.isEmpty else { continue }
                return .written { file, indent in
                    precondition(indent == resultIndent, "SARIF results moved: update resultIndent")
                    file.append(contentsOf: bytes)
                }
            }
            return nil
        }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    private static func rule(_ code: String, report: Report) -> JSONValue {
        let severity = report.severity(of: code)
        guard let check = Checks.named(code) else {
            return .object([
                ("id", .string(code)),
                ("shortDescription", .object([("text", .string(code))])),
                ("defaultConfiguration", .object([("level", .string(level(severity)))])),
            ])
        }
        let help = "What it means. \(check.meaning)\n\nWhy it hurts. \(check.impact)\n\nWhat to do. \(check.advice)"
        let helpMarkdown = SummaryMarkdown.checkHelp(check)
        return .object([
            ("id", .string(code)),
            ("name", .string(ruleName(code))),
            ("shortDescription", .object([("text", .string(check.title))])),
            ("fullDescription", .object([("text", .string(check.meaning))])),
            ("help", .object([("text", .string(help)), ("markdown", .string(helpMarkdown))])),
            ("defaultConfiguration", .object([("level", .string(level(severity)))])),
            ("properties", .object([("tags", .strings(["webview", "deep-link", check.scope == .page ? "page" : "navigation"]))])),
        ])
    }

    /// One more occurrence of a key, counted in place (one dictionary lookup).
    private static func counted(_ count: inout Int) -> Int {
        count += 1
        return count
    }

    private static func baselineState(_ state: BaselineState) -> String {
        switch state {
        case .new: return "new"
        case .persisting: return "unchanged"
        case .fixed: return "absent"
        }
    }

    /// The page's file as a URI reference (relative paths stay relative, for code
    /// scanning of a checked-in site), or the page URL for pages fetched live.
    static func artifactURI(_ finding: Finding) -> String {
        guard let file = finding.file, !file.isEmpty else { return uriEscaped(finding.page, allowed: keptInURL) }
        let path = uriEscaped(file, allowed: keptInPath)
        return file.hasPrefix("/") ? "file://" + path : path
    }

    /// Percent-encodes every byte but the `allowed` ones; the text itself when nothing
    /// needs encoding (page URLs and paths nearly always).
    private static func uriEscaped(_ text: String, allowed: [Bool]) -> String {
        guard text.utf8.contains(where: { !allowed[Int($0)] }) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if allowed[Int(byte)] {
                out.append(byte)
            } else {
                out.append(contentsOf: [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters and `keep`, by byte.
    private static func allowing(_ keep: String) -> [Bool] {
        (0..<256).map { byte in
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8.contains(UInt8(byte))
                || keep.utf8.contains(UInt8(byte))
        }
    }

    /// What a page URL keeps as it is (its delimiters and `%`), and what a file path keeps:
    /// made once, not per result.
    private static let keptInURL = allowing("%:/?#[]@!$&'()*+,;=")
    private static let keptInPath = allowing("/")

    /// `ErrUnknownUrlScheme` from `ERR_UNKNOWN_URL_SCHEME`.
    static func ruleName(_ code: String) -> String {
        code.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// Stable across line moves: FNV-1a of the baseline key, plus which occurrence of that
    /// key on the page it is.
    static func fingerprint(_ key: FindingKey, _ occurrence: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ part: String) {
            var part = part
            part.withUTF8 { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x0000_0100_0000_01B3
                }
            }
        }
        mix(key.page)
        hash = hash &* 0x0000_0100_0000_01B3  // the NUL between parts (XOR with 0 changes nothing)
        mix(key.url)
        hash = hash &* 0x0000_0100_0000_01B3
        mix(key.code)
        // Sixteen hex digits, then ":" and the occurrence.
        let hex: StaticString = "0123456789abcdef"
        var text = [UInt8](repeating: 0x30, count: 17)
        for k in 0..<16 { text[15 - k] = hex.utf8Start[Int((hash >> (4 * UInt64(k))) & 0xF)] }
        text[16] = 0x3A
        JSONText.appendInt(occurrence, to: &text)
        return String(decoding: text, as: UTF8.self)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
