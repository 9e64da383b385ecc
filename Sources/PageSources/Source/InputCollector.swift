import Foundation

/// Turns the command line's inputs (folders, files, `-` for a list of paths on stdin)
/// into the pages to audit, in a stable order (inputs as given, folders sorted).
public struct InputCollector {
    public var mapper: PageURLMapper
    /// Where `-` reads its list of paths from.
    public var readStdinLine: () -> String?

    public init(mapper: PageURLMapper, readStdinLine: @escaping () -> String? = { readLine() }) {
        self.mapper = mapper
        self.readStdinLine = readStdinLine
    }

    static let pageExtensions: Set<String> = ["html", "htm", "xhtml"]

    public func collect(_ inputs: [String]) -> [PageInput] {
        var pages: [PageInput] = []
        for input in inputs {
            if input == "-" {
                while let line = readStdinLine() {
                    let path = line.trimmingCharacters(in: .whitespaces)
                    if !path.isEmpty, !path.hasPrefix("#") { pages += collect(path: path) }
                }
            } else {
                pages += collect(path: input)
            }
        }
        return pages
    }

    private func collect(path input: String) -> [PageInput] {
        let path = (input as NSString).standardizingPath
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            return [PageInput(page: PageURLMapper.fileURL(absolute),
                              origin: .missing(reason: "unreadable: no such file or directory"), named: true)]
        }
        guard isDirectory.boolValue else {
            if Self.isArchive(absolute) {
                return [PageInput(page: PageURLMapper.fileURL(absolute), origin: .archive(path: absolute), named: true)]
            }
            return [PageInput(page: mapper.url(root: nil, path: absolute), origin: .file(path: absolute), named: true)]
        }
        return walk(root: absolute)
    }

    /// Every page file below `root`: by extension, or extension-less files that sniff
    /// as HTML (wget keeps `checkout` as it was served).
    private func walk(root: String) -> [PageInput] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            return [PageInput(page: PageURLMapper.fileURL(root), origin: .missing(reason: "unreadable: cannot list folder"),
                              named: true)]
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let full = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let ext = (relative as NSString).pathExtension.lowercased()
            if Self.pageExtensions.contains(ext) || Self.isArchive(relative) || (ext.isEmpty && Self.sniffsAsHTML(full)) {
                files.append(relative)
            }
        }
        return files.sorted().map { relative in
            let full = root + "/" + relative
            if Self.isArchive(full) { return PageInput(page: PageURLMapper.fileURL(full), origin: .archive(path: full)) }
            return PageInput(page: mapper.url(root: root, path: full), origin: .file(path: full))
        }
    }

    /// Named `.html`, `.htm` or `.xhtml`: typed as HTML by its extension, as a browser types
    /// a `file:` URL, whatever its bytes look like.
    static func isPageFile(_ path: String) -> Bool {
        pageExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    static func isArchive(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".warc") || lower.hasSuffix(".warc.gz")
    }

    private static func sniffsAsHTML(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }  // reported as unreadable later
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1445)) ?? Data()
        return head.withUnsafeBytes { HTMLSniffer.looksLikeHTML($0) }
    }
}
