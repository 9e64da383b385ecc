import Extraction
import LinkAuditModel

/// Extraction shortcuts for tests: a page served at a fixed checkout URL.
package enum Extract {
    package static let page = "https://shop.example/checkout/index.html"

    package static func all(_ html: String, page: String = page) -> [Navigation] {
        HTMLExtractor.extract(html: html, pageURL: page)
    }

    /// The single navigation the snippet starts (fails the test through the caller's
    /// assertions when there are several or none).
    package static func one(_ html: String, page: String = page) -> Navigation? {
        let navigations = all(html, page: page)
        return navigations.count == 1 ? navigations[0] : nil
    }
}
