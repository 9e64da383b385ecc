import Checks
import LinkAuditModel
import Policies

extension Classifier {
    /// The whole classify stage as the audit runs it: every profile's verdicts, then the
    /// findings they raise.
    public func audit(_ navigations: [Navigation], checks: CheckRun = CheckRun()) -> [Navigation] {
        checks.apply(to: classify(navigations))
    }
}
