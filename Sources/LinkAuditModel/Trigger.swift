/// How a navigation is started. The policies map each trigger to the platform inputs
/// (`hasGesture`, `isRedirect`, `WKNavigationType`), so the names are a contract:
/// they appear in `links.jsonl` and in `linkaudit explain` requests.
public enum Trigger: String, Codable, Sendable, CaseIterable {
    /// Activation of an `<a>` or `<area>` by the user.
    case tap
    /// A GET form submission (by a submit button, so with a gesture).
    case formGet = "form-get"
    /// A POST form submission: Android never offers it to `shouldOverrideUrlLoading`.
    case formPost = "form-post"
    /// `<meta http-equiv=refresh>`: renderer-initiated, no gesture, not a redirect.
    case metaRefresh = "meta-refresh"
    /// An iframe / frame / object / embed loading its source.
    case frameLoad = "frame-load"
    /// Script that runs at page load with no user input.
    case scriptLoad = "script-load"
    /// A timer started at page load; `delayMs` is its delay.
    case scriptTimer = "script-timer"
    /// Synchronous code inside a user-activation event handler: carries a gesture.
    case scriptHandler = "script-handler"
    /// Inside a handler but after a timer or promise boundary; `delayMs` when known.
    case scriptAsync = "script-async"
    /// Declared app links (link rel=alternate, al:*, Smart App Banner): an inventory.
    case metadata
    /// A deep-link literal in a script or a JSON block that no navigation reaches (a QR
    /// code's payload, a native bridge's argument, console output, an unused variable):
    /// data, listed for the inventory, judged by no runtime.
    case scriptLiteral = "script-literal"
    /// An HTTP 3xx `Location` met while fetching (or archived in a WARC).
    case serverRedirect = "server-redirect"
}

extension Trigger {
    /// An inventory, not a navigation: no runtime profile decides it, no check fires on it.
    public var isInventory: Bool {
        self == .metadata || self == .scriptLiteral
    }
}
