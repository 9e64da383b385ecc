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

    func testBounded() {
        let memo = IntentParseMemo()
        for i in 0..<(IntentParseMemo.limit + 5) {
            XCTAssertTrue(same("intent://p?o=\(i)#Intent;scheme=dana;end", .intentScheme, memo))
        }
        XCTAssertEqual(memo.count, 5)
    }
}
