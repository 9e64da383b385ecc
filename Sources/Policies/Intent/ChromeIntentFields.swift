/// What Chrome for Android (`ExternalNavigationHandler`, Docs/PLATFORM.md §B.2) takes from a parsed intent:
/// the sanitized intent it resolves and launches, the fallback URL it will honour, and the
/// Play Store `market://` URL it opens for an uninstalled `package=`.
public struct ChromeIntentFields: Equatable, Sendable {
    public static let marketReferrerExtra = "market_referrer"

    /// After `sanitizeQueryIntentActivitiesIntent` (flags & ALLOWED_INTENT_FLAGS, BROWSABLE,
    /// no component, no selector); the fallback extra is removed when Chrome honours it.
    public let launchIntent: AndroidIntent
    public let stripped: [StrippedIntentField]
    /// `S.browser_fallback_url` as parsed (String extras only).
    public let rawBrowserFallbackURL: String?
    /// The fallback Chrome will navigate to (as written, not canonicalized): only a valid
    /// http(s) URL; `javascript:`, `intent:` or custom-scheme fallbacks are ignored.
    public let browserFallbackURL: String?
    /// `package=`: when nothing resolves and there is no fallback, Chrome opens the store.
    public let package: String?
    /// `S.market_referrer`, empty counts as absent.
    public let marketReferrer: String?

    public init(_ parsed: AndroidIntent) {
        let raw = parsed.stringExtra(IntentSanitizer.browserFallbackURLExtra)
        let fallback = raw.flatMap { ChromeFallbackURL.isValidHTTP($0) ? $0 : nil }
        var intent = parsed
        var stripped: [StrippedIntentField] = []
        let dropped = intent.flags & ~IntentFlags.allowedIntentFlags
        if dropped != 0 { stripped.append(.flags(dropped)) }
        intent.flags &= IntentFlags.allowedIntentFlags
        intent.addCategory(AndroidIntent.categoryBrowsable)
        if let component = intent.component { stripped.append(.component(component)) }
        if intent.selector != nil { stripped.append(.selector) }
        intent.component = nil
        intent.selector = nil
        if fallback != nil { intent.extras[IntentSanitizer.browserFallbackURLExtra] = nil }
        launchIntent = intent
        self.stripped = stripped
        rawBrowserFallbackURL = raw
        browserFallbackURL = fallback
        package = parsed.package
        marketReferrer = Self.marketReferrer(of: parsed)
    }

    /// `S.market_referrer` of a parsed intent, empty counting as absent.
    static func marketReferrer(of parsed: AndroidIntent) -> String? {
        parsed.stringExtra(marketReferrerExtra).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `handleWithMarketIntent`: the store URL for `package=`, with `S.market_referrer` or,
    /// failing that, the embedder's own package as referrer. Nil without a package.
    public func marketURL(embedderPackage: String) -> String? {
        package.map { Self.marketURL(package: $0, referrer: marketReferrer ?? embedderPackage) }
    }

    /// `sendIntentToMarket`: `market://details?id=…&referrer=…`, the referrer `Uri.decode`d
    /// once more and both values re-encoded as `Uri.Builder.appendQueryParameter` does.
    public static func marketURL(package: String, referrer: String) -> String {
        "market://details?id=" + AndroidUriCodec.encode(package)
            + "&referrer=" + AndroidUriCodec.encode(AndroidUriCodec.decode(referrer))
    }

    /// A fallback that is a Play Store details page (`https://play.google.com/store/apps/details?id=…`)
    /// is opened in the store app instead of the tab; referrer from its query or the embedder.
    public static func marketURL(forFallback url: String, embedderPackage: String) -> String? {
        guard let play = ChromeFallbackURL.playStoreDetails(url) else { return nil }
        return marketURL(package: play.id, referrer: play.referrer ?? embedderPackage)
    }
}
