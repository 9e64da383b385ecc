import WHATWGURL

/// The page a navigation starts from, parsed and read once per page rather than once per
/// link: its URL, its host, and for a `file:` page the path and directory the iOS SDK's
/// local page rule compares a `file:` link with (`DeepLinkClassifier.isLocalFileNavigation`).
/// Shared by every request of the page (one retain each).
final class PageContext: Sendable {
    /// What kind of page it is, as far as any profile tells pages apart.
    enum Kind: UInt8, Hashable, Sendable {
        /// The page's URL does not parse.
        case none
        /// http(s).
        case web
        /// `file:`.
        case file
        /// Anything else.
        case other
    }

    /// `webView.url` as a string (`PolicyRequest.pageURL`).
    let href: String
    /// `href` parsed (`PolicyRequest.page`); nil when it does not parse.
    let url: WebURL?
    let kind: Kind
    /// `url?.hostname`, and the same lower-cased (the iOS SDK compares hosts so).
    let hostname: String?
    let foldedHostname: String
    /// For a `file:` page: Foundation's `url.path`, and its directory ending in `/`.
    let filePath: String?
    let fileDirectory: String?

    init(href: String, url: WebURL?) {
        self.href = href
        self.url = url
        switch url?.kind {
        case nil: kind = .none
        case .http?, .https?: kind = .web
        case .file?: kind = .file
        default: kind = .other
        }
        hostname = url?.hostname
        foldedHostname = (hostname ?? "").lowercased()
        if kind == .file, let url {
            let path = FoundationURLPath.path(of: url)
            let directory = FoundationURLPath.directory(of: path)
            filePath = path
            fileDirectory = directory.hasSuffix("/") ? directory : directory + "/"
        } else {
            filePath = nil
            fileDirectory = nil
        }
    }

    convenience init(_ href: String) {
        self.init(href: href, url: WebURL.parse(href))
    }
}
