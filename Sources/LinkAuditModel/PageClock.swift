/// Milliseconds on a page's clock: the delays the extraction records (`Navigation.delayMs`)
/// and the times the classifier places navigations at. Every such number comes from
/// outside — a page's script or refresh, a WARC or HTTP `Refresh` header, an explain
/// request, a pipeline config — so it is kept to a range where it enters, and the clock
/// adds with saturating arithmetic (Docs/PLATFORM.md §F.13).
public enum PageClock {
    /// The longest delay a navigation carries: 2,147,483,647 ms (about 24.8 days). It is
    /// the longest a timer can wait — `setTimeout`'s delay is a WebIDL `long` — and more
    /// than the longest refresh Chromium and WebKit schedule (INT32_MAX / 1000 seconds).
    /// Nested timers whose delays add up to more are kept at it.
    public static let maxDelayMs = 2_147_483_647

    /// `ms` within 0…`maxDelayMs`.
    @inlinable public static func delay(_ ms: Int) -> Int {
        min(max(ms, 0), maxDelayMs)
    }

    /// `a + b`, held at `Int`'s bounds instead of trapping.
    @inlinable public static func sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : value
    }

    /// `a - b`, held at `Int`'s bounds instead of trapping.
    @inlinable public static func difference(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? .max : .min) : value
    }

    /// `a × b`, held at `Int`'s bounds instead of trapping.
    @inlinable public static func product(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) == (b < 0) ? .max : .min) : value
    }
}
