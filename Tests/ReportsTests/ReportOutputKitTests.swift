import XCTest
@testable import Reports

/// The output kit's fast paths give the bytes of their plain versions: JSON strings
/// escaped eight bytes at a time as a byte at a time (and as the String-based escaping
/// they replaced), CSV cells quoted after a word-at-a-time scan as `CSVCell.field`
/// quotes them, the String-based XML escaping JUnitXML had, and interpolation for
/// integers — whatever the string's length or where in it the awkward bytes fall.
final class ReportOutputKitTests: XCTestCase {
    private let samples: [String] = {
        let awkward = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "<", ">", "&", "'", "\u{FFFE}", "\u{FFFF}",
                       "\u{FFFD}", "\u{EF00}", "é", "日本", "🙂", "]]>", "\u{7F}", ",", "=", "+", "\u{FF1D}"]
        var samples = ["", "plain", "dana://wallet/pay?order=1&x=2", String(repeating: "a", count: 20_000),
                       String(repeating: "b", count: 16), String(repeating: "c", count: 24)]
        for piece in awkward {
            for offset in 0..<10 {
                samples.append(String(repeating: "x", count: offset) + piece + String(repeating: "y", count: 9 - offset))
            }
            // Past sixteen bytes (JSON strings go sixteen at a time first): the piece in
            // either word of a step, or between steps.
            for offset in 0..<34 {
                samples.append(String(repeating: "x", count: offset) + piece + String(repeating: "y", count: 40 - offset))
            }
            // Ending where a step of sixteen ends.
            samples.append(String(repeating: "x", count: max(0, 32 - piece.utf8.count)) + piece)
            samples.append(piece + "lead")
            samples.append(String(repeating: "z", count: 9_000) + piece + "tail")
        }
        return samples
    }()

    func testJSONStringsMatchThePlainEscaper() {
        for sample in samples {
            var fast = ByteBuffer(), plain = ByteBuffer()
            fast.append(jsonString: sample)
            JSONString.appendPlain(sample, to: &plain)
            XCTAssertEqual(fast.bytes, plain.bytes, sample.debugDescription)
            XCTAssertEqual(fast.text, Reference.json(sample), sample.debugDescription)
        }
    }

    /// Keys copied a word or a byte at a time (`JSONText.copy`) whatever their length.
    func testKeysOfEveryLengthAreCopiedWhole() {
        let text = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for count in 0...text.count {
            var out = [UInt8](repeating: 0xEE, count: count + 2)
            text.withUnsafeBufferPointer { from in
                out.withUnsafeMutableBufferPointer { JSONText.copy(from.baseAddress!, count, to: $0.baseAddress! + 1) }
            }
            XCTAssertEqual(out, [0xEE] + text.prefix(count) + [0xEE], "\(count)")
        }
        var json = JSONText()
        json.field("a", 1)
        json.field("delayMs", 2)
        json.field("verdictSet", 3)
        json.field("sixteen-bytes-ab", 4)
        json.field("seventeen-bytes-a", 5)
        XCTAssertEqual(String(decoding: json.closed(), as: UTF8.self),
                       #"{"a":1,"delayMs":2,"verdictSet":3,"sixteen-bytes-ab":4,"seventeen-bytes-a":5}"#)
    }

    func testEightBytesAgreesWithAByteAtATime() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x2C, 0x5C, 0x7F, 0x80, 0xFF]
        for _ in 0..<20_000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                bytes[Int.random(in: 0..<8, using: &generator)] = interesting.randomElement(using: &generator)!
            }
            let word = bytes.withUnsafeBufferPointer { EightBytes.load($0.baseAddress!) }
            XCTAssertEqual(EightBytes.below(0x20, in: word) != 0, bytes.contains { $0 < 0x20 }, "\(bytes)")
            for byte: UInt8 in [0x22, 0x2C, 0x5C, 0x0A] {
                XCTAssertEqual(EightBytes.equal(byte, in: word) != 0, bytes.contains(byte), "\(bytes) \(byte)")
            }
            XCTAssertEqual(JSONString.needsEscape(word), bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
        }
    }

    func testCSVCellsMatchTheStringVersion() {
        for sample in samples {
            var out = ByteBuffer()
            CSVCell.append(sample, to: &out)
            XCTAssertEqual(out.text, CSVCell.field(CSVCell.neutralised(sample)), sample.debugDescription)
        }
    }

    func testXMLEscapingMatchesTheStringVersion() {
        for sample in samples {
            for attribute in [false, true] {
                var out = ByteBuffer()
                XMLEscape.append(sample, attribute: attribute, to: &out)
                XCTAssertEqual(out.text, Reference.xml(sample, attribute: attribute), sample.debugDescription)
            }
        }
    }

    func testDecimalsMatchInterpolation() {
        for value in [0, 7, 9, 10, 99, 100, 12_345, 999_999_999_999, Int.max, -1, -42, -100, Int.min] {
            var out = ByteBuffer()
            out.append(decimal: value)
            XCTAssertEqual(out.text, "\(value)")
        }
    }

    func testPiecesKeepTheirOrderAcrossDrains() {
        let drain = Collected()
        var out = ByteBuffer(capacity: 64, drain: drain)
        var expected = ""
        for i in 0..<3_000 {
            out.append("<")
            out.append(utf8: String(repeating: "p", count: i % 17))
            out.append(decimal: i)
            expected += "<" + String(repeating: "p", count: i % 17) + "\(i)"
            if i % 1_000 == 0 {
                out.append(jsonString: String(repeating: "L", count: 100_000))
                expected += "\"" + String(repeating: "L", count: 100_000) + "\""
            }
            out.drainIfFull()
        }
        XCTAssertGreaterThan(drain.writes, 1, "drained along the way")
        out.drainAll()
        XCTAssertEqual(out.count, 0)
        XCTAssertEqual(String(decoding: drain.bytes, as: UTF8.self), expected)
    }

    /// A page's links.jsonl lines are handed over without a copy (`detach`) and, when large,
    /// passed to the drain past the buffer, which keeps its size: the largest page's lines are
    /// held once, not in the worker's buffer, an array and the writer's buffer.
    func testLargeBytesPassTheBufferAndDetachingDoesNotCopy() {
        var page = ByteBuffer(capacity: 64)
        page.append(utf8: String(repeating: "x", count: 1 << 20))
        let base = page.written.baseAddress
        let owned = page.detach()
        XCTAssertEqual(owned.count, 1 << 20)
        XCTAssertEqual(owned.buffer.baseAddress, base, "the same bytes, not a copy")
        XCTAssertEqual(page.count, 0)

        let drain = Collected()
        var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: drain)
        out.append("before\n")
        out.append(passing: owned.buffer)
        out.append(passing: UnsafeBufferPointer(start: nil, count: 0))
        out.append("after\n")
        out.drainAll()
        XCTAssertEqual(out.capacity, ByteBuffer.drainSize * 2, "the buffer never held the page")
        XCTAssertEqual(drain.bytes, Array("before\n".utf8) + owned.array + Array("after\n".utf8))
    }

    func testTruncateTakesBackWhatWasWrittenLast() {
        var out = ByteBuffer(capacity: 64)
        out.append("[1")
        let mark = out.count
        out.append(",\n    ")
        out.truncate(to: mark)
        out.append("]")
        XCTAssertEqual(out.text, "[1]")
    }

    func testWithoutADrainEverythingStays() {
        var out = ByteBuffer(capacity: 64)
        out.append(utf8: String(repeating: "a", count: ByteBuffer.drainSize * 3))
        out.drainIfFull()
        out.drainAll()
        XCTAssertEqual(out.count, ByteBuffer.drainSize * 3)
    }
}

/// A drain that keeps what it is handed.
private final class Collected: ByteDrain {
    var bytes: [UInt8] = []
    var writes = 0

    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes += bytes
        writes += 1
    }
}

/// The String-based escaping the byte writers replaced.
private enum Reference {
    /// JSONText's escaping before it wrote bytes: short escapes for the usual five,
    /// `\u00XX` for the other control characters.
    static func json(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += "\\u00" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// JUnitXML's escaping before it wrote bytes.
    static func xml(_ value: String, attribute: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            case let c where c.value < 0x20: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
