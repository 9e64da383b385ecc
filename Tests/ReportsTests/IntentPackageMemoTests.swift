import XCTest
@testable import Reports

/// `IntentPackageMemo` must name every `intent:` link's package as the plain reading does
/// (`SchemeInventory.package(of:)`), whatever links came before it on the page: the fragment
/// it remembers stands for the package only where the part before it cannot change the parse.
final class IntentPackageMemoTests: XCTestCase {
    /// Data parts: the usual, a `#` of their own, non-ASCII, and URIs that are not `intent:`.
    private let heads = [
        "intent://pay?ref=ORD-", "intent:", "intent://host/path", "intent://a#b", "intent://a#Intent;package=x;end",
        "intent://p\u{E9}y?x=", "Intent://pay", "android-app://com.a/", "http://shop.example/", "intent:/",
        "intent://%23", "intent://pay?ref=;", "",
    ]

    /// Fragments: the common shape, with and without a package, ones the plain parser reads
    /// (`SEL`, launch flags, escapes), ones it rejects, and ones that are not `#Intent;`.
    private let tails = [
        "#Intent;scheme=gopay;package=com.gojek.app;end",
        "#Intent;scheme=ascendmoney;package=th.co.truemoney.wallet;component=th.co.truemoney.wallet/.pay.PayActivity;S.browser_fallback_url=https%3A%2F%2Fm.dana.example%2Fpay;end",
        "#Intent;scheme=gopay;end", "#Intent;SEL;action=B;end", "#Intent;SEL;package=com.sel;end",
        "#Intent;package=com.a;SEL;package=com.b;end", "#Intent;SELX;end", "#Intent;b.k=128;package=com.a;end",
        "#Intent;launchFlags=0x10000000;package=com.flags;end", "#Intent;i.n=12;package=com.n;end",
        "#Intent;i.n=x;package=com.n;end", "#Intent;package=com.%E2%82%ACx;end", "#Intent;package=com.%zz;end",
        "#Intent;package=com.open", "#Intent;package;end", "#Intent;end", "#Intent;", "#Intent", "#notintent",
        "#", "", "#Intent;package=com.tail;end;more", "#Intent;package=com.p\u{E9};end",
        "#Intent;sourceBounds=1;package=com.sb;end",
    ] + (0..<12).map { "#Intent;scheme=s\($0);package=com.p\($0);end" }

    func testTheMemoNamesThePackageThePlainReadingNames() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20 {
            let memo = IntentPackageMemo()
            // Runs that keep to a few fragments, and runs of many.
            let used = 1 + next(tails.count)
            let offset = next(tails.count)
            for link in 0..<300 {
                let uri = heads[next(heads.count)] + (next(3) == 0 ? "\(link)" : "")
                    + tails[(offset + next(used)) % tails.count]
                XCTAssertEqual(memo.package(of: uri), SchemeInventory.package(of: uri), uri)
            }
        }
    }

    func testAFragmentIsRememberedOnlyWhereItDecides() {
        func fragment(_ uri: String) -> String? {
            var uri = uri
            return uri.withUTF8 { IntentPackageMemo.fragment($0).map { String(decoding: $0, as: UTF8.self) } }
        }
        XCTAssertEqual(fragment("intent://a#b#Intent;package=p;end"), "#Intent;package=p;end")
        XCTAssertNil(fragment("intent://a#Intent;package=p;end#x"))
        XCTAssertNil(fragment("intent://p\u{E9}#Intent;package=p;end"))
        XCTAssertNil(fragment("Intent://a#Intent;package=p;end"))
        XCTAssertNil(fragment("intent://a"))
        XCTAssertNil(fragment("intent://a#Intent;package=p;" + String(repeating: "x", count: IntentPackageMemo.maxBytes)))
        XCTAssertNil(fragment("intent:#Intent"))
        XCTAssertEqual(fragment("intent:#Intent;"), "#Intent;")
    }

    func testAURIWithANonASCIIHeadIsReadThePlainWay() {
        let memo = IntentPackageMemo()
        let tail = "#Intent;package=com.%E2%82%ACx;end"
        XCTAssertEqual(memo.package(of: "intent://a" + tail), SchemeInventory.package(of: "intent://a" + tail))
        XCTAssertEqual(memo.package(of: "intent://\u{E9}" + tail), SchemeInventory.package(of: "intent://\u{E9}" + tail))
        XCTAssertEqual(memo.package(of: "Intent://a" + tail), SchemeInventory.package(of: "Intent://a" + tail))
    }
}
