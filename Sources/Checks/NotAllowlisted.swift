import LinkAuditModel
import Policies

extension Checks {
    /// The strict iOS delegate's validators reject the deep link.
    static let notAllowlisted = Check(
        code: "NOT_ALLOWLISTED", severity: .warning,
        title: "Rejected by the app's allowlist",
        meaning: "The strict iOS delegate (ios-strict) only opens custom schemes its CustomSchemeValidator "
            + "accepts and routes only the paths its AppRouteValidator allows; this target is on neither list.",
        impact: "The link does nothing in the app, although it works in browsers.",
        advice: "Add the scheme or route to the app's allowlist if it is a partner wallet, or change the page "
            + "to a link the app accepts.",
        triggering: [
            CheckExample(#"<a href="unknownwallet://pay">Pay</a>"#, profiles: ["ios-strict"], raisedBy: ["ios-strict"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="https://shop.example/cart/">Cart</a>"#, profiles: ["ios-strict"]),
        ],
        fires: { nav in
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let notAllowlisted = Reason.notAllowlisted
            return Check.profiles(of: nav) { $1.reason == notAllowlisted }
        })
}
