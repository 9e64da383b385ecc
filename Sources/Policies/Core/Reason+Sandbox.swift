import LinkAuditModel

/// The reasons of a navigation a frame's sandbox blocks (`SandboxGate`): outcome `blocked`
/// on every profile of the engine whose rule it is, and the profile is not asked.
extension Reason {
    /// A sandboxed frame navigates the top-level page without `allow-top-navigation`
    /// (or `allow-top-navigation-by-user-activation` and a gesture): Blink refuses it
    /// (Docs/PLATFORM.md §F.17, rule 29).
    public static let sandboxTopNavigation = Reason("sandbox-top-navigation")
    /// A sandboxed frame opens a new window without `allow-popups` (§F.17, rule 29).
    public static let sandboxPopup = Reason("sandbox-popup")
    /// A sandboxed frame submits a form without `allow-forms` (§F.17, rule 29).
    public static let sandboxForm = Reason("sandbox-form")
    /// Chrome: a sandboxed frame navigates to an external protocol without
    /// `allow-top-navigation-to-custom-protocols` or what grants it (§F.17, rule 30).
    public static let sandboxExternalProtocol = Reason("sandbox-external-protocol")
}
