import XCTest
@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// An `intent:` URI's shape (`IntentShape`) is the memo's first key for its link: URIs of
/// one shape must have one `IntentKey` and one `IntentQuotes` on every reading, and the shape
/// must keep apart what the key or a quote reads. `DecisionMemoTests` compares whole audits
/// with shapes and without them.
final class IntentShapeTests: XCTestCase {
    private static let readings: [(String, TargetReading)] = [
        ("optimistic", TargetReading(profiles: ProfileRegistry.all, device: .optimistic, options: ProfileOptions())),
        ("path filters", TargetReading(profiles: ProfileRegistry.all, device: IntentKeyTests.pathFilterDevice,
                                       options: ProfileOptions())),
        ("claiming", TargetReading(profiles: ProfileRegistry.all, device: DecisionMemoTests.claimingDevice,
                                   options: ProfileOptions())),
    ]

    private func written(_ uri: String, _ reading: TargetReading) -> (shape: [UInt8], referrer: String?)? {
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: IntentShape.capacity)
        defer { out.deallocate() }
        guard let written = IntentShape.write(uri, into: out, readsDataWhole: reading.readsDataWhole(ascii:)) else { return nil }
        XCTAssertLessThanOrEqual(written.count, uri.utf8.count + 1)
        return (Array(UnsafeBufferPointer(start: out, count: written.count)), written.referrer)
    }

    private func shape(_ uri: String, _ reading: TargetReading) -> [UInt8]? { written(uri, reading)?.shape }

    private func key(_ uri: String, _ reading: TargetReading) -> (DecisionKey.Target, IntentQuotes?) {
        let parse = ParsedIntent(uri, flags: reading.intentParseFlags)
        let target = reading.target(url: WebURL.parse(uri), urlString: uri, scheme: "intent",
                                    page: PageContext("https://shop.example/"), intent: parse)
        return (target, IntentQuotes(parse))
    }

    /// Generated URIs: data with and without a scheme item, items of every kind the common
    /// shape reads with values of their own (order numbers, amounts, notes) and values read
    /// (fallbacks, referrers, packages), names spelled with `%`, numbers `CommonIntentURI.int`
    /// does not read, `launchFlags` in the data, text after `end`, no `#`, non-ASCII bytes.
    static func generated(count: Int, seed: UInt64) -> [String] {
        var random = SeededNumbers(state: seed)
        let data = ["//pay/", "//wallet/pay?order=ORD-1", "//wallet/pay?order=ORD-2", "//pay/a/1", "//pay/b/2",
                    "//shop.example/x", "", "//pay.wallet.example/pay/1", "//pay.wallet.example/other",
                    "//x/launchFlags", "//caf\u{E9}/", "pay", "//wallet/pay/ORD-00000001", "//wallet/pay/ORD-2"]
        let items = ["scheme=dana;", "scheme=DANA;", "scheme=https;", "scheme=wallet;", "scheme=;", "scheme=da%6Ea;",
                     "scheme=a:b;", "package=id.dana;", "package=com.wallet;", "component=id.dana/.Pay;",
                     "action=android.intent.action.VIEW;", "category=x;", "type=text/plain;", "identifier=i;",
                     "S.browser_fallback_url=https%3A%2F%2Fm.dana.example%2Fpay;",
                     "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dx;",
                     "S.browser_fallback_url=javascript%3Aa;", "S.browser%5Ffallback_url=https%3A%2F%2Fx.example%2F;",
                     "i.browser_fallback_url=3;", "B.browser_fallback_url=true;",
                     "S.market_referrer=a%3D1;", "S.market_referrer=;", "S.market_referrer=b;", "i.market_referrer=2;",
                     "S.note=a;", "S.note=b%20c;", "B.x=true;", "B.x=no;", "i.amount=5;", "i.amount=-17;",
                     "i.amount=+4;", "i.amount=0x10;", "i.amount=12345678901;", "i.amount=%35;", "S.=e;", "X.y=1;",
                     "SEL;", "launchFlags=0x10;", "unknown=1;", "noequals;", "S.caf\u{E9}=1;"]
        let tails = ["end", "end", "end", "end&quot;&gt;x", "end#z", "endx", ""]
        return (0..<count).map { _ in
            var uri = "intent:" + random.pick(data)
            if random.next(8) > 0 {
                uri += "#Intent;"
                for _ in 0..<random.next(6) { uri += random.pick(items) }
                uri += random.pick(tails)
            }
            return uri
        }
    }

    /// URIs of one shape: one key on every reading, and the quotes the classifier gives a
    /// link found by its shape (the first URI's, with the link's own referrer) are the link's
    /// own; and the shapes do join URIs.
    /// The shape's words are static text (`IntentShape.Words`): the extras' names must be the
    /// parsers' own.
    func testTheWordsAreTheParsersOwn() {
        XCTAssertEqual(IntentShape.Words.fallback.description, IntentSanitizer.browserFallbackURLExtra)
        XCTAssertEqual(IntentShape.Words.referrer.description, ChromeIntentFields.marketReferrerExtra)
        XCTAssertEqual(IntentShape.Words.marker.description, "#Intent;")
    }

    func testURIsOfOneShapeShareTheirKeyAndQuotes() {
        let uris = Self.generated(count: 6_000, seed: 17) + IntentKeyTests.corpusShapes
        for (name, reading) in Self.readings {
            var first: [[UInt8]: String] = [:]
            var joined = 0, shaped = 0
            for uri in uris {
                guard let (shape, referrer) = written(uri, reading) else { continue }
                shaped += 1
                let (target, quotes) = key(uri, reading)
                guard case .intent = target else {
                    XCTFail("\(name): a shape for a URI not keyed as an intent: \(uri)")
                    return
                }
                guard let other = first[shape] else {
                    first[shape] = uri
                    continue
                }
                joined += 1
                let (otherTarget, otherQuotes) = key(other, reading)
                XCTAssertEqual(target, otherTarget, "\(name): \(uri) and \(other)")
                var given = otherQuotes
                if let referrer, let market = otherQuotes?.market {
                    given = IntentQuotes(fallback: otherQuotes?.fallback, market: (market.package, referrer))
                }
                XCTAssertEqual(quotes, given, "\(name): \(uri) and \(other)")
            }
            XCTAssertGreaterThan(shaped, 1_000, name)
            XCTAssertGreaterThan(joined, 500, name)
            XCTAssertGreaterThan(first.count, 200, name)
        }
    }

    /// The bytes' reading of a data scheme is the String's.
    func testDataSchemesAreReadAsTheirStringsAre() {
        let strict: TargetReading = {
            var options = ProfileOptions()
            options.iosStrict.allowedSchemes = ["DANA", "myapp"]
            return TargetReading(profiles: ProfileRegistry.all, device: .optimistic, options: options)
        }()
        for (name, reading) in Self.readings + [("strict", strict)] {
            for scheme in ["http", "https", "HTTP", "hTTpS", "dana", "Dana", "wallet", "file", "htt", "httpss", "httq",
                           "HTTPX", "h(tp", "", "intent", "myapp", "s", "https2"] {
                let bytes = Array(scheme.utf8)
                XCTAssertEqual(bytes.withUnsafeBufferPointer { reading.readsDataWhole(ascii: $0) },
                               reading.readsDataWhole(scheme), "\(name): \(scheme)")
            }
        }
    }

    /// What the shape leaves out and what it keeps.
    func testTheShapeCutsOnlyUnreadParts() {
        let optimistic = Self.readings[0].1, paths = Self.readings[1].1
        func same(_ a: String, _ b: String, _ reading: TargetReading = optimistic) -> Bool? {
            guard let x = shape(a, reading), let y = shape(b, reading) else { return nil }
            return x == y
        }
        let base = "intent://wallet/pay?order=ORD-1#Intent;scheme=dana;package=id.dana;i.amount=5;S.note=a;end"
        // An order number, an amount, a note: cut.
        XCTAssertEqual(same(base, base.replacingOccurrences(of: "ORD-1", with: "ORD-77")), true)
        XCTAssertEqual(same(base, base.replacingOccurrences(of: "amount=5", with: "amount=-90")), true)
        XCTAssertEqual(same(base, base.replacingOccurrences(of: "note=a", with: "note=b%20c")), true)
        // Data a filter with hosts reads (paths), the package, the extra's name: kept.
        XCTAssertEqual(same(base, base.replacingOccurrences(of: "ORD-1", with: "ORD-77"), paths), false)
        XCTAssertEqual(same(base, base.replacingOccurrences(of: "id.dana", with: "id.dana2")), false)
        XCTAssertEqual(same(base, base.replacingOccurrences(of: "note=", with: "nota=")), false)
        // Without a scheme item, or with https data: the data is kept.
        let bare = "intent://pay/1#Intent;package=id.dana;end"
        XCTAssertEqual(same(bare, bare.replacingOccurrences(of: "/1", with: "/2")), false)
        let web = "intent://pay.example/1#Intent;scheme=https;end"
        XCTAssertEqual(same(web, web.replacingOccurrences(of: "/1", with: "/2")), false)
        // Read extras: kept whole.
        let fallback = "intent://p/#Intent;scheme=dana;S.browser_fallback_url=https%3A%2F%2Fa.example%2F;end"
        XCTAssertEqual(same(fallback, fallback.replacingOccurrences(of: "a.example", with: "b.example")), false)
        // A referrer: cut, but for whether it is empty; its value handed back.
        let referrer = "intent:#Intent;package=id.dana;S.market_referrer=a%3D1;end"
        XCTAssertEqual(same(referrer, referrer.replacingOccurrences(of: "a%3D1", with: "b")), true)
        XCTAssertEqual(same(referrer, referrer.replacingOccurrences(of: "a%3D1", with: "")), false)
        XCTAssertEqual(written(referrer, optimistic)?.referrer, "a=1")
        XCTAssertEqual(same(referrer, referrer + "x"), true)   // text after `end`
        XCTAssertNil(shape(referrer.replacingOccurrences(of: ";end", with: ";S.x%41=1;end"), optimistic))
        // No shape: launchFlags anywhere, a number the fast reading does not take and Java does not parse,
        // a SEL item, non-ASCII, a URI of another scheme, one too long.
        for uri in ["intent://launchFlags/#Intent;scheme=dana;end", "intent://p/#Intent;scheme=dana;i.a=0x10;end",
                    "intent://p/#Intent;SEL;scheme=dana;end", "intent://caf\u{E9}/#Intent;scheme=dana;end",
                    "dana://p/#Intent;scheme=dana;end",
                    "intent://p/" + String(repeating: "a", count: IntentShape.maxBytes) + "#Intent;scheme=dana;end"] {
            XCTAssertNil(shape(uri, optimistic), uri)
        }
    }

    /// The table finds what it was given, by shape, page bits and inputs, and past its bound
    /// starts afresh.
    func testTheTableFindsWhatItKeeps() {
        var table = IntentShapeTable<Int32>()
        let shapes = (0..<3_000).map { Array("intent://p/\($0)#Intent;end".utf8) }
        for (k, shape) in shapes.enumerated() {
            shape.withUnsafeBufferPointer {
                table.add($0, hash: IntentShape.hash($0), page: UInt32(k % 3), inputs: Int32(k % 5), Int32(k))
            }
        }
        for (k, shape) in shapes.enumerated() {
            shape.withUnsafeBufferPointer {
                XCTAssertEqual(table.find($0, hash: IntentShape.hash($0), page: UInt32(k % 3), inputs: Int32(k % 5)),
                               Int32(k))
                XCTAssertNil(table.find($0, hash: IntentShape.hash($0), page: UInt32(k % 3 + 1), inputs: Int32(k % 5)))
                XCTAssertNil(table.find($0, hash: IntentShape.hash($0), page: UInt32(k % 3), inputs: Int32(k % 5 + 1)))
            }
        }
        for k in 0..<IntentShapeTable<Int32>.entryLimit {
            let shape = Array("s\(k)".utf8)
            shape.withUnsafeBufferPointer { table.add($0, hash: IntentShape.hash($0), page: 0, inputs: 0, 0) }
        }
        XCTAssertLessThanOrEqual(table.count, IntentShapeTable<Int32>.entryLimit)
    }

    /// The one pass that tells a shape's URI is ASCII and names no launch flags answers as the
    /// two passes it replaced (`CommonIntentURI.isASCII`, `IntentParseMemo.mentionsLaunchFlags`):
    /// generated texts of `F`s, pieces of "launchFlags" and whole ones at every alignment and
    /// at both ends, `%2F`, and bytes above 0x7F, at every length from 0 to 40 and longer.
    func testTheOnePassFindsWhatTheTwoPassesFind() {
        let pieces = ["F", "launchFlags", "extendedLaunchFlags", "aunch", "lags", "launch", "Flags", "%2F", "a", "x", ";",
                      "=", "\u{e9}", "\u{80}", "launchFlag", "aunchFlags", "FF", "launchFFlags"]
        var random = SeededNumbers(state: 17)
        var found = 0, nonASCII = 0, checked = 0  // checked: ASCII without flags
        var texts = ["", "launchFlags", "xlaunchFlags", "launchFlagsx", "intent:#Intent;launchFlags=0x1;end"]
        for n in 0...40 { texts.append(String(repeating: "F", count: n)) }
        for shift in 0..<9 { texts.append(String(repeating: "y", count: shift) + "launchFlags" + String(repeating: "z", count: 9 - shift)) }
        for _ in 0..<6_000 { texts.append(random.string(from: pieces, length: 12)) }
        for text in texts {
            let bytes = Array(text.utf8)
            let (fused, plain) = bytes.withUnsafeBufferPointer {
                (IntentShape.asciiWithoutLaunchFlags($0), IntentShape.asciiWithoutLaunchFlags($0, plain: true))
            }
            XCTAssertEqual(fused, plain, text)
            if IntentParseMemo.mentionsLaunchFlags(text) {
                found += 1
            } else if !bytes.allSatisfy({ $0 < 0x80 }) {
                nonASCII += 1
            } else {
                checked += 1
            }
        }
        // Each answer met many times: flags named, other bytes, neither.
        XCTAssertGreaterThan(found, 500)
        XCTAssertGreaterThan(nonASCII, 500)
        XCTAssertGreaterThan(checked, 500)
    }
}
