import Foundation
import LinkAuditModel
import WHATWGURL

/// robots.txt for each origin the crawl goes to, fetched once per run (RFC 9309 §2.3):
/// redirects followed up to five; a 4xx means no rules; a 5xx, a 429 or no answer means
/// everything is disallowed. An origin the address guard refuses gets no rules here: the
/// page's own fetch is refused and says why.
final class RobotsCache: @unchecked Sendable {
    enum Verdict: Sendable, Equatable {
        case allowed
        /// The page status: `robots-disallowed: …`.
        case disallowed(String)
    }

    private struct Loaded {
        var file: RobotsTxt
        /// Why everything is disallowed, when the file could not be had.
        var unavailable: String?
    }

    private let lock = NSLock()
    private var loaded: [String: Loaded] = [:]
    private var waiting: [String: [@Sendable (Loaded) -> Void]] = [:]
    private let follower: RedirectFollower
    private let tokens: [String]

    init(client: FetchClient, tokens: [String]) {
        follower = RedirectFollower(client: client, rules: RedirectRules(maxRedirects: 5), maxBytes: 512 << 10,
                                    acceptedTypes: nil)
        self.tokens = tokens
    }

    func check(_ url: WebURL, completion: @escaping @Sendable (Verdict) -> Void) {
        let origin = url.origin
        let target = url.pathname + url.search
        let tokens = tokens
        let decide: @Sendable (Loaded) -> Void = { loaded in
            if let reason = loaded.unavailable {
                return completion(.disallowed("robots-disallowed: \(reason), so the whole site is"))
            }
            if let rule = loaded.file.disallowingRule(path: target, tokens: tokens) {
                return completion(.disallowed("robots-disallowed: Disallow: \(rule.pattern) in \(origin)/robots.txt"))
            }
            completion(.allowed)
        }
        let first: Bool = lock.withLock {
            if let done = loaded[origin] {
                FetchQueue.callbacks.async { decide(done) }
                return false
            }
            let isFirst = waiting[origin] == nil
            waiting[origin, default: []].append(decide)
            return isFirst
        }
        guard first, let robotsURL = WebURL.parse(origin + "/robots.txt") else { return }
        follower.follow(robotsURL, depth: 0) { [self] hops in
            let result = Self.interpret(hops.last)
            let waiters: [@Sendable (Loaded) -> Void] = lock.withLock {
                loaded[origin] = result
                return waiting.removeValue(forKey: origin) ?? []
            }
            for waiter in waiters { waiter(result) }
        }
    }

    private static func interpret(_ last: FetchedPage?) -> Loaded {
        guard let last else { return Loaded(file: .allowAll) }
        guard let response = last.response else {
            if last.failure?.hasPrefix("refused-address") == true { return Loaded(file: .allowAll) }
            return Loaded(file: .disallowAll, unavailable: "robots.txt is unreachable (\(last.failure ?? "no response"))")
        }
        switch response.status {
        case 200...299:
            return Loaded(file: RobotsTxt(String(decoding: response.body, as: UTF8.self)))
        case 429, 500...599:
            return Loaded(file: .disallowAll, unavailable: "robots.txt answered \(response.status)")
        default:
            return Loaded(file: .allowAll)  // 3xx the chain gave up on, 4xx: no rules
        }
    }
}
