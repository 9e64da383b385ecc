import LinkAuditModel

/// `summary.md`: a report a manager can read on its own (GitHub-flavoured Markdown).
/// It leads with what is new when there is a baseline, then totals (with what "classified"
/// means), what the run assumed (inputs, device, profiles, entry, settings, versions:
/// `SummaryMarkdown+Assumptions.swift`), findings by code
/// (a Mermaid pie chart and a code × profile table), pages ranked by errors, the scheme
/// inventory, suppressions, and what each present code means and what to do about it.
/// Everything that comes from a page goes through `MarkdownText.inline`.
public enum SummaryMarkdown {
    /// Tables longer than this are cut; the CSV has every row.
    static let rowLimit = 25

    /// Only totals and bounded lists: the summary is rendered whole.
    static func write(_ report: Report, to out: inout ByteBuffer) {
        out.append(utf8: render(report))
    }

    public static func render(_ report: Report) -> String {
        var out = "# linkaudit summary\n\n"
        out += lead(report.summary) + "\n"
        if report.summary.baseline != nil { out += baseline(report) }
        let digest = report.pageDigest ?? PageDigest(report.pages)
        out += totals(report, digest)
        out += assumptions(report)
        out += codes(report)
        out += pages(digest)
        if !report.associationFiles.isEmpty { out += associations(report) }
        out += inventory(report.inventory, findingsJSON: report.assumptions.formats?.contains(.json) == true)
        if !report.suppressions.isEmpty { out += suppressions(report) }
        out += checkDocs(report)
        return out
    }

    static func lead(_ summary: ReportSummary) -> String {
        let severities = Severity.allCases.reversed().map { "\(summary.bySeverity[$0] ?? 0) \($0.rawValue)" }
        var text = "**\(MarkdownText.plural(summary.findings, "finding"))** (\(severities.joined(separator: ", "))) "
            + "in \(MarkdownText.plural(summary.navigations, "navigation")) on \(MarkdownText.plural(summary.pages, "page"))"
        if summary.suppressed > 0 { text += "; \(summary.suppressed) suppressed" }
        text += "."
        if let baseline = summary.baseline {
            text += " Since the baseline: **\(baseline.new) new**, \(baseline.fixed) fixed, \(baseline.persisting) persisting."
        }
        if summary.navigations > 0, summary.classified == 0 {
            text += "\n\n> No navigation carries verdicts: the input was extracted but never classified, so no link findings can be reported."
        }
        return text + "\n"
    }

    static func baseline(_ report: Report) -> String {
        let newCount = report.summary.baseline?.new ?? 0
        let fixed = report.fixed.filter { $0.suppressed == nil }
        var out = "## Since the baseline\n\n"
        out += "Compared with \(MarkdownText.inline(report.baselineLabel ?? "the baseline")), matching page + URL + code "
            + "(query values and line numbers may differ).\n\n"
        out += "### New (\(newCount))\n\n"
        out += newCount == 0 ? "Nothing new since the baseline.\n\n"
            : findingTable(report.newListed, total: newCount, withLine: true, filter: "new")
        out += "### Fixed (\(fixed.count))\n\n"
        out += fixed.isEmpty ? "Nothing fixed since the baseline.\n\n"
            : findingTable(fixed, total: fixed.count, withLine: false, filter: "fixed")
        return out
    }

    /// The first `rowLimit` of `findings` by severity, then report order; `findings` holds
    /// at least the first `rowLimit` of each severity of the `total`.
    static func findingTable(_ findings: [Finding], total: Int, withLine: Bool, filter: String) -> String {
        var out = withLine
            ? MarkdownText.header(["severity", "code", "page", "line", "url", "profiles"], align: ["l", "l", "l", "r", "l", "l"])
            : MarkdownText.header(["severity", "code", "page", "url", "profiles"], align: ["l", "l", "l", "l", "l"])
        let sorted = findings.sorted { a, b in
            a.severity != b.severity ? a.severity > b.severity : Finding.ordered(a, b)
        }
        for finding in sorted.prefix(rowLimit) {
            var cells = [finding.severity.rawValue, finding.code, MarkdownText.inline(finding.page)]
            if withLine { cells.append(finding.line.map(String.init) ?? "") }
            cells += [MarkdownText.inline(finding.url), finding.profiles.joined(separator: ", ")]
            out += MarkdownText.row(cells)
        }
        if total > rowLimit {
            out += "\n… and \(total - rowLimit) more: filter findings.csv on baseline = \(filter).\n"
        }
        return out + "\n"
    }

    static func totals(_ report: Report, _ digest: PageDigest) -> String {
        let summary = report.summary
        var out = "## Totals\n\n" + MarkdownText.header(["", "count"], align: ["l", "r"])
        out += MarkdownText.row(["pages read", String(summary.pages - summary.unreadable)])
        out += MarkdownText.row(["pages unreadable", String(summary.unreadable)])
        out += archiveDamageTotals(digest)
        out += associationTotals(report)
        out += MarkdownText.row(["navigations", String(summary.navigations)])
        out += MarkdownText.row(["navigations classified", String(summary.classified)])
        for severity in Severity.allCases.reversed() {
            out += MarkdownText.row(["findings: \(severity.rawValue)", String(summary.bySeverity[severity] ?? 0)])
        }
        out += MarkdownText.row(["suppressed", String(summary.suppressed)])
        out += "\n" + classifiedMeaning + "\n"
        if digest.unreadable > 0 {
            out += "\n### Unreadable pages\n\n" + MarkdownText.header(["page", "reason"], align: ["l", "l"])
        }
        for page in digest.unreadableRows {
            out += MarkdownText.row([MarkdownText.inline(page.page), MarkdownText.inline(page.status)])
        }
        if digest.unreadable > rowLimit {
            out += "\n… and \(digest.unreadable - rowLimit) more: see pages.jsonl.\n"
        }
        return out + "\n"
    }

    /// What "classified" counts (Policies/Core/PageVisit.swift, `evaluates`).
    static let classifiedMeaning = "A navigation is *classified* when the runtime profiles decided what it does "
        + "(its verdicts are in links.jsonl). Declared app links (`metadata`), `<template>` content, `<noscript>` "
        + "content while JavaScript is on (script navigations while it is off) and every navigation of a run with "
        + "`--profiles none` are listed but not classified, and raise no link finding."

    static func suppressions(_ report: Report) -> String {
        var out = "## Suppressions\n\n"
        out += "Suppressed findings stay in findings.csv (column `suppressed`) and never fail the build.\n\n"
        out += MarkdownText.header(["suppression", "reason", "findings"], align: ["l", "l", "r"])
        for (rule, count) in report.suppressions {
            out += MarkdownText.row([MarkdownText.inline(rule.label), MarkdownText.inline(rule.reason), String(count)])
        }
        return out + "\n"
    }
}
