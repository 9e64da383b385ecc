import Checks

/// The summary's sections about codes, pages, schemes and the checks' own documentation.
extension SummaryMarkdown {
    static func codes(_ report: Report) -> String {
        var out = "## Findings by code\n\n"
        let codes = report.presentCodes
        guard !codes.isEmpty else { return out + "No findings.\n\n" }
        // A pie reads faster than the table below; GitHub and GitLab render Mermaid.
        out += "```mermaid\npie showData\n    title Findings by code\n"
        for code in codes.sorted(by: { (report.codeCounts[$0] ?? 0, $1) > (report.codeCounts[$1] ?? 0, $0) }) {
            out += "    \"\(mermaidLabel(code))\" : \(report.codeCounts[code] ?? 0)\n"
        }
        out += "```\n\n"
        let profiles = report.profiles
        out += MarkdownText.header(["code", "severity", "total"] + profiles,
                                   align: ["l", "l", "r"] + profiles.map { _ in "r" })
        for code in codes {
            let perProfile = profiles.map { profile in
                report.codeProfiles[code]?[profile].map(String.init) ?? "·"
            }
            out += MarkdownText.row(["[`\(code)`](#\(code.lowercased()))", report.severity(of: code).rawValue,
                                     String(report.codeCounts[code] ?? 0)] + perProfile)
        }
        out += "\nA navigation counts once per profile where its finding occurs; `total` counts findings.\n\n"
        return out
    }

    /// The pages with findings ranked by errors, from the page digest (`PageDigest`).
    static func pages(_ digest: PageDigest) -> String {
        var out = "## Pages by errors\n\n"
        guard digest.withFindings > 0 else { return out + "No page has findings.\n\n" }
        out += MarkdownText.header(["page", "errors", "warnings", "info", "navigations"], align: ["l", "r", "r", "r", "r"])
        for page in digest.ranked {
            out += MarkdownText.row([MarkdownText.inline(page.page), String(page.errors), String(page.warnings),
                                     String(page.infos), String(page.navigations)])
        }
        if digest.withFindings > rowLimit { out += "\n… and \(digest.withFindings - rowLimit) more pages with findings.\n" }
        out += "\n\(MarkdownText.plural(digest.clean, "page")) read without findings.\n\n"
        return out
    }

    /// Each table cut at `SchemeInventory.listedLimit` names, most-used first, the rest told
    /// in one line (`listedLimit` says why).
    static func inventory(_ inventory: SchemeInventory, findingsJSON: Bool) -> String {
        var out = "## Scheme inventory\n\n"
        out += "Every link that leaves the web: the apps these pages expect a WebView to launch.\n\n"
        let limit = SchemeInventory.listedLimit
        let schemes = inventory.listed(packages: false, limit: limit)
        guard !schemes.entries.isEmpty else { return out + "No links to other schemes.\n\n" }
        out += MarkdownText.header(["scheme", "links", "pages", "on"], align: ["l", "r", "r", "l"])
        for entry in schemes.entries { out += inventoryRow(entry) }
        out += inventoryRest(schemes, "scheme", findingsJSON: findingsJSON)
        let packages = inventory.listed(packages: true, limit: limit)
        if !packages.entries.isEmpty {
            out += "\n### `intent://` packages\n\n"
            out += MarkdownText.header(["package", "links", "pages", "on"], align: ["l", "r", "r", "l"])
            for entry in packages.entries { out += inventoryRow(entry) }
            out += inventoryRest(packages, "package", findingsJSON: findingsJSON)
        }
        return out + "\n"
    }

    /// The line under a cut table: how many names and links it leaves out, and where they
    /// are all listed.
    private static func inventoryRest(_ listed: SchemeInventory.Listed, _ noun: String, findingsJSON: Bool) -> String {
        guard listed.moreNames > 0 else { return "" }
        let whereListed = findingsJSON ? "see findings.json" : "findings.json (`--format json`) lists every one"
        return "\n… and \(MarkdownText.plural(listed.moreNames, "more \(noun)")) "
            + "(\(MarkdownText.plural(listed.moreLinks, "link"))): \(whereListed).\n"
    }

    /// A name's first pages (all an inventory that kept only those has: `Listing.firstPages`).
    private static func inventoryRow(_ entry: SchemeInventory.Entry) -> String {
        let shown = SchemeInventory.firstPagesLimit
        var on = entry.pages.prefix(shown).map { MarkdownText.inline($0, limit: 80) }.joined(separator: "<br>")
        if entry.pageCount > shown { on += "<br>+\(entry.pageCount - shown) more" }
        return MarkdownText.row([MarkdownText.inline(entry.name), String(entry.links), String(entry.pageCount), on])
    }

    static func checkDocs(_ report: Report) -> String {
        let checks = report.presentCodes.compactMap(Checks.named)
        guard !checks.isEmpty else { return "" }
        var out = "## What the findings mean and what to do\n"
        for check in checks {
            out += "\n### \(check.code)\n\n"
            out += "**\(MarkdownText.prose(check.title))** — severity `\(report.severity(of: check.code).rawValue)`"
            if report.severity(of: check.code) != check.severity { out += " (default `\(check.severity.rawValue)`)" }
            out += ".\n\n" + checkHelp(check) + "\n"
        }
        return out
    }

    /// A check's own documentation as Markdown (also SARIF's rule help). The checks are
    /// plain text that mentions tags (`<a href>`): those must show, not render.
    static func checkHelp(_ check: Check) -> String {
        "**What it means.** \(MarkdownText.prose(check.meaning))\n\n"
            + "**Why it hurts.** \(MarkdownText.prose(check.impact))\n\n"
            + "**What to do.** \(MarkdownText.prose(check.advice))"
    }

    /// Mermaid labels are quoted: keep to the characters finding codes use.
    static func mermaidLabel(_ code: String) -> String {
        String(code.unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
            .map(Character.init))
    }
}
