import XCTest
@testable import Policies
import TestSupport

/// `CommonIntentURI`, the one-pass parse of the common `intent:` shape, against the plain
/// parse (`IntentURIParser.parsePlain`) under every parse flag: the fixtures' vectors
/// (`Fixtures/intent/cases.json`: CTS, AOSP and derived cases), the benchmark corpus's shapes
/// (Benchmarks/make_dense_corpus.py), URIs generated from the pieces the parsers treat
/// specially, and those URIs and the vectors mutated byte by byte. Where it answers, the
/// answer is the plain one under every flag and rests on no launch-flag reading; where it
/// does not, `IntentURIParser.parse` still gives the plain answer or error.
final class CommonIntentURITests: XCTestCase {
    /// The same generated inputs on every run (`SeededNumbers`).
    private typealias Generator = SeededNumbers

    private static let flags: [IntentParseFlags] = [[], .intentScheme, [.intentScheme, .signedLaunchFlags],
                                                    [.intentScheme, .allowUnsafe], .androidAppScheme]

    private static let corpusShapes = [
        "intent://payment?c=ORD-24428485#Intent;scheme=paypay;package=jp.ne.paypay.android.app;S.browser_fallback_url=https%3A%2F%2Fpg.kakaopay.example%2Fpay;end",
        "intent://gopay/pay?ref=ORD-79480337#Intent;scheme=gojek;package=com.gojek.app;end",
        "intent://pay/?ref=ORD-83625185#Intent;scheme=tmn;package=th.co.truemoney.wallet;component=th.co.truemoney.wallet/.pay.PayActivity;S.browser_fallback_url=https%3A%2F%2Fpg.kakaopay.example%2Fpay;end",
        "intent:#Intent;action=android.intent.action.VIEW;package=id.dana;S.market_referrer=order%3DORD-1;end",
        "intent://payment?c=ORD-95425850#Intent;scheme=paypay;package=jp.ne.paypay.android.app;i.amount=1210;end",
    ]

    private static let items = [
        "scheme=dana", "scheme=", "scheme=http", "package=id.dana", "package=", "action=android.intent.action.VIEW",
        "action=", "category=android.intent.category.BROWSABLE", "category=x", "type=text/plain", "identifier=id%20x",
        "component=id.dana/.Pay", "component=id.dana/x.Pay", "component=id.dana", "component=/x", "component=a/",
        "S.browser_fallback_url=https%3A%2F%2Fm.dana.example%2Fpay", "S.browser_fallback_url=https://a/b",
        "S.browser%5Ffallback_url=https://e/x", "B.browser_fallback_url=true", "i.browser_fallback_url=7",
        "S.browser_fallback_url=", "S.browser_fallback_ur=https://a/",
        "S.market_referrer=order%3D1", "S.k%3Dx=v", "S.=v", "S.k=%zz", "S.k=%E2%82%AC", "S.k=%C3", "S.k=%4", "S.k=%41%",
        "S.k=a+b", "S.x=launchFlags=1", "B.b=true", "B.b=TRUE", "B.b=1", "i.amount=1210", "i.n=-5", "i.n=0x10", "i.n=x",
        "i.n=2147483648", "b.n=1", "c.c=x", "d.d=1.5", "f.f=1", "l.l=1", "s.s=1", "launchFlags=0x10",
        "extendedLaunchFlags=1", "sourceBounds=1 2 3 4", "SEL", "package", "S.k", "q=1", "Action=x", "actionx=y",
        "S", "S=", "identifier", "endless=1", "e=1", "é=1", "S.k=é", "",
    ]

