import Foundation
import LinkAudit
@testable import PageSources
import TestSupport
import XCTest

/// Damaged archives (issue 16, "lost or wrong data"): a corrupt gzip member, junk between
/// members, a Content-Length too big or too small. Whatever is damaged is reported where it
/// is, and every intact record after it is read, with its own HTML on its own page.
final class WARCDamageTests: XCTestCase {
    /// Every item the scanner gives for `bytes` written as `name`, with the path it read.
    private func scan(_ bytes: [UInt8], name: String = "a.warc", maxBody: Int = 1 << 20) -> (pages: [ArchivedPage], path: String) {
        let dir = TempDir()
        let path = dir.write(name, data: Data(bytes))
        let scanner = ArchiveScanner(path: path, maxBody: maxBody)
        var pages: [ArchivedPage] = []
        while let page = scanner.next() { pages.append(page) }
        return (pages, path)
    }

    private func links(_ page: ArchivedPage) -> [String] {
        PageReader().read(page).navigations.map(\.url)
    }

    private func shop(_ names: String...) -> [String] { names.map { "https://shop.example/" + $0 } }

    func testCorruptGzipMemberIsSkippedAndTheMembersAfterItAreRead() {
        let members = ["one", "two", "three"].map { WARCBytes.gzip(WARCBytes.page($0, filler: 40)) }
        var damaged = members[1]
        damaged[10] = 0xFF  // the first deflate block header: block type 3, which does not exist
        let run = scan(members[0] + damaged + members[2], name: "a.warc.gz")
        let start = members[0].count, end = start + damaged.count - 1
        XCTAssertEqual(run.pages.map(\.page), [shop("one")[0], run.path + "#bytes=\(start)-\(end)",
                                               shop("three")[0]])
        guard run.pages.count == 3 else { return }
        XCTAssertEqual(run.pages[1].file, run.path + "#bytes=\(start)-\(end)")
        XCTAssertEqual(run.pages[1].problem, "corrupt gzip member (invalid block type): read up to the damage, then "
                       + "skipped to the next member: bytes \(start)-\(end) of the file")
        XCTAssertEqual(links(run.pages[2]), ["gojek://pay?on=three", "dana://pay?tail=three"])
    }

    func testBytesBetweenGzipMembersThatAreNotGzipAreSkippedAndReported() {
        let members = ["one", "two"].map { WARCBytes.gzip(WARCBytes.page($0)) }
        let junk = Array(String(repeating: "junk ", count: 20).utf8)
        let run = scan(members[0] + junk + members[1], name: "b.warc.gz")
        let start = members[0].count
        XCTAssertEqual(run.pages.map(\.file), [run.path + "#record=1", run.path + "#bytes=\(start)-\(start + 99)",
                                               run.path + "#record=2"])
        guard run.pages.count == 3 else { return }
        XCTAssertEqual(run.pages[1].problem?.hasPrefix("not gzip data (incorrect header check): skipped to the next member"),
                       true, run.pages[1].problem ?? "")
        XCTAssertEqual(links(run.pages[2]), ["gojek://pay?on=two", "dana://pay?tail=two"])
    }

    func testContentLengthRunningPastTheEndOfTheFileDoesNotSwallowTheRecordsAfter() {
        var length = 0
        let one = WARCBytes.page("one") { length = $0; return $0 + 5000 }
        let run = scan(one + WARCBytes.page("two") + WARCBytes.page("three"))
        XCTAssertEqual(run.pages.map(\.page), shop("one", "two", "three"))
        guard run.pages.count == 3 else { return }
        XCTAssertEqual(run.pages[0].problem, "Content-Length \(length + 5000) does not match the record (it holds \(length) bytes)")
        XCTAssertEqual(links(run.pages[0]), ["gojek://pay?on=one", "dana://pay?tail=one"])
        XCTAssertEqual(links(run.pages[1]), ["gojek://pay?on=two", "dana://pay?tail=two"])
    }

    /// The length ends exactly on the blank line after the next record's HTTP header: the
    /// record end looks right, but what follows it is not a record.
    func testContentLengthEndingOnABlankLineInsideTheNextRecordIsCaught() throws {
        let two = WARCBytes.page("two")
        let text = String(decoding: two, as: UTF8.self)
        let http = try XCTUnwrap(text.range(of: "HTTP/1.1"))
        let blank = try XCTUnwrap(text.range(of: "\r\n\r\n", range: http.upperBound..<text.endIndex))
        let k = text.utf8.distance(from: text.startIndex, to: blank.lowerBound)
        let one = WARCBytes.page("one") { $0 + 4 + k }
        let run = scan(one + two + WARCBytes.page("three"))
        XCTAssertEqual(run.pages.map(\.page), shop("one", "two", "three"))
        guard run.pages.count == 3 else { return }
        XCTAssertEqual(links(run.pages[0]), ["gojek://pay?on=one", "dana://pay?tail=one"])
        XCTAssertEqual(links(run.pages[1]), ["gojek://pay?on=two", "dana://pay?tail=two"])
    }

