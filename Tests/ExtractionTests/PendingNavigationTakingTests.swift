import XCTest
@testable import Extraction
import LinkAuditModel
import WHATWGURL

/// `DocumentState.makeNavigation(taking:)` moves a pending navigation's strings into the
/// record and deinitializes the rest field by field (no copy, no release: issue 17). A field
/// that holds a reference and is added to `PendingNavigation` without being taken there
/// would leak: this list fails first, pointing at the place to add it.
final class PendingNavigationTakingTests: XCTestCase {
    private func pending(raw: String, trigger: Trigger = .tap, target: TargetRule = .document) -> PendingNavigation {
        var p = PendingNavigation(raw: raw, line: 7, source: "a[href]", trigger: trigger, target: target,
                                  delayMs: 250, partial: true, context: "noscript", parserLine: 6)
        p.condition = "!(document.referrer)"
        p.sandbox = "allow-scripts"
        p.startsWhileParsing = true
        return p
    }

    private func state(iframeNames: Set<String> = []) -> DocumentState {
        let page = "https://shop.example/pay/index.html"
        let document = WebURL.parse(page)
        let state = DocumentState(page: page, documentURL: document, fallbackBase: document, frame: .main,
                                  lineOffset: 0, scriptsAllowed: true, depth: 0)
        state.iframeNames = iframeNames
        return state
    }

    func testEveryFieldIsOneMakeNavigationTakes() {
        let labels = Mirror(reflecting: pending(raw: "x")).children.map(\.label)
        XCTAssertEqual(labels, ["raw", "line", "source", "trigger", "target", "delayMs", "partial", "context",
                                "fromScript", "parserLine", "startsWhileParsing", "toDocument", "condition", "sandbox"])
    }

    func testTakenRecordCarriesEveryField() throws {
        let state = state(iframeNames: ["pay"])
        let p = pending(raw: "intent://pay/ORD-1#Intent;scheme=tmn;end", target: .named("pay"))
        // Taken twice from the same value: the caller's copy is left as it was.
        for _ in 0..<2 {
            let record = try XCTUnwrap(state.navigation(for: p, base: state.baseURL))
            XCTAssertEqual(record, Navigation(page: state.page, line: 7, source: "a[href]", trigger: .tap, frame: .sub,
                                              delayMs: 250, raw: p.raw, url: p.raw, scheme: "intent", partial: true,
                                              context: "noscript").with(condition: p.condition, sandbox: p.sandbox))
            XCTAssertEqual(record.target.value?.href, p.raw)
            XCTAssertEqual(record.place.value, ParsePlace(document: 0, parserLine: 6, startsWhileParsing: true,
                                                          ownFrame: false))
        }
        XCTAssertEqual(p.raw, "intent://pay/ORD-1#Intent;scheme=tmn;end")
        XCTAssertEqual(p.target, .named("pay"))
    }

    func testUnparsedAndDroppedRecords() throws {
        let state = state()
        let unparsed = try XCTUnwrap(state.navigation(for: pending(raw: "http://[bad"), base: state.baseURL))
        XCTAssertEqual(unparsed.url, "http://[bad")
        XCTAssertEqual(unparsed.scheme, "http")
        XCTAssertNil(unparsed.target.value)
        // Only scrolls, and a frame left on about:blank: no record (the pending one deinitialized).
        XCTAssertNil(state.navigation(for: pending(raw: "#top"), base: state.baseURL))
        XCTAssertNil(state.navigation(for: pending(raw: "about:blank", trigger: .frameLoad, target: .sub)
                                        .with(source: "iframe[src]"), base: state.baseURL))
    }
}

private extension Navigation {
    func with(condition: String?, sandbox: String?) -> Navigation {
        var copy = self
        copy.condition = condition
        copy.sandbox = sandbox
        return copy
    }
}

private extension PendingNavigation {
    func with(source: String) -> PendingNavigation {
        var copy = self
        copy.source = source
        return copy
    }
}
