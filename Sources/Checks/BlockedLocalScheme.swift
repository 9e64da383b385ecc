extension Checks {
    /// `file:` and `content:` links are refused to protect local files.
    static let blockedLocalScheme = Check(
        code: "BLOCKED_LOCAL_SCHEME", severity: .warning,
        title: "file: / content: link blocked",
        meaning: "The link targets a local file or a content provider; the PayerMax guide's clients block these schemes "
            + "outright so a page cannot read the device's files, and Chrome never launches them.",
        impact: "The link does nothing; if it is a download or receipt, the user cannot get it.",
        advice: "Serve the resource over https.",
        triggering: [
            CheckExample(#"<a href="content://com.example.provider/receipt.pdf">Receipt</a>"#,
                         raisedBy: ["android-sdk", "chrome-android", "ios-sdk"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="https://shop.example/receipt.pdf">Receipt</a>"#),
        ],
        fires: { nav in
            guard nav.scheme == "file" || nav.scheme == "content" else { return [] }
            return Check.profiles(of: nav) { $1.outcome == .blocked }
        })
}
