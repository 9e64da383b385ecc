import Checks
import Foundation
import LinkAuditModel

/// `findings.sarif`: SARIF 2.1.0 for code-scanning dashboards. One rule per finding code
/// (every code linkaudit knows, so rule indexes stay put between runs; `SARIFRules`), one
/// result per finding located at the page's file, relative to `%SRCROOT%`, or at its URL
/// when it was fetched (`SARIFArtifact`), and line. With a baseline, results carry
/// `baselineState` and fixed findings appear as `absent`; suppressed findings carry an
/// external suppression with its reason. No timestamps, no machine paths. Within GitHub
/// code scanning's limits (`SARIFLimits`): a run with more results than it accepts lists
/// the most severe (`SARIFSelection`) and says in the run how many it left out.
public struct FindingsSARIF: ListingFormat {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public static func render(_ report: Report) -> String {
        ReportFiles.render(.sarif, report)
    }

    static let fragment = FragmentFormat.sarif
    static let listsFixed = true
    /// The whole file's report (nil for page shares alone).
    private let report: Report?
    /// Every code's rule, in rule order: the known codes, then the run's unknown ones
    /// (as many as code scanning takes).
    private let codes: [String]
    private let ruleIndex: [String: Int]
    /// The results listed when the run has more than code scanning accepts.
    private var selection: SARIFSelection?
    /// Result paths are made relative to it.
    private let workingDirectory = FileManager.default.currentDirectoryPath
    /// Writes results between joints made once (see `SARIFResult`).
    private let writer = SARIFResult()
    /// Occurrences of each key on the current page (kept from page to page for its capacity).
    private var occurrences: [FindingKey: Int] = [:]
    /// The artifact of the last result's file and page.
    private var located: (file: String?, page: String, artifact: SARIFArtifact)?

    /// Page shares list only findings of known codes, whose rule indexes stay put
    /// (`PageFragments` checks).
    init() {
        report = nil
        codes = Self.knownCodes
        ruleIndex = Self.knownRuleIndex
    }

    init(_ report: Report) {
        self.init(report, resultLimit: SARIFLimits.resultsPerRun, ruleLimit: SARIFLimits.rulesPerRun)
    }

    /// Limits below code scanning's own let tests look at a cut run of a few results.
    init(_ report: Report, resultLimit: Int, ruleLimit: Int = SARIFLimits.rulesPerRun) {
        self.report = report
        let all = Self.knownCodes + report.findingCodes.subtracting(Self.knownCodes).sorted()
        codes = Array(all.prefix(ruleLimit))
        ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        selection = SARIFSelection(report, ruleIndex: ruleIndex, allCodesRuled: codes.count == all.count, limit: resultLimit)
    }

    /// Shares rendered on the workers list every finding of their page: they stand for
    /// the file only when it lists them all.
    var takesPageFragments: Bool { selection == nil }

    var note: String? { selection?.note }

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
            SARIFRules.append(code, report: report, to: &out)
        }
        PrettyJSON.close(0x5D, indent: 10, to: &out)
        PrettyJSON.close(0x7D, indent: 8, to: &out)
        PrettyJSON.close(0x7D, indent: 6, to: &out)
        if let selection { Self.appendLeftOut(selection, to: &out) }
        PrettyJSON.key("originalUriBaseIds", indent: 6, to: &out)
        out.append("{")
        PrettyJSON.key(dynamic: SARIFArtifact.sourceRoot, first: true, indent: 8, to: &out)
        out.append("{")
        PrettyJSON.key("description", first: true, indent: 10, to: &out)
        out.append("{")
        PrettyJSON.member("text", SARIFArtifact.sourceRootDescription, first: true, indent: 12, to: &out)
        PrettyJSON.close(0x7D, indent: 10, to: &out)
        PrettyJSON.close(0x7D, indent: 8, to: &out)
        PrettyJSON.close(0x7D, indent: 6, to: &out)
        PrettyJSON.key("results", indent: 6, to: &out)
    }

    /// What a run over code scanning's limit left out, where SARIF tools read it: a
    /// warning among the invocation's tool notifications, and the counts in the run's
    /// properties.
    private static func appendLeftOut(_ selection: SARIFSelection, to out: inout ByteBuffer) {
        PrettyJSON.key("invocations", indent: 6, to: &out)
        out.append("[")
        PrettyJSON.newline(comma: false, indent: 8, to: &out)
        out.append("{")
        PrettyJSON.key("executionSuccessful", first: true, indent: 10, to: &out)
        out.append("true")
        PrettyJSON.key("toolExecutionNotifications", indent: 10, to: &out)
        out.append("[")
        PrettyJSON.newline(comma: false, indent: 12, to: &out)
        out.append("{")
        PrettyJSON.member("level", "warning", first: true, indent: 14, to: &out)
        PrettyJSON.key("message", indent: 14, to: &out)
        out.append("{")
        PrettyJSON.member("text", selection.note, first: true, indent: 16, to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
        PrettyJSON.close(0x7D, indent: 12, to: &out)
        PrettyJSON.close(0x5D, indent: 10, to: &out)
        PrettyJSON.close(0x7D, indent: 8, to: &out)
        PrettyJSON.close(0x5D, indent: 6, to: &out)
        PrettyJSON.key("properties", indent: 6, to: &out)
        out.append("{")
        PrettyJSON.member("resultLimit", selection.limit, first: true, indent: 8, to: &out)
        PrettyJSON.member("findings", selection.total, indent: 8, to: &out)
        PrettyJSON.member("resultsLeftOut", selection.leftOut, indent: 8, to: &out)
        PrettyJSON.key("resultsLeftOutByLevel", indent: 8, to: &out)
        out.append("{")
        for (i, severity) in Severity.allCases.reversed().enumerated() {
            PrettyJSON.key(dynamic: level(severity), first: i == 0, indent: 10, to: &out)
            out.append(decimal: selection.leftOutBySeverity[severity] ?? 0)
        }
        PrettyJSON.close(0x7D, indent: 8, to: &out)
        PrettyJSON.close(0x7D, indent: 6, to: &out)
    }

    /// `[` or `,`, then the line a page's first result starts on.
    func joint(first: Bool, to out: inout ByteBuffer) {
        out.append(first ? 0x5B : 0x2C)
        PrettyJSON.newline(comma: false, indent: Self.resultIndent, to: &out)
    }

    /// The page's results, joined as the results array joins them. A key's findings are
    /// all on one page: occurrences are counted page by page, over every finding of the
    /// page (listed or not), so a result's fingerprint does not depend on the selection.
    mutating func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer) {
        occurrences.removeAll(keepingCapacity: true)
        var listed = 0
        for finding in findings {
            let key = finding.key
            let occurrence = Self.counted(&occurrences[key, default: 0])
            if selection != nil, !selection!.keeps(finding) { continue }
            if listed > 0 { PrettyJSON.newline(comma: true, indent: Self.resultIndent, to: &out) }
            listed += 1
            // A page's findings share its file and URL: located once a page.
            if located?.file != finding.file || located?.page != finding.page {
                located = (finding.file, finding.page, SARIFArtifact.locate(file: finding.file, page: finding.page,
                                                                           workingDirectory: workingDirectory))
            }
            let artifact = located!.artifact
            writer.write(finding, ruleIndex: ruleIndex[finding.code]!, level: Self.level(finding.severity),
                         fingerprint: Self.fingerprint(key, occurrence),
                         baselineState: finding.baseline.map(Self.baselineState),
                         artifact: artifact, to: &out, indent: Self.resultIndent)
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
