/// A runtime as a web server tells it apart: its platform, and whether pages show in an
/// app's web view or in the platform's own browser. Checkout pages differ by it
/// (`intent://` for Android, a `wv` user agent for web views), so a crawl fetches pages as
/// the family of the runtimes audited.
public struct RuntimeFamily: Hashable, Sendable {
    public var platform: Platform
    /// The platform's browser (Chrome, Safari), not an app's web view.
    public var isBrowser: Bool

    public init(platform: Platform, isBrowser: Bool) {
        self.platform = platform
        self.isBrowser = isBrowser
    }
}
