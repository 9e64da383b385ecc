import Glibc

/// Puts a report written under a temporary name in place of its final name (`AtomicFile`).
///
/// Renamed over the last run's file, a report was written out to disk inside the `rename`:
/// ext4 does so for a file renamed over another (its `auto_da_alloc` option, on by default),
/// so that a crash does not leave an empty file where the old one was. A nightly run into the
/// same folder then waited at its end for its findings.csv and links.jsonl to go to disk:
/// dense corpus, two workers, 1.04 s against 0.89 s into an empty folder (Benchmarks/README.md,
/// issue 17). Exchanged with the old file instead (`renameat2`'s `RENAME_EXCHANGE`, atomic as
/// a rename: a reader finds the old report or the new one, never neither), the new one is left
/// for the kernel to write when it would anyway; the old one, now at the temporary name, is
/// removed. A report is a run's output, made again by the next run: it is not worth an `fsync`,
/// nor the early write ext4 puts in its place.
///
/// Only over a regular file or a symbolic link (a rename replaces the link, and so does the
/// exchange); anything else at the final name, no file there, or a file system that cannot
/// exchange, and it is a plain `rename`, as it is with `exchanges` off (the plain version:
/// `ReportAtomicFileTests` compares the two).
///
/// glibc declares `renameat2` only under `_GNU_SOURCE`, which Swift's Glibc module is not
/// built with: the function is found once by name (`dlsym`), as the crawl finds libcurl's
/// (Sources/CCurl/shim.h). A C target of one function would do as much, but clang's DWARF 5
/// in it stops valgrind 3.19 reading the binary, and the benchmarks count instructions with it.
enum FileReplacement {
    @TaskLocal static var exchanges = true

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc's `renameat2` (2.28 on), nil where the C library has none.
    private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    /// Whether this C library exchanges files (glibc 2.28 on: every Debian this runs on).
    static var canExchange: Bool { renameat2 != nil }
    /// `RENAME_EXCHANGE` (linux/fs.h).
    private static let renameExchange: UInt32 = 1 << 1

    /// Puts `written` at `path`; nil, or `errno` of the failed call.
    static func replace(_ path: String, with written: String) -> Int32? {
        if exchanges, let renameat2, replaceable(path),
           renameat2(AT_FDCWD, written, AT_FDCWD, path, renameExchange) == 0 {
            // `written` names the last run's file now.
            unlink(written)
            return nil
        }
        return rename(written, path) == 0 ? nil : errno
    }

    private static func replaceable(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFREG || kind == S_IFLNK
    }
}
