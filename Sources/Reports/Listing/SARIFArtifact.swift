import Foundation
import LinkAuditModel

/// Where a SARIF result points. A page read from a file points at that file by a path
/// relative to `%SRCROOT%` (the folder linkaudit ran in, declared in the run's
/// `originalUriBaseIds` without its machine path), so GitHub code scanning maps it onto
/// the repository and two clones in different folders write the same bytes; a page
/// fetched live (or read from a WARC) points at its URL. No absolute path of the machine
/// is ever written: a path is made relative to the working directory, and one outside it
/// gets `../` segments rather than its absolute form.
struct SARIFArtifact: Equatable {
    /// A relative reference (with `baseId`) or an absolute URI (without).
    var uri: String
    var baseId: String?
    /// Whether a finding's line number is a line of this artifact: not for an archive,
    /// whose record holds the page the line counts in.
    var hasLines = true

    /// The URI base id relative paths hang from — CodeQL's name for the source root, which
    /// code scanning resolves against the root of the repository analysed.
    static let sourceRoot = "%SRCROOT%"

    /// What `originalUriBaseIds` says of `sourceRoot`. The SARIF standard lets a producer
    /// leave out the absolute `uri` of a base id to keep its output deterministic and free
    /// of local names (SARIF 2.1.0 §3.14.14).
    static let sourceRootDescription = "The folder linkaudit ran in: result paths are relative to it. "
        + "Its absolute path is left out so the file is the same on every machine."

    /// `file` as the page record gives it (relative to the working directory, or absolute
    /// from an older run), `page` the page's URL, `workingDirectory` an absolute path.
    static func locate(file: String?, page: String, workingDirectory: String) -> SARIFArtifact {
        if let file, let archive = ArchiveRecordName.archive(of: file) {
            // A page from a WARC: its URL when it has a web one (lines count in that page);
            // else the archive file itself, with no line (no file `#record=N` exists).
            if hasScheme(page), !isFileURL(page) { return SARIFArtifact(uri: escaped(page, allowed: keptInURL), baseId: nil) }
            var artifact = locate(file: archive, page: "", workingDirectory: workingDirectory)
            artifact.hasLines = false
            return artifact
        }
        if let file, !file.isEmpty {
            if !file.hasPrefix("/") { return relative(file) }
            if let inside = path(file, under: workingDirectory) { return relative(inside) }
        }
        if !isFileURL(page), hasScheme(page) { return SARIFArtifact(uri: escaped(page, allowed: keptInURL), baseId: nil) }
        // A file outside the working directory (or a file: page URL without its file):
        // reached from the working directory with `..`, never by its absolute path.
        let absolute = file.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? filePath(page)
        guard let absolute else { return relative(page) }
        return relative(path(absolute, under: workingDirectory) ?? climb(to: absolute, from: workingDirectory))
    }

    private static func relative(_ path: String) -> SARIFArtifact {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return SARIFArtifact(uri: escaped(String(path), allowed: keptInPath), baseId: sourceRoot)
    }

    /// `path` relative to `directory` when it lies inside it.
    private static func path(_ path: String, under directory: String) -> String? {
        let root = directory.hasSuffix("/") ? directory : directory + "/"
        guard path.hasPrefix(root), path.count > root.count else { return nil }
        return String(path.dropFirst(root.count))
    }

    /// `../../other/page.html`: the way from `directory` to `path`, both absolute.
    private static func climb(to path: String, from directory: String) -> String {
        let target = path.split(separator: "/", omittingEmptySubsequences: true)
        let start = directory.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < target.count, common < start.count, target[common] == start[common] { common += 1 }
        let up = Array(repeating: "..", count: start.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }

    private static func isFileURL(_ url: String) -> Bool {
        url.utf8.count >= 5 && url.prefix(5).lowercased() == "file:"
    }

    /// A scheme (`https:`) before any `/`, `?` or `#`.
    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// The decoded path of a `file:` URL (`file:///srv/site/a%20b.html` → `/srv/site/a b.html`).
    private static func filePath(_ url: String) -> String? {
        guard isFileURL(url) else { return nil }
        var rest = url.dropFirst(5)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]  // the host (empty or localhost) goes
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard rest.hasPrefix("/") else { return nil }
        return String(rest).removingPercentEncoding ?? String(rest)
    }

    /// Percent-encodes every byte but the `allowed` ones; the text itself when nothing
    /// needs encoding (page URLs and paths nearly always).
    static func escaped(_ text: String, allowed: [Bool]) -> String {
        guard text.utf8.contains(where: { !allowed[Int($0)] }) else { return text }
        let hex: StaticString = "0123456789ABCDEF"
        var out = ByteBuffer(capacity: text.utf8.count + 16)
        for byte in text.utf8 {
            if allowed[Int(byte)] {
                out.append(byte)
            } else {
                out.append(0x25)
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        return out.text
    }

    /// RFC 3986's unreserved characters and `keep`, by byte.
    private static func allowing(_ keep: String) -> [Bool] {
        (0..<256).map { byte in
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8.contains(UInt8(byte))
                || keep.utf8.contains(UInt8(byte))
        }
    }

    /// What a page URL keeps as it is (its delimiters and `%`), and what a file path keeps:
    /// made once, not per result.
    static let keptInURL = allowing("%:/?#[]@!$&'()*+,;=")
    static let keptInPath = allowing("/")
}
