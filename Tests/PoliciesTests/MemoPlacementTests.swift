import XCTest
@testable import Checks
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import WHATWGURL
import TestSupport

/// A placement's inputs are numbered once for every page a memo serves
/// (`Classifier.remembersPlacements`, `DecisionMemo.inputs(of:_:)`), and a navigation some
/// engine never reaches is judged by a memo row (`Classifier.judgesUnreachedByRow`) and
/// shares its verdict set with the unreached navigations decided alike
/// (`Classifier.sharesUnreachedSets`): with all on and all off (every page numbering its own
/// placements from its requests, every unreached navigation judged alone, with a set of
/// its own) a memoised classifier carried from page to page gives
/// the same navigations, verdicts and findings; and a placement gets its request's inputs'
/// number. Pages: `DecisionMemoTests`' generated pages and fixtures, and the generated pages
/// again with a parser stop part-way down (the later navigations unreached on Blink), under
/// every configuration. (Debug builds also check every link's inputs' number against its
/// request's, `Classifier.classify`.)
final class MemoPlacementTests: XCTestCase {
    /// Where a run with a shortcut (`got`) and the plain run (`expected`) first part, told
    /// for a failure: the count, or the first navigation they decide differently.
    static func difference(_ got: [Navigation], _ expected: [Navigation], _ name: String) -> String? {
        guard got.count == expected.count else { return "\(name): \(got.count) navigations, plain \(expected.count)" }
        guard let (a, b) = zip(got, expected).first(where: { $0 != $1 }) else { return nil }
        return "\(name): \(a.page) \(a.trigger.rawValue) \(a.frame.rawValue) \(a.url)\n"
            + "shared: \(String(describing: a.verdicts)) \(String(describing: a.findings))\n"
            + "plain:  \(String(describing: b.verdicts)) \(String(describing: b.findings))"
    }

    /// `page` with parse places: each navigation at its own line of the page's own
    /// document, and the load-time script navigations from line `stopFrom` on starting while
    /// the page is parsed, so the first of them stops the parser.
    static func stopped(_ page: [Navigation], stopFrom: Int) -> [Navigation] {
        page.map { navigation in
            var navigation = navigation
            navigation.place = Carried(ParsePlace(document: 0, parserLine: navigation.line,
                                                  startsWhileParsing: navigation.trigger == .scriptLoad
                                                      && navigation.line >= stopFrom,
                                                  ownFrame: true))
            return navigation
        }
    }

    func testSharedPlacementsAndUnreachedRowsChangeNothing() throws {
        let fixtures = try DecisionMemoTests.fixturePages()
        var unreached = 0, decided = 0, sharedUnreached = 0
        for (n, configuration) in try DecisionMemoTests.configurations().enumerated() {
            let generated = DecisionMemoTests.generatedPages(seed: n)
            let timers = (0..<60).map { d in
                Navigation(page: "https://shop.example/timers", line: d + 1, source: "generated", trigger: .scriptTimer,
                           frame: d % 2 == 0 ? .main : .sub, delayMs: d * 300, raw: DecisionMemoTests.targets[d],
                           url: DecisionMemoTests.targets[d], scheme: WebURL.parse(DecisionMemoTests.targets[d])?.scheme ?? "")
            }
            let pages = generated + generated.enumerated().map { Self.stopped($1, stopFrom: 20 + 7 * $0) }
                + [timers] + (n < 4 ? fixtures : [])
            let shared = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                    settings: configuration.settings, options: configuration.options)
            XCTAssertTrue(shared.remembersPlacements)
            XCTAssertTrue(shared.judgesUnreachedByRow)
            // A classifier of its own: a copy would share the memos.
            var plain = Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                   settings: configuration.settings, options: configuration.options)
            plain.remembersPlacements = false
            plain.judgesUnreachedByRow = false
            plain.sharesUnreachedSets = false
            // Each page twice: the second time every row and placement is known.
            for page in pages + pages {
                let got = shared.audit(page)
                let expected = plain.audit(page)
                if let difference = MemoPlacementTests.difference(got, expected, configuration.name) {
                    XCTFail(difference)
                    return
                }
                var gotSets = Set<ObjectIdentifier>(), plainSets = Set<ObjectIdentifier>()
                for (navigation, alone) in zip(got, expected) {
                    guard let verdicts = navigation.verdicts else { continue }
                    decided += 1
                    guard verdicts.values.contains(where: { $0.outcome == .unreached }) else { continue }
                    unreached += 1
                    gotSets.insert(verdicts.identity)
                    plainSets.insert(alone.verdicts!.identity)
                }
                // A set each the plain way; shared, fewer where two were alike.
                XCTAssertLessThanOrEqual(gotSets.count, plainSets.count)
                sharedUnreached += plainSets.count - gotSets.count
            }
        }
        // Navigations decided, many of them unreached.
        XCTAssertGreaterThan(decided, 10_000)
        XCTAssertGreaterThan(unreached, 1_000)
        XCTAssertGreaterThan(sharedUnreached, unreached / 2, "unreached navigations decided alike share a set")
    }

    /// The numbers themselves: a memo numbering placements once and one numbering each
    /// navigation's inputs from its request, over every configuration's generated pages and
    /// the fixtures, each page with a context of its own, give every navigation one number.
    func testAPlacementsNumberIsItsRequestsNumber() throws {
        let fixtures = try DecisionMemoTests.fixturePages()
        var asked = 0
        for (n, configuration) in try DecisionMemoTests.configurations().enumerated() {
            let run = Classifier.Run(Classifier(profiles: ProfileRegistry.all, device: configuration.device,
                                                settings: configuration.settings, options: configuration.options))
            let placed = DecisionMemo(profiles: 1), plain = DecisionMemo(profiles: 1)
            // Past the placements a memo scans (`DecisionMemo.placementScan`): timers of 60 delays.
            let delays = (0..<60).map { d in
                Navigation(page: "https://shop.example/timers", line: d + 1, source: "generated", trigger: .scriptTimer,
                           frame: d % 2 == 0 ? .main : .sub, delayMs: d * 300, raw: "dana://pay", url: "dana://pay",
                           scheme: "dana")
            }
            for page in DecisionMemoTests.generatedPages(seed: n) + [delays, delays] + (n < 4 ? fixtures : []) {
                for navigation in page {
                    let context = PageContext(navigation.page)
                    let placement = Classifier.Placement(trigger: navigation.trigger, frame: navigation.frame,
                                                         delayMs: navigation.delayMs)
                    // As the classifier asks: by placement where the page's URL parses.
                    let a = context.url == nil ? placed.inputs(DecisionKey.Inputs(run.request(for: navigation, page: context)))
                        : placed.inputs(of: placement) { DecisionKey.Inputs(run.request(for: navigation, page: context)) }
                    let b = plain.inputs(DecisionKey.Inputs(run.request(for: navigation, page: context)))
                    XCTAssertEqual(a, b, "\(configuration.name): \(navigation.page) \(navigation.trigger) \(navigation.frame)")
                    if a != b { return }
                    asked += 1
                }
            }
        }
        XCTAssertGreaterThan(asked, 10_000)
        XCTAssertGreaterThan(DecisionMemoTests.placements.count + 60, 2 * DecisionMemo.placementScan)
    }
}
