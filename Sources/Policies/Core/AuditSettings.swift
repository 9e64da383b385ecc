/// How the app hosts the page and what the simulator assumes where a page does not say.
/// Every field is a documented assumption the report can name; all are settable from
/// a pipeline config and from `linkaudit explain`.
public struct AuditSettings: Codable, Sendable, Equatable {
    /// How the app enters the page.
    public enum Entry: String, Codable, Sendable {
        /// `WebView.loadUrl` / `WKWebView.load`: no user intent comes with the page.
        case loadUrl
        /// The PayerMax guide's `loadUrlByUser`: opens Android's activation window at load and
        /// marks iOS interaction and a user-initiated load.
        case loadUrlByUser
    }

    /// How a system browser reached the page (Chrome's navigation chain start).
    public enum BrowserEntry: String, Codable, Sendable {
        /// The user tapped a link to the page (a gesture chain starts).
        case linkTap
        /// Typed, bookmarked or opened from another app: browser-initiated.
        case typed
    }

    public var entry: Entry = .loadUrl
    public var browserEntry: BrowserEntry = .linkTap
    /// Time from the start of the load to load scripts running, placing `script-timer`
    /// delays on the activation windows' clock.
    public var pageLoadMs: Int = 1000
    /// Delay assumed for `script-async` code whose wait is unknown (`fetch().then`):
    /// the PayerMax guide measured 2.75–5.36 s from tap to deep link on checkout pages.
    public var assumedAsyncDelayMs: Int = 3000
    /// Checkout WebViews enable JavaScript; Android's own default is off.
    public var javaScriptEnabled: Bool = true
    /// How the host app entered each page, step by step (`HostEntry`), when more than the
    /// one-step `entry` is wanted: `entry` is then the sequence's (`HostEntry.entry`) and the
    /// Android activation window opened by the last `loadUrlByUser` starts
    /// `HostEntry.msFromUserLoadToPage` before the page's load. The last step stands for the
    /// page itself. Nil (the default): `entry` alone, as before.
    public var hostEntry: HostEntry?

    public init() {}
}
