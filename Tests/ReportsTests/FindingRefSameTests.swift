import XCTest
@testable import LinkAuditModel
@testable import Reports

/// `FindingRef.sameList` and `sameNames` (read in place) against `==` on varied lists:
/// equal by value in other buffers, shared buffers, other counts, codes, profiles and order,
/// nil, and names equal only by canonical equivalence (issue 17).
final class FindingRefSameTests: XCTestCase {
    func testSameListMatchesEquality() {
        let codes = ["E_INTENT", "W_SCHEME", "E_INTENT2", "", "caf\u{E9}", "cafe\u{301}"]
        let profiles: [[String]] = [[], ["android-chrome"], ["android-chrome", "ios-safari"],
                                    ["ios-safari", "android-chrome"], ["caf\u{E9}"], ["cafe\u{301}"]]
        var lists: [[FindingRef]?] = [nil, []]
        for code in codes {
            for names in profiles {
                lists.append([FindingRef(code: code, profiles: names)])
                lists.append([FindingRef(code: code, profiles: names), FindingRef(code: "W_SCHEME", profiles: names)])
            }
        }
        // Equal lists in buffers of their own.
        let copies = lists.map { $0.map { $0.map { FindingRef(code: String($0.code), profiles: $0.profiles.map { String($0) }) } } }
        for a in lists + copies {
            for b in lists + copies {
                XCTAssertEqual(FindingRef.sameList(a, b), a == b, "\(String(describing: a)) \(String(describing: b))")
            }
        }
        for a in profiles {
            for b in profiles + profiles.map({ $0.map { String($0) } }) {
                XCTAssertEqual(FindingRef.sameNames(a, b), a == b)
            }
        }
    }
}