    private func sameAnswer(_ a: Result<AndroidIntent, any Error>, _ b: Result<AndroidIntent, any Error>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)): return String(describing: x) == String(describing: y)
        default: return false
        }
    }

    /// Asserts the shortcut's answer for `uri`; returns whether it gave one.
    @discardableResult
    private func check(_ uri: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let common = CommonIntentURI.parse(uri)
        XCTAssertEqual(CommonIntentURI.package(of: uri).map { _ in true }, common.map { _ in true }, uri.debugDescription,
                       file: file, line: line)
        XCTAssertTrue(sameAnswer(Result { AndroidIntent(package: try IntentURIParser.package(of: uri)) },
                                 Result { AndroidIntent(package: try IntentURIParser.parsePlain(uri, flags: .intentScheme).package) }),
                      uri.debugDescription, file: file, line: line)
        XCTAssertEqual(CommonIntentURI.browserFallbackURL(of: uri).map { _ in true }, common.map { _ in true },
                       uri.debugDescription, file: file, line: line)
        let fallback = IntentSanitizer.browserFallbackURLExtra
        XCTAssertTrue(sameAnswer(Result { AndroidIntent(data: try IntentURIParser.browserFallbackURL(of: uri)) },
                                 Result { AndroidIntent(data: try IntentURIParser.parsePlain(uri, flags: .intentScheme)
                                                                   .stringExtra(fallback)) }),
                      uri.debugDescription, file: file, line: line)
        for flag in Self.flags {
            let plain = Result { try IntentURIParser.parsePlain(uri, flags: flag) }
            if let common {
                XCTAssertTrue(sameAnswer(.success(common), plain), "\(uri.debugDescription) \(flag)", file: file, line: line)
                XCTAssertFalse(AndroidAssumptions.launchFlagsBoundary(uri, flags: flag, parsed: true),
                               uri.debugDescription, file: file, line: line)
            }
            XCTAssertTrue(sameAnswer(Result { try IntentURIParser.parse(uri, flags: flag) }, plain),
                          "\(uri.debugDescription) \(flag)", file: file, line: line)
            let parsed = ParsedIntent(uri, flags: flag)
            let reference = Result { try IntentURIParser.parsePlain(uri, flags: flag) }
            switch (parsed.result, reference) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a, b, uri.debugDescription, file: file, line: line)
                XCTAssertEqual(parsed.fallbackURL, b.stringExtra(IntentSanitizer.browserFallbackURLExtra), file: file, line: line)
                XCTAssertEqual(parsed.marketReferrer, ChromeIntentFields.marketReferrer(of: b), file: file, line: line)
                XCTAssertEqual(parsed.package, b.package, file: file, line: line)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a.description, (b as? IntentURIError)?.description ?? String(describing: b), file: file, line: line)
            default: XCTFail("\(uri.debugDescription) \(flag)", file: file, line: line)
            }
            XCTAssertEqual(parsed.restsOnLaunchFlags,
                           AndroidAssumptions.launchFlagsBoundary(uri, flags: flag, parsed: (try? reference.get()) != nil),
                           uri.debugDescription, file: file, line: line)
        }
        return common != nil
    }

    func testTheVectorsAndTheCorpusShapes() throws {
        let uris = try IntentCase.all().map(\.uri)
        XCTAssertGreaterThan(uris.count, 50)
        var taken = 0
        for uri in uris + Self.corpusShapes where check(uri) { taken += 1 }
        for uri in Self.corpusShapes { XCTAssertNotNil(CommonIntentURI.parse(uri), uri) }
        XCTAssertGreaterThan(taken, 10)
        XCTAssertLessThan(taken, uris.count, "the vectors' unusual URIs take the plain parser")
    }

    func testGeneratedURIs() {
        var generator = Generator(state: 23)
        let heads = ["intent:", "intent://pay/x?o=ORD-1", "intent://h", "intent:x", "Intent://h", "intent", "android-app://id.dana",
                     "intent://h%20/p", "intent://é/", "https://h/", ""]
        let markers = ["#Intent;", "#Intent;", "#Intent;", "#intent;", "#Intent", "#", "", "#Intent;#Intent;"]
        let ends = ["end", "end", "end;", "endX", "", "en", "end#x", "end;S.a=1"]
        var taken = 0, total = 0
        for _ in 0..<6_000 {
            var uri = generator.pick(heads) + generator.pick(markers)
            for _ in 0..<generator.next(5) { uri += generator.pick(Self.items) + ";" }
            uri += generator.pick(ends)
            total += 1
            if check(uri) { taken += 1 }
        }
        XCTAssertGreaterThan(taken, total / 10)
        XCTAssertLessThan(taken, total * 9 / 10)
    }

    func testMutatedURIs() throws {
        var generator = Generator(state: 71)
        let seeds = try IntentCase.all().map(\.uri).filter { $0.hasPrefix("intent:") } + Self.corpusShapes
        let inserts = ["#", ";", "=", "%", "%2", "%C3%A9", "end", "S.", "é", ".", "/", ":", "#Intent;", "\u{0}"]
        var taken = 0
        for _ in 0..<8_000 {
            var bytes = Array(generator.pick(seeds).utf8)
            for _ in 0...generator.next(3) where !bytes.isEmpty {
                let at = generator.next(bytes.count)
                switch generator.next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: generator.pick(inserts).utf8, at: at)
                default: bytes[at] = bytes[generator.next(bytes.count)]
                }
            }
            if check(String(decoding: bytes, as: UTF8.self)) { taken += 1 }
        }
        XCTAssertGreaterThan(taken, 1_000)
    }

    func testIntegersEqualJavas() {
        var generator = Generator(state: 13)
        let pieces = ["-", "+", "0", "1", "9", "7", "x", " ", "2147483647", "2147483648", "-2147483648", "00"]
        var read = 0
        for _ in 0..<10_000 {
            let text = (0..<generator.next(5)).map { _ in generator.pick(pieces) }.joined()
            let bytes = Array(text.utf8)
            let fast = bytes.withUnsafeBufferPointer { CommonIntentURI.int($0, 0, $0.count) }
            if let fast {
                read += 1
                XCTAssertEqual(fast, try JavaNumbers.parseInt(text), text)
            }
        }
        XCTAssertGreaterThan(read, 1_000)
    }

    func testComponentEqualsComponentNames() {
        var generator = Generator(state: 9)
        let pieces = ["id.dana", "/", ".", ".pay.Pay", "Activity", "é", "a", "//", ""]
        for _ in 0..<5_000 {
            let value = (0..<generator.next(6)).map { _ in generator.pick(pieces) }.joined()
            XCTAssertEqual(CommonIntentURI.component(value), ComponentName.unflatten(value), value)
        }
    }

    func testDecodingEqualsAndroids() {
        var generator = Generator(state: 5)
        let pieces = ["%", "2", "f", "F", "0", "z", "+", "a", "%3D", "%2F", "%7e", "%00", "%7F", "%80", "%C3%A9", "%E2%82", "%2", "%%", "=", " "]
        for _ in 0..<10_000 {
            let text = (0..<generator.next(8)).map { _ in generator.pick(pieces) }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { b in
                XCTAssertEqual(CommonIntentURI.decoded(b, 0, b.count), AndroidUriCodec.decodeUTF16(text), text)
            }
        }
    }
}
