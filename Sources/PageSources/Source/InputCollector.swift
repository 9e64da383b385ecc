import Foundation
import Glibc
import LinkAuditModel

/// Turns the command line's inputs (folders, files, `-` for a list of paths on stdin)
/// into the pages to audit, in a stable order (inputs as given, folders sorted).
///
/// A path that does not exist is a usage error naming it, as a pipeline config's is: a
/// typo must not pass as a green run. An input that exists but cannot be read still
/// becomes a page record with the reason, so every input appears in the output.
public struct InputCollector {
    public var mapper: PageURLMapper
    /// Where `-` reads its list of paths from.
    public var readStdinLine: () -> String?
    /// Paths are resolved, and reports name files, against this folder.
    public var workingDirectory: String

    public init(mapper: PageURLMapper, readStdinLine: @escaping () -> String? = { readLine() },
                workingDirectory: String = InputCollector.currentDirectory()) {
        self.mapper = mapper
        self.readStdinLine = readStdinLine
        self.workingDirectory = workingDirectory
    }

    static let pageExtensions: Set<String> = ["html", "htm", "xhtml"]

    /// One local input, checked to exist.
    private struct Named {
        /// As given (for messages).
        var given: String
        var absolute: String
        var kind: Kind
        /// From the list on stdin, at this line.
        var stdinLine: Int?

        enum Kind {
            case folder, file, archive
            /// Exists, but cannot be looked at (a parent folder without permission).
            case unreadable(String)
        }
    }

    public func collect(_ inputs: [String]) throws -> InputCollection {
        var named: [Named] = []
        var stdinListed = 0
        for input in inputs {
            if input == "-" {
                var number = 0
                while let line = readStdinLine() {
                    number += 1
                    let path = Self.trimmed(line)
                    if !path.isEmpty, !path.hasPrefix("#") {
                        named.append(try check(path, stdinLine: number))
                        stdinListed += 1
                    }
                }
            } else {
                named.append(try check(input, stdinLine: nil))
            }
        }
        let paths = ReportedPaths(workingDirectory: workingDirectory, inputs: named.map(\.absolute))
        var collection = InputCollection()
        if inputs.contains("-"), stdinListed == 0 { collection.empty.append("the list on stdin (it names no path)") }
        for input in named {
            let frame = paths.frame(forInput: input.absolute)
            let shown = paths.shown(input.absolute, frame: frame)
            let before = collection.pages.count
            switch input.kind {
            case .unreadable(let reason):
                collection.pages.append(PageInput(page: mapper.url(root: nil, path: input.absolute, shown: shown),
                                                  origin: .missing(reason: reason), named: true, file: shown))
            case .archive:
                collection.pages.append(PageInput(page: shown, origin: .archive(path: input.absolute), named: true,
                                                  file: shown))
            case .file:
                let served = mapper.served(root: nil, path: input.absolute, shown: shown)
                if served.placeholder { collection.placeholderPages += 1 }
                collection.pages.append(PageInput(page: served.url, origin: .file(path: input.absolute), named: true,
                                                  file: shown))
            case .folder:
                walk(root: input.absolute, shown: shown, frame: frame, paths: paths, into: &collection)
            }
            if collection.pages.count == before { collection.empty.append("'\(input.given)'") }
        }
        return collection
    }

    /// A listed line without the blanks around it (`CharacterSet.whitespaces`): a line that
    /// starts and ends with printable ASCII, as nearly every listed path does, is its own
    /// answer without Foundation's scan (which cost as much as reading the page's entry).
    static func trimmed(_ line: String) -> String {
        let utf8 = line.utf8
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return line
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// `input` exists (following symbolic links), or a one-line usage error naming it.
    private func check(_ input: String, stdinLine: Int?) throws -> Named {
        let absolute = ReportedPaths.absolute(input, workingDirectory: workingDirectory)
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            let code = errno
            let place = stdinLine.map { "input '\(input)' (line \($0) of the list on stdin)" } ?? "input '\(input)'"
            var link = stat()
            if code == ENOENT || code == ENOTDIR {
                let dangling = lstat(absolute, &link) == 0
                throw LinkAuditError.usage("\(place): no such file or folder"
                                           + (dangling ? " (a symbolic link to a missing target)" : ""))
            }
            // It may exist: reported as unreadable, like a page that cannot be read.
            return Named(given: input, absolute: absolute,
                         kind: .unreadable("unreadable: \(String(cString: strerror(code)))"), stdinLine: stdinLine)
        }
        if let status = FileKind.notRegularStatus(mode: info.st_mode) {
            return Named(given: input, absolute: absolute, kind: .unreadable(status), stdinLine: stdinLine)
        }
        let kind: Named.Kind = info.st_mode & S_IFMT == S_IFDIR ? .folder : Self.isArchive(absolute) ? .archive : .file
        return Named(given: input, absolute: absolute, kind: kind, stdinLine: stdinLine)
    }

