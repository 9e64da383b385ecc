import Checks
import Foundation
import LinkAuditModel

/// The report section of a configuration file (`--config FILE`), strict like every
/// config here: a misspelt key is an error naming it, never a setting silently ignored.
///
///     {
///       "severity": { "LANDING_PAGE_STAYS": "info" },
///       "suppress": [
///         { "code": "ERR_UNKNOWN_URL_SCHEME", "url": "mailto:*",
///           "reason": "the app shell hands mailto: to the mail app" },
///         { "page": "https://shop.example/legacy/*", "reason": "retired in June" }
///       ]
///     }
///
/// It decodes on its own or nested in a larger config (a pipeline's `report` key).
public struct ReportConfig: Decodable, Sendable {
    public var rules: ReportRules

    private enum Keys: String, CodingKey, CaseIterable { case severity, suppress }

    public init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: Keys.self)
        let container = try decoder.container(keyedBy: Keys.self)
        var severities: [String: Severity] = [:]
        // In code order: of several bad levels, the same one is named each time.
        let levels = try container.decodeIfPresent([String: String].self, forKey: .severity) ?? [:]
        for (code, level) in levels.sorted(by: <) {
            severities[code] = try ReportRules.level(level, code: code, context: "severity")
        }
        let suppressions = try container.decodeIfPresent([SuppressionEntry].self, forKey: .suppress) ?? []
        rules = ReportRules(severities: severities, suppressions: suppressions.map(\.suppression))
    }

    /// Reads `path`; every problem is a usage error naming the file (exit code 2).
    public static func load(_ path: String) throws -> ReportRules {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LinkAuditError.usage("--config: cannot read \(path)")
        }
        do {
            return try ConfigJSON.decode(ReportConfig.self, from: data).rules
        } catch let error as LinkAuditError {
            throw LinkAuditError.usage("\(path): \(error)")
        } catch {
            throw LinkAuditError.usage("\(path): \(JSONErrorText.describe(error))")
        }
    }
}

package struct SuppressionEntry: Decodable {
    package var suppression: Suppression

    private enum Keys: String, CodingKey, CaseIterable { case code, page, url, reason }

    package init(from decoder: Decoder) throws {
        try StrictKeys.check(decoder, allowed: Keys.self)
        let container = try decoder.container(keyedBy: Keys.self)
        let code = try container.decodeIfPresent(String.self, forKey: .code)
        if let code, Checks.named(code) == nil {
            throw LinkAuditError.usage("suppress: unknown finding code '\(code)' (see 'linkaudit checks')")
        }
        let page = try container.decodeIfPresent(String.self, forKey: .page)
        let url = try container.decodeIfPresent(String.self, forKey: .url)
        guard page != nil || url != nil else {
            throw LinkAuditError.usage("suppress: each entry needs a page or url pattern (use severity to demote a code everywhere)")
        }
        let reason = try container.decode(String.self, forKey: .reason)
        guard !reason.trimmingASCIIWhitespace.isEmpty else {
            throw LinkAuditError.usage("suppress: the reason must not be empty")
        }
        suppression = Suppression(code: code, page: page.map(Glob.init), url: url.map(Glob.init), reason: reason)
    }
}
