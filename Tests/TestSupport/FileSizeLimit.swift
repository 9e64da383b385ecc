import Glibc

/// Runs `body` with files limited to `bytes` (writes past it fail with EFBIG instead of
/// raising SIGXFSZ), then lifts the limit again: a full disk, for the tests of write failures.
package func withFileSizeLimit(_ bytes: Int, _ body: () throws -> Void) throws {
    var saved = rlimit()
    getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
    let handler = signal(SIGXFSZ, SIG_IGN)
    var limited = saved
    limited.rlim_cur = rlim_t(bytes)
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited)
    defer {
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, handler)
    }
    try body()
}
