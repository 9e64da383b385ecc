import LinkAuditModel

extension Checks {
    /// The profiles' reasons for a target that does not parse.
    /// A list, not a `Set`: asked of every verdict a check reads, and comparing a few codes costs
    /// less than hashing one (`Check.profiles(of:where:)`, Benchmarks/README.md, issue 17).
    static let malformedReasons: [Reason] = [.intentParseError, .invalidURL, .malformedURL]

    /// The target is not a URL, or not an `intent:` Android can parse.
    static let malformedTarget = Check(
        code: "MALFORMED_TARGET", severity: .error,
        title: "Malformed link target",
        meaning: "The target does not parse: an invalid URL (a bad host or port), or an intent:// URI that "
            + "Intent.parseUri rejects (unknown key, missing end, a raw # inside a value, a bad number), which "
            + "also loses its fallback.",
        impact: "The link fails everywhere, in ways that differ per runtime.",
        advice: "Fix the URL; build intent:// URIs with Intent.toUri or percent-encode every value.",
        triggering: [
            CheckExample(#"<a href="intent://pay#Intent;scheme=dana;package=id.dana">DANA</a>"#,
                         raisedBy: ["android-sdk", "chrome-android"]),
            CheckExample(#"<a href="https://shop.example:99999/">Bad port</a>"#, raisedBy: [
                "android-sdk", "android-webview", "chrome-android", "ios-sdk", "ios-wkwebview", "safari-ios",
            ]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="intent://pay#Intent;scheme=dana;package=id.dana;end">DANA</a>"#),
        ],
        fires: { nav in
            // The profiles name a target that does not parse: their verdicts say it.
            // The reasons read before the verdicts: read in the rule, each verdict was copied
            // (its reason and details retained and released) around the constant's accessor (issue 17).
            let reasons = malformedReasons
            return Check.profiles(of: nav) { reasons.contains($1.reason) }
        })
}
