import Foundation
import TestSupport
import XCTest
@testable import Extraction

/// The html5lib encoding suite (Tests/Fixtures/html5lib/encoding): the encoding the HTML
/// Standard's sniffing gives each `#data`. The suite assumes a browser's windows-1252
/// fallback where nothing is declared; this tool does not guess (see `EncodingSniffer`), so
/// there "nothing found" (UTF-8, source `.default`) is the expected answer.
final class Html5libEncodingTests: XCTestCase {
    struct Case {
        let data: [UInt8]
        let encoding: String
    }

    static func cases(_ file: String) throws -> [Case] {
        let bytes = [UInt8](try Fixture.data("html5lib/encoding/\(file)"))
        var cases: [Case] = []
        // Sections are split on the markers as bytes: the data may be in any encoding.
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        var rest = Substring(text)
        var offset = 0
        while let dataMark = rest.range(of: "#data\n") {
            guard let encodingMark = rest.range(of: "\n#encoding\n", range: dataMark.upperBound..<rest.endIndex)
            else { break }
            let start = offset + rest.utf8.distance(from: rest.startIndex, to: dataMark.upperBound)
            let end = offset + rest.utf8.distance(from: rest.startIndex, to: encodingMark.lowerBound)
            let afterLabel = rest[encodingMark.upperBound...].firstIndex(of: "\n") ?? rest.endIndex
            let label = String(rest[encodingMark.upperBound..<afterLabel])
            cases.append(Case(data: Array(bytes[start..<end]), encoding: label))
            offset += rest.utf8.distance(from: rest.startIndex, to: afterLabel)
            rest = rest[afterLabel...]
        }
        return cases
    }

    private func check(_ file: String, count: Int, exceptions: Set<Int> = []) throws {
        let cases = try Self.cases(file)
        XCTAssertEqual(cases.count, count)
        for (index, c) in cases.enumerated() where !exceptions.contains(index) {
            let sniffed = EncodingSniffer.sniff(c.data)
            let expected = EncodingSniffer.encoding(forLabel: c.encoding)
            let agrees = sniffed.source == .default ? expected == "windows-1252" : sniffed.name == expected
            XCTAssertTrue(agrees, "\(file) #\(index): \(String(decoding: c.data, as: UTF8.self).debugDescription) "
                          + "→ \(sniffed), want \(c.encoding)")
        }
    }

    func testTests1() throws {
        try check("tests1.dat", count: 59)
    }

    func testTests2() throws {
        try check("tests2.dat", count: 22)
    }

    func testYahooJapan() throws {
        try check("test-yahoo-jp.dat", count: 1)
    }
}
