import Foundation
import WHATWGURL

/// Gives a file in a site dump the URL it is served at: under `--base-url`, from a
/// `wget --mirror` layout (`host/path/...`), or else at the placeholder origin
/// `https://dump.invalid/`, so that links between the dump's own files resolve as the
/// site's own `https` pages, not as `file:` navigations (README, "`linkaudit audit`").
public struct PageURLMapper: Sendable {
    public var baseURL: String?

    /// Where a dump is served when nothing says where: `.invalid` is reserved by RFC 6761
    /// (§6.4), so it can never be a real site's host.
    public static let placeholderOrigin = "https://dump.invalid/"

    public init(baseURL: String?) {
        self.baseURL = baseURL
    }

    /// - Parameters:
    ///   - root: the folder given as input (nil for a file given on its own).
    ///   - path: the file's absolute path.
    ///   - shown: a lone file's path as reports show it (`ReportedPaths`): its place under
    ///     the placeholder origin, so the lone files of one run keep their relative places.
    public func url(root: String?, path: String, shown: String? = nil) -> String {
        served(root: root, path: path, shown: shown).url
    }

    /// The URL, and whether it is at the placeholder origin.
    public func served(root: String?, path: String, shown: String? = nil) -> (url: String, placeholder: Bool) {
        let relative = root.map { Self.relative(path, to: $0) } ?? (path as NSString).lastPathComponent
        if let baseURL, let base = WebURL.parse(Self.directoryURL(baseURL, isFolder: root != nil)) {
            // A lone file under a base that does not end in `/`: the base is its URL.
            if root == nil, !baseURL.hasSuffix("/") { return (base.href, false) }
            return (WebURL.parse(Self.servedPath(relative), base: base)?.href ?? base.href, false)
        }
        if let root {
            let rootName = (root as NSString).lastPathComponent
            if Self.looksLikeHost(rootName) {
                return ("https://\(rootName.lowercased())/" + Self.servedPath(relative), false)
            }
            let parts = relative.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 2, Self.looksLikeHost(parts[0]) {
                return ("https://\(parts[0].lowercased())/" + Self.servedPath(parts[1]), false)
            }
        }
        return (Self.placeholderOrigin + Self.servedPath(root == nil ? shown ?? relative : relative), true)
    }

    /// Said once on stderr when pages were given the placeholder origin.
    public static let placeholderHint = "pages read as \(placeholderOrigin)… (a placeholder origin: no base URL given), "
        + "so links between them count as the site's own pages; --base-url https://your.site/ "
        + "(baseUrl in a pipeline config) gives them their real URL"

    /// For a folder the base names its root, so it must end in `/`.
    private static func directoryURL(_ base: String, isFolder: Bool) -> String {
        isFolder && !base.hasSuffix("/") ? base + "/" : base
    }

    /// `a/index.html` is served as `a/` by every common server; path segments are
    /// percent-encoded as the URL parser would.
    static func servedPath(_ relative: String) -> String {
        var segments = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if let last = segments.last?.lowercased(), last == "index.html" || last == "index.htm" {
            segments[segments.count - 1] = ""
        }
        return segments.map(encodeSegment).joined(separator: "/")
    }

    static func relative(_ path: String, to root: String) -> String {
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(rootPrefix) ? String(path.dropFirst(rootPrefix.count)) : path
    }

    private static func encodeSegment(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27,
                 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A, 0x40:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    private static let fileExtensions: Set<String> = [
        "html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "json", "xml", "txt", "js", "css", "warc", "gz",
    ]

    /// A folder named like a host (`shop.example.com`, `www.example.co.id:8080`), as
    /// `wget --mirror` names them.
    static func looksLikeHost(_ name: String) -> Bool {
        let hostPart = name.split(separator: ":", maxSplits: 1).first.map(String.init) ?? name
        let labels = hostPart.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2,
              tld.allSatisfy({ $0.isASCII && $0.isLetter }), !fileExtensions.contains(String(tld)) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
