import LinkAuditModel
import Policies

extension Checks {
    /// Parts of an `intent:` that the runtime removes before launching.
    static let unsafeIntentStripped = Check(
        code: "UNSAFE_INTENT_STRIPPED", severity: .warning,
        title: "intent:// relies on parts that are stripped",
        meaning: "Before launching, the runtime removes what a web page may not ask for: an explicit component, "
            + "a selector, and launch flags outside ALLOWED_INTENT_FLAGS (URI permission grants and the like). "
            + "The intent that reaches Android is not the one the page wrote.",
        impact: "If the wallet needs the removed part (a specific activity), the launch goes elsewhere or fails.",
        advice: "Target the wallet by package and scheme only, with a BROWSABLE activity; drop component=, "
            + "SEL; and launchFlags from the link.",
        triggering: [
            CheckExample(#"<a href="intent://pay#Intent;scheme=dana;package=id.dana;component=id.dana/.PayActivity;end">DANA</a>"#,
                         raisedBy: ["android-sdk", "chrome-android"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="intent://pay#Intent;scheme=dana;package=id.dana;end">DANA</a>"#),
        ],
        fires: { nav in
            // The detail found by a scan of the verdict's few, its name compared by length first
            // (`String.isName`: "stripped" is ASCII without `K`, `;` or `` ` ``): a lookup hashed the
            // name for every verdict of every row judged (issue 17).
            let stripped = VerdictDetail.stripped
            return Check.profiles(of: nav) { _, verdict in
                verdict.details?.contains { $0.key.isName(stripped) && !$0.value.isEmpty } ?? false
            }
        })
}
