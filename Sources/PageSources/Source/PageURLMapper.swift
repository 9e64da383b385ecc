import Foundation
import WHATWGURL

/// Gives a file in a site dump the URL it is served at: under `--base-url`, from a
/// `wget --mirror` layout (`host/path/...`), or else at the placeholder origin
/// `https://dump.invalid/`, so that links between the dump's own files resolve as the
/// site's own `https` pages, not as `file:` navigations (README, "`linkaudit audit`").
public struct PageURLMapper: Sendable {
    public let baseURL: String?
    /// The base parsed once, as a lone file's URL and as a folder's root (`directoryURL`):
    /// a dump of thousands of pages asked the URL parser for it once per page.
    private let fileBase: WebURL?
    private let folderBase: WebURL?

    /// Where a dump is served when nothing says where: `.invalid` is reserved by RFC 6761
    /// (§6.4), so it can never be a real site's host.
    public static let placeholderOrigin = "https://dump.invalid/"

    public init(baseURL: String?) {
        self.baseURL = baseURL
        fileBase = baseURL.flatMap { WebURL.parse(Self.directoryURL($0, isFolder: false)) }
        folderBase = baseURL.flatMap { WebURL.parse(Self.directoryURL($0, isFolder: true)) }
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
        if baseURL == nil, let root, let served = Self.servedASCII(root: root, path: path) {
            return served
        }
        return servedAsWritten(root: root, path: path, shown: shown)
    }

    /// The rule as written, on Strings: `relative`, `lastComponent`, `firstFolder`,
    /// `servedPath`, each making its own string. The reference for `servedASCII`, and the
    /// way for a base URL, a lone file or a path that is not all ASCII.
    func servedAsWritten(root: String?, path: String, shown: String? = nil) -> (url: String, placeholder: Bool) {
        let relative = root.map { Self.relative(path, to: $0) } ?? Self.lastComponent(path)
        if let baseURL, let base = root == nil ? fileBase : folderBase {
            // A lone file under a base that does not end in `/`: the base is its URL.
            if root == nil, !baseURL.hasSuffix("/") { return (base.href, false) }
            return (WebURL.parse(Self.servedPath(relative), base: base)?.href ?? base.href, false)
        }
        if let root {
            let rootName = Self.lastComponent(root)
            if Self.looksLikeHost(rootName) {
                return ("https://\(rootName.lowercased())/" + Self.servedPath(relative), false)
            }
            let parts = Self.firstFolder(relative)
            if parts.count == 2, Self.looksLikeHost(parts[0]) {
                return ("https://\(parts[0].lowercased())/" + Self.servedPath(parts[1]), false)
            }
        }
        return (Self.placeholderOrigin + Self.servedPath(root == nil ? shown ?? relative : relative), true)
    }

    /// `servedAsWritten` for a page under a folder, no base URL, its path and root all
    /// ASCII: the same cuts (`relative`, `lastComponent`, `firstFolder`) as ranges of the
    /// path's and root's bytes, and the URL written once into its own string. Each page's URL
    /// is made some five times a run (the walk, the framed-page index and each lookup in it,
    /// the read); on Strings it cost ~14,000 instructions a call, most of them temporary
    /// strings and arrays (issue 17). nil when the path or the root is not all ASCII.
    static func servedASCII(root: String, path: String) -> (url: String, placeholder: Bool)? {
        var path = path, root = root
        return path.withUTF8 { p in
            root.withUTF8 { r -> (url: String, placeholder: Bool)? in
                guard isASCII(p), isASCII(r) else { return nil }
                let slash = UInt8(ascii: "/")
                // `relative(path, to: root)`: the path after `root/`, or all of it.
                var start = 0
                let length = r.last == slash ? r.count : r.count + 1
                if p.count >= length, memcmp(p.baseAddress!, r.baseAddress ?? p.baseAddress!, r.count) == 0,
                   length == r.count || p[r.count] == slash {
                    start = length
                }
                let relative = UnsafeBufferPointer(rebasing: p[start...])
                // `lastComponent(root)`.
                var end = r.count
                while end > 1, r[end - 1] == slash { end -= 1 }
                var nameStart = 0
                if end > 1, let last = r[..<end].lastIndex(of: slash) { nameStart = last + 1 }
                let rootName = UnsafeBufferPointer(rebasing: r[nameStart..<end])
                if looksLikeASCIIHost(rootName) { return (hostURL(rootName, relative), false) }
                // `firstFolder(relative)` when it has two parts: the split on `/` with empty
                // parts left out, at most once.
                var first = 0
                while first < relative.count, relative[first] == slash { first += 1 }
                if first < relative.count, let cut = relative[first...].firstIndex(of: slash), cut + 1 < relative.count {
                    let folder = UnsafeBufferPointer(rebasing: relative[first..<cut])
                    if looksLikeASCIIHost(folder) {
                        return (hostURL(folder, UnsafeBufferPointer(rebasing: relative[(cut + 1)...])), false)
                    }
                }
                return (url(prefix: placeholderOriginBytes, lowered: false, host: nil, relative), true)
            }
        }
    }

