@testable import Extraction
import XCTest

/// `Attributes.string` (a short value made in place as a small string, issue 17) against
/// `String(cString:)` on values of every length around the small-string bound, ASCII or
/// not, valid UTF-8 or not.
final class AttributeStringTests: XCTestCase {
    func testStringIsCString() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("_blank".utf8), Array("é".utf8), Array("😀".utf8), [0xFF],
                                 [0xC3], [0x80], Array(" ".utf8), Array("\u{212A}".utf8), [0x7F]]
        var state: UInt64 = 1
        var values: [[UInt8]] = [[]]
        for _ in 0..<5_000 {
            var value: [UInt8] = []
            let parts = Int(state >> 60) + 1
            for _ in 0..<parts {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                value += pieces[Int(state >> 33) % pieces.count]
            }
            values.append(value)
        }
        for length in 0...20 { values.append(Array(repeating: UInt8(ascii: "x"), count: length)) }
        for value in values {
            (value + [0]).withUnsafeBufferPointer { c in
                let made = Attributes.string(c.baseAddress!)
                let plain = String(cString: c.baseAddress!)
                XCTAssertEqual(Array(made.utf8), Array(plain.utf8), "\(value)")
                XCTAssertEqual(made, plain)
            }
        }
    }
}
