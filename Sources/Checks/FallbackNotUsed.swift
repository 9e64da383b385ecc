import Policies

extension Checks {
    /// An `intent:` carries a browser fallback the runtime never uses.
    static let fallbackNotUsed = Check(
        code: "FALLBACK_NOT_USED", severity: .warning,
        title: "S.browser_fallback_url ignored",
        meaning: "The intent:// URI names an http(s) S.browser_fallback_url, but this runtime fails or blocks "
            + "the link without loading it: a plain WebView has no intent: handling at all, and the fallback "
            + "is only read by Chrome and by clients that implement it (the PayerMax guide's DeepLinkWebViewClient does).",
        impact: "The fallback the page relies on for users without the app never shows; they hit an error page "
            + "or nothing.",
        advice: "Adopt the PayerMax guide's DeepLinkWebViewClient (it loads http(s) fallbacks when the launch fails), or open checkout "
            + "in the system browser.",
        triggering: [
            CheckExample(#"<a href="intent://pay/#Intent;scheme=tmn;package=th.co.truemoney.wallet;S.browser_fallback_url=https%3A%2F%2Fwallet.example%2Fpay;end">TrueMoney</a>"#,
                         raisedBy: ["android-webview"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="intent://pay/#Intent;scheme=tmn;package=th.co.truemoney.wallet;end">TrueMoney</a>"#),
        ],
        fires: { nav in
            guard nav.scheme == "intent" else { return [] }
            // On iOS the whole intent: is dead (INTENT_SCHEME_ON_IOS); the fallback is Android's.
            // The verdicts first: the URI is parsed only where one of them would raise it.
            let profiles = Check.profiles(of: nav) { profile, verdict in
                (verdict.outcome == .errorPage || verdict.outcome == .blocked || verdict.outcome == .openFailed)
                    && ProfileRegistry.platform(of: profile) == .android
            }
            return profiles.isEmpty || !IntentFallback.hasHTTPFallback(nav.url) ? [] : profiles
        })
}

/// Reads an `intent:` URI's fallback the way Android does (after `Intent.parseUri`).
/// The fallback alone is read (`IntentURIParser.browserFallbackURL(of:)`: no intent made for a
/// URI of the common shape, `CommonIntentURITests` holding it to the whole parse).
enum IntentFallback {
    static func hasHTTPFallback(_ uri: String) -> Bool {
        guard let fallback = try? IntentURIParser.browserFallbackURL(of: uri) else { return false }
        return IntentSanitizer.isHttpURL(fallback)
    }
}