    func testContentLengthTooSmallKeepsTheWholePageAndTheRecordsAfter() {
        var length = 0
        // 80 bytes short: the tail link is past the declared end.
        let one = WARCBytes.page("one", filler: 5) { length = $0; return $0 - 80 }
        let run = scan(one + WARCBytes.page("two") + WARCBytes.page("three"))
        XCTAssertEqual(run.pages.map(\.page), shop("one", "two", "three"))
        guard run.pages.count == 3 else { return }
        XCTAssertEqual(run.pages[0].problem, "Content-Length \(length - 80) does not match the record (it holds \(length) bytes)")
        XCTAssertEqual(links(run.pages[0]), ["gojek://pay?on=one", "dana://pay?tail=one"])
        XCTAssertEqual(links(run.pages[2]), ["gojek://pay?on=three", "dana://pay?tail=three"])
    }

    func testContentLengthTooBigByAFewBytesEndsAtTheNextRecord() {
        for extra in 1...6 {
            let run = scan(WARCBytes.page("one") { $0 + extra } + WARCBytes.page("two") + WARCBytes.page("three"))
            XCTAssertEqual(run.pages.map(\.page), shop("one", "two", "three"), "\(extra) bytes too big")
            XCTAssertEqual(run.pages.first.map(links), ["gojek://pay?on=one", "dana://pay?tail=one"], "\(extra)")
        }
    }

    /// A record that holds a WARC file (an archived `.warc`), with a length that is right:
    /// the record inside it is part of its block, not a record of the archive.
    func testRecordHoldingAWARCFileWithARightLengthIsKeptWhole() {
        let inner = String(decoding: WARCBytes.page("inner"), as: UTF8.self)
        let body = "<html><pre>\r\n\r\n" + inner + "</pre><a href=\"dana://after-the-inner-record\">x</a></html>"
        let one = WARCBytes.record(uri: "https://shop.example/one", block: WARCBytes.http(Array(body.utf8)))
        let run = scan(one + WARCBytes.page("two"))
        XCTAssertEqual(run.pages.map(\.page), shop("one", "two"))
        guard run.pages.count == 2 else { return }
        XCTAssertNil(run.pages[0].problem)
        XCTAssertEqual(links(run.pages[0]).last, "dana://after-the-inner-record")
    }

    /// A length that swallows more than the reader holds to recover from (4 MiB): what it
    /// held is read, the rest is one damaged stretch, and reading resumes at the declared end.
    func testContentLengthSwallowingMoreThanTheRecoveryLimitIsReportedAndReadingGoesOn() {
        let fields = Array("a: b\r\n".utf8)
        let meta = WARCBytes.record(type: "metadata", uri: nil, block: fields, length: fields.count + (5 << 20),
                                    contentType: "application/warc-fields")
        let filler = (0..<4).flatMap { _ in
            WARCBytes.record(type: "metadata", uri: nil, block: [UInt8](repeating: 0x61, count: 2 << 20),
                             contentType: "application/octet-stream")
        }
        let run = scan(meta + WARCBytes.page("two") + filler + WARCBytes.page("three"))
        XCTAssertEqual(run.pages.count, 4, "\(run.pages.map(\.file))")
        guard run.pages.count == 4 else { return }
        XCTAssertEqual(run.pages.first?.page, shop("two")[0])
        XCTAssertEqual(run.pages.last?.page, shop("three")[0])
        let blockStart = meta.count - fields.count - 4
        let lostFrom = blockStart + fields.count + 4 + WARCReader.recoveryLimit
        let lostTo = blockStart + fields.count + (5 << 20)
        XCTAssertEqual(run.pages[1].file, run.path + "#bytes=\(lostFrom)-\(lostTo - 1)")
        XCTAssertEqual(run.pages[1].problem?.contains("whose Content-Length \(fields.count + (5 << 20)) is too big"), true)
        XCTAssertEqual(run.pages[2].problem?.contains("that are not a WARC record"), true, run.pages[2].problem ?? "")
    }

