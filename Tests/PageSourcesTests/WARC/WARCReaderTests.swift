import XCTest
@testable import PageSources
import TestSupport

final class WARCReaderTests: XCTestCase {
    private func records(_ relative: String) throws -> (types: [String], reader: WARCReader, records: [WARCRecord]) {
        let reader = try WARCReader(path: Fixture.url("warc/" + relative).path)
        var all: [WARCRecord] = []
        while let record = try reader.next() { all.append(record) }
        return (all.map(\.type), reader, all)
    }

    /// The record types `warcio index` lists for a file, in order.
    private func expectedTypes(_ relative: String) throws -> [String] {
        let text = String(decoding: try Fixture.data("warc/warcio-index-expected.txt"), as: UTF8.self)
        var types: [String] = []
        var inSection = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("### ") { inSection = line == "### \(relative)"; continue }
            guard inSection, line.hasPrefix("{"), let data = line.data(using: .utf8),
                  let object = try JSONSerialization.jsonObject(with: data) as? [String: String],
                  let type = object["warc-type"] else { continue }
            types.append(type)
        }
        return types
    }

    func testPlainAndGzipReadTheSameRecordsAsWarcio() throws {
        for name in ["synthetic/deeplinks-sample.warc", "synthetic/deeplinks-sample.warc.gz",
                     "real-warcio/example.warc", "real-warcio/example.warc.gz"] {
            let expected = try expectedTypes(name)
            XCTAssertFalse(expected.isEmpty, name)
            let read = try records(name)
            XCTAssertEqual(read.types, expected, name)
            XCTAssertTrue(read.records.allSatisfy { $0.problem == nil }, name)
        }
    }

    func testTargetURIAndHTTPResponse() throws {
        let read = try records("synthetic/deeplinks-sample.warc.gz")
        let redirect = try XCTUnwrap(read.records.first { $0.targetURI == "https://shortlink.example/scan" })
        let response = try XCTUnwrap(HTTPResponse.parse(redirect.block))
        XCTAssertEqual(response.status, 302)
        XCTAssertEqual(response.headers["location"]?.hasPrefix("intent://"), true)
        let page = try XCTUnwrap(read.records.first { $0.type == "response" })
        let html = try XCTUnwrap(HTTPResponse.parse(page.block))
        XCTAssertTrue(html.isHTML)
        XCTAssertEqual(html.charset, "utf-8")
    }

    func testChunkedResponseIsDechunked() throws {
        let read = try records("real-warcio/example-iana.org-chunked.warc")
        let response = try XCTUnwrap(read.records.compactMap { $0.type == "response" ? HTTPResponse.parse($0.block) : nil }.first)
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.contains("<html") || body.contains("<!doctype"), String(body.prefix(200)))
        XCTAssertFalse(body.hasPrefix("1"), "chunk sizes must be removed")
    }

    func testInvalidContentLengthAsWarcioWarnsOfIt() throws {
        // warcio: "Record not followed by newline, perhaps Content-Length is invalid" on the response.
        let read = try records("real-warcio/example-trunc.warc")
        XCTAssertEqual(read.types, try expectedTypes("real-warcio/example-trunc.warc"))
        XCTAssertEqual(read.records.map { $0.problem != nil }, [false, false, true, false])
    }

    func testFileCutInsideARecordReportsItTruncated() throws {
        let bytes = try Fixture.data("warc/real-warcio/example.warc")
        let dir = TempDir()
        let text = String(decoding: bytes, as: UTF8.self)
        let status = try XCTUnwrap(text.range(of: "HTTP/1.1 200"))
        let cut = text.utf8.distance(from: text.startIndex, to: status.lowerBound) + 100
        let path = dir.write("cut.warc", data: bytes.prefix(cut))
        let reader = try WARCReader(path: path)
        var all: [WARCRecord] = []
        while let record = try reader.next() { all.append(record) }
        XCTAssertEqual(all.last?.type, "response")
        XCTAssertEqual(all.last?.problem?.hasPrefix("truncated: Content-Length"), true, "\(all.map(\.problem))")
    }

    func testGzipCutInsideAMemberIsReportedAsDamage() throws {
        let bytes = try Fixture.data("warc/real-warcio/example.warc.gz")
        let dir = TempDir()
        let path = dir.write("cut.warc.gz", data: bytes.prefix(bytes.count - 100))
        let reader = try WARCReader(path: path)
        var all: [WARCRecord] = []
        while let record = try reader.next() { all.append(record) }
        // The last member (the request at 3207, 609 bytes) is cut: what it held is read, and
        // the record it starts is truncated; the member is the damaged stretch.
        XCTAssertEqual(all.map(\.type), try expectedTypes("real-warcio/example.warc.gz"))
        XCTAssertEqual(all.last?.problem?.hasPrefix("truncated: "), true, "\(all.map(\.problem))")
        XCTAssertEqual(reader.takeDamage(), [DamagedStretch(start: 3207, end: bytes.count - 100, place: .file,
                                                            reason: "the file ends inside a gzip member")])
    }

    func testWrongContentLengthIsReportedAndReadingGoesOn() throws {
        var text = String(decoding: try Fixture.data("warc/real-warcio/example.warc"), as: UTF8.self)
        // Make the first record claim 40 bytes more than it has: it swallows the start of the next one.
        let original = try XCTUnwrap(text.range(of: "Content-Length: 249"))
        text.replaceSubrange(original, with: "Content-Length: 289")
        let dir = TempDir()
        let path = dir.write("bad.warc", text)
        let reader = try WARCReader(path: path)
        var all: [WARCRecord] = []
        while let record = try reader.next() { all.append(record) }
        XCTAssertEqual(all.first?.problem, "Content-Length 289 does not match the record (it holds 249 bytes)")
        XCTAssertEqual(all.map(\.type), try expectedTypes("real-warcio/example.warc"))
    }

    func testGarbageBetweenRecordsIsSkippedAndNoted() throws {
        let text = String(decoding: try Fixture.data("warc/real-warcio/example.warc"), as: UTF8.self)
        let dir = TempDir()
        let path = dir.write("junk.warc", "junk line\nmore junk\n" + text)
        let reader = try WARCReader(path: path)
        var count = 0
        while try reader.next() != nil { count += 1 }
        XCTAssertEqual(count, try expectedTypes("real-warcio/example.warc").count)
        XCTAssertEqual(reader.takeDamage(), [DamagedStretch(start: 0, end: 20, place: .file,
                                                            reason: "20 bytes that are not a WARC record: skipped")])
    }
}
