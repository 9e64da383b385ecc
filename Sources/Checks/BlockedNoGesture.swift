import LinkAuditModel

extension Checks {
    /// The profiles' reasons for refusing a navigation that came without a user gesture.
    /// A list, not a `Set`: asked of every verdict a check reads, and comparing a few codes costs
    /// less than hashing one (`Check.profiles(of:where:)`, Benchmarks/README.md, issue 17).
    static let noGestureReasons: [Reason] = [.noGesture, .noUserInteraction, .subframeNoGesture, .noUserGesture]

    /// A deep link started without a user gesture is dropped by the runtime.
    static let blockedNoGesture = Check(
        code: "BLOCKED_NO_GESTURE", severity: .error,
        title: "Deep link dropped: no user gesture",
        meaning: "The deep link is started by script at load, by a timer, by a meta refresh, or too long after "
            + "the tap, so no user gesture (or app-side activation window) comes with it, and the runtime "
            + "silently refuses to launch the app.",
        impact: "The page waits for a wallet that never opens; nothing tells the user to tap anything.",
        advice: "Move the deep link into a tap handler (an <a href> or a click listener that navigates "
            + "synchronously), or show a \"Pay with …\" button when the automatic jump fails; in the app, "
            + "enter the page with loadUrlByUser so the PayerMax guide's activation window covers load-time jumps.",
        triggering: [
            CheckExample("<script>location.href = 'dana://wallet/pay?order=1';</script>",
                         raisedBy: ["android-sdk", "ios-sdk", "safari-ios"]),
            CheckExample(#"<meta http-equiv="refresh" content="0; url=shopeeid://main">"#,
                         raisedBy: ["android-sdk", "ios-sdk", "safari-ios"]),
        ],
        nonTriggering: [
            CheckExample(#"<button onclick="location.href='dana://wallet/pay'">DANA</button>"#),
            CheckExample("<script>location.href = 'https://shop.example/next';</script>"),
        ],
        fires: { nav in
            guard nav.frame != .sub else { return [] }
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let reasons = noGestureReasons
            return Check.profiles(of: nav) { _, verdict in
                verdict.outcome == .blocked && reasons.contains(verdict.reason)
            }
        })
}
