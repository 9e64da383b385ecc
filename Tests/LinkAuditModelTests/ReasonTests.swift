import Foundation
import XCTest
@testable import LinkAuditModel

/// A reason is its code on the wire, and any code read back is carried.
final class ReasonTests: XCTestCase {
    func testEncodesAsThePlainCode() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Verdict(.blocked, .noGesture))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"outcome":"blocked","reason":"no-gesture"}"#)
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([Reason.landingPage]), as: UTF8.self),
                       #"["landing-page"]"#)
    }

    func testDecodesDeclaredAndUnknownCodes() throws {
        let known = try JSONDecoder().decode(Verdict.self, from: Data(#"{"outcome":"blocked","reason":"no-gesture"}"#.utf8))
        XCTAssertEqual(known.reason, .noGesture)
        let newer = try JSONDecoder().decode(Verdict.self, from: Data(#"{"outcome":"loads","reason":"from-v2"}"#.utf8))
        XCTAssertEqual(newer.reason.rawValue, "from-v2")
        XCTAssertEqual(newer.reason, Reason(rawValue: "from-v2"))
    }

    func testDescriptionIsTheCode() {
        XCTAssertEqual("\(Reason.universalLinkSameHost)", "universal-link-same-host")
    }
}
