/// The summary's section on the association files of a live crawl: the files that exist,
/// worst first, and how many hosts have none. Only written when the run fetched some.
extension SummaryMarkdown {
    static func associations(_ report: Report) -> String {
        let files = report.associationFiles
        var out = "## Association files\n\n"
        out += "Each https host the pages link to (or are on) was asked for its apple-app-site-association and "
            + "assetlinks.json; they decide which links open an app (`ASSOCIATION_INVALID` lists what the "
            + "platforms reject).\n\n"
        // Invalid first, then those with a warning, then the rest; by URL within each.
        let present = files.filter { $0.status == "ok" || $0.status == "invalid" }.sorted { a, b in
            let rank = { (file: PageStats) in file.status == "invalid" ? 0 : file.note == nil ? 2 : 1 }
            return rank(a) != rank(b) ? rank(a) < rank(b) : a.page < b.page
        }
        if present.isEmpty {
            out += "No host serves one.\n"
        } else {
            out += MarkdownText.header(["file", "status", "what is wrong"], align: ["l", "l", "l"])
            for file in present.prefix(rowLimit) {
                out += MarkdownText.row([MarkdownText.inline(file.page), file.status,
                                         MarkdownText.inline(file.note ?? "", limit: 200)])
            }
            if present.count > rowLimit { out += "\n… and \(present.count - rowLimit) more: see pages.jsonl.\n" }
        }
        let absent = files.filter { $0.status.hasPrefix("absent") }.count
        let unreachable = files.filter { $0.status.hasPrefix("unreachable") }.count
        var notes: [String] = []
        if absent > 0 { notes.append("\(MarkdownText.plural(absent, "file")) absent (4xx: no app links there)") }
        if unreachable > 0 {
            notes.append("\(MarkdownText.plural(unreachable, "file")) could not be fetched (the device profile's own "
                + "declarations were used)")
        }
        if !notes.isEmpty { out += "\n" + notes.joined(separator: "; ") + ": see pages.jsonl.\n" }
        return out + "\n"
    }

    /// Totals rows, when the run fetched association files.
    static func associationTotals(_ report: Report) -> String {
        let files = report.associationFiles
        guard !files.isEmpty else { return "" }
        return MarkdownText.row(["association files fetched", String(files.count)])
            + MarkdownText.row(["association files invalid", String(files.filter { $0.status == "invalid" }.count)])
    }
}
