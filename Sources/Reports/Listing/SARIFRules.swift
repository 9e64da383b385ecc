import Checks
import LinkAuditModel

/// `runs[0].tool.driver.rules` of findings.sarif: one rule per finding code, with the
/// check's own documentation as the rule's help (what it means, why it hurts, what to
/// do) and `helpUri` at the code's section of `Docs/FINDINGS.md`. Texts are kept within
/// what GitHub code scanning stores (`SARIFLimits`).
enum SARIFRules {
    /// Where `Docs/FINDINGS.md` is published; each rule's `helpUri` is this plus the
    /// code's anchor (`ChecksReference.anchor`). SARIF wants an absolute URI here
    /// (§3.49.12), and the project has no public address yet: `linkaudit.invalid` is the
    /// domain it names itself by until it has one.
    static let findingsDocument = "https://linkaudit.invalid/Docs/FINDINGS.md"

    static func helpURI(_ code: String) -> String {
        findingsDocument + "#" + ChecksReference.anchor(code)
    }

    /// A rule, its braces at indent 12.
    static func append(_ code: String, report: Report, to out: inout ByteBuffer) {
        let level = FindingsSARIF.level(report.severity(of: code))
        out.append("{")
        PrettyJSON.member("id", code, first: true, indent: 14, to: &out)
        guard let check = Checks.named(code) else {
            // A code from a links.jsonl of another linkaudit version: code scanning needs
            // the descriptions and help all the same.
            let text = "A finding code this version of linkaudit does not know (read from an earlier run's links.jsonl)."
            appendText("shortDescription", "Finding code unknown to this linkaudit", to: &out)
            appendText("fullDescription", text, to: &out)
            PrettyJSON.key("help", indent: 14, to: &out)
            out.append("{")
            PrettyJSON.member("text", text + " See `linkaudit checks` for the codes it knows.", first: true, indent: 16, to: &out)
            PrettyJSON.close(0x7D, indent: 14, to: &out)
            appendText("defaultConfiguration", level, key: "level", to: &out)
            PrettyJSON.close(0x7D, indent: 12, to: &out)
            return
        }
        PrettyJSON.member("name", SARIFLimits.clipped(ruleName(code), to: SARIFLimits.ruleNameCharacters), indent: 14, to: &out)
        appendText("shortDescription", SARIFLimits.clipped(check.title, to: SARIFLimits.descriptionCharacters), to: &out)
        appendText("fullDescription", SARIFLimits.clipped(check.meaning, to: SARIFLimits.descriptionCharacters), to: &out)
        PrettyJSON.member("helpUri", helpURI(code), indent: 14, to: &out)
        PrettyJSON.key("help", indent: 14, to: &out)
        out.append("{")
        PrettyJSON.member("text", "What it means. \(check.meaning)\n\nWhy it hurts. \(check.impact)\n\nWhat to do. \(check.advice)",
                          first: true, indent: 16, to: &out)
        PrettyJSON.member("markdown", SummaryMarkdown.checkHelp(check), indent: 16, to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
        appendText("defaultConfiguration", level, key: "level", to: &out)
        PrettyJSON.key("properties", indent: 14, to: &out)
        out.append("{")
        PrettyJSON.key("tags", first: true, indent: 16, to: &out)
        PrettyJSON.strings(tags(check), to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
        PrettyJSON.close(0x7D, indent: 12, to: &out)
    }

    /// What code scanning filters results by (at most `SARIFLimits.tagsPerRule`).
    static func tags(_ check: Check) -> [String] {
        ["webview", "deep-link", check.scope == .page ? "page" : "navigation"]
    }

    /// `ErrUnknownUrlScheme` from `ERR_UNKNOWN_URL_SCHEME`.
    static func ruleName(_ code: String) -> String {
        code.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// A rule's member holding an object of one string, `"name": {"text": "…"}`.
    private static func appendText(_ name: StaticString, _ text: String, key: StaticString = "text",
                                   to out: inout ByteBuffer) {
        PrettyJSON.key(name, indent: 14, to: &out)
        out.append("{")
        PrettyJSON.member(key, text, first: true, indent: 16, to: &out)
        PrettyJSON.close(0x7D, indent: 14, to: &out)
    }
}
