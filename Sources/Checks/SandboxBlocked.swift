import LinkAuditModel
import Policies

extension Checks {
    /// A deep link started inside a sandboxed iframe that the frame's `sandbox` attribute
    /// forbids: the engine refuses it before the app's client or Chrome's handler hears of
    /// it (Docs/PLATFORM.md §F.17, rules 29 and 30).
    static let sandboxBlocked = Check(
        code: "SANDBOX_BLOCKED", severity: .error,
        title: "Deep link blocked by its iframe's sandbox",
        meaning: "The link, script or form sits in an iframe with a sandbox attribute that does not grant what it "
            + "needs: navigating the whole page (allow-top-navigation, or allow-top-navigation-by-user-activation "
            + "from a tap), opening a new window (allow-popups), submitting a form (allow-forms), or — in Chrome — "
            + "handing a custom scheme or intent:// to an app from inside the frame "
            + "(allow-top-navigation-to-custom-protocols). Android WebView and Chrome refuse it in the page: the "
            + "app's shouldOverrideUrlLoading (the PayerMax guide's DeepLinkWebViewClient) is never asked.",
        impact: "Tapping the wallet button inside an embedded payment widget does nothing: no app opens, no error "
            + "shows, and the payment stalls.",
        advice: "Add the token the navigation needs to the iframe's sandbox (allow-top-navigation-by-user-activation "
            + "for a tapped link to the whole page, allow-popups for window.open or target=_blank, "
            + "allow-top-navigation-to-custom-protocols for an app launch inside the frame, allow-forms for a "
            + "form), or put the wallet link outside the sandboxed frame.",
        triggering: [
            CheckExample(#"<iframe sandbox="allow-scripts" srcdoc="<a href='gojek://pay' target='_top'>GoPay</a>"></iframe>"#,
                         raisedBy: ["android-sdk", "android-webview", "chrome-android"]),
            CheckExample(#"<iframe sandbox="allow-scripts" srcdoc="<a href='dana://pay'>DANA</a>"></iframe>"#,
                         raisedBy: ["chrome-android"]),
            CheckExample(#"<iframe sandbox="allow-scripts" srcdoc="<button onclick=&quot;window.open('ovo://pay')&quot;>OVO</button>"></iframe>"#,
                         raisedBy: ["android-sdk", "android-webview", "chrome-android"]),
        ],
        nonTriggering: [
            CheckExample(#"<iframe sandbox="allow-scripts allow-top-navigation-by-user-activation" srcdoc="<a href='gojek://pay' target='_top'>GoPay</a>"></iframe>"#),
            CheckExample(#"<iframe sandbox="allow-popups" srcdoc="<a href='dana://pay'>DANA</a>"></iframe>"#),
            CheckExample(#"<iframe srcdoc="<a href='gojek://pay' target='_top'>GoPay</a>"></iframe>"#),
        ],
        fires: { nav in
            guard nav.sandbox != nil, WebSchemes.isDeepLink(nav.scheme) else { return [] }
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let reasons = Self.sandboxReasons
            return Check.profiles(of: nav) { $1.outcome == .blocked && reasons.contains($1.reason) }
        })

    /// The reasons of a navigation a sandbox blocks (`SandboxGate`).
    /// A list, not a `Set`: asked of every verdict a check reads, and comparing a few codes costs
    /// less than hashing one (`Check.profiles(of:where:)`, Benchmarks/README.md, issue 17).
    static let sandboxReasons: [Reason] = [.sandboxTopNavigation, .sandboxPopup, .sandboxForm, .sandboxExternalProtocol]
}
