import LinkAuditModel

/// When a run fails a CI job (`--fail-on`, `--fail-on-new`): exit 1 when active findings
/// at or above the level exist — only new ones when gating on a baseline — and 0
/// otherwise. Suppressed and fixed findings never count. (Exit 2, usage errors, is the
/// command line's.)
public struct FailPolicy: Sendable, Equatable {
    public enum Level: String, CaseIterable, Sendable {
        case error, warning, never
    }

    public var level: Level
    /// Gate on findings new since the baseline only.
    public var onlyNew: Bool

    public init(level: Level = .error, onlyNew: Bool = false) {
        self.level = level
        self.onlyNew = onlyNew
    }

    /// From the flags; `--fail-on-new` without `--baseline` is a usage error (there is
    /// nothing to be new against).
    public static func parse(failOn: String?, onlyNew: Bool, hasBaseline: Bool) throws -> FailPolicy {
        var policy = FailPolicy(onlyNew: onlyNew)
        if let failOn {
            guard let level = Level(rawValue: failOn.lowercased()) else {
                throw LinkAuditError.usage("--fail-on takes error, warning or never, not '\(failOn)'")
            }
            policy.level = level
        }
        if onlyNew, !hasBaseline {
            throw LinkAuditError.usage("--fail-on-new needs --baseline (the previous run to compare with)")
        }
        return policy
    }

    /// The findings that fail the run (0 passes). With `onlyNew` and no baseline in the
    /// summary every finding counts as new.
    public func failing(_ summary: ReportSummary) -> Int {
        switch level {
        case .never: return 0
        case .error: return summary.count(atLeast: .error, onlyNew: onlyNew)
        case .warning: return summary.count(atLeast: .warning, onlyNew: onlyNew)
        }
    }

    public func exitCode(_ summary: ReportSummary) -> Int32 {
        failing(summary) > 0 ? 1 : 0
    }

    /// Why the run failed, for stderr; nil when it passes.
    public func explanation(_ summary: ReportSummary) -> String? {
        let count = failing(summary)
        guard count > 0 else { return nil }
        let which = onlyNew ? " new" : ""
        let noun = count == 1 ? "finding" : "findings"
        return "\(count)\(which) \(noun) at or above \(level.rawValue) (--fail-on \(level.rawValue)\(onlyNew ? " --fail-on-new" : ""))"
    }
}
