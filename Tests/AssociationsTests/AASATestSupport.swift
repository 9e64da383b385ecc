import XCTest
@testable import Associations
@testable import WHATWGURL
import TestSupport

/// Shortcuts for AASA tests: files from `Fixtures/aasa/files`, inline JSON, and verdicts as
/// plain strings so expectations read like the vectors.
enum AASA {
    static func file(_ name: String) throws -> AssociationResult<AppSiteAssociation> {
        AppSiteAssociation.parse(Array(try Fixture.data("aasa/files/" + name)))
    }

    static func json(_ text: String) -> AssociationResult<AppSiteAssociation> {
        AppSiteAssociation.parse(Array(text.utf8))
    }

    /// An AASA with one detail for `app` and the given `components` JSON.
    static func components(_ components: String, defaults: String = "", detailDefaults: String = "",
                           variables: String = "") -> AppSiteAssociation {
        let domain = [defaults.isEmpty ? nil : "\"defaults\": \(defaults)",
                      variables.isEmpty ? nil : "\"substitutionVariables\": \(variables)"].compactMap { $0 }
        let detail = detailDefaults.isEmpty ? "" : ", \"defaults\": \(detailDefaults)"
        let text = """
            {"applinks": {\(domain.map { $0 + "," }.joined())"details": [{"appIDs": ["\(app)"]\(detail),
             "components": \(components)}]}}
            """
        return json(text).value!
    }

    static let app = "ABCDE12345.com.example.app"

    /// Verdicts for `https://example.com` + `path` (path, query and fragment).
    static func verdicts(_ association: AppSiteAssociation, _ path: String) -> [String: String] {
        association.match(WebURL.parse("https://example.com" + path)!).mapValues(\.rawValue)
    }

    /// The verdict for `app` alone: "match", "block" or "unset".
    static func verdict(_ association: AppSiteAssociation, _ path: String) -> String {
        verdicts(association, path)[app] ?? "unset"
    }
}
