import LinkAuditModel

/// The reasons of the page visit itself (`PageVisit`, `PageReach`): a navigation the visit
/// never reaches gets one of them with outcome `unreached`, on every profile of the engine
/// whose rule it is, and the profile is not asked.
extension Reason {
    /// An earlier navigation, started while the page was parsed, stopped the parser
    /// before this navigation existed (Docs/PLATFORM.md §F.15, rule 27).
    public static let parserStopped = Reason("parser-stopped")
    /// An earlier navigation of the frame cancelled this meta refresh (§F.15, rule 28).
    public static let refreshCancelled = Reason("refresh-cancelled")
}
