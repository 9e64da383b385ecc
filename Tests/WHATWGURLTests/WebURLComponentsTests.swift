import XCTest
@testable import WHATWGURL

/// The building blocks behind WebURL: percent-encode sets, Punycode, IP addresses.
final class WebURLComponentsTests: XCTestCase {
    typealias Set = WebURL.PercentEncodeSet

    /// The sets are hand-written bit masks for speed; rebuild them from the spec's wording.
    func testPercentEncodeSetConstantsMatchTheSpec() {
        let c0 = Set(low: 0, high: 0).adding(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}")
        XCTAssertEqual(Set.c0Control.low, c0.low)
        XCTAssertEqual(Set.c0Control.high, c0.high)
        let expectations: [(Set, Set)] = [
            (.fragment, c0.adding(" \"<>`")),
            (.query, c0.adding(" \"#<>")),
            (.specialQuery, c0.adding(" \"#<>'")),
            (.path, c0.adding(" \"#<>?^`{}")),
            (.userinfo, c0.adding(" \"#<>?^`{}/:;=@[\\]^|")),
        ]
        for (index, (constant, built)) in expectations.enumerated() {
            XCTAssertEqual(constant.low, built.low, "set \(index) low")
            XCTAssertEqual(constant.high, built.high, "set \(index) high")
        }
        XCTAssertTrue(Set.path.contains(0x80), "non-ASCII bytes are always encoded")
        XCTAssertFalse(Set.path.contains(UInt8(ascii: "[")))
    }

    func testPunycodeRoundTrips() throws {
        let cases = [("bücher", "bcher-kva"), ("你好你好", "6qqa088eba"), ("faß", "fa-hia"),
                     ("ü", "tda")]
        for (unicode, ascii) in cases {
            let scalars = unicode.unicodeScalars.map(\.value)
            XCTAssertEqual(WebURL.Punycode.encode(scalars).map { String(decoding: $0, as: UTF8.self) }, ascii)
            XCTAssertEqual(WebURL.Punycode.decode(Array(ascii.utf8)), scalars)
        }
        XCTAssertNil(WebURL.Punycode.decode(Array("99999999999".utf8)), "overflow is an error")
        XCTAssertNil(WebURL.Punycode.decode(Array("a!".utf8)), "non-digit is an error")
    }

    func testIPv6CompressesFirstLongestZeroRun() {
        XCTAssertEqual(WebURL.parse("http://[1:0:0:2:0:0:0:3]/")?.hostname, "[1:0:0:2::3]")
        XCTAssertEqual(WebURL.parse("http://[1:0:0:2:0:0:3:4]/")?.hostname, "[1::2:0:0:3:4]")
        XCTAssertEqual(WebURL.parse("http://[1:0:2:3:4:5:6:7]/")?.hostname, "[1:0:2:3:4:5:6:7]")
        XCTAssertEqual(WebURL.parse("http://[::ffff:192.168.0.1]/")?.hostname, "[::ffff:c0a8:1]")
        XCTAssertNil(WebURL.parse("http://[1::2::3]/"))
    }

    func testIPv4NumberForms() {
        XCTAssertEqual(WebURL.parse("http://0300.0250.0.01/")?.hostname, "192.168.0.1")
        XCTAssertEqual(WebURL.parse("http://192.168.1/")?.hostname, "192.168.0.1")
        XCTAssertEqual(WebURL.parse("http://0xffffffff/")?.hostname, "255.255.255.255")
        XCTAssertNil(WebURL.parse("http://0x100000000/"))
        XCTAssertNil(WebURL.parse("http://1.2.3.09/"), "09 is not octal")
        XCTAssertNil(WebURL.parse("http://example.123/"), "a numeric last label makes it IPv4 or nothing")
        XCTAssertEqual(WebURL.parse("http://1.2.3.x9/")?.hostname, "1.2.3.x9", "last label not numeric: domain")
    }
}
