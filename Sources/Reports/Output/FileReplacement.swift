import CFileExchange
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
enum FileReplacement {
    @TaskLocal static var exchanges = true

    /// Puts `written` at `path`; nil, or `errno` of the failed call.
    static func replace(_ path: String, with written: String) -> Int32? {
        if exchanges, replaceable(path), linkaudit_exchange_files(written, path) == 0 {
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
