import Checks
import LinkAuditModel
import Policies

extension Classifier {
    /// The whole classify stage as the audit runs it: every profile's verdicts, then the
    /// findings they raise.
    public func audit(_ navigations: [Navigation], checks: CheckRun = .standard) -> [Navigation] {
        var navigations = navigations
        audit(&navigations, checks: checks)
        return navigations
    }

    /// The same in place: a page's navigations are not copied to be given their verdicts.
    public func audit(_ navigations: inout [Navigation], checks: CheckRun = .standard) {
        classify(&navigations, judge: checks.judge)
    }
}
