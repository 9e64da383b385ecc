@testable import Extraction
import LinkAuditModel
import XCTest

/// `DocumentState.SeenRecords` (script records found by place, then compared; issue 17)
/// keeps exactly the records a `Set<RecordKey>` keeps (`plain`), on generated records: few
/// lines, triggers, frames and delays so that places repeat, past `listed` records a place
/// too, texts that differ only in their end, and texts equal as strings but not as bytes
/// (the KELVIN SIGN and `K`, a composed and a decomposed `é`).
final class SeenRecordsTests: XCTestCase {
    func testKeepsWhatTheSetKeeps() {
        let texts = ["gojek://pay?id=1", "gojek://pay?id=2", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}",
                     String(repeating: "intent://x#Intent;end;", count: 12), ""]
        let triggers: [Trigger] = [.scriptLoad, .scriptTimer, .scriptHandler]
        let frames: [FrameKind] = [.main, .sub]
        let delays: [Int?] = [nil, 0, 100]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        for round in 0..<40 {
            let count = 50 + next(600)
            let lines = 1 + round % 6
            let records = UnsafeMutablePointer<Navigation>.allocate(capacity: count)
            defer { records.deinitialize(count: count); records.deallocate() }
            for k in 0..<count {
                (records + k).initialize(to: Navigation(
                    page: "https://a.example/", line: 1 + next(lines), source: next(4) == 0 ? "script" : "attr[onclick]",
                    trigger: triggers[next(triggers.count)], frame: frames[next(frames.count)],
                    delayMs: delays[next(delays.count)], raw: texts[next(texts.count)] + (next(3) == 0 ? "\(next(30))" : ""),
                    url: "", scheme: ""))
            }
            var plain = DocumentState.SeenRecords()
            plain.plain = true
            var chained = DocumentState.SeenRecords()
            plain.reserveCapacity(count)
            chained.reserveCapacity(count)
            var kept = 0
            for k in 0..<count {
                let expected = plain.insert(records + k)
                XCTAssertEqual(chained.insert(records + k), expected, "round \(round), record \(k)")
                if expected { kept += 1 }
            }
            XCTAssertGreaterThan(kept, 0)
            XCTAssertLessThan(kept, count)
        }
    }
}
