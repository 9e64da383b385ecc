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
    public static func isHttpURL(_ url: String) -> Bool {
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
