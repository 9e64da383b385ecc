import Glibc

/// What a path is when it is not a regular file. A named pipe (FIFO) blocks `open` until a
/// writer comes — forever, in a folder nobody writes to — and a socket or device is never a
/// page: such an input is reported `unreadable: not a regular file (…)` without being
/// opened for reading, so it cannot hang the run and still appears in the output.
enum FileKind {
    /// The status for the file at `path` (symbolic links followed) when it is not a regular
    /// file or a folder; nil for those, and for a path that cannot be looked at.
    static func notRegularStatus(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return notRegularStatus(mode: info.st_mode)
    }

    static func notRegularStatus(mode: mode_t) -> String? {
        let kind: String
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: kind = "a named pipe"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        default: kind = "a special file"
        }
        return "unreadable: not a regular file (\(kind))"
    }

    /// The status for a symbolic link whose target is missing; nil for anything else.
    static func danglingLinkStatus(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 else { return nil }
        return "unreadable: a symbolic link to a missing target"
    }
}
