import Policies

extension Checks {
    /// `intent:` is an Android convention: no iOS runtime opens it.
    static let intentSchemeOnIOS = Check(
        code: "INTENT_SCHEME_ON_IOS", severity: .error,
        title: "intent:// link served to iOS",
        meaning: "intent:// URIs are understood only by Android (Intent.parseUri) and Chrome; on iOS the link "
            + "is an unknown scheme that WKWebView cannot load, the PayerMax guide's iOS SDK blocks, and Safari "
            + "cannot open.",
        impact: "iOS users tap a wallet button that is dead on their platform.",
        advice: "Serve the wallet's iOS custom scheme or Universal Link to iOS (by user agent), or a web "
            + "fallback page that chooses per platform.",
        triggering: [
            CheckExample(#"<a href="intent://pay/#Intent;scheme=tmn;package=th.co.truemoney.wallet;end">TrueMoney</a>"#,
                         raisedBy: ["ios-sdk", "ios-wkwebview", "safari-ios"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="truemoney://pay">TrueMoney</a>"#),
        ],
        fires: { nav in
            guard nav.scheme == "intent" else { return [] }
            return Check.profiles(of: nav) { profile, _ in ProfileRegistry.platform(of: profile) == .ios }
        })
}
