import XCTest
import WHATWGURL
@testable import LinkAuditModel

/// `Navigation.initialize` (extraction's record built in place through the memberwise init,
/// Docs/ARCHITECTURE.md §3) against the plain way: the written inits, then the fields set
/// after. `==` leaves the carried values out (`Carried`), so they are compared too.
final class NavigationInPlaceTests: XCTestCase {
    private func plain(page: String, line: Int, source: String, trigger: Trigger, frame: FrameKind, delayMs: Int?,
                       raw: String, target: WebURL?, partial: Bool?, context: String?, condition: String?,
                       sandbox: String?, place: ParsePlace) -> Navigation {
        var record: Navigation
        if let target {
            record = Navigation(page: page, line: line, source: source, trigger: trigger, frame: frame, delayMs: delayMs,
                                raw: raw, target: target, partial: partial, context: context, condition: condition)
        } else {
            record = Navigation(page: page, line: line, source: source, trigger: trigger, frame: frame, delayMs: delayMs,
                                raw: raw, url: raw, scheme: WebURL.schemeOf(raw) ?? "", partial: partial, context: context)
            record.condition = condition
        }
        record.sandbox = sandbox
        record.place = Carried(place)
        return record
    }

    private func inPlace(page: String, line: Int, source: String, trigger: Trigger, frame: FrameKind, delayMs: Int?,
                         raw: String, target: WebURL?, partial: Bool?, context: String?, condition: String?,
                         sandbox: String?, place: ParsePlace) -> Navigation {
        let made = [Navigation](unsafeUninitializedCapacity: 1) { records, count in
            Navigation.initialize(records.baseAddress!, page: page, line: line, source: source, trigger: trigger,
                                  frame: frame, delayMs: delayMs, raw: raw, target: target,
                                  unparsedScheme: target == nil ? WebURL.schemeOf(raw) ?? "" : "", partial: partial,
                                  context: context, condition: condition, sandbox: sandbox, place: place)
            count = 1
        }
        return made[0]
    }

    func testInPlaceRecordsEqualThePlainOnes() throws {
        let base = try XCTUnwrap(WebURL.parse("https://shop.example/checkout/"))
        let raws = ["gojek://pay?id=1", "intent://x#Intent;scheme=app;package=a.b;end", "tel:+6212", "../a?b=%zz#f",
                    "https://[::1", "", " http://x ", "mailto:a@b.example", "file:///tmp/x", "javascript:void(0)",
                    "ユニコード", "http://a b"]
        let triggers: [Trigger] = [.tap, .scriptLoad, .scriptTimer, .frameLoad, .metaRefresh]
        let frames: [FrameKind] = [.main, .sub, .newWindow]
        var compared = 0
        var parsedSeen = 0
        var unparsedSeen = 0
        for (r, raw) in raws.enumerated() {
            let target = WebURL.parse(raw, base: base)
            if target == nil { unparsedSeen += 1 } else { parsedSeen += 1 }
            for (t, trigger) in triggers.enumerated() {
                let k = r * triggers.count + t
                let place = ParsePlace(document: k % 3, parserLine: k % 4 == 0 ? nil : k, startsWhileParsing: k % 2 == 0,
                                       ownFrame: k % 5 == 0)
                let fields = (page: "https://shop.example/p\(k % 2)", line: k + 1, source: k % 2 == 0 ? "a[href]" : "script",
                              trigger: trigger, frame: frames[k % 3], delayMs: k % 3 == 0 ? nil : k * 100, raw: raw,
                              target: target, partial: k % 4 == 1 ? true : nil, context: k % 5 == 2 ? "noscript" : nil,
                              condition: k % 3 == 1 ? "!(document.referrer)" : nil,
                              sandbox: k % 4 == 3 ? "allow-scripts" : k % 4 == 2 ? "" : nil, place: place)
                let made = inPlace(page: fields.page, line: fields.line, source: fields.source, trigger: fields.trigger,
                                   frame: fields.frame, delayMs: fields.delayMs, raw: fields.raw, target: fields.target,
                                   partial: fields.partial, context: fields.context, condition: fields.condition,
                                   sandbox: fields.sandbox, place: fields.place)
                let expected = plain(page: fields.page, line: fields.line, source: fields.source, trigger: fields.trigger,
                                     frame: fields.frame, delayMs: fields.delayMs, raw: fields.raw, target: fields.target,
                                     partial: fields.partial, context: fields.context, condition: fields.condition,
                                     sandbox: fields.sandbox, place: fields.place)
                XCTAssertEqual(made, expected, raw)
                XCTAssertEqual(made.target.value?.href, expected.target.value?.href, raw)
                XCTAssertEqual(made.target.value == nil, expected.target.value == nil, raw)
                XCTAssertEqual(made.place.value, expected.place.value, raw)
                XCTAssertNil(made.verdicts)
                XCTAssertNil(made.findings)
                XCTAssertNil(made.framedPage)
                compared += 1
            }
        }
        XCTAssertEqual(compared, raws.count * triggers.count)
        // Both ways a record is made are exercised: a URL that parses and one that does not.
        XCTAssertGreaterThan(parsedSeen, 0)
        XCTAssertGreaterThan(unparsedSeen, 0)
    }
}
