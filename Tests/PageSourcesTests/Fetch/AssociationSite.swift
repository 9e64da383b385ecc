import Foundation
@testable import Checks
@testable import Policies

/// A checkout page on 127.0.0.1 that links to wallet hosts (`https://good.test/pay/1`, …),
/// and those hosts' association files, valid and broken. Each host `name.test` is served
/// from `/name` on the same local server (`FetchOptions.associationServers`): the tests
/// never leave 127.0.0.1, while the files are judged as served from `https://name.test`.
final class AssociationSite: @unchecked Sendable {
    static let appID = "ABCDE12345.com.wallet.app"
    static let fingerprint = Checks.walletFingerprint

    /// Every wallet host, in the order the checkout page links to them.
    static let hosts = ["good", "badjson", "redirect", "fpcase", "noapplinks", "toolarge", "ctype", "missing", "rootaasa"]

    let server: TestHTTPServer
    /// Extra response headers for `/good/.well-known/…` (cache tests), and whether a
    /// matching `If-None-Match` gets a 304.
    private let lock = NSLock()
    private var goodHeaders: [(String, String)] = []

    init() throws {
        let box = Box()
        server = try TestHTTPServer { request in box.site?.respond(request) ?? .html("", status: 404) }
        box.site = self
    }

    private final class Box: @unchecked Sendable {
        weak var site: AssociationSite?
    }

    var base: String { server.base }
    func stop() { server.stop() }

    func setGoodHeaders(_ headers: [(String, String)]) { lock.withLock { goodHeaders = headers } }

    /// host → where its files are served from.
    var servers: [String: String] {
        Dictionary(uniqueKeysWithValues: Self.hosts.map { ("\($0).test", base + "/" + $0) })
    }

    /// The requests for association files (not the checkout page).
    var associationPaths: [String] { server.paths.filter { $0.contains("association") || $0.contains("assetlinks") } }

    static let checkout = "<html><body>\n"
        + hosts.map { #"<a href="https://\#($0).test/pay/1">pay with \#($0)</a>"# }.joined(separator: "\n")
        + "\n</body></html>"

    /// An iPhone/Android device where the wallet app claims every wallet host: as a
    /// Universal Link entitlement and as an App Link filter the device believes verified.
    static let device: DeviceProfile = {
        let hostNames = hosts.map { "\($0).test" }
        return DeviceProfile(name: "wallet-phone", apps: [
            InstalledApp(id: "com.wallet.app", schemes: ["wallet"],
                         appLinks: [AppLinkFilter(hosts: hostNames, pathPrefixes: ["/pay/"], verified: true)],
                         universalLinks: hostNames.map { UniversalLinkAssociation(host: $0) }),
        ])
    }()

    static let aasa = #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "/pay/*"}]}]}}"#
    static let assetLinks = String(decoding: Checks.walletAssetLinks(fingerprint: fingerprint), as: UTF8.self)

    private static func json(_ text: String, type: String = "application/json") -> TestHTTPServer.Response {
        TestHTTPServer.Response(status: 200, headers: [("Content-Type", type)], body: Array(text.utf8))
    }

    private static let missing = TestHTTPServer.Response.html("<p>not here</p>", status: 404)

    func respond(_ request: TestHTTPServer.Request) -> TestHTTPServer.Response {
        let aasaPath = "/.well-known/apple-app-site-association", linksPath = "/.well-known/assetlinks.json"
        switch request.path {
        case "/checkout", "/checkout-again": return .html(Self.checkout)
        case "/good" + aasaPath, "/good" + linksPath:
            let headers = lock.withLock { goodHeaders }
            if let tag = headers.first(where: { $0.0 == "ETag" })?.1, request.headers["if-none-match"] == tag {
                return TestHTTPServer.Response(status: 304, headers: headers)
            }
            var response = Self.json(request.path.hasSuffix("assetlinks.json") ? Self.assetLinks : Self.aasa)
            response.headers += headers
            return response
        case "/badjson" + aasaPath: return Self.json(#"{"applinks": {"details": [}"#)
        case "/badjson" + linksPath: return Self.json("[{")
        case "/redirect" + aasaPath: return .redirect(301, to: "https://www.redirect.test" + aasaPath)
        case "/redirect" + linksPath: return .redirect(302, to: "/redirect/elsewhere.json")
        case "/fpcase" + aasaPath: return Self.json(Self.aasa)
        case "/fpcase" + linksPath:
            return Self.json(String(decoding: Checks.walletAssetLinks(fingerprint: Self.fingerprint.lowercased()), as: UTF8.self))
        case "/noapplinks" + aasaPath: return Self.json(#"{"activitycontinuation": {"apps": ["\#(Self.appID)"]}}"#)
        case "/noapplinks" + linksPath:
            return Self.json(#"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "android_app", "package_name": "com.wallet.app", "sha256_cert_fingerprints": ["\#(Self.fingerprint)"]}}]"#)
        case "/toolarge" + aasaPath:
            let padding = String(repeating: " ", count: 140 * 1024)
            return Self.json(#"{"applinks": {"details": [{"appIDs": ["\#(Self.appID)"], "components": [{"/": "/pay/*"}]}]}"#
                + padding + "}")
        case "/ctype" + aasaPath: return Self.json(Self.aasa, type: "text/plain")
        case "/ctype" + linksPath: return Self.json(Self.assetLinks, type: "text/html")
        case "/rootaasa/apple-app-site-association": return Self.json(Self.aasa)
        case "/rootaasa" + linksPath: return Self.json(Self.assetLinks)
        default: return Self.missing
        }
    }
}
