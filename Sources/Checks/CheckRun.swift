import LinkAuditModel
import Policies

/// Runs the checks over one classified page: each navigation with verdicts gets the
/// findings its verdicts raise. Navigations that share a key (`ClassifiedPage.sharing`)
/// share their verdict set, so they are judged once.
public struct CheckRun: Sendable {
    public var checks: [Check]

    public init(checks: [Check] = Checks.all) {
        self.checks = checks
    }

    public func apply(to page: ClassifiedPage) -> [Navigation] {
        var out = page.navigations
        var shared: [UInt64: [FindingRef]] = [:]
        for i in out.indices where out[i].verdicts != nil {
            let key = page.sharing.isEmpty ? nil : page.sharing[i]
            if let key, let findings = shared[key] {
                out[i].findings = findings
                continue
            }
            let found = findings(out[i])
            out[i].findings = found
            if let key { shared[key] = found }
        }
        return out
    }

    /// The findings of one navigation with its verdicts, in the checks' order.
    public func findings(_ navigation: Navigation) -> [FindingRef] {
        checks.compactMap { check in
            let profiles = check.profiles(navigation)
            return profiles.isEmpty ? nil : FindingRef(code: check.code, profiles: profiles)
        }
    }
}
