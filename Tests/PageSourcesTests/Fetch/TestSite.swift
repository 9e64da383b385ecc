import Foundation
@testable import PageSources

/// The merchant site the fetch tests crawl, served by `TestHTTPServer` on 127.0.0.1.
final class TestSite: @unchecked Sendable {
    let server: TestHTTPServer
    private let lock = NSLock()
    private var busyHits = 0

    init() throws {
        let box = Box()
        server = try TestHTTPServer { request in box.site?.respond(request) ?? .html("", status: 404) }
        box.site = self
    }

    var base: String { server.base }
    func url(_ path: String) -> String { base + path }

    func stop() { server.stop() }

    private final class Box: @unchecked Sendable {
        weak var site: TestSite?
    }

    static let home = """
        <html><body>
        <a href="/a">a</a> <a href="/a#top">a again</a> <a href="/./a">and again</a> <a href="/%61">and again</a>
        <a href="/b">b</a>
        <a href="/private/secret">private</a>
        <a href="https://elsewhere.example/">another site</a>
        <a href="gojek://gopay/pay?id=1">pay</a>
        <form method="post" action="/checkout"><button>buy</button></form>
        </body></html>
        """

    func respond(_ request: TestHTTPServer.Request) -> TestHTTPServer.Response {
        switch request.path {
        case "/": return .html(Self.home)
        case "/a": return .html(#"<a href="/a/deeper">deeper</a>"#)
        case "/a/deeper": return .html(#"<a href="/a/deeper/deepest">deepest</a>"#)
        case "/a/deeper/deepest", "/b", "/private/secret", "/final": return .html("<p>\(request.path)</p>")
        case "/robots.txt":
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", "text/plain")],
                                           body: Array("User-agent: *\nDisallow: /private\n".utf8))
        // A chain through every redirect status.
        case "/r301": return .redirect(301, to: "/r302")
        case "/r302": return .redirect(302, to: url("/r303"))
        case "/r303": return .redirect(303, to: "r307")
        case "/r307": return .redirect(307, to: "/r308")
        case "/r308": return .redirect(308, to: "/final")
        case "/set-cookie":
            return TestHTTPServer.Response(status: 302, headers: [("Location", "/final"), ("Set-Cookie", "session=1; Path=/")])
        case "/to-gojek": return .redirect(302, to: "gojek://gopay/pay?id=42")
        case "/to-intent": return .redirect(302, to: "intent://pay?id=7#Intent;scheme=dana;package=id.dana;end")
        case "/to-file": return .redirect(302, to: "file:///etc/passwd")
        case "/loop-a": return .redirect(302, to: "/loop-b")
        case "/loop-b": return .redirect(302, to: "/loop-a")
        case "/slow": return TestHTTPServer.Response(status: 200, body: Array("<p>late</p>".utf8), delay: 3)
        case "/busy":
            let hits = lock.withLock { busyHits += 1; return busyHits }
            return hits == 1 ? TestHTTPServer.Response(status: 503, headers: [("Retry-After", "1")]) : .html("<p>back</p>")
        case "/always-busy": return TestHTTPServer.Response(status: 503, headers: [("Retry-After", "120")])
        case "/huge":
            let page = #"<html><body><a href="gojek://early">early</a>"# + String(repeating: "<p>filler</p>\n", count: 20_000)
                + #"<a href="gojek://late">late</a></body></html>"#
            return .html(page)
        case "/gzip":
            let body = StoredGzip.wrap(Array(#"<html><a href="gojek://zipped">zipped</a></html>"#.utf8))
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", "text/html"), ("Content-Encoding", "gzip")],
                                           body: body)
        case "/report.pdf":
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", "application/pdf")],
                                           body: Array("%PDF-1.4 binary".utf8))
        case "/refresh":
            return TestHTTPServer.Response(status: 200, headers: [("Content-Type", "text/html"), ("Refresh", "0; url=dana://pay")],
                                           body: Array("<p>wait</p>".utf8))
        // Framed pages (CrawlFramesTests): one in scope, one robots.txt keeps out, one elsewhere.
        case "/framing":
            return .html(#"<iframe src="/panel"></iframe><iframe src="/private/panel"></iframe>"#
                + #"<iframe src="https://elsewhere.example/widget"></iframe><iframe src="/panel#again"></iframe>"#)
        case "/panel":
            return .html(#"<a href="gojek://framed?tap=1">GoPay</a><script>location.href = 'dana://framed?load=1';</script>"#)
        case "/private/panel": return .html(#"<a href="ovo://secret">OVO</a>"#)
        default: return .html("<p>not here</p>", status: 404)
        }
    }
}

extension FetchOptions {
    /// Options for tests against the local server: private addresses allowed, short timeouts,
    /// no association files.
    static func localTest() -> FetchOptions {
        var options = FetchOptions()
        options.allowPrivate = true
        options.timeout = 0.5
        options.delay = 0
        options.retry = RetryPolicy(retries: 1, baseDelay: 0.05, maxDelay: 0.2, maxRetryAfter: 60)
        options.maxBodyBytes = 64 << 10
        // The pages link to https hosts on the real network: their association files are
        // fetched only by the association tests, which serve every host from 127.0.0.1.
        options.associations = false
        return options
    }
}
