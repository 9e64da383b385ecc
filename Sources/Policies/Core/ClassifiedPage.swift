import LinkAuditModel

/// One page's navigations with their verdicts, as the policy stage hands them to the
/// checks.
public struct ClassifiedPage: Sendable {
    /// In page order; a navigation no profile looks at (`PageVisit.evaluates`) has no verdicts.
    public var navigations: [Navigation]
    /// Per navigation (or empty when nothing was shared): a key that navigations every
    /// profile decided alike have in common. They hold the very same verdict set, so the
    /// checks, which read only the verdicts, the frame and the scheme of such web links,
    /// judge them once.
    public var sharing: [UInt64?]

    public init(navigations: [Navigation], sharing: [UInt64?]) {
        self.navigations = navigations
        self.sharing = sharing
    }
}
