import LinkAuditModel

/// One page's navigations with their verdicts, as the policy stage hands them to the
/// checks (`CheckRun.apply`) when they are classified without a judge.
public struct ClassifiedPage: Sendable {
    /// In page order; a navigation no profile looks at (`PageVisit.evaluates`) has no verdicts.
    public var navigations: [Navigation]

    public init(navigations: [Navigation]) {
        self.navigations = navigations
    }
}
