import XCTest
@testable import Policies
import TestSupport

/// `IntentParseMemo` gives back what the plain parse gives — the same intent or the same
/// error — on the fixtures' URIs under every parse flag, asked twice (the second answer is
/// remembered), and starts afresh past its bound.
final class IntentParseMemoTests: XCTestCase {
    private func same(_ uri: String, _ flags: IntentParseFlags, _ memo: IntentParseMemo,
                      file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let plain = Result { try IntentURIParser.parsePlain(uri, flags: flags) }
        let remembered = Result { try memo.parse(uri, flags: flags) }
        switch (plain, remembered) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return String(describing: a) == String(describing: b)
        default: return false
        }
    }

    private func sameAnswer(_ a: Result<AndroidIntent, any Error>, _ b: Result<AndroidIntent, any Error>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)): return String(describing: x) == String(describing: y)
        default: return false
        }
    }

    func testAnswersAsThePlainParse() throws {
        let memo = IntentParseMemo()
        var uris = try IntentCase.all().map(\.uri)
        uris += ["intent://pay?order=ORD-1#Intent;scheme=dana;package=id.dana;S.browser_fallback_url=https%3A%2F%2Fm.dana.example;end",
                 "intent:#Intent;launchFlags=0x80000000;end", "intent:#Intent;i.n=x;end", "intent://x#Intent;S.a=1", "https://x/"]
        let flags: [IntentParseFlags] = [[], .intentScheme, [.intentScheme, .signedLaunchFlags], .androidAppScheme]
        var failures = 0
        for _ in 0..<2 {
            for uri in uris {
                for flag in flags {
                    XCTAssertTrue(same(uri, flag, memo), "\(uri) \(flag)")
                    if (try? IntentURIParser.parsePlain(uri, flags: flag)) == nil { failures += 1 }
                }
            }
        }
        XCTAssertGreaterThan(uris.count, 50)
        XCTAssertGreaterThan(failures, 10, "errors are remembered too")
        XCTAssertLessThanOrEqual(memo.count, uris.count * flags.count)
    }

    /// Launch-flag readings (signed or not, unsafe allowed or not) change the answer only
    /// for a URI with a `launchFlags` item: the memo keeps those apart and shares the rest.
    func testFlagsReadOnlyWhereALaunchFlagsItemIs() throws {
        let memo = IntentParseMemo()
        let flagged = ["intent:#Intent;launchFlags=0x80000003;end", "intent:#Intent;extendedLaunchFlags=-1;end",
                       "intent:#Intent;launchFlags=0xC3;end", "intent:launchFlags(0x3)"]
        let flags: [IntentParseFlags] = [.intentScheme, [.intentScheme, .signedLaunchFlags], [.intentScheme, .allowUnsafe],
                                         [.intentScheme, .signedLaunchFlags, .allowUnsafe], []]
        for uri in flagged {
            for a in flags { XCTAssertEqual(IntentParseMemo.flagsRead(a, by: uri), a, uri) }
            for _ in 0..<2 { for a in flags { XCTAssertTrue(same(uri, a, memo), "\(uri) \(a)") } }
        }
        let differ = flagged.contains { uri in
            let a = Result { try IntentURIParser.parsePlain(uri, flags: .intentScheme) }
            let b = Result { try IntentURIParser.parsePlain(uri, flags: [.intentScheme, .signedLaunchFlags, .allowUnsafe]) }
            return !sameAnswer(a, b)
        }
        XCTAssertTrue(differ, "the flags matter for these URIs")
        let plain = "intent://pay/#Intent;scheme=dana;package=id.dana;i.launch=1;S.flags=x;end"
        XCTAssertEqual(IntentParseMemo.flagsRead([.intentScheme, .signedLaunchFlags, .allowUnsafe], by: plain), .intentScheme)
        for case let uri in try IntentCase.all().map(\.uri) where !uri.contains("aunchFlags") {
            for a in flags {
                let shared = Result { try IntentURIParser.parsePlain(uri, flags: IntentParseMemo.flagsRead(a, by: uri)) }
                let own = Result { try IntentURIParser.parsePlain(uri, flags: a) }
                XCTAssertTrue(sameAnswer(shared, own), "\(uri) \(a)")
            }
        }
    }

    func testBounded() {
        let memo = IntentParseMemo()
        for i in 0..<(IntentParseMemo.limit + 5) {
            XCTAssertTrue(same("intent://p?o=\(i)#Intent;scheme=dana;end", .intentScheme, memo))
        }
        XCTAssertEqual(memo.count, 5)
    }
}
