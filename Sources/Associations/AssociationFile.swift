import LinkAuditModel
import WHATWGURL

/// One association file of one host as the crawl found it: the record it adds to
/// `pages.jsonl` (and so to the reports, where errors are `ASSOCIATION_INVALID`) and what
/// it tells the policy stage.
package struct AssociationFile: Sendable {
    package enum Kind: String, Sendable {
        case apple = "apple-app-site-association"
        case android = "assetlinks.json"

        /// The kind a file's URL names.
        package init(url: WebURL) {
            self = url.pathname.hasSuffix("assetlinks.json") ? .android : .apple
        }

        package var platform: String { self == .apple ? "iOS" : "Android" }
    }

    package var record: PageRecord
    /// This host's file for the policy stage; empty when the fetch could not tell.
    package var sites: SiteAssociations

    /// A response the server gave: read under the platform's serving rules, then parsed.
    /// A cut body (over the fetch limit) is judged on the serving rules alone.
    package static func read(_ kind: Kind, url: WebURL, _ response: AssociationResponse, cut: Bool = false,
                     extraProblems: [AssociationProblem] = []) -> AssociationFile {
        let host = url.hostname ?? ""
        switch kind {
        case .apple:
            var result = cut ? AssociationResult<AppSiteAssociation>(value: nil, problems: AASAServing.problems(for: response))
                : AppSiteAssociation.read(response)
            if cut { result.problems.append(cutProblem) }
            var sites = SiteAssociations()
            sites.set(result.value.map { .usable($0) } ?? .unusable, appleForHost: host)
            return AssociationFile(record: record(kind, url, response, result.problems + extraProblems), sites: sites)
        case .android:
            var result = cut ? AssociationResult<AssetLinks>(value: nil, problems: AssetLinksServing.problems(for: response))
                : AssetLinks.read(response)
            if cut { result.problems.append(cutProblem) }
            var sites = SiteAssociations()
            sites.set(result.value.map { .usable($0) } ?? .unusable, androidForHost: host)
            return AssociationFile(record: record(kind, url, response, result.problems + extraProblems), sites: sites)
        }
    }

    /// No file (a 4xx): nothing opens an app through this host, and nothing to report.
    package static func absent(_ kind: Kind, url: WebURL, status: Int, note: String? = nil) -> AssociationFile {
        let host = url.hostname ?? ""
        var record = PageRecord(page: url.href, file: nil, bytes: 0,
                                status: "absent: HTTP \(status)" + (note.map { " (\($0))" } ?? ""))
        record.httpStatus = status
        record.association = kind.rawValue
        var sites = SiteAssociations()
        switch kind {
        case .apple: sites.set(.unusable, appleForHost: host)
        case .android: sites.set(.unusable, androidForHost: host)
        }
        return AssociationFile(record: record, sites: sites)
    }

    /// No usable answer, for a reason outside HTTP (a TLS failure).
    package static func rejected(_ kind: Kind, url: WebURL, problem: String) -> AssociationFile {
        var file = absent(kind, url: url, status: 0)
        file.record.status = "invalid"
        file.record.httpStatus = nil
        file.record.problems = [problem]
        return file
    }

    /// The fetch could not tell (no answer, refused address, rate-limited): the device
    /// profile's own declarations stay in charge for this host.
    package static func unreachable(_ kind: Kind, url: WebURL, reason: String) -> AssociationFile {
        var record = PageRecord(page: url.href, file: nil, bytes: 0, status: "unreachable: " + reason)
        record.association = kind.rawValue
        return AssociationFile(record: record, sites: SiteAssociations())
    }

    /// Bodies are cut here: well over the 128 KB iOS accepts, so a size problem is measured.
    package static let maxBytes = 1 << 20

    static let cutProblem = AssociationProblem(.error, "the file is over \(maxBytes) bytes: cut there and not read")

    private static func record(_ kind: Kind, _ url: WebURL, _ response: AssociationResponse,
                               _ problems: [AssociationProblem]) -> PageRecord {
        let errors = problems.filter { $0.severity == .error }.map(\.reason)
        let warnings = problems.filter { $0.severity == .warning }.map(\.reason)
        var record = PageRecord(page: url.href, file: nil, bytes: response.body.count,
                                status: errors.isEmpty ? "ok" : "invalid")
        record.httpStatus = response.status
        record.association = kind.rawValue
        record.problems = errors.isEmpty ? nil : errors
        record.warning = warnings.isEmpty ? nil : warnings.joined(separator: "; ")
        return record
    }
}
