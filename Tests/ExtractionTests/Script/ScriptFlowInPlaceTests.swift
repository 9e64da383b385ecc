import XCTest
import TestSupport
@testable import Extraction
import LinkAuditModel

/// A navigation's literal read where it lies (`ScriptFlow.resolve(navigationOf:…)`, issue 17)
/// must place what the plain resolution places: the same records, in the same order, with
/// the switch `ScriptFlow.readsLiteralsInPlace` on and off, on generated scripts whose sinks
/// write literals alone and everything that is not one (joins, branches, templates, names,
/// properties, parameters, calls after the value).
final class ScriptFlowInPlaceTests: XCTestCase {
    private typealias Generator = SeededNumbers

    private struct Record: Equatable {
        var raw: String
        var line: Int
        var trigger: Trigger
        var frame: FrameKind
        var delayMs: Int?
        var partial: Bool?
        var condition: String?
        var context: String?
        var url: String
        var source: String
    }

    private func records(_ html: String, inPlace: Bool) -> [Record] {
        ScriptFlow.$readsLiteralsInPlace.withValue(inPlace) { Extract.all(html) }.map {
            Record(raw: $0.raw, line: $0.line, trigger: $0.trigger, frame: $0.frame, delayMs: $0.delayMs,
                   partial: $0.partial, condition: $0.condition, context: $0.context, url: $0.url, source: $0.source)
        }
    }

    private func value(_ g: inout Generator) -> String {
        let literal = ["'gojek://pay?id=\(g.next(9))'", "\"intent://scan/#Intent;scheme=zxing;end\"",
                       "'tel:+62-21-555-\(g.next(9))'", "'/checkout/\(g.next(9)).html'", "`app://t/\(g.next(9))`",
                       "`app://t/${id}/x`", "'https://shop.example/p?x=1&y=2'", "''", "'a'",
                       "'naversearchapp://inappbrowser?url=https%3A%2F%2Fpay.naver.example%2Forder%2FORD-1'"]
        switch g.next(12) {
        case 0: return g.pick(literal) + " + 'tail'"
        case 1: return g.pick(literal) + " + id"
        case 2: return "c ? " + g.pick(literal) + " : " + g.pick(literal)
        case 3: return "ok && " + g.pick(literal)
        case 4: return "u"
        case 5: return "cfg.url"
        case 6: return "p"
        case 7: return g.pick(literal) + " + f()"
        case 8: return "f(" + g.pick(literal) + ")"
        default: return g.pick(literal)
        }
    }

    private func sink(_ g: inout Generator) -> String {
        let v = value(&g)
        switch g.next(7) {
        case 0: return "location.href = \(v);"
        case 1: return "window.location = \(v);"
        case 2: return "location.replace(\(v));"
        case 3: return "window.open(\(v), '\(["_self", "_blank", "_top", "w"][g.next(4)])');"
        case 4: return "top.location.href = \(v);"
        case 5: return "location['href'] = \(v);"
        default: return "location.assign(\(v));"
        }
    }

    private func statement(_ g: inout Generator) -> String {
        switch g.next(8) {
        case 0: return "setTimeout(function () { \(sink(&g)) }, \(g.next(3000)));"
        case 1: return "if (/Android/.test(navigator.userAgent)) { \(sink(&g)) } else { \(sink(&g)) }"
        case 2: return "document.getElementById('b').addEventListener('click', function () { \(sink(&g)) });"
        case 3: return "function go(p) { \(sink(&g)) }\ngo('dana://wallet/\(g.next(9))');"
        default: return sink(&g)
        }
    }

    func testLiteralsReadInPlacePlaceWhatThePlainResolutionPlaces() {
        var g = Generator(state: 17)
        var placed = 0
        for n in 0..<300 {
            let bindings = "var u = 'kakaotalk://pay/\(g.next(9))'; var id = 'ORD-\(g.next(9))';\n"
                + "var cfg = { url: 'line://pay/\(g.next(9))' };\n"
            let code = bindings + (0..<(1 + g.next(6))).map { _ in statement(&g) }.joined(separator: "\n")
            let handler = "<button onclick=\"\(sink(&g).replacingOccurrences(of: "\"", with: "&quot;"))\">x</button>"
            let html = "<noscript><a href=x></a></noscript><script>\n\(code)\n</script>\n\(handler)"
            let fast = records(html, inPlace: true)
            XCTAssertEqual(fast, records(html, inPlace: false), "case \(n): \(code)")
            placed += fast.count
        }
        XCTAssertGreaterThan(placed, 600, "the generated scripts place navigations")
    }
}
