import Glibc

/// Lists the files below a folder, following symbolic links to folders as well as to files:
/// Debian's documentation folders are symlinks, and `FileManager`'s enumerator does not
/// descend into a linked folder on Linux, so a walk through it found nothing. Each folder
/// is walked once, known by its device and inode: a link back up the tree (a loop) or a
/// second way to a folder already walked is skipped and said, never followed forever.
/// Real folders are walked before linked ones, so a folder reached both ways is listed
/// under its own path. An explicit stack, not recursion, so a deep tree cannot exhaust
/// the call stack.
struct FolderWalk {
    /// A folder met again through a symbolic link, and skipped.
    struct Skipped: Equatable {
        /// Where it was met (relative to the root).
        var relative: String
        /// Where it was walked (relative to the root; "" for the root itself).
        var walkedAs: String
        /// It is the walk's own ancestor: following it would never end.
        var isLoop: Bool
    }

    /// Files kept by `include`, relative to the root, in no particular order.
    private(set) var files: [String] = []
    /// The kept files the walk did not see as regular files (a dangling link, a FIFO, a
    /// device): the collector looks at these again to say what they are, and at no other
    /// (one system call a page).
    private(set) var irregular: Set<String> = []
    /// Folders that could not be listed (relative; "" for the root), with the reason.
    private(set) var unlistable: [(relative: String, reason: String)] = []
    private(set) var skipped: [Skipped] = []
    /// Files whose names are not UTF-8 (relative, the bad bytes percent-encoded): listed so
    /// they can be reported, since no `String` path reaches them.
    private(set) var undecodable: [String] = []

    /// - Parameters:
    ///   - root: the folder's absolute path.
    ///   - include: whether a file is a page (relative path, absolute path, is a regular
    ///     file). A dangling link is offered too (`false`), so a page it names can be
    ///     reported unreadable rather than passed over.
    init(root: String, include: (String, String, Bool) -> Bool) {
        var visited: [FolderID: String] = [:]
        if let id = FolderID(path: root) { visited[id] = "" }
        var stack = [""]
        // Links to folders, walked once every real folder before them has been.
        var linked: [(relative: String, id: FolderID)] = []
        var nextLinked = 0
        while true {
            guard let folder = stack.popLast() else {
                guard nextLinked < linked.count else { break }
                let (relative, id) = linked[nextLinked]
                nextLinked += 1
                if let walked = visited[id] {
                    let isLoop = walked.isEmpty || relative.hasPrefix(walked + "/")
                    skipped.append(Skipped(relative: relative, walkedAs: walked, isLoop: isLoop))
                } else {
                    visited[id] = relative
                    stack.append(relative)
                }
                continue
            }
            let full = folder.isEmpty ? root : root + "/" + folder
            let names: [(name: String, type: UInt8)]
            switch Self.list(full) {
            case .success(let listed):
                names = listed.names
                undecodable += listed.undecodable.map { folder.isEmpty ? $0 : folder + "/" + $0 }
            case .failure(let failure):
                unlistable.append((folder, failure.reason))
                continue
            }
            var subfolders: [String] = []
            for (name, type) in names.sorted(by: { $0.name < $1.name }) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = root + "/" + relative
                if type == UInt8(DT_REG) {
                    // A regular file, not a link (the folder's own entry says so): the `lstat`
                    // below would tell nothing more, one system call a page.
                    if include(relative, path, true) { files.append(relative) }
                    continue
                }
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }  // gone since the listing
                let isLink = info.st_mode & S_IFMT == S_IFLNK
                if isLink, stat(path, &info) != 0 {
                    if include(relative, path, false) { keepIrregular(relative) }  // a dangling link
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    let id = FolderID(info)
                    if isLink {
                        linked.append((relative, id))
                    } else if visited[id] == nil {  // a bind mount can show a folder twice
                        visited[id] = relative
                        subfolders.append(relative)
                    }
                case S_IFREG:
                    if include(relative, path, true) { files.append(relative) }
                default:
                    // FIFOs, sockets, devices: never opened (a FIFO would block), but one named
                    // as a page or archive is listed, to be reported as not a regular file.
                    if include(relative, path, false) { keepIrregular(relative) }
                }
            }
            stack.append(contentsOf: subfolders.reversed())
        }
    }

    private mutating func keepIrregular(_ relative: String) {
        files.append(relative)
        irregular.insert(relative)
    }

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    struct ListFailure: Error {
        var reason: String
    }

    /// The names in a folder (not `.` and `..`) with their entries' types (`DT_REG`, `DT_DIR`,
    /// `DT_LNK`…, `DT_UNKNOWN` where the file system does not say), and apart, with their
    /// bytes that are not UTF-8 percent-encoded, the names a Swift path cannot spell
    /// (`caf%E9.html`): they cannot be opened through a `String` path, and are reported
    /// rather than dropped.
    static func list(_ path: String) -> Result<(names: [(name: String, type: UInt8)], undecodable: [String]), ListFailure> {
        guard let dir = opendir(path) else {
            return .failure(ListFailure(reason: "cannot list folder: \(String(cString: strerror(errno)))"))
        }
        defer { closedir(dir) }
        var names: [(name: String, type: UInt8)] = []
        var undecodable: [String] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if let name = String(validating: bytes, as: UTF8.self) {
                if name != ".", name != ".." { names.append((name, entry.pointee.d_type)) }
            } else {
                undecodable.append(bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "%" + hex($0) }.joined())
            }
        }
        return .success((names, undecodable))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
