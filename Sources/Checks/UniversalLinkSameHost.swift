import LinkAuditModel
import Policies

extension Checks {
    /// The profiles' reasons for an app link kept in the web view because it is same-host.
    /// A list, not a `Set`: asked of every verdict a check reads, and comparing a few codes costs
    /// less than hashing one (`Check.profiles(of:where:)`, Benchmarks/README.md, issue 17).
    static let sameHostReasons: [Reason] = [.universalLinkSameHost, .sameDomainStaysInSafari, .sameHost]

    /// An iPhone whose wallet app claims every path on pay.wallet.example.
    static let walletDevice = DeviceProfile(name: "wallet-iphone", platform: .ios, apps: [
        InstalledApp(id: "com.wallet.app", schemes: ["wallet"],
                     universalLinks: [UniversalLinkAssociation(host: "pay.wallet.example")]),
    ])

    /// A Universal Link / App Link on the page's own host stays in the browser or WebView.
    static let universalLinkSameHost = Check(
        code: "UNIVERSAL_LINK_SAME_HOST", severity: .warning,
        title: "App link on the same host stays in the web view",
        meaning: "The https link is claimed by an installed app, but it points at the same host as the page: "
            + "iOS opens Universal Links only across hosts (Safari's same-domain rule, WebKit's host check), "
            + "and Chrome keeps same-host navigations in the tab.",
        impact: "The \"Open in app\" link reloads the web page instead of opening the wallet.",
        advice: "Serve the app link from a different host than the page (e.g. pay.example → app.example), or "
            + "use the app's custom scheme from a tap.",
        triggering: [
            CheckExample(#"<a href="https://pay.wallet.example/pay/123">Open in app</a>"#,
                         page: "https://pay.wallet.example/checkout/", profiles: ["ios-wkwebview", "safari-ios"],
                         device: Self.walletDevice, raisedBy: ["ios-wkwebview", "safari-ios"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="https://pay.wallet.example/pay/123">Open in app</a>"#,
                         page: "https://shop.example/checkout/", profiles: ["ios-wkwebview", "safari-ios"],
                         device: Self.walletDevice),
        ],
        fires: { nav in
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let reasons = sameHostReasons
            return Check.profiles(of: nav) { reasons.contains($1.reason) }
        })
}
