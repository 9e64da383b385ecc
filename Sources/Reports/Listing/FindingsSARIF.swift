import Checks
import LinkAuditModel

/// `findings.sarif`: SARIF 2.1.0 for code-scanning dashboards. One rule per finding code
/// (every code linkaudit knows, so rule indexes stay put between runs), one result per
/// finding located at the page's file (or its URL when it has none) and line. With a
/// baseline, results carry `baselineState` and fixed findings appear as `absent`;
/// suppressed findings carry an external suppression with its reason. No timestamps.
public struct FindingsSARIF: ListingFormat {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public static func render(_ report: Report) -> String {
        ReportFiles.render(.sarif, report)
    }

    static let fragment = FragmentFormat.sarif
    static let listsFixed = true
    /// The whole file's report (nil for page shares alone).
    private let report: Report?
    /// Every code's rule, in rule order: the known codes, then the run's unknown ones.
    private let codes: [String]
    private let ruleIndex: [String: Int]
    /// Writes results between joints made once (see `SARIFResult`).
    private let writer = SARIFResult()
    /// Occurrences of each key on the current page (kept from page to page for its capacity).
    private var occurrences: [FindingKey: Int] = [:]

    /// Page shares list only findings of known codes, whose rule indexes stay put
    /// (`PageFragments` checks).
    init() {
        report = nil
        codes = Self.knownCodes
        ruleIndex = Self.knownRuleIndex
    }

    init(_ report: Report) {
        self.report = report
        codes = Self.knownCodes + report.findingCodes.subtracting(Self.knownCodes).sorted()
        ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
    }

    /// The log, the run and the tool with its rules, up to the `results` array.
    func prologue(to out: inout ByteBuffer) {
        guard let report else { return }
        out.append("{")
        PrettyJSON.member("$schema", Self.schema, first: true, indent: 2, to: &out)
        PrettyJSON.member("version", "2.1.0", indent: 2, to: &out)
        PrettyJSON.key("runs", indent: 2, to: &out)
        out.append("[")
        PrettyJSON.newline(comma: false, indent: 4, to: &out)
        out.append("{")
        PrettyJSON.key("tool", first: true, indent: 6, to: &out)
        out.append("{")
        PrettyJSON.key("driver", first: true, indent: 8, to: &out)
        out.append("{")
        PrettyJSON.member("name", "linkaudit", first: true, indent: 10, to: &out)
        PrettyJSON.member("version", report.toolVersion, indent: 10, to: &out)
        PrettyJSON.key("rules", indent: 10, to: &out)
        out.append("[")
        for (i, code) in codes.enumerated() {
            PrettyJSON.newline(comma: i > 0, indent: 12, to: &out)
            Self.appendRule(code, report: report, to: &out)
        }
        PrettyJSON.close(0x5D, indent: 10, to: &out)
        PrettyJSON.close(0x7D, indent: 8, to: &out)
        PrettyJSON.close(0x7D, indent: 6, to: &out)
        PrettyJSON.key("results", indent: 6, to: &out)
    }

    /// `[` or `,`, then the line a page's first result starts on.
    func joint(first: Bool, to out: inout ByteBuffer) {
        out.append(first ? 0x5B : 0x2C)
        PrettyJSON.newline(comma: false, indent: Self.resultIndent, to: &out)
    }

    /// The page's results, joined as the results array joins them. A key's findings are
    /// all on one page: occurrences are counted page by page.
    mutating func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        occurrences.removeAll(keepingCapacity: true)
        for (i, finding) in findings.enumerated() {
            if i > 0 { PrettyJSON.newline(comma: true, indent: Self.resultIndent, to: &out) }
            let key = finding.key
            let occurrence = Self.counted(&occurrences[key, default: 0])
            writer.write(finding, ruleIndex: ruleIndex[finding.code]!, level: Self.level(finding.severity),
                         fingerprint: Self.fingerprint(key, occurrence),
                         baselineState: finding.baseline.map(Self.baselineState),
                         artifactURI: Self.artifactURI(finding), to: &out, indent: Self.resultIndent)
        }
    }

    /// The end of `results`, the run and the log.
    func epilogue(listed: Bool, to out: inout ByteBuffer) {
        if listed { PrettyJSON.close(0x5D, indent: 6, to: &out) } else { out.append("[]") }
        PrettyJSON.close(0x7D, indent: 4, to: &out)
        PrettyJSON.close(0x5D, indent: 2, to: &out)
        PrettyJSON.close(0x7D, indent: 0, to: &out)
        out.append(0x0A)
    }

    /// Where a result's braces sit: in `runs[0].results`.
    static let resultIndent = 8

    /// Rule indexes of the known codes (a run with others puts its unknown codes' rules
    /// after them, so its results are rendered at the end).
    static let knownRuleIndex = Dictionary(uniqueKeysWithValues: Checks.all.enumerated().map { ($1.code, $0) })
    private static let knownCodes = Checks.all.map(\.code)

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// A rule of `runs[0].tool.driver.rules`, its braces at indent 12.
    private static func appendRule(_ code: String, report: Report, to out: inout ByteBuffer) {
        let severity = report.severity(of: code)
        out.append("{")
        PrettyJSON.member("id", code, first: true, indent: 14, to: &out)
        guard let check = Checks.named(code) else {
            appendText("shortDescription", code, to: &out)
            appendText("defaultConfiguration", level(severity), key: "level", to: &out)
            PrettyJSON.close(0x7D, indent: 12, to: &out)
            return
        }
        PrettyJSON.member("name", ruleName(code), indent: 14, to: &out)
        appendText("shortDescription", check.title, to: &out)
        appendText("fullDescription", check.meaning, to: &out)
        PrettyJSON.key("help", indent: 14, to: &out)
        out.append("{")
        PrettyJSON.member("text", "What it means. \(check.meaning)\n\nWhy it hurts. \(check.impact)\n\nWhat to do. \(check.advice)",
                          first: true, indent: 16, to: &out)
        PrettyJSON.member("markdown", SummaryMarkdown.checkHelp(check), indent: 16, to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
        appendText("defaultConfiguration", level(severity), key: "level", to: &out)
        PrettyJSON.key("properties", indent: 14, to: &out)
        out.append("{")
        PrettyJSON.key("tags", first: true, indent: 16, to: &out)
        PrettyJSON.strings(["webview", "deep-link", check.scope == .page ? "page" : "navigation"], to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
        PrettyJSON.close(0x7D, indent: 12, to: &out)
    }

    /// A rule's member holding an object of one string, `"name": {"text": "…"}`.
    private static func appendText(_ name: StaticString, _ text: String, key: StaticString = "text",
                                   to out: inout ByteBuffer) {
        PrettyJSON.key(name, indent: 14, to: &out)
        out.append("{")
        PrettyJSON.member(key, text, first: true, indent: 16, to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
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
        let hex: StaticString = "0123456789ABCDEF"
        var out = ByteBuffer(capacity: text.utf8.count + 16)
        for byte in text.utf8 {
            if allowed[Int(byte)] {
                out.append(byte)
            } else {
                out.append(0x25)
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        return out.text
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
        var text = ByteBuffer(capacity: 40)
        text.write(maxBytes: 17) { p in
            for k in 0..<16 { p[15 - k] = hex.utf8Start[Int((hash >> (4 * UInt64(k))) & 0xF)] }
            p[16] = 0x3A
            return 17
        }
        text.append(decimal: occurrence)
        return text.text
    }
}
