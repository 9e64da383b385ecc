import Policies

extension Checks {
    /// A deep link inside an iframe is refused.
    static let subframeDeeplinkBlocked = Check(
        code: "SUBFRAME_DEEPLINK_BLOCKED", severity: .error,
        title: "Deep link in an iframe blocked",
        meaning: "A frame (an iframe, a srcdoc document, an object) navigates to a custom scheme or intent://, "
            + "and the runtime refuses it: WebKit reports the failure only privately, Chrome and the iOS SDK "
            + "need a tap inside the frame, a WebView without client drops sub-frame intents.",
        impact: "Payment or login widgets embedded in the checkout (bank login, wallet QR frames) silently "
            + "fail to hand over to their app.",
        advice: "Navigate the top frame (target=_top, top.location) from a tap, or have the widget open in "
            + "a new top-level page; the PayerMax guide's DeepLinkWebViewClient treats sub-frame deep links like main-frame ones.",
        triggering: [
            CheckExample("<iframe srcdoc=\"<script>location.href='nidlogin://login'</script>\"></iframe>",
                         raisedBy: ["android-sdk", "chrome-android", "ios-sdk", "ios-wkwebview", "safari-ios"]),
        ],
        nonTriggering: [
            CheckExample(#"<iframe src="https://auth.bank.example/login"></iframe>"#),
        ],
        fires: { nav in
            guard nav.frame == .sub, WebSchemes.isDeepLink(nav.scheme) else { return [] }
            // A sandbox's refusal is SANDBOX_BLOCKED's, with the token that would allow it.
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let reasons = sandboxReasons
            return Check.profiles(of: nav) { $1.outcome == .blocked && !reasons.contains($1.reason) }
        })
}
