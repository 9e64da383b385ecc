import WHATWGURL

/// One page of a live crawl, ready to be read: one HTTP response — a hop of a redirect
/// chain or the page a chain ends on — or the failure to get one.
public struct FetchedPage: Sendable {
    /// The URL requested.
    public var page: String
    public var response: FetchResponse?
    /// The page status when fetching decides it: a failed request, a chain that ends
    /// badly (`redirect-loop: …`), robots.txt, an input that is not a URL.
    public var failure: String?
    /// Link hops from an input URL.
    public var depth: Int
    /// On a chain's last hop: the crawl's number for it, so the links read from it come
    /// back to the crawler (`Crawler.report`).
    var ticket: Int?

    public init(page: String, response: FetchResponse?, failure: String? = nil, depth: Int) {
        self.page = page
        self.response = response
        self.failure = failure
        self.depth = depth
    }
}

/// Fetches a URL and follows its redirects hop by hop, each hop a request of its own (so
/// each is guarded and recorded). Hands back every hop, the last one first-class: the page
/// the chain ends on, or the hop whose status says why it ended. With `robots`, every hop
/// the crawl chose itself is checked against robots.txt before it is fetched: a redirect
/// does not lead the crawl where the site asked it not to go.
final class RedirectFollower: Sendable {
    let client: FetchClient
    let rules: RedirectRules
    let maxBytes: Int
    let acceptedTypes: Set<String>?
    let robots: RobotsCache?

    init(client: FetchClient, rules: RedirectRules, maxBytes: Int, acceptedTypes: Set<String>?, robots: RobotsCache? = nil) {
        self.client = client
        self.rules = rules
        self.maxBytes = maxBytes
        self.acceptedTypes = acceptedTypes
        self.robots = robots
    }

    /// `named`: the user asked for `url` by name (an input), so robots.txt does not hold
    /// back its first request; the hops it redirects to are the crawl's own choice.
    func follow(_ url: WebURL, depth: Int, named: Bool = true, completion: @escaping @Sendable ([FetchedPage]) -> Void) {
        step(url, chain: [], pages: [], depth: depth, checkRobots: !named, completion: completion)
    }

    private func step(_ url: WebURL, chain: [WebURL], pages: [FetchedPage], depth: Int, checkRobots: Bool,
                      completion: @escaping @Sendable ([FetchedPage]) -> Void) {
        guard checkRobots, let robots else {
            return request(url, chain: chain, pages: pages, depth: depth, completion: completion)
        }
        robots.check(url) { [self] verdict in
            switch verdict {
            case .allowed:
                request(url, chain: chain, pages: pages, depth: depth, completion: completion)
            case .disallowed(let reason):
                completion(pages + [FetchedPage(page: url.href, response: nil, failure: reason, depth: depth)])
            }
        }
    }

    private func request(_ url: WebURL, chain: [WebURL], pages: [FetchedPage], depth: Int,
                         completion: @escaping @Sendable ([FetchedPage]) -> Void) {
        let chain = chain + [url]
        client.fetch(FetchRequest(url: url, maxBytes: maxBytes, acceptedTypes: acceptedTypes)) { [self] result in
            switch result {
            case .failure(let failure):
                completion(pages + [FetchedPage(page: url.href, response: nil, failure: failure.pageStatus, depth: depth)])
            case .success(let response):
                var page = FetchedPage(page: url.href, response: response, depth: depth)
                switch rules.next(status: response.status, location: response.location, chain: chain) {
                case .done:
                    completion(pages + [page])
                case .end(let status):
                    page.failure = status
                    completion(pages + [page])
                case .follow(let next):
                    step(next, chain: chain, pages: pages + [page], depth: depth, checkRobots: true, completion: completion)
                }
            }
        }
    }
}