    private static let placeholderOriginBytes = Array(placeholderOrigin.utf8)
    private static let httpsBytes = Array("https://".utf8)

    /// `https://` + the host lowercased (ASCII) + `/` + the served path of `relative`.
    private static func hostURL(_ host: UnsafeBufferPointer<UInt8>, _ relative: UnsafeBufferPointer<UInt8>) -> String {
        url(prefix: httpsBytes, lowered: true, host: host, relative)
    }

    /// `prefix`, then `host` (lowered in ASCII) and `/` when there is one, then
    /// `servedPath` of `relative` written in place: one string, sized for every byte
    /// percent-encoded.
    private static func url(prefix: [UInt8], lowered: Bool, host: UnsafeBufferPointer<UInt8>?,
                            _ relative: UnsafeBufferPointer<UInt8>) -> String {
        let capacity = prefix.count + (host.map { $0.count + 1 } ?? 0) + 3 * relative.count
        return String(unsafeUninitializedCapacity: capacity) { out in
            var n = 0
            for byte in prefix { out[n] = byte; n += 1 }
            if let host {
                for byte in host { out[n] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte; n += 1 }
                out[n] = UInt8(ascii: "/")
                n += 1
            }
            // `servedPath`: segments copied or percent-encoded, empty ones dropped, a last
            // `index.html` or `index.htm` left empty.
            let pathStart = n
            var lastStart = n
            var inSegment = false
            for byte in relative {
                if byte == UInt8(ascii: "/") {
                    inSegment = false
                    continue
                }
                if !inSegment {
                    if n > pathStart { out[n] = UInt8(ascii: "/"); n += 1 }
                    inSegment = true
                    lastStart = n
                }
                if isPathByte(byte) {
                    out[n] = byte
                    n += 1
                } else {
                    out[n] = UInt8(ascii: "%")
                    out[n + 1] = hex[Int(byte >> 4)]
                    out[n + 2] = hex[Int(byte & 0xF)]
                    n += 3
                }
            }
            if isIndexFile(UnsafeBufferPointer(rebasing: out[lastStart..<n])) { n = lastStart }
            return n
        }
    }

    /// `index.html` or `index.htm` in any ASCII case, on bytes.
    private static func isIndexFile(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard segment.count == 9 || segment.count == 10 else { return false }
        for (k, expected) in "index.html".utf8.prefix(segment.count).enumerated() {
            let byte = segment[k]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != expected { return false }
        }
        return true
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
    /// One pass over the bytes: the segments' bytes copied or percent-encoded, empty
    /// segments dropped, an `index.html` last segment left empty (compared in ASCII: no
    /// other character lowercases into its letters).
    static func servedPath(_ relative: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(relative.utf8.count + 8)
        var lastStart = 0
        var segmentStart: Int?
        for byte in relative.utf8 {
            if byte == UInt8(ascii: "/") {
                segmentStart = nil
                continue
            }
            if segmentStart == nil {
                if !out.isEmpty { out.append(UInt8(ascii: "/")) }
                segmentStart = out.count
                lastStart = out.count
            }
            appendEncoded(byte, to: &out)
        }
        if isIndexFile(out[lastStart...]) { out.removeSubrange(lastStart...) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `index.html` or `index.htm` in any ASCII case.
    private static func isIndexFile(_ segment: ArraySlice<UInt8>) -> Bool {
        let lowered = segment.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return lowered.elementsEqual("index.html".utf8) || lowered.elementsEqual("index.htm".utf8)
    }

    /// The last component of a path as `NSString.lastPathComponent` gives it: after the
    /// last `/`, trailing slashes ignored; `/` stays `/`.
    static func lastComponent(_ path: String) -> String {
        var bytes = Substring(path).utf8
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")), bytes.count > 1 {
            return String(Substring(bytes[bytes.index(after: slash)...]))
        }
        return String(Substring(bytes))
    }

    /// The path under the root (`root/` cut off the front), or the path when it is not
    /// under it. Asked about four times a page (its URL is made when the folder is walked,
    /// framed pages are indexed, and the page is read); on Characters it cost ~23,000
    /// instructions a call (Benchmarks/README.md, issue 17), so all-ASCII paths are cut by
    /// bytes, where every byte is its own Character but `\r\n`, which holds no `/`.
    /// Anything else goes to `relativeAsWritten`, the reference (`PathShortcutTests`).
    static func relative(_ path: String, to root: String) -> String {
        var path = path, root = root
        let cut: String?? = path.withUTF8 { p in
            root.withUTF8 { r -> String?? in
                guard isASCII(p), isASCII(r) else { return nil }
                let slash = UInt8(ascii: "/")
                let length = r.last == slash ? r.count : r.count + 1
                guard p.count >= length, memcmp(p.baseAddress!, r.baseAddress ?? p.baseAddress!, r.count) == 0,
                      length == r.count || p[r.count] == slash else { return .some(nil) }
                return String(decoding: UnsafeBufferPointer(rebasing: p[length...]), as: UTF8.self)
            }
        }
        switch cut {
        case .none: return relativeAsWritten(path, to: root)
        case .some(.none): return path
        case .some(.some(let relative)): return relative
        }
    }

    static func relativeAsWritten(_ path: String, to root: String) -> String {
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(rootPrefix) ? String(path.dropFirst(rootPrefix.count)) : path
    }

    /// `relative.split(separator: "/", maxSplits: 1)`: the first folder and the rest, or one
    /// part. An all-ASCII path is split on its bytes (the same split, as in `relative`).
    static func firstFolder(_ relative: String) -> [String] {
        var relative = relative
        let ascii = relative.withUTF8 { isASCII($0) }
        guard ascii else { return relative.split(separator: "/", maxSplits: 1).map(String.init) }
        return relative.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 1).map { String(Substring($0)) }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// The bytes a served path keeps as they are; the rest are percent-encoded.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27,
             0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A, 0x40:
            return true
        default:
            return false
        }
    }

