import CZlib
import Foundation
@testable import PageSources
import TestSupport
import XCTest

/// Memory bounds while reading archives (issue 16, "memory"): a content-coded body that
/// inflates far past the page limit, and a `.warc.gz` member that inflates to 64 MB, are
/// read in bounded pieces. The real 1 GB case, with peak RSS, is `Benchmarks/warc_hostile.py`.
final class WARCBoundsTests: XCTestCase {
    /// 64 MB of spaces between a link and another: about 64 KB gzipped.
    private static let bombBody: [UInt8] = Array(#"<html><a href="gojek://pay?before=cut">pay</a>"#.utf8)
        + [UInt8](repeating: 0x20, count: 64 << 20) + Array(#"<a href="dana://after-the-cut">x</a></html>"#.utf8)

    func testContentCodingInflatesOnlyUpToTheLimit() throws {
        let limit = 1 << 20
        let gzip = WARCBytes.gzip(Self.bombBody, level: 9)
        XCTAssertLessThan(gzip.count, 256 << 10)
        let out = try Inflate.upTo(limit, of: gzip)
        XCTAssertEqual(out.bytes.count, limit)
        XCTAssertTrue(out.cut)
        // The inflater stopped one chunk past the limit at most: never the 64 MB.
        XCTAssertLessThanOrEqual(out.produced, limit + Inflate.chunk)

        // The same for deflate, zlib-wrapped as the standard says.
        var bound = compressBound(uLong(Self.bombBody.count))
        var zlib = [UInt8](repeating: 0, count: Int(bound))
        XCTAssertEqual(compress2(&zlib, &bound, Self.bombBody, uLong(Self.bombBody.count), 9), Z_OK)
        let deflated = try Inflate.upTo(limit, of: Array(zlib.prefix(Int(bound))))
        XCTAssertEqual(deflated.bytes.count, limit)
        XCTAssertTrue(deflated.cut)
        XCTAssertLessThanOrEqual(deflated.produced, limit + Inflate.chunk)
    }

    func testArchivedPageWithAGzipBombIsCutAtThePageLimitAndReadUpToTheCut() throws {
        let block = WARCBytes.http(WARCBytes.gzip(Self.bombBody, level: 9),
                                   headers: ["Content-Type: text/html", "Content-Encoding: gzip"])
        let dir = TempDir()
        let path = dir.write("bomb.warc", data: Data(WARCBytes.record(uri: "https://shop.example/bomb", block: block)))
        let scanner = ArchiveScanner(path: path, maxBody: 1 << 20)
        let page = try XCTUnwrap(scanner.next())
        XCTAssertNil(scanner.next())
        XCTAssertTrue(page.cut)
        XCTAssertEqual(page.body.count, 1 << 20)
        XCTAssertNil(page.problem)
    }

    /// A `.warc.gz` whose one member inflates to 64 MB (a record nobody keeps, then one kept
    /// but over the limit): the reader's buffer never holds more than a few chunks.
    func testGzipMemberInflatingTo64MBIsReadInBoundedPieces() throws {
        let zeros = [UInt8](repeating: 0, count: 64 << 20)
        let metadata = WARCBytes.record(type: "metadata", uri: nil, block: zeros, contentType: "application/octet-stream")
        let response = WARCBytes.record(uri: "https://shop.example/big", block: WARCBytes.http(zeros))
        let bytes = WARCBytes.gzip(metadata, level: 1) + WARCBytes.gzip(response, level: 1) + WARCBytes.gzip(WARCBytes.page("two"))
        let dir = TempDir()
        let reader = try WARCReader(path: dir.write("big.warc.gz", data: Data(bytes)))
        var records: [WARCRecord] = []
        while let record = try reader.next(keep: { $0["WARC-Type"] == "response" }, maxBlock: 1 << 20) {
            records.append(record)
        }
        XCTAssertEqual(records.map(\.type), ["metadata", "response", "response"])
        XCTAssertEqual(records.map(\.problem), [nil, nil, nil])
        XCTAssertEqual(records[1].block.count, 1 << 20)
        XCTAssertTrue(records[1].blockCut)
        XCTAssertEqual(reader.takeDamage(), [])
        XCTAssertLessThan(reader.peakBuffered, 1 << 20)
    }
}
