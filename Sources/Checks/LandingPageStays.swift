import LinkAuditModel
import Policies

extension Checks {
    /// The PayerMax guide's Android client keeps host-only App Link handlers in the WebView.
    static let landingPageStays = Check(
        code: "LANDING_PAGE_STAYS", severity: .info,
        title: "App Link landing page kept in the WebView",
        meaning: "Every app that handles this https link declares only its host (no path), which the PayerMax guide's "
            + "DeepLinkWebViewClient treats as a landing page (LINE Pay LIFF is the example): it loads in the "
            + "WebView, and the page's own button must then launch the app.",
        impact: "Works as designed when the landing page offers a tap to continue; breaks when it auto-redirects "
            + "without a gesture.",
        advice: "Check that the landing page's own deep link is started by a tap.",
        triggering: [
            CheckExample(#"<a href="https://liff.line.example/1234-abcd">LINE Pay</a>"#, profiles: ["android-sdk"],
                         device: DeviceProfile(name: "line", platform: .android, apps: [
                             InstalledApp(id: "jp.naver.line.android",
                                          appLinks: [AppLinkFilter(hosts: ["liff.line.example"])]),
                         ]),
                         raisedBy: ["android-sdk"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="https://shop.example/cart/">Cart</a>"#),
        ],
        fires: { nav in
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let landingPage = Reason.landingPage
            return Check.profiles(of: nav) { $1.reason == landingPage }
        })
}
