import XCTest
@testable import Reports
import TestSupport

/// findings.csv written while the pages come (`CSVDraft`) is renamed into place when the
/// pages came once each, in report order, and its header is the file's; otherwise its rows
/// are read back page by page (the plain version). Either way the file is the one rendered
/// from the findings at the end, and no draft is left behind.
final class CSVDraftTests: XCTestCase {
    private func finish(_ pages: [ReportFixture.Page], into dir: String, fragments: FragmentFormats,
                        csv: CSVOptions = CSVOptions()) throws -> String {
        var accumulator = ReportAccumulator(rules: ReportFixture.rules, spill: SpillLimits(directory: dir),
                                            fragments: fragments)
        for page in pages {
            accumulator.add(ReportAccumulator.part(page: page.record, navigations: page.navigations,
                                                   rules: ReportFixture.rules, fragments: fragments))
        }
        _ = try accumulator.finish(into: dir, formats: [.csv, .md], csv: csv)
        return try String(contentsOfFile: dir + "/findings.csv", encoding: .utf8)
    }

    private func plain(_ pages: [ReportFixture.Page], csv: CSVOptions = CSVOptions()) throws -> String {
        let dir = TempDir()
        _ = try ReportFixture.accumulate(pages).finish(into: dir.path, formats: [.csv], csv: csv)
        return try String(contentsOfFile: dir.path + "/findings.csv", encoding: .utf8)
    }

    private func leftOver(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
    }

    func testTheFileIsTheSameInEveryOrderLayoutAndMark() throws {
        let sorted = ReportFixture.run1.sorted { $0.record.page < $1.record.page }
        XCTAssertGreaterThan(sorted.count, 2)
        let orders = ["in order": sorted, "reversed": sorted.reversed(), "twice": sorted + sorted.prefix(1)]
        for (name, pages) in orders {
            for csv in [CSVOptions(), CSVOptions(layout: .wide), CSVOptions(bom: true)] {
                let dir = TempDir()
                let fragments = FragmentFormats(csv: true, csvLayout: csv.layout)
                XCTAssertEqual(try finish(pages, into: dir.path, fragments: fragments, csv: csv), try plain(pages, csv: csv),
                               "\(name), \(csv)")
                XCTAssertEqual(try leftOver(dir.path), [], "\(name), \(csv): no draft or partial file is left")
            }
        }
    }

    func testOnlyADraftOfPagesInOrderWithTheFilesHeaderIsAdopted() throws {
        let dir = TempDir()
        let header = Array("page,url\r\n".utf8)
        func draft(_ pages: [String]) throws -> CSVDraft {
            let draft = try CSVDraft(directory: dir.path, prologue: header)
            for page in pages { _ = try draft.append(owned("\(page),x\r\n"), page: page) }
            return draft
        }
        let target = dir.path + "/findings.csv"
        XCTAssertNil(try draft(["b", "a"]).adopt(as: target, prologue: header), "out of order")
        XCTAssertNil(try draft(["a", "a"]).adopt(as: target, prologue: header), "a page twice")
        XCTAssertNil(try draft(["a", "b"]).adopt(as: target, prologue: [0xEF, 0xBB, 0xBF] + header), "another header")
        XCTAssertEqual(try leftOver(dir.path), [], "a draft not adopted is removed with it")
        let kept = try draft(["a", "b", "c"])
        let file = try XCTUnwrap(kept.adopt(as: target, prologue: header))
        try file.commit()
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "page,url\r\na,x\r\nb,x\r\nc,x\r\n")
        XCTAssertEqual(try leftOver(dir.path), [])
    }

    func testADraftNotCommittedIsRemoved() throws {
        let dir = TempDir()
        let draft = try CSVDraft(directory: dir.path, prologue: Array("h\r\n".utf8))
        _ = try draft.append(owned("a\r\n"), page: "a")
        let file = try XCTUnwrap(draft.adopt(as: dir.path + "/findings.csv", prologue: Array("h\r\n".utf8)))
        file.discard()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    private func owned(_ text: String) -> OwnedBytes {
        var out = ByteBuffer()
        out.append(utf8: text)
        return out.detach()
    }
}