    /// Every page file below `root`: by extension, or extension-less files that sniff
    /// as HTML (wget keeps `checkout` as it was served). Symbolic links are followed
    /// (`FolderWalk`).
    private func walk(root: String, shown rootShown: String, frame: String, paths: ReportedPaths,
                      into collection: inout InputCollection) {
        let walk = FolderWalk(root: root) { relative, full, isFile in
            let ext = Self.pathExtension(relative).lowercased()
            if Self.pageExtensions.contains(ext) || Self.isArchive(relative) { return true }
            return isFile && ext.isEmpty && Self.sniffsAsHTML(full)
        }
        func shown(_ relative: String) -> String {
            relative.isEmpty ? rootShown : paths.shown(root + "/" + relative, frame: frame)
        }
        // A plain page is kept by its relative path alone (`special` -1): `PageInputs` makes
        // its input again from the folder when it is read. Others are made here, kept in
        // `specials` (few), so sorting a large folder moves 24-byte entries.
        var entries: [(relative: String, special: Int)] = []
        var specials: [PageInput] = []
        func add(_ relative: String, _ input: PageInput) {
            entries.append((relative, specials.count))
            specials.append(input)
        }
        for skip in walk.skipped {
            let walked = shown(skip.walkedAs)
            let why = skip.isLoop ? "a symbolic link back to \(walked) (a loop)" : "the same folder as \(walked), walked once"
            collection.notes.append("\(shown(skip.relative)): skipped, \(why)")
            // A record too, so the walk's every entry appears in the output.
            let folder = root + "/" + skip.relative
            add(skip.relative, PageInput(page: mapper.url(root: root, path: folder + "/"),
                                         origin: .missing(reason: "skipped: \(why)"), file: shown(skip.relative)))
        }
        for (relative, reason) in walk.unlistable {
            let folder = root + (relative.isEmpty ? "" : "/" + relative)
            let page = mapper.url(root: root, path: folder + "/")
            add(relative, PageInput(page: page, origin: .missing(reason: "unreadable: \(reason)"),
                                    named: relative.isEmpty, file: shown(relative)))
        }
        for relative in walk.undecodable where Self.mayBePage(relative) {
            add(relative, PageInput(page: mapper.url(root: root, path: root + "/" + relative),
                                    origin: .missing(reason: "unreadable: the file name is not valid UTF-8"),
                                    file: shown(relative)))
        }
        for relative in walk.files {
            let full = root + "/" + relative
            if walk.irregular.contains(relative), let status = FileKind.notRegularStatus(full) {
                add(relative, PageInput(page: mapper.url(root: root, path: full), origin: .missing(reason: status),
                                        file: shown(relative)))
            } else if Self.isArchive(full) {
                add(relative, PageInput(page: shown(relative), origin: .archive(path: full), file: shown(relative)))
            } else {
                if mapper.served(root: root, path: full).placeholder { collection.placeholderPages += 1 }
                entries.append((relative, -1))
            }
        }
        entries.sort { $0.relative < $1.relative }
        collection.pages.startFolder(PageInputs.Folder(root: root, rootShown: rootShown, frame: frame, paths: paths,
                                                       mapper: mapper))
        for (relative, special) in entries {
            if special >= 0 { collection.pages.append(specials[special]) } else { collection.pages.appendWalked(relative) }
        }
    }

    /// Named `.html`, `.htm` or `.xhtml`: typed as HTML by its extension, as a browser types
    /// a `file:` URL, whatever its bytes look like.
    static func isPageFile(_ path: String) -> Bool {
        pageExtensions.contains(pathExtension(path).lowercased())
    }

    /// Named as a page or an archive, or with no extension (it might sniff as HTML).
    static func mayBePage(_ path: String) -> Bool {
        let ext = pathExtension(path)
        return ext.isEmpty || isPageFile(path) || isArchive(path)
    }

    /// `NSString.pathExtension`, asked of every listed and walked page two or three times:
    /// Foundation's cost 40,000 instructions a call on the docs corpus's paths
    /// (Benchmarks/README.md, issue 17). A path of printable ASCII without `//` or a
    /// trailing `/` (nothing for Foundation to tidy first) is read on its bytes: after the
    /// last `.` of its last component, "" when that dot starts the component or the
    /// component is `..`; any other path goes to Foundation, the reference
    /// (`PathShortcutTests`).
    static func pathExtension(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes -> String? in
            guard bytes.count > 1, bytes.last != UInt8(ascii: "/") else { return nil }
            var componentStart = 0
            var dot: Int?
            for i in bytes.indices {
                let byte = bytes[i]
                guard byte >= 0x20, byte < 0x7F else { return nil }
                if byte == UInt8(ascii: "/") {
                    if i > 0, bytes[i - 1] == UInt8(ascii: "/") { return nil }
                    componentStart = i + 1
                    dot = nil
                } else if byte == UInt8(ascii: ".") {
                    dot = i
                }
            }
            guard let dot, dot > componentStart else { return "" }
            // `..`: its second dot is no extension's.
            if dot == bytes.count - 1, dot - 1 == componentStart, bytes[componentStart] == UInt8(ascii: ".") { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
        } ?? (path as NSString).pathExtension
    }

    static func isArchive(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".warc") || lower.hasSuffix(".warc.gz")
    }

    private static func sniffsAsHTML(_ path: String) -> Bool {
        guard FileKind.notRegularStatus(path) == nil,
              let handle = FileHandle(forReadingAtPath: path) else { return true }  // reported as unreadable later
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1445)) ?? Data()
        return head.withUnsafeBytes { HTMLSniffer.looksLikeHTML($0) }
    }

    /// The process's working directory, as the kernel has it (symbolic links resolved).
    public static func currentDirectory() -> String {
        FileManager.default.currentDirectoryPath
    }
}
