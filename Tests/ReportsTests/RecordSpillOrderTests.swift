import TestSupport
import XCTest
@testable import Reports

/// A batch added in order goes to its run as it is (`RecordSpill`'s `batchInOrder`): the
/// merged sequence is the one sorting every batch gives (the plain way), record for record,
/// ties in the order added — for records added in order, in reverse, in order with two out of
/// place, with many ties, and shuffled, on bounds that keep everything in memory or spill often.
final class RecordSpillOrderTests: XCTestCase {
    func testABatchInOrderMergesAsASortedOne() {
        var numbers = SeededNumbers(state: 53)
        let pages = (0..<12).map { "https://shop.example/p\(100 + $0).html" } + ["", "é", "e\u{301}"]
        for round in 0..<60 {
            let count = round == 0 ? 0 : 1 + numbers.next(300)
            var records = (0..<count).map { _ in
                PageEntry(page: numbers.pick(pages), kind: numbers.next(4) == 0 ? .associationCounts : .record)
            }
            switch round % 5 {
            case 0: records.sort(by: PageEntry.ordered)
            case 1: records.sort(by: PageEntry.ordered); records.reverse()
            case 2:
                records.sort(by: PageEntry.ordered)
                if records.count > 2 { records.swapAt(numbers.next(records.count), numbers.next(records.count)) }
            case 3: records = records.sorted(by: PageEntry.ordered).map { PageEntry(page: String($0.page.prefix(3)), kind: $0.kind) }
            default: break
            }
            let dir = TempDir()
            let bound = [Int.max, 200, 2_000, 9_000][round % 4]
            var fast = RecordSpill<PageEntry>(name: "t", directory: dir.path, batchBytes: bound)
            var plain = RecordSpill<PageEntry>(name: "t", directory: dir.path, batchBytes: bound)
            plain.sortsEveryBatch = true
            // Each record marked by its position (not part of the order), so ties show theirs.
            for (position, record) in records.enumerated() {
                var marked = record
                marked.navigations = position
                fast.append(marked, footprint: 100)
                plain.append(marked, footprint: 100)
            }
            let a = Array(fast.sorted()).map { "\($0.page)|\($0.kind)|\($0.navigations)" }
            let b = Array(plain.sorted()).map { "\($0.page)|\($0.kind)|\($0.navigations)" }
            XCTAssertEqual(a, b, "round \(round)")
            XCTAssertEqual(a.count, records.count)
            if bound == 200, count > 10 { XCTAssertGreaterThan(fast.spilledRuns, 1, "round \(round)") }
        }
    }
}
