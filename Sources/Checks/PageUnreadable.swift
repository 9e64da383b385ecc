extension Checks {
    /// An input page could not be read: it is reported, never dropped.
    static let pageUnreadable = Check(
        code: "PAGE_UNREADABLE", severity: .warning, scope: .page,
        title: "Page could not be read",
        meaning: "An input page could not be audited: missing, unreadable, empty, binary, too large, or not "
            + "in its declared encoding. Its status in pages.jsonl says which.",
        impact: "Links on it are not audited; a broken mirror or an interrupted fetch may hide real failures.",
        advice: "Fix the input (re-mirror, raise --max-page-bytes) and audit again.",
        triggering: [CheckExample(""), CheckExample("\u{0}\u{1}\u{2}PNG")],
        nonTriggering: [CheckExample(#"<a href="https://shop.example/">Home</a>"#)],
        firesOnPage: { !$0.isOK && !$0.isAssociation })
}
