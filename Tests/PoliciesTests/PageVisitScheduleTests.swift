import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// The one-pass schedule (`PageVisit.schedule`) is the plain one's (`schedulePlain`): the same
/// live navigations, load-time order, user-started list and Blink reach, over the generated
/// and fixture pages of `DecisionMemoTests` (with parser stops), with scripting on and off,
/// and with the navigations' sources and contexts varied (event handler attributes,
/// templates, noscript). `isAttribute` is `hasPrefix("attr[")`.
final class PageVisitScheduleTests: XCTestCase {
    private static let sources = ["generated", "script", "attr[onclick]", "attr[", "attr", "attr[\u{301}x]", "xattr[a]",
                                  "", "ättr[a]", "attr(", "Attr[a]"]
    private static let contexts: [String?] = [nil, "template", "noscript", "form", "templates"]

    func testTheOnePassIsThePlainSchedule() throws {
        let fixtures = try DecisionMemoTests.fixturePages()
        var pages = fixtures
        for (n, page) in DecisionMemoTests.generatedPages(seed: 5).enumerated() {
            let varied = page.enumerated().map { i, navigation -> Navigation in
                var navigation = navigation
                navigation.source = Self.sources[(i + n) % Self.sources.count]
                navigation.context = Self.contexts[(i / 3 + n) % Self.contexts.count]
                return navigation
            }
            pages += [page, varied, MemoPlacementTests.stopped(varied, stopFrom: 10 + 9 * n)]
        }
        var compared = 0
        for scripts in [true, false] {
            var settings = AuditSettings()
            settings.javaScriptEnabled = scripts
            let visit = PageVisit(settings: settings)
            for page in pages {
                let fast = visit.schedule(page), plain = visit.schedule(page, plain: true)
                XCTAssertEqual(fast.live, plain.live)
                XCTAssertEqual(fast.automatic, plain.automatic)
                XCTAssertEqual(fast.userStarted, plain.userStarted)
                XCTAssertEqual(fast.unreachedInBlink, plain.unreachedInBlink)
                compared += page.count
            }
        }
        XCTAssertGreaterThan(compared, 5_000)
    }

    func testIsAttributeIsHasPrefix() {
        for source in Self.sources + ["attr[\u{300}", "attr[é", "attr[a\u{301}", "at", String(repeating: "attr[", count: 40)] {
            XCTAssertEqual(PageVisit.isAttribute(source), source.hasPrefix("attr["), source)
            let bridged = source + "\u{1F600}"   // not ASCII: still the same answer
            XCTAssertEqual(PageVisit.isAttribute(bridged), bridged.hasPrefix("attr["), bridged)
        }
    }
}
