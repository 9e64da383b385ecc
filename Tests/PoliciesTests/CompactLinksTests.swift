import XCTest
@testable import Policies
import TestSupport

/// The memo's compact link numbers (`CompactLinks`, open addressing over one hash of the scheme
/// and the packed integers) against the plain version, a dictionary keyed on the scheme and the
/// packed integers: generated keys — schemes of other lengths, one of them past a small
/// string's length, schemes a byte apart, the same scheme built in another storage, packed
/// integers a bit apart, thousands of them so the table grows — are given the same numbers by
/// both, and a key met again its first number. (The memo with the table and without,
/// `DecisionMemo.usesCompactTable`: `DecisionMemoTests.testCompactKeysNumberLinksAsWholeKeysDo`.)
final class CompactLinksTests: XCTestCase {
    private struct PlainKey: Hashable {
        let scheme: String
        let packed: UInt64
    }

    func testTheTableNumbersAsTheDictionaryDoes() {
        let schemes = ["https", "http", "file", "tel", "mailto", "gojek", "gojel", "a", "",
                       "com.example.a-very-long-custom-scheme", "com.example.a-very-long-custom-schemf"]
        var random = SeededNumbers(state: 17)
        var table = CompactLinks()
        var plain: [PlainKey: Int32] = [:]
        var again = 0
        for _ in 0..<8_000 {
            // One draw for every part (successive draws of the generator are correlated); another
            // storage of the same bytes, now and then.
            let r = random.next(1 << 30)
            let picked = schemes[r % schemes.count]
            let scheme = (r / 7) % 2 == 0 ? picked : String(decoding: Array(picked.utf8), as: UTF8.self)
            let packed = CompactLinks.packed(bits: UInt32((r / 14) % 60), inputs: Int32((r / 840) % 8) - 1)
            let hash = CompactLinks.hash(scheme: scheme, packed: packed)
            let found = table.find(scheme: scheme, packed: packed, hash: hash)
            XCTAssertEqual(found, plain[PlainKey(scheme: scheme, packed: packed)], "\(scheme) \(packed)")
            if found != nil {
                again += 1
                continue
            }
            let number = Int32(plain.count)
            table.add(scheme: scheme, packed: packed, hash: hash, number: number)
            plain[PlainKey(scheme: scheme, packed: packed)] = number
        }
        XCTAssertEqual(table.count, plain.count)
        XCTAssertGreaterThan(plain.count, 2_000)
        XCTAssertGreaterThan(again, 1_000)
    }

    /// Keys of one hash (forced: every probe then walks the same run) are still told apart.
    func testKeysOfOneHashAreToldApart() {
        var table = CompactLinks()
        for n in 0..<200 {
            table.add(scheme: "s\(n)", packed: UInt64(n), hash: 42, number: Int32(n))
        }
        for n in 0..<200 {
            XCTAssertEqual(table.find(scheme: "s\(n)", packed: UInt64(n), hash: 42), Int32(n))
            XCTAssertNil(table.find(scheme: "s\(n)", packed: UInt64(n + 1), hash: 42))
            XCTAssertNil(table.find(scheme: "t\(n)", packed: UInt64(n), hash: 42))
        }
    }
}
