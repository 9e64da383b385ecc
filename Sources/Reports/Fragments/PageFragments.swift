import Checks
import LinkAuditModel
import Policies
import WHATWGURL

/// One page's share of each report file that lists findings — its CSV rows, its
/// findings.json objects, its SARIF results, its JUnit test case — rendered by the worker
/// that read the page. At the end the files are put together from these in page order
/// (`FragmentStore`), so most of a report is written on every core while pages are still
/// being read, instead of by one thread per format after the last page.
///
/// A page's findings in report order are its own findings sorted (the report's order
/// is by page first), and every per-finding value these formats print depends on the
/// finding and its page alone — but for baseline states, which is why a run with a
/// baseline renders at the end instead (see `FragmentFormats.listing`).
struct PageFragments: Sendable {
    let page: String
    /// Bytes per format, indexed by `FragmentFormat.rawValue`; empty when the format
    /// was not asked for (or the page has no finding to list in it).
    private(set) var bytes: [[UInt8]] = Array(repeating: [], count: FragmentFormat.allCases.count)

    subscript(format: FragmentFormat) -> [UInt8] { bytes[format.rawValue] }

    /// The fragments of `part`'s page, or nil when they cannot stand for it: a finding
    /// of another page, or a code SARIF has no fixed rule index for.
    init?(_ part: ReportPart, formats: FragmentFormats) {
        let record = part.page
        page = record.page
        var findings = part.pageFindings + part.findings
        guard findings.allSatisfy({ $0.page == record.page }) else { return nil }
        // Stable, as the report's own sort: ties keep the order the page gave them.
        findings.sort(by: Finding.ordered)
        if formats.csv { bytes[FragmentFormat.csv.rawValue] = Self.csv(findings) }
        if formats.json { bytes[FragmentFormat.json.rawValue] = Self.json(findings) }
        if formats.sarif {
            guard let sarif = Self.sarif(findings) else { return nil }
            bytes[FragmentFormat.sarif.rawValue] = sarif
        }
        if formats.junit {
            let stats = PageStats(page: record.page, file: record.file, status: record.status,
                                  navigations: part.navigations)
            bytes[FragmentFormat.junit.rawValue] = Self.staged { JUnitXML.appendCase(stats, findings, to: &$0) }
        }
    }

    /// The CSV rows.
    private static func csv(_ findings: [Finding]) -> [UInt8] {
        var scratch = ByteBuffer()
        return staged { out in
            for finding in findings { FindingsCSV.appendRow(finding, to: &out, scratch: &scratch) }
        }
    }

    /// findings.json's objects, each after a comma but the first, on lines of their own
    /// at the `findings` array's indent.
    private static func json(_ findings: [Finding]) -> [UInt8] {
        staged { out in
            for (i, finding) in findings.enumerated() {
                if i > 0 { PrettyJSON.newline(comma: true, indent: FindingsJSON.findingIndent, to: &out) }
                FindingsJSON.appendFinding(finding, to: &out)
            }
        }
    }

    /// The SARIF results, joined as the results array joins them.
    private static func sarif(_ findings: [Finding]) -> [UInt8]? {
        guard findings.allSatisfy({ FindingsSARIF.knownRuleIndex[$0.code] != nil }) else { return nil }
        var occurrences: [FindingKey: Int] = [:]
        let writer = SARIFResult()
        return staged { out in
            for (i, finding) in findings.enumerated() {
                if i > 0 { PrettyJSON.newline(comma: true, indent: FindingsSARIF.resultIndent, to: &out) }
                let key = finding.key
                occurrences[key, default: 0] += 1
                writer.write(finding, ruleIndex: FindingsSARIF.knownRuleIndex[finding.code]!,
                             level: FindingsSARIF.level(finding.severity),
                             fingerprint: FindingsSARIF.fingerprint(key, occurrences[key]!), baselineState: nil,
                             artifactURI: FindingsSARIF.artifactURI(finding), to: &out, indent: FindingsSARIF.resultIndent)
            }
        }
    }

    /// What `body` writes, as bytes.
    private static func staged(_ body: (inout ByteBuffer) -> Void) -> [UInt8] {
        var out = ByteBuffer(capacity: 4096)
        body(&out)
        return out.bytes
    }
}

/// The report formats a page's fragments are made for.
enum FragmentFormat: Int, CaseIterable, Sendable {
    case csv, json, sarif, junit
}

/// Which formats a run renders page by page on its workers.
package struct FragmentFormats: Sendable, Equatable {
    var csv = false, json = false, sarif = false, junit = false

    package static let none = FragmentFormats()

    var isEmpty: Bool { self == .none }

    /// The listing formats among `formats` — when the run has no baseline (a finding's
    /// baseline state is known only once every finding is in) and every page record
    /// comes from a worker (a live crawl's association files are added by the writer).
    package static func listing(_ formats: Set<ReportFormat>, baseline: Bool, liveCrawl: Bool) -> FragmentFormats {
        guard !baseline, !liveCrawl else { return .none }
        return FragmentFormats(csv: formats.contains(.csv), json: formats.contains(.json),
                               sarif: formats.contains(.sarif), junit: formats.contains(.junit))
    }

    func contains(_ format: FragmentFormat) -> Bool {
        switch format {
        case .csv: csv
        case .json: json
        case .sarif: sarif
        case .junit: junit
        }
    }
}
