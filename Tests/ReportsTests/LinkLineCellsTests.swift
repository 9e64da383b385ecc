import XCTest
@testable import LinkAuditModel
@testable import Reports

/// A page's `links.jsonl` lines with the fields they repeat written once (`LinkLineCells`)
/// equal the lines written field by field (`Navigation.writeJSON`): on real pages, and on
/// pages changed so that every cached field misses or differs in one value only.
final class LinkLineCellsTests: XCTestCase {
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    private func assertSameLines(_ navigations: [Navigation], _ what: String, file: StaticString = #filePath,
                                 line: UInt = #line) {
        var cachedMemo = VerdictSetMemo(), plainMemo = VerdictSetMemo()
        let cached = PageLinks(navigations, memo: &cachedMemo, plain: false)
        let plain = PageLinks(navigations, memo: &plainMemo, plain: true)
        XCTAssertEqual(String(decoding: cached.lines.array, as: UTF8.self),
                       String(decoding: plain.lines.array, as: UTF8.self), what, file: file, line: line)
        XCTAssertEqual(cached.definitions, plain.definitions, what, file: file, line: line)
        XCTAssertEqual(cached.lineSets, plain.lineSets, what, file: file, line: line)
    }

    func testLinesFromRepeatedFieldsEqualLinesWrittenFieldByField() {
        var lines = 0
        for (record, navigations) in Self.pages {
            assertSameLines(navigations, record.page)
            lines += navigations.count
        }
        XCTAssertGreaterThan(lines, 200)
        // Every page's links as one list: the page field changes from link to link.
        assertSameLines(Self.pages.flatMap(\.navigations), "all pages")
    }

    /// Extraction alone: no link has verdicts; some carry findings all the same.
    func testLinesWithoutVerdictsEqualLinesWrittenFieldByField() {
        let all = Self.pages.flatMap(\.navigations)
        let undecided = all.enumerated().map { i, navigation in
            var other = navigation
            other.verdicts = nil
            if i % 3 != 0 { other.findings = nil }
            if i % 7 == 0 { other.page += "#\(i % 2)" }
            return other
        }
        XCTAssertTrue(undecided.contains { $0.findings != nil })
        assertSameLines(undecided, "without verdicts")
        assertSameLines(undecided + all + undecided, "with and without verdicts")
    }

    func testLinesThatDifferInOneFieldGetTheirOwn() {
        let all = Self.pages.flatMap(\.navigations)
        let someFindings = all.compactMap(\.findings).first { !$0.isEmpty } ?? []
        XCTAssertFalse(someFindings.isEmpty)
        var changed: [Navigation] = []
        for (i, navigation) in all.enumerated() {
            var other = navigation
            switch i % 10 {
            case 0: other.raw = other.url
            case 1: other.raw = "\"quoted\"\n" + other.url
            case 2: other.source = "a[\"href\"]"
            case 3: other.findings = other.findings == nil ? someFindings : nil
            case 4: other.findings = (other.findings ?? []) + [FindingRef(code: "X\(i % 12)", profiles: ["p"])]
            case 5: other.verdicts = nil
            case 6: other.page += "?\(i % 3)"
            case 7: other.context = "ctx"; other.condition = "cond"; other.partial = true; other.delayMs = i
            case 8: other.trigger = .scriptLoad; other.frame = .sub
            default: other.url = other.raw + "é"
            }
            changed.append(other)
        }
        assertSameLines(changed, "changed")
        assertSameLines(all + changed + all, "mixed")
    }
}
