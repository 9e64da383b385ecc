import XCTest
@testable import Policies

/// `Uri.decode`/`Uri.encode` and the Java number parsers behind intent values.
final class IntentValueDecodingTests: XCTestCase {
    func testUriDecodeMatchesAOSPUriCodecTests() {
        // android.net.UriCodecTest (throwOnFailure = false, as Uri.decode uses it).
        XCTAssertEqual(AndroidUriCodec.decode("ab%2f$%c4%82%25%e0%a1%80"), "ab/$\u{0102}%\u{0840}")
        XCTAssertEqual(AndroidUriCodec.decode("ab%2f$%c4%82%25%e0%a1%80aa%e0%a1%80"), "ab/$\u{0102}%\u{0840}aa\u{0840}")
        XCTAssertEqual(AndroidUriCodec.decode("ab%2f$%c4%82%25%e0%a1%80%"), "ab/$\u{0102}%\u{0840}\u{FFFD}")
        XCTAssertEqual(AndroidUriCodec.decode(""), "")
    }

    func testUriDecodeKeepsPlusAndReplacesBadEscapesLikeAndroid() {
        XCTAssertEqual(AndroidUriCodec.decode("a+b%20c"), "a+b c")
        // The bad digit is consumed and the partial byte still lands in the output.
        XCTAssertEqual(AndroidUriCodec.decode("%zz"), "\u{FFFD}\u{0}z")
        XCTAssertEqual(AndroidUriCodec.decode("%3z!"), "\u{FFFD}\u{3}!")
        XCTAssertEqual(AndroidUriCodec.decode("x%4"), "x\u{FFFD}")
        XCTAssertEqual(AndroidUriCodec.decode("%E2%82"), "\u{FFFD}")       // truncated UTF-8
        XCTAssertEqual(AndroidUriCodec.decode("%C3%A9t%C3%A9"), "été")
    }

    func testUriEncode() {
        XCTAssertEqual(AndroidUriCodec.encode("a b&c=d/é{}"), "a%20b%26c%3Dd%2F%C3%A9%7B%7D")
        XCTAssertEqual(AndroidUriCodec.encode("Az09_-!.~'()*"), "Az09_-!.~'()*")
    }

    func testIntegerDecode() throws {
        XCTAssertEqual(try JavaNumbers.decodeInt("-0x10"), -16)
        XCTAssertEqual(try JavaNumbers.decodeInt("+#ff"), 255)
        XCTAssertEqual(try JavaNumbers.decodeInt("0"), 0)
        XCTAssertEqual(try JavaNumbers.decodeInt("-2147483648"), .min)
        XCTAssertEqual(try JavaNumbers.decodeInt("-0x80000000"), .min)
        XCTAssertThrowsError(try JavaNumbers.decodeInt("0x80000000"))
        XCTAssertThrowsError(try JavaNumbers.decodeInt("08"))     // octal
        XCTAssertThrowsError(try JavaNumbers.decodeInt("--1"))
        XCTAssertThrowsError(try JavaNumbers.decodeInt(""))
    }

    func testParseIntMessagesFollowTheJDK() {
        XCTAssertThrowsError(try JavaNumbers.parseInt("0.1")) {
            XCTAssertEqual(($0 as? JavaNumbers.FormatError)?.message, "For input string: \"0.1\"")
        }
    }
}
