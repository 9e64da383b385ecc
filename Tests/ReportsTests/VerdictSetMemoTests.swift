import XCTest
@testable import LinkAuditModel
@testable import Reports

/// The page's verdict-set memo (`VerdictSetMemo`): one entry per set written the same, by
/// identity or by value, and never one entry for two sets written differently.
final class VerdictSetMemoTests: XCTestCase {
    private func set(_ target: String) -> VerdictSet {
        VerdictSet(["android-sdk": Verdict(.opensApp, Reason(rawValue: "custom-scheme-opened"), details: ["target": target]),
                    "ios-sdk": Verdict(.blocked, Reason(rawValue: "no-gesture"))])
    }

    func testSetsWrittenAlikeShareAnEntryWhereverTheyWereMade() {
        var memo = VerdictSetMemo()
        let a = set("dana"), b = set("dana"), c = set("gojek")
        XCTAssertFalse(a.isShared(with: b))
        XCTAssertEqual(memo.index(of: a), 0)
        XCTAssertEqual(memo.index(of: b), 0, "equal by value")
        XCTAssertEqual(memo.index(of: c), 1)
        XCTAssertEqual(memo.index(of: a, link: 5), 0)
        XCTAssertEqual(memo.index(of: c, link: 5), 1, "a link's remembered entry is checked against its set")
        XCTAssertEqual(memo.entries.count, 2)
        XCTAssertEqual(memo.definition(at: 0), memo.definition(at: 0))
        XCTAssertEqual(memo.definitions.count, 1, "defined once, on first use")
    }

    func testEquivalentSpellingsAreWrittenAsTheyWere() {
        // "café" precomposed and decomposed: equal as Swift strings, not as bytes.
        let composed = set("caf\u{E9}"), decomposed = set("cafe\u{301}")
        XCTAssertEqual(composed, decomposed)
        var memo = VerdictSetMemo()
        let first = memo.index(of: composed), second = memo.index(of: decomposed)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(memo.definition(at: first).verdicts, VerdictSetDefinition.json(composed))
        XCTAssertEqual(memo.definition(at: second).verdicts, VerdictSetDefinition.json(decomposed))
        XCTAssertNotEqual(memo.definition(at: first).key, memo.definition(at: second).key)
    }

    func testDetailsInAnyOrderAreOneSet() {
        var a: [String: String] = [:], b: [String: String] = [:]
        for i in 0..<20 { a["k\(i)"] = "v\(i)" }
        for i in (0..<20).reversed() { b["k\(i)"] = "v\(i)" }
        func make(_ details: [String: String]) -> VerdictSet {
            VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r"), details: details)])
        }
        var memo = VerdictSetMemo()
        XCTAssertEqual(memo.index(of: make(a)), memo.index(of: make(b)))
        XCTAssertNotEqual(memo.index(of: make(a)), memo.index(of: make(["k0": "v1"])))
    }

    /// More sets on a page than the recent list keeps, met again in any order, some equal by
    /// value but made apart: each gets the entry of the first set written like it, as the
    /// lookup by value alone gives.
    func testManySetsMetAgainFindTheirEntries() {
        let made = (0..<40).map { i in set("wallet\(i % 25)") }  // 15 of them equal by value to an earlier one
        var generator = SystemRandomNumberGenerator()
        var order = (0..<400).map { $0 % made.count }
        order.shuffle(using: &generator)
        var memo = VerdictSetMemo(texts: nil)
        var firstSeen: [VerdictSetValue] = []
        for i in order {
            let value = VerdictSetValue(set: made[i])
            if !firstSeen.contains(value) { firstSeen.append(value) }
            XCTAssertEqual(memo.index(of: made[i]), firstSeen.firstIndex(of: value)!, "set \(i)")
        }
        XCTAssertEqual(memo.entries.count, 25)
    }

    /// A page of more sets than the keys kept in a list (`listedKeys`): every set's
    /// definition has a key of its own, past the list as within it, and keeps it.
    func testEveryKeyOfAPageIsItsOwnPastTheList() {
        var memo = VerdictSetMemo(texts: nil)
        var given: Set<VerdictSetKey> = []
        for i in 0..<300 {
            let index = memo.index(of: set("wallet\(i)"))
            let definition = memo.definition(at: index)
            XCTAssertTrue(given.insert(definition.key).inserted, "set \(i)")
            XCTAssertEqual(memo.definition(at: index), definition, "the same key on the set's next use")
        }
        XCTAssertEqual(memo.definitions.count, 300)
    }
}
