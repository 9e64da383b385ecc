@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import Reports
@testable import WHATWGURL

/// Extraction shortcuts for tests: a page served at a fixed checkout URL.
enum Extract {
    static let page = "https://shop.example/checkout/index.html"

    static func all(_ html: String, page: String = page) -> [Navigation] {
        HTMLExtractor.extract(html: html, pageURL: page)
    }

    /// The single navigation the snippet starts (fails the test through the caller's
    /// assertions when there are several or none).
    static func one(_ html: String, page: String = page) -> Navigation? {
        let navigations = all(html, page: page)
        return navigations.count == 1 ? navigations[0] : nil
    }
}
