import Associations
import Foundation
import WHATWGURL

/// GETs one association file as the platforms do — once, no redirect followed — through
/// the crawl's `FetchClient` (address guard, politeness, retries) and the `--cache` folder.
/// URLs are always the `https://host/…` the platforms fetch; a test may serve a host from
/// another base URL (`FetchOptions.associationServers`).
struct AssociationHTTP: Sendable {
    /// The size past which a file is not read (`AssociationFile.maxBytes`).
    static let maxBytes = AssociationFile.maxBytes

    let client: FetchClient
    let cache: AssociationCache?
    let servers: [String: String]

    func get(_ url: WebURL) -> Result<StoredResponse, FetchFailure> {
        let entry = cache?.load(url)
        if let entry, let cache, cache.isFresh(entry) { return .success(entry.response) }
        var headers = ["Accept": "application/json"]
        if let entry {
            let stored = entry.response.headers
            if let tag = stored["ETag"] { headers["If-None-Match"] = tag }
            if let modified = stored["Last-Modified"] { headers["If-Modified-Since"] = modified }
        }
        let request = FetchRequest(url: served(url), maxBytes: Self.maxBytes, headers: headers)
        switch client.fetch(request) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let fetched):
            if fetched.status == 304, let entry, let cache {
                return .success(cache.refresh(entry, for: url, with: fetched.headers))
            }
            let response = StoredResponse(status: fetched.status, headers: fetched.headers, body: fetched.body, cut: fetched.cut)
            cache?.store(response, for: url)
            return .success(response)
        }
    }

    /// Where `url` is actually requested.
    func served(_ url: WebURL) -> WebURL {
        guard let host = url.hostname, let base = servers[host] else { return url }
        return WebURL.parse(base + url.pathname + url.search) ?? url
    }
}
