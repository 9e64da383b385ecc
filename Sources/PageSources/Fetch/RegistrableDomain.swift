import CPSL

/// The registrable domain ("eTLD+1") of a host: what "the same site" means for the crawl.
/// From the real Public Suffix List through Debian's libpsl (ICANN and private sections,
/// wildcard and exception rules: `a.b.co.uk` → `b.co.uk`, `x.github.io` → `x.github.io`,
/// `b.c.kawasaki.jp` under `*.kawasaki.jp` but `city.kawasaki.jp` by its `!` exception).
///
/// The list is libpsl's built-in copy (`psl_builtin()`): Debian compiles it in from the
/// `publicsuffix` package at build time, so it works on a fresh machine with only
/// `libpsl-dev`, reads no file and gives every machine with that package the same answer.
/// Only if a libpsl was built without it does `psl_latest` load the system file
/// (`/usr/share/publicsuffix/public_suffix_list.dafsa`, package `publicsuffix`).
public enum RegistrableDomain {
    /// libpsl's context is immutable after loading and safe to share across threads.
    nonisolated(unsafe) private static let context: OpaquePointer? = psl_builtin() ?? psl_latest(nil)

    /// The registrable domain, or the host itself for IP addresses, single labels and
    /// public suffixes (`co.id`, `github.io`: no owner below them to group by).
    public static func of(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        if host.hasPrefix("[") || IPText.bytes(host) != nil { return host }
        guard let context else { return host }
        return host.withCString { text in
            // The result points into `text`: copy it while that is alive.
            psl_registrable_domain(context, text).map { String(cString: $0) } ?? host
        }
    }
}