    func testWARCHeaderOverTheLimitIsUnreadableAndTheNextRecordIsRead() throws {
        let pad = (0..<3000).map { "X-Pad-\($0): " + String(repeating: "p", count: 100) }  // ~330 KB
        let one = WARCBytes.record(uri: "https://shop.example/one", block: WARCBytes.http(Array(WARCBytes.html("one").utf8)),
                                   fields: pad)
        let run = scan(one + WARCBytes.page("two"))
        XCTAssertEqual(run.pages.map(\.page).first, shop("one")[0])
        XCTAssertEqual(run.pages.first?.problem, "its WARC header is over 262144 bytes (the limit)")
        XCTAssertEqual(run.pages.first?.body, [])
        XCTAssertEqual(run.pages.count, 3, "\(run.pages.map(\.file))")  // the rest of the record, skipped, is reported
        guard run.pages.count == 3 else { return }
        XCTAssertEqual(run.pages[1].problem?.contains("that are not a WARC record: skipped"), true)
        XCTAssertEqual(run.pages.last.map(links), ["gojek://pay?on=two", "dana://pay?tail=two"])

        // What is held of the header stays under the limit.
        let dir = TempDir()
        let reader = try WARCReader(path: dir.write("h.warc", data: Data(one)))
        let record = try XCTUnwrap(try reader.next())
        let held = record.fields.pairs.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        XCTAssertLessThanOrEqual(held, HeaderFields.sizeLimit)
    }

    /// Without a length nothing says where the block ends: the record is unreadable, its
    /// block is a stretch up to the next record; a request record alike is a damage record.
    func testRecordWithoutAContentLengthIsUnreadableAndItsBlockReported() {
        let noLength = { (type: String, name: String) -> [UInt8] in
            let whole = String(decoding: WARCBytes.record(type: type, uri: "https://shop.example/\(name)",
                                                          block: WARCBytes.http(Array(WARCBytes.html(name).utf8))),
                               as: UTF8.self)
            return Array(whole.replacingOccurrences(of: #"Content-Length: \d+\r\n"#, with: "",
                                                    options: .regularExpression).utf8)
        }
        let run = scan(noLength("response", "one") + noLength("request", "req") + WARCBytes.page("two"))
        XCTAssertEqual(run.pages.map(\.file), [run.path + "#record=1", run.pages.dropFirst().first?.file ?? "",
                                               run.path + "#record=2", run.pages.dropFirst(3).first?.file ?? "",
                                               run.path + "#record=3"])
        guard run.pages.count == 5 else { return }
        XCTAssertEqual(run.pages[0].problem, "its Content-Length is missing or not a number")
        XCTAssertEqual(run.pages[1].problem?.contains("that are not a WARC record: skipped"), true)
        XCTAssertEqual(run.pages[2].problem, "record 2 (request): its Content-Length is missing or not a number")
        XCTAssertNotNil(run.pages[2].damage)
        XCTAssertEqual(links(run.pages[4]), ["gojek://pay?on=two", "dana://pay?tail=two"])
    }

    func testHTTPHeaderOverTheLimitIsUnreadableAndTheNextRecordIsRead() {
        let pad = (0..<3000).map { "X-Pad-\($0): " + String(repeating: "p", count: 100) }
        let block = WARCBytes.http(Array(WARCBytes.html("one").utf8), headers: ["Content-Type: text/html"] + pad)
        let run = scan(WARCBytes.record(uri: "https://shop.example/one", block: block) + WARCBytes.page("two"),
                       maxBody: 4 << 20)
        XCTAssertEqual(run.pages.map(\.page), shop("one", "two"))
        guard run.pages.count == 2 else { return }
        XCTAssertEqual(run.pages[0].problem, "its HTTP header is over 262144 bytes (the limit)")
        XCTAssertEqual(links(run.pages[0]), [])
        XCTAssertEqual(links(run.pages[1]), ["gojek://pay?on=two", "dana://pay?tail=two"])
    }

    /// A FIFO named like an archive: opening it would wait for a writer forever.
    func testFIFONamedAsAnArchiveIsUnreadableWithoutWaiting() throws {
        let dir = TempDir()
        let path = dir.path + "/pipe.warc"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let done = expectation(description: "the scanner returns")
        nonisolated(unsafe) var pages: [ArchivedPage] = []
        Thread.detachNewThread {
            let scanner = ArchiveScanner(path: path, maxBody: 1 << 20)
            while let page = scanner.next() { pages.append(page) }
            done.fulfill()
        }
        let result = XCTWaiter().wait(for: [done], timeout: 10)
        if result != .completed {
            // Let a reader stuck in open() go: a writer that opens and closes at once.
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            XCTFail("the scanner waited on the FIFO")
            return
        }
        XCTAssertEqual(pages.map(\.problem), ["not a regular file (a named pipe)"])
        XCTAssertEqual(pages.first?.page, path)
    }
}
