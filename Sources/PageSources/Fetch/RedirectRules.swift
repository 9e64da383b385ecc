import WHATWGURL

/// What comes after a response in a chain the crawler follows itself. An `http(s)`
/// `Location` is fetched next (through the guard, like any request); any other scheme — a
/// deep link, `intent:`, `file:` — is never fetched: the hop's `http[Location]` navigation
/// is what the policies judge. A chain that comes back to a URL it has visited, or runs
/// past the limit, ends with a status saying so.
public struct RedirectRules: Sendable {
    public var maxRedirects: Int
    /// With cookies a server may redirect A → B → A and then serve A (B set a cookie); a
    /// loop is then a URL seen twice before.
    public var cookies: Bool

    public init(maxRedirects: Int, cookies: Bool = false) {
        self.maxRedirects = maxRedirects
        self.cookies = cookies
    }

    public enum Next: Sendable, Equatable {
        /// Not a redirect, or one to a URL that is not fetched: the chain is complete.
        case done
        case follow(WebURL)
        /// The chain ends here and this hop's page status says why.
        case end(String)
    }

    /// `chain`: the URLs fetched so far, this response's last.
    public func next(status: Int, location: String?, chain: [WebURL]) -> Next {
        guard (300...399).contains(status), let location, let current = chain.last else { return .done }
        guard let target = WebURL.parse(location, base: current) else {
            return .end("bad-redirect: Location '\(location)' is not a URL")
        }
        guard target.scheme == "http" || target.scheme == "https" else { return .done }
        let next = CrawlURLForm.normalize(target)
        let visits = chain.filter { $0.href == next.href }.count
        if visits >= (cookies ? 2 : 1) {
            return .end("redirect-loop: \(current.href) redirects back to \(next.href)")
        }
        if chain.count > maxRedirects {
            return .end("too-many-redirects: more than \(maxRedirects)")
        }
        return .follow(next)
    }
}
