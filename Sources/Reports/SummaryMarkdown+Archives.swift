import LinkAuditModel

/// The summary's count of damaged stretches of WARC archives: each is a record in
/// pages.jsonl (and a row of the unreadable pages), so a damaged archive is seen in the
/// report, not only on stderr.
extension SummaryMarkdown {
    /// Totals row, when an archive had stretches that could not be read.
    static func archiveDamageTotals(_ digest: PageDigest) -> String {
        let damaged = digest.damagedArchives
        guard damaged > 0 else { return "" }
        return MarkdownText.row(["damaged archive stretches", String(damaged)])
    }
}
