import XCTest
@testable import Reports
@testable import WHATWGURL

/// The byte-level normaliser (and its in-place reading of plain deep links) gives the
/// same normal form as the String-based algorithm it replaced, kept here as the reference.
final class ReportBaselineURLFormTests: XCTestCase {
    func testHandPickedURLsMatchTheReference() {
        let urls = [
            "gopay://pay?order=123&x=1", "GoPay://Pay/Now?b=2&a=1&a=3", "dana://wallet/pay?order=41&amount=1",
            "app://h?", "app://h?&&", "app://h?=1&=2&b", "app://h?a&a=&a==b", "app://h/p?q#frag", "app://h#",
            "app://H.Example/x", "APP://host/x", "app://h/./x", "app://h/a/../b", "app://h/%2e/x", "app://h/.well-known",
            "app://user:pw@h/x?y=1", "app://h:8080/x?y=1", "app://[::1]/x", "app:///path?q=1", "app:/x?q", "app:x?q=1#f",
            "mailto:a@b.example", "MAILTO:A@B.example?subject=hi&body=x", "tel:+62-21-555", "sms:+1?body=x",
            "javascript:void(0)", "intent://pay/?o=1#Intent;scheme=tmn;package=a.b;S.browser_fallback_url=https%3A%2F%2Fx;end",
            "INTENT://scan/#Intent;scheme=zxing;package=c.d;S.x.y=1=2;i.n=3;B.flag;end", "intent:#Intent;;end",
            "intent://x#intent;S.a=1;end", "intent://x?z=1&y#Intent;action=android.intent.action.VIEW;end",
            "https://Shop.Example:443/a/../b#frag", "HTTPS://shop.example/p?q=1", "http://1.2.3/x", "ws://h/x?a",
            "file:///etc/passwd?x", "not a url", "", "   ", "  dana://wallet/pay?order=1  ", "\tline://pay\n",
            "a b://x", "1app://x", "app://h x/", "app://h/p q?x", "app://h/p?q r", "app://h/<x>", "app://h/\"q\"",
            "app://h/ü?ä=1", "app://h/p?x=ü#ö", "app://hü/x", "app://h/p\u{0}x", "app://h/p%zz?%41=1",
            "app://h/p?x#y#z", "app://h/p?x?y#z?w", "web+demo://not-a-host//x", "web+demo:/.//x?q", "web+demo:////x?q",
            "app://h\\x/y", "app://h/a\\b?c\\d", "app://h/`x`?{y}#^z", "app://h?it's=1", "app://h/'x'#'y'",
            "x-y.z+w://Host_~Name-1/", "a:", "a:?", "a:#", "a://", "a://?x", "app://h/..", "app://h/.", "app://h/x/..?q",
        ]
        for url in urls {
            XCTAssertEqual(BaselineURLForm.normalise(url), Reference.normalise(url), url)
        }
    }

    /// Random deep links assembled from pieces that do and do not need the parser.
    func testGeneratedURLsMatchTheReference() {
        let schemes = ["app", "App", "gopay", "intent", "INTENT", "mailto", "x-1.b+c", "https", "HTTP", "file", "ws"]
        let separators = ["://", ":", ":/", ":///", "://u@", "://u:p@"]
        let hosts = ["", "h", "Host", "pay.example", "h:80", "h:x", "[::1]", "h%41", "h_~-.x", "hö", "h^"]
        let paths = ["", "/", "/a", "/A/b/", "//x", "/./a", "/a/..", "/%2E", "/p%20q", "/ü", "/a b", "/a?", "/x:y@z",
                     "/!$&'()*+,;=", "/`{}^", "/.x", "/..x", "/a\\b"]
        let queries = ["", "?", "?a=1", "?b=2&a=1&a=3", "?&&x", "?=v", "?a=b=c", "?q=ü", "?s p", "?'x'", "?a?b=1", "?Z&z&_"]
        let fragments = ["", "#", "#f", "#Intent;scheme=s;package=p.q;S.k=v;end", "#Intent;a=b;c.d;S.e.f=g=h", "#x#y",
                         "#ö", "#a b", "#`x`", "#Intent;"]
        var generator = SplitMix(seed: 20_240_611)  // the same URLs every run
        for _ in 0..<20_000 {
            let url = [schemes, separators, hosts, paths, queries, fragments]
                .map { $0.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(BaselineURLForm.normalise(url), Reference.normalise(url), url)
        }
    }

    func testPlainDeepLinksAreReadInPlace() {
        XCTAssertNotNil(PlainURL.scan(bytes: "gopay://pay?order=123&x=1"))
        XCTAssertNotNil(PlainURL.scan(bytes: "mailto:a@b.example"))
        XCTAssertNil(PlainURL.scan(bytes: "https://shop.example/"), "special schemes go to the parser")
        XCTAssertNil(PlainURL.scan(bytes: "app://u@h/"), "credentials go to the parser")
        XCTAssertNil(PlainURL.scan(bytes: "app://h/../x"), "dot segments go to the parser")
    }
}

/// A small seeded generator, so a failure names a URL that the next run tries again.
private struct SplitMix: RandomNumberGenerator {
    var seed: UInt64

    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private extension PlainURL {
    static func scan(bytes text: String) -> BaselineURLForm.Parts? {
        var text = text
        return text.withUTF8 { scan($0) }
    }
}

/// The String-based normaliser as it was before the byte-level rewrite.
private enum Reference {
    static func normalise(_ raw: String) -> String {
        let text = raw.trimmingASCIIWhitespace
        guard let url = WebURL.parse(text) else { return text }
        if url.query == nil, url.fragment == nil, url.username.isEmpty, url.password.isEmpty,
           url.isSpecial || !url.host.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            return url.href
        }
        var out = url.scheme + ":"
        if url.hostname != nil { out += "//" + url.host.lowercased() }
        out += url.pathname
        if let query = url.query { out += "?" + parameterNames(query) }
        if url.scheme == "intent", let fragment = url.fragment, fragment.hasPrefix("Intent;") {
            out += "#" + intentItems(fragment)
        }
        return out
    }

    static func parameterNames(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: true)
            .map { $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .sorted()
            .joined(separator: "&")
    }

    static func intentItems(_ fragment: String) -> String {
        fragment.split(separator: ";", omittingEmptySubsequences: false).map { item -> String in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].contains(".") else { return String(item) }
            return parts[0] + "="
        }.joined(separator: ";")
    }
}
