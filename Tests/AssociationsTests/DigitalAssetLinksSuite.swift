import Foundation
@testable import Associations
@testable import LinkAuditModel
@testable import WHATWGURL
import TestSupport

/// Runs the Digital Asset Links compatibility suite's `List` and `Check` tests against
/// `AssetLinks`: the test group's `web_content` and `android_content` stand in for the
/// network and the APK, the request is validated with the library's own value parsers,
/// and the statement list is read with `AssetLinks.parse`. What this harness adds itself
/// is only the API's plumbing: the query error wording and a 404 for a site the group
/// does not serve.
struct DigitalAssetLinksSuite {
    struct Group {
        let file: String
        let name: String
        let message: TextProtoMessage
    }

    enum Outcome: String {
        case success = "SUCCESS"
        case fetchError = "FETCH_ERROR"
        case queryParsingError = "QUERY_PARSING_ERROR"
    }

    /// What the library (plus plumbing) answered for one test.
    struct Answer {
        var outcome: Outcome
        var messages: [String]
        var links: Set<AssetLink> = []
        var holds = false
    }

    enum Asset {
        case web(AssetSite)
        case androidApp(package: String, fingerprint: CertificateFingerprint)

        var target: AssetTarget {
            switch self {
            case .web(let site): return .web(site)
            case .androidApp(let package, let fingerprint):
                return .androidApp(AndroidAppAsset(packageName: package, fingerprints: [fingerprint]))
            }
        }
    }

    struct QueryError: Error { let message: String }

    static let root = "assetlinks/google-digitalassetlinks/compatibility-tests/v1"

    static func groups() throws -> [Group] {
        let base = Fixture.url(root)
        let files = FileManager.default.enumerator(atPath: base.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".pb") }.sorted()
        return try files.flatMap { file in
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            return try TextProtoMessage.parse(text).messages("test_group").map {
                Group(file: file, name: $0.text("name") ?? "?", message: $0)
            }
        }
    }

    // MARK: - Answering a test

    static func answer(_ test: TextProtoMessage, isCheck: Bool, in group: TextProtoMessage) -> Answer {
        let request = test.message("request") ?? TextProtoMessage()
        let source: Asset, relation: AssetRelation?, target: Asset?
        do {
            source = try asset(request.message("source"), role: "source")
            relation = try self.relation(request.text("relation"), required: isCheck)
            target = isCheck ? try asset(request.message("target"), role: "target") : nil
        } catch let error as QueryError {
            return Answer(outcome: .queryParsingError, messages: [error.message])
        } catch {
            return Answer(outcome: .queryParsingError, messages: ["\(error)"])
        }
        let statementList: AssociationResult<AssetLinks>
        switch content(for: source, in: group) {
        case .notFound:
            return Answer(outcome: .fetchError, messages: ["404 Not Found"])
        case .unknownApp:
            return Answer(outcome: .success, messages: [])
        case .body(let body):
            statementList = AssetLinks.parse(Array(body.utf8))
        }
        let links = statementList.value ?? AssetLinks()
        var answer = Answer(outcome: statementList.problems.isEmpty ? .success : .fetchError,
                            messages: statementList.problems.map(\.reason))
        if let target, let relation {
            answer.holds = links.contains(relation: relation, target: target.target)
        } else {
            answer.links = Set(links.links(relation: relation))
        }
        return answer
    }

    static func relation(_ text: String?, required: Bool) throws -> AssetRelation? {
        guard let text, !text.isEmpty else {
            if required { throw QueryError(message: "Request must contain a relation string") }
            return nil   // List treats a missing or empty relation as a wildcard.
        }
        do {
            return try AssetRelation(parsing: text)
        } catch {
            throw QueryError(message: "\(error)")
        }
    }

    static func asset(_ message: TextProtoMessage?, role: String) throws -> Asset {
        guard let message else { throw QueryError(message: "Request must contain a \(role) asset query") }
        if let web = message.message("web") {
            guard let site = web.text("site"), !site.isEmpty else { throw QueryError(message: "No site field") }
            do {
                return .web(try AssetSite(parsing: site))
            } catch {
                throw QueryError(message: "Invalid site: \(error)")
            }
        }
        if let app = message.message("android_app") {
            guard let package = app.text("package_name"), AndroidAppAsset.isValidPackageName(package) else {
                throw QueryError(message: "Invalid package_name field")
            }
            do {
                let text = app.message("certificate")?.text("sha256_fingerprint") ?? ""
                return .androidApp(package: package, fingerprint: try CertificateFingerprint(parsing: text))
            } catch {
                throw QueryError(message: "Invalid sha256_fingerprint field: \(error)")
            }
        }
        throw QueryError(message: "Must specify one of the asset types")
    }

    enum Content {
        case notFound
        case unknownApp
        case body(String)
    }

    /// A web source's statement list is the group's `web_content` at
    /// `<site>/.well-known/assetlinks.json`; an app's is its `android_content`. The API has
    /// nothing for an app it does not know, which reads as an empty, error-free list.
    static func content(for source: Asset, in group: TextProtoMessage) -> Content {
        switch source {
        case .web(let site):
            for web in group.messages("web_content") {
                guard let url = web.text("url").flatMap({ WebURL.parse($0) }), AssetSite(url: url) == site,
                      url.pathname == "/.well-known/assetlinks.json" else { continue }
                return .body(web.text("body") ?? "")
            }
            return .notFound
        case .androidApp(let package, let fingerprint):
            for app in group.messages("android_content")
            where app.text("package_name") == package
                && (try? CertificateFingerprint(parsing: app.text("cert_fingerprint") ?? "")) == fingerprint {
                return .body(app.text("assets_statements") ?? "")
            }
            return .unknownApp
        }
    }

    // MARK: - Expected responses

    /// A `List` test's `response` entries as (relation, target) facts.
    static func expectedLinks(_ test: TextProtoMessage) throws -> Set<AssetLink> {
        Set(try test.messages("response").map { response in
            let relation = try AssetRelation(parsing: response.text("relation") ?? "")
            return AssetLink(relation: relation, target: try asset(response.message("target"), role: "target").target)
        })
    }
}
