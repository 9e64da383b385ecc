/// What the PayerMax guide's `DeepLinkWebViewClient.openIntentUri` does with a parsed intent before
/// `startActivity`: read and drop `S.browser_fallback_url`, keep only `ALLOWED_INTENT_FLAGS`
/// plus NEW_TASK, add BROWSABLE and DEFAULT, clear component and selector.
public enum IntentSanitizer {
    public static let browserFallbackURLExtra = "browser_fallback_url"

    public struct Launch: Equatable, Sendable {
        /// The intent handed to `startActivity`.
        public var intent: AndroidIntent
        /// `getStringExtra("browser_fallback_url")`: nil when absent or not a String extra.
        public var fallbackURL: String?
        /// Whether the client would load `fallbackURL` after a failed launch (`isHttpUrl`).
        public var fallbackIsHTTP: Bool
        /// Unsafe parts removed, in the order the client removes them.
        public var stripped: [StrippedIntentField]
    }

    public static func sanitize(_ parsed: AndroidIntent) -> Launch {
        var intent = parsed
        let fallback = intent.stringExtra(browserFallbackURLExtra)
        intent.extras[browserFallbackURLExtra] = nil   // removeExtra drops it whatever its type
        var stripped: [StrippedIntentField] = []
        let dropped = intent.flags & ~IntentFlags.allowedIntentFlags
        if dropped != 0 { stripped.append(.flags(dropped)) }
        intent.flags = (intent.flags & IntentFlags.allowedIntentFlags) | IntentFlags.activityNewTask
        intent.addCategory(AndroidIntent.categoryBrowsable)
        intent.addCategory(AndroidIntent.categoryDefault)
        if let component = intent.component { stripped.append(.component(component)) }
        if intent.selector != nil { stripped.append(.selector) }
        intent.component = nil
        intent.selector = nil
        return Launch(intent: intent, fallbackURL: fallback,
                      fallbackIsHTTP: fallback.map(isHttpURL) ?? false, stripped: stripped)
    }

    /// The guide client's `isHttpUrl`: a case-insensitive `http://` or `https://` prefix, nothing more
    /// (no trimming, no URL parsing — ` https://x` or `https:x` do not count).
    /// Read from the first eight UTF-8 bytes, ASCII letters lower-cased: the prefixes are ASCII, and
    /// a text's first seven or eight UTF-16 units are these only where its first bytes are them.
    /// Two arrays of UTF-16 units made and zipped cost some 2,500 instructions a fallback
    /// (Benchmarks/README.md, issue 17). `isHttpURLPlain` is the reference (`IntentSanitizerTests`).
    public static func isHttpURL(_ url: String) -> Bool {
        var word: UInt64 = 0
        var n = 0
        for byte in url.utf8 {
            if n == 8 { break }
            word = word << 8 | UInt64(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            n += 1
        }
        if n == 8, word == 0x6874_7470_733A_2F2F { return true }   // "https://"
        return n >= 7 && word >> UInt64(8 * (n - 7)) == 0x68_7474_703A_2F2F   // "http://"
    }

    /// `isHttpURL` as first written, on UTF-16 units.
    static func isHttpURLPlain(_ url: String) -> Bool {
        let u = Array(url.utf16.prefix(8))
        func hasPrefix(_ p: String) -> Bool {
            let pu = Array(p.utf16)
            guard u.count >= pu.count else { return false }
            return zip(u, pu).allSatisfy { asciiLower($0) == $1 }
        }
        return hasPrefix("https://") || hasPrefix("http://")
    }

    /// Kotlin's `ignoreCase` compares per char; only ASCII letters can fold onto "http".
    private static func asciiLower(_ u: UInt16) -> UInt16 { (0x41...0x5A).contains(u) ? u + 0x20 : u }
}