    private static func appendEncoded(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27,
             0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A, 0x40:
            out.append(byte)
        default:
            out.append(UInt8(ascii: "%"))
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }

    private static let fileExtensions: Set<String> = [
        "html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "json", "xml", "txt", "js", "css", "warc", "gz",
    ]

    /// A folder named like a host (`shop.example.com`, `www.example.co.id:8080`), as
    /// `wget --mirror` names them. Asked of every page's folder (twice a page, and again for
    /// each framed-page lookup): an ASCII name is read on its bytes, which the rule on
    /// Characters below (`looksLikeHostAsWritten`, the reference) cost 27,000 instructions a
    /// call (Benchmarks/README.md, issue 17); anything else goes to the reference, since
    /// lowercasing can turn a non-ASCII character into ASCII letters (K, KELVIN SIGN).
    static func looksLikeHost(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? looksLikeASCIIHost(bytes) : nil
        } ?? looksLikeHostAsWritten(name)
    }

    /// `looksLikeHostAsWritten` on an all-ASCII name: the part before the first `:` after
    /// any leading ones (what `split(separator: ":", maxSplits: 1).first` gives), lowercased,
    /// in dot-separated labels.
    static func looksLikeASCIIHost(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < name.count, name[start] == UInt8(ascii: ":") { start += 1 }
        // Nothing but colons: the whole name is one label, never a host.
        guard start < name.count else { return false }
        var end = start
        while end < name.count, name[end] != UInt8(ascii: ":") { end += 1 }
        var labels = 1
        var labelStart = start
        for i in start..<end {
            let byte = name[i] | (name[i] >= 0x41 && name[i] <= 0x5A ? 0x20 : 0)
            if byte == UInt8(ascii: ".") {
                guard i > labelStart else { return false }
                labels += 1
                labelStart = i + 1
            } else if !((byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")) {
                return false
            }
        }
        let tld = UnsafeBufferPointer(rebasing: name[labelStart..<end])
        guard labels >= 2, tld.count >= 2, tld.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return false }
        return !isFileExtension(tld)
    }

    /// `fileExtensions.contains` of the letters lowercased, on bytes: the set's lookup made a
    /// string of them and hashed it, most of `looksLikeASCIIHost`'s ~1,000 instructions a
    /// host-named folder (issue 17).
    private static func isFileExtension(_ letters: UnsafeBufferPointer<UInt8>) -> Bool {
        fileExtensionBytes.contains { name in
            name.count == letters.count && zip(name, letters).allSatisfy { $0 == $1 | 0x20 }
        }
    }

    private static let fileExtensionBytes = fileExtensions.map { Array($0.utf8) }

    /// The rule on Characters: the reference `looksLikeASCIIHost` answers as
    /// (`PathShortcutTests`), and the answer for names that are not all ASCII.
    static func looksLikeHostAsWritten(_ name: String) -> Bool {
        let hostPart = name.split(separator: ":", maxSplits: 1).first.map(String.init) ?? name
        let labels = hostPart.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2,
              tld.allSatisfy({ $0.isASCII && $0.isLetter }), !fileExtensions.contains(String(tld)) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
