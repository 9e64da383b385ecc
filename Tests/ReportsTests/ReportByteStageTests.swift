import XCTest
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import Reports
@testable import WHATWGURL
import TestSupport

/// The staged writers' escaping gives the bytes of the escaping it replaced: JSONText's
/// for JSON strings, the String-based XML escaping JUnitXML had, and interpolation for
/// integers, whatever the string's length or where in it the awkward bytes fall.
final class ReportByteStageTests: XCTestCase {
    private let samples: [String] = {
        let awkward = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "<", ">", "&", "'", "\u{FFFE}", "\u{FFFF}",
                       "\u{FFFD}", "\u{EF00}", "é", "日本", "🙂", "]]>", "\u{7F}"]
        var samples = ["", "plain", "dana://wallet/pay?order=1&x=2", String(repeating: "a", count: 20_000)]
        for piece in awkward {
            for offset in 0..<10 {
                samples.append(String(repeating: "x", count: offset) + piece + String(repeating: "y", count: 9 - offset))
            }
            samples.append(String(repeating: "z", count: 9_000) + piece + "tail")
        }
        return samples
    }()

    func testJSONStringsMatchJSONText() {
        for sample in samples {
            var expected: [UInt8] = []
            JSONText.appendString(sample, to: &expected)
            XCTAssertEqual(staged { $0.put(jsonString: sample) }, expected, sample.debugDescription)
        }
    }

    func testXMLEscapingMatchesTheStringVersion() {
        for sample in samples {
            for attribute in [false, true] {
                XCTAssertEqual(String(decoding: staged { XMLEscape.append(sample, attribute: attribute, to: &$0) }, as: UTF8.self),
                               Reference.escaped(sample, attribute: attribute), sample.debugDescription)
            }
        }
    }

    func testDecimalsMatchInterpolation() {
        for value in [0, 7, 10, 99, 100, 12_345, Int.max, -1, -42, Int.min] {
            XCTAssertEqual(String(decoding: staged { $0.put(decimal: value) }, as: UTF8.self), "\(value)")
        }
    }

    func testPiecesKeepTheirOrderAcrossFlushes() {
        let bytes = staged { out in
            for i in 0..<3_000 {
                out.put("<")
                out.put(utf8: String(repeating: "p", count: i % 17))
                out.put(decimal: i)
                if i % 1_000 == 0 { out.put(utf8: String(repeating: "L", count: 10_000)) }
            }
        }
        var expected = ""
        for i in 0..<3_000 {
            expected += "<" + String(repeating: "p", count: i % 17) + "\(i)"
            if i % 1_000 == 0 { expected += String(repeating: "L", count: 10_000) }
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    }

    private func staged(_ body: (inout ByteStage) -> Void) -> [UInt8] {
        let sink = ReportSink()
        ByteStage.writing(to: sink, body)
        return sink.bytes
    }
}

/// JUnitXML's String-based escaping before it wrote into the file's bytes.
private enum Reference {
    static func escaped(_ value: String, attribute: Bool) -> String {
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
