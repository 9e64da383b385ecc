import Foundation
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
    /// `hostname ?? ""`, and whether `hostname` is there and whether it is empty: read for every
    /// link's `DecisionKey.Page`, where `page.hostname ?? ""` made a copy (a retain and a
    /// release) each time (Benchmarks/README.md, issue 17).
    let hostnameOrEmpty: String
    let hasHostname: Bool
    let hostIsEmpty: Bool
    /// The UTF-8 lengths of `hostnameOrEmpty` and `foldedHostname`: a target's host of another
    /// length is told apart without the compare (and without the host handed over, a retain
    /// and a release), as most are.
    let hostLength: Int
    let foldedHostLength: Int
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
        hostnameOrEmpty = hostname ?? ""
        hasHostname = hostname != nil
        hostIsEmpty = hostnameOrEmpty.isEmpty
        foldedHostname = hostnameOrEmpty.lowercased()
        hostLength = hostnameOrEmpty.utf8.count
        foldedHostLength = foldedHostname.utf8.count
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

extension WebURL {
    /// Whether the URL's scheme is `scheme` (as the parser wrote it: lower case), read in
    /// place rather than cut out as a string.
    /// (The bytes read where they lie: `withUTF8` on copies of both strings cost some 220
    /// instructions a call, once per `intent:` link; Benchmarks/README.md, issue 17.)
    func hasScheme(_ scheme: String) -> Bool {
        let end = Int(layout.schemeEnd)
        guard end == scheme.utf8.count else { return false }
        if end == 0 { return true }
        return href.utf8.withContiguousStorageIfAvailable { h in
            scheme.utf8.withContiguousStorageIfAvailable { s in memcmp(h.baseAddress!, s.baseAddress!, end) == 0 }
        }.flatMap { $0 } ?? href.utf8.prefix(end).elementsEqual(scheme.utf8)
    }

    /// The host's bytes, compared with `other` in place: exactly, or ASCII letters folded
    /// to lower case (`other` already lower-cased). No host compares as "".
    /// (Both read where they lie: `withUTF8` on copies of them was a retain and a release of
    /// each, twice a link in `DecisionKey.Page`; Benchmarks/README.md, issue 17.)
    func hostEquals(_ other: String, folded: Bool = false) -> Bool {
        let range = layout.hostRange ?? 0..<0
        guard range.count == other.utf8.count else { return false }
        if range.isEmpty { return true }
        @inline(__always) func same(_ a: UInt8, _ b: UInt8) -> Bool {
            var a = a
            if folded, a >= UInt8(ascii: "A"), a <= UInt8(ascii: "Z") { a |= 0x20 }
            return a == b
        }
        let inPlace = href.utf8.withContiguousStorageIfAvailable { h in
            other.utf8.withContiguousStorageIfAvailable { o in
                for i in 0..<range.count where !same(h[range.lowerBound + i], o[i]) { return false }
                return true
            }
        }
        if let answer = inPlace.flatMap({ $0 }) { return answer }
        return zip(href.utf8.dropFirst(range.lowerBound).prefix(range.count), other.utf8).allSatisfy { same($0, $1) }
    }

    /// The length of the host's bytes (0 with no host): what `hostEquals` first compares.
    @inline(__always)
    var hostLength: Int { layout.hostRange?.count ?? 0 }

    /// The URL has a host, and it is not empty.
    var hasNonEmptyHost: Bool { (layout.hostRange?.count ?? 0) > 0 }
}
