import Associations
import WHATWGURL

/// A host's two association files, fetched as the platforms fetch them: over HTTPS, once,
/// no redirect followed.
///
/// * `https://host/.well-known/apple-app-site-association`, then
///   `https://host/apple-app-site-association` when the first is missing (a 4xx);
/// * `https://host/.well-known/assetlinks.json`, and the files its `include` statements
///   name (HTTPS only, at most `maxIncludes` per host), their statements added to its own.
///
/// A 4xx is "no file": no finding, and nothing opens an app through the host. No answer at
/// all (DNS, timeout, connection, refused address, 408/429 after retries) leaves the host
/// to the device profile's declarations. A TLS failure is a problem of the file: the
/// platforms fetch it only with a trusted certificate.
struct HostAssociationFetcher: Sendable {
    static let maxIncludes = 10

    let http: AssociationHTTP

    func fetch(host: String) -> [AssociationFile] {
        [apple(host), android(host)]
    }

    func apple(_ host: String) -> AssociationFile {
        let wellKnown = url(host, "/.well-known/apple-app-site-association")
        let first = http.get(wellKnown)
        if case .success(let response) = first, Self.isMissing(response.status) {
            let root = url(host, "/apple-app-site-association")
            let second = http.get(root)
            if case .success(let fallback) = second, Self.isMissing(fallback.status) {
                return .absent(.apple, url: wellKnown, status: response.status,
                               note: "and HTTP \(fallback.status) at /apple-app-site-association")
            }
            return file(.apple, root, second)
        }
        return file(.apple, wellKnown, first)
    }

    func android(_ host: String) -> AssociationFile {
        let location = url(host, "/.well-known/assetlinks.json")
        let result = http.get(location)
        guard case .success(let stored) = result, !Self.isMissing(stored.status), !Self.isUnanswered(stored.status),
              !stored.cut else { return file(.android, location, result) }
        let response = Self.associationResponse(location, stored)
        guard var links = AssetLinks.read(response).value, !links.includes.isEmpty else { return file(.android, location, result) }
        var extra: [AssociationProblem] = []
        var queue = links.includes
        var seen: Set<String> = [location.href]
        var fetched = 0
        links.includes = []
        while !queue.isEmpty {
            let include = queue.removeFirst()
            guard seen.insert(include.href).inserted else { continue }
            guard fetched < Self.maxIncludes else {
                extra.append(.warning("more than \(Self.maxIncludes) include files: \(include.href) and any after it are not read"))
                break
            }
            fetched += 1
            switch http.get(include) {
            case .failure(let failure):
                extra.append(.error("include \(include.href): \(failure.pageStatus): its statements are not used"))
            case .success(let answer):
                let included = AssetLinks.read(Self.associationResponse(include, answer))
                extra += included.problems.map { AssociationProblem($0.severity, "include \(include.href): " + $0.reason) }
                if let more = included.value {
                    links.statements += more.statements
                    queue += more.includes
                }
            }
        }
        var file = AssociationFile.read(.android, url: location, response, extraProblems: extra)
        file.sites.set(.usable(links), androidForHost: host)
        return file
    }

    private func file(_ kind: AssociationFile.Kind, _ url: WebURL,
                      _ result: Result<StoredResponse, FetchFailure>) -> AssociationFile {
        switch result {
        case .failure(.tls(let message)):
            return .rejected(kind, url: url, problem: "TLS failure (\(message)): \(kind.platform) fetches the file only "
                + "over HTTPS with a trusted certificate")
        case .failure(let failure):
            return .unreachable(kind, url: url, reason: failure.pageStatus)
        case .success(let stored) where Self.isUnanswered(stored.status):
            return .unreachable(kind, url: url, reason: "HTTP \(stored.status)")
        case .success(let stored) where Self.isMissing(stored.status):
            return .absent(kind, url: url, status: stored.status)
        case .success(let stored):
            return .read(kind, url: url, Self.associationResponse(url, stored), cut: stored.cut)
        }
    }

    /// `host` is a hostname a URL gave (`AssociationHosts`), so the URL always parses.
    private func url(_ host: String, _ path: String) -> WebURL {
        WebURL.parse("https://" + host + path)!
    }

    /// 4xx but 408 and 429: the file is not there.
    static func isMissing(_ status: Int) -> Bool { (400...499).contains(status) && !isUnanswered(status) }

    /// Timed out or rate-limited even after the retries: the server did not say.
    static func isUnanswered(_ status: Int) -> Bool { status == 408 || status == 429 }

    /// The HTTP facts the serving rules judge. A redirect is not followed: it is recorded
    /// as where it points.
    static func associationResponse(_ url: WebURL, _ stored: StoredResponse) -> AssociationResponse {
        if (300...399).contains(stored.status), let location = stored.headers["Location"] {
            return AssociationResponse(finalURL: WebURL.parse(location, base: url) ?? url, status: stored.status,
                                       redirected: true, contentType: stored.headers["Content-Type"], body: [])
        }
        return AssociationResponse(finalURL: url, status: stored.status, contentType: stored.headers["Content-Type"],
                                   body: stored.body)
    }
}
