import Foundation
import XCTest
@testable import LinkAuditModel
import Policies

/// Declared reasons compare by their numbers (`Reason.ordinal`, issue 17); the reference is the
/// texts compared (`Reason.same(_:_:plain: true)`).
final class ReasonOrdinalTests: XCTestCase {
    /// Declared constants, the same texts declared again and read back, texts of other lengths
    /// and spellings (two spellings of one text are one text to `String`'s `==`).
    private var reasons: [Reason] {
        let declared: [Reason] = [.noGesture, .noUserInteraction, .subframeNoGesture, .noUserGesture, .landingPage,
                                  .notAllowlisted, .appStoreSearch, .universalLinkSameHost, .sameHost,
                                  .intentParseError, .invalidURL, .malformedURL, .sandboxTopNavigation]
        let texts = declared.map(\.rawValue) + ["", "x", "landing-page ", "Landing-page", "caf\u{E9}", "cafe\u{301}",
                                                "\u{212A}", "K", String(repeating: "long-reason-", count: 4)]
        return declared + texts.map { Reason($0) } + texts.map { Reason(rawValue: $0) }
    }

    func testEqualityIsTheTexts() {
        let all = reasons
        for a in all {
            for b in all {
                XCTAssertEqual(a == b, Reason.same(a, b, plain: true), "\(a.rawValue.debugDescription) \(b.rawValue.debugDescription)")
                XCTAssertEqual(a == b, Reason.same(a, b, plain: false))
                if a == b { XCTAssertEqual(a.hashValue, b.hashValue) }
            }
        }
    }

    func testOneTextOneNumber() {
        XCTAssertEqual(Reason("landing-page").ordinal, Reason.landingPage.ordinal)
        XCTAssertNotEqual(Reason.landingPage.ordinal, 0)
        XCTAssertEqual(Reason(rawValue: "landing-page").ordinal, 0)
        XCTAssertEqual(Reason("caf\u{E9}").ordinal, Reason("cafe\u{301}").ordinal)
        XCTAssertNotEqual(Reason.landingPage.ordinal, Reason.noGesture.ordinal)
    }

    /// Constants are declared lazily, from whichever worker reads one first.
    func testDeclaredFromManyThreads() {
        let numbers = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 400)
        defer { numbers.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            numbers[i] = Reason("ordinal-test-\(i % 7)").ordinal
        }
        for i in 0..<400 {
            XCTAssertEqual(numbers[i], numbers[i % 7])
            XCTAssertEqual(numbers[i] == numbers[(i + 1) % 400], i % 7 == (i + 1) % 400 % 7)
        }
    }
}
