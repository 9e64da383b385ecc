import XCTest
@testable import Policies

/// `AndroidIntent` holds its fields by reference and copies them on write (issue 17): a copy
/// is still a value — writing one never changes another — and `==` still compares every field.
final class AndroidIntentCopyTests: XCTestCase {
    private func full() -> AndroidIntent {
        AndroidIntent(action: AndroidIntent.actionView, data: "dana://pay?x=1", type: "text/plain", identifier: "id",
                      package: "id.dana", component: "id.dana/.Pay", categories: ["a", "b", "a"], flags: 3,
                      extendedFlags: 5, extras: ["k": .string("v"), "n": .int(2)],
                      sourceBounds: SourceBounds(left: 1, top: 2, right: 3, bottom: 4),
                      selector: AndroidIntent(action: "sel", package: "sel.pkg"))
    }

    func testEveryWriteLeavesTheCopyAlone() {
        let writes: [(String, (inout AndroidIntent) -> Void)] = [
            ("action", { $0.action = "other" }), ("data", { $0.data = nil }), ("type", { $0.type = "x/y" }),
            ("identifier", { $0.identifier = nil }), ("package", { $0.package = "p" }),
            ("component", { $0.component = nil }), ("addCategory", { $0.addCategory("c") }),
            ("removeCategory", { $0.removeCategory("a") }), ("flags", { $0.flags = 9 }),
            ("extendedFlags", { $0.extendedFlags = 0 }), ("extras", { $0.extras["k"] = nil }),
            ("sourceBounds", { $0.sourceBounds = nil }), ("selector", { $0.selector = nil }),
            ("selector's field", { $0.selector?.package = "changed" }),
        ]
        for (name, write) in writes {
            let original = full()
            var copy = original
            XCTAssertEqual(copy, original, name)
            write(&copy)
            XCTAssertNotEqual(copy, original, name)
            XCTAssertEqual(original, full(), name)
            // And the other way round: the original written, the copy kept.
            var written = full()
            let kept = written
            write(&written)
            XCTAssertEqual(kept, full(), name)
        }
    }

    func testEqualityReadsEveryField() {
        XCTAssertEqual(full(), full())
        XCTAssertEqual(full().categories, ["a", "b"])
        XCTAssertEqual(AndroidIntent(), AndroidIntent())
        var a = full(), b = full()
        a.selector?.action = "one"
        b.selector?.action = "two"
        XCTAssertNotEqual(a, b)
        b.selector?.action = "one"
        XCTAssertEqual(a, b)
    }
}
