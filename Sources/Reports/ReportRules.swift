import Checks
import LinkAuditModel

/// How findings are judged in one run: severity overrides (`--severity CODE=level` and the
/// config's `severity`) and suppressions (the config's `suppress`).
public struct ReportRules: Sendable, Equatable {
    /// code → severity, replacing the check's own.
    public var severities: [String: Severity]
    public var suppressions: [Suppression]

    public init(severities: [String: Severity] = [:], suppressions: [Suppression] = []) {
        self.severities = severities
        self.suppressions = suppressions
    }

    public func severity(for code: String) -> Severity {
        severities[code] ?? Checks.severity(of: code) ?? .warning
    }

    /// The first suppression that matches, in config order.
    public func suppression(for finding: Finding) -> Suppression? {
        suppressions.first { $0.matches(finding) }
    }

    /// The index of the first suppression that matches a finding of `code` on `page` at
    /// `url` (the finding need not be made).
    func firstSuppression(code: String, page: String, url: String) -> Int? {
        suppressions.isEmpty ? nil : suppressions.firstIndex { $0.matches(code: code, page: page, url: url) }
    }

    /// Adds `--severity CODE=level` flags (they win over the config). Unknown codes and
    /// levels are usage errors naming the flag.
    public mutating func apply(severityFlags: [String]) throws {
        for flag in severityFlags {
            let parts = flag.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw LinkAuditError.usage("--severity takes CODE=LEVEL (error, warning or info), not '\(flag)'")
            }
            let code = String(parts[0]).uppercased()
            severities[code] = try Self.level(String(parts[1]), code: code, context: "--severity")
        }
    }

    package static func level(_ text: String, code: String, context: String) throws -> Severity {
        guard Checks.named(code) != nil else {
            throw LinkAuditError.usage("\(context): unknown finding code '\(code)' (see 'linkaudit checks')")
        }
        guard let severity = Severity(rawValue: text.lowercased()) else {
            throw LinkAuditError.usage("\(context): level for \(code) must be error, warning or info, not '\(text)'")
        }
        return severity
    }
}

/// Accepts known findings: they are reported (marked suppressed, with the reason) and
/// counted, but never fail a build. At least one of `page` and `url` is required, so a
/// suppression cannot silence a code everywhere by accident (use `--severity` for that).
public struct Suppression: Sendable, Equatable {
    /// Only this code; nil for every code.
    public var code: String?
    public var page: Glob?
    public var url: Glob?
    public var reason: String

    public init(code: String? = nil, page: Glob? = nil, url: Glob? = nil, reason: String) {
        self.code = code
        self.page = page
        self.url = url
        self.reason = reason
    }

    public func matches(_ finding: Finding) -> Bool {
        matches(code: finding.code, page: finding.page, url: finding.url)
    }

    func matches(code: String, page: String, url: String) -> Bool {
        if let wanted = self.code, wanted != code { return false }
        if let pattern = self.page, !pattern.matches(page) { return false }
        if let pattern = self.url, !pattern.matches(url) { return false }
        return self.page != nil || self.url != nil
    }

    /// One line naming the suppression in the summary.
    public var label: String {
        var parts: [String] = []
        if let code { parts.append("code \(code)") }
        if let page { parts.append("page \(page.pattern)") }
        if let url { parts.append("url \(url.pattern)") }
        return parts.joined(separator: ", ")
    }
}
