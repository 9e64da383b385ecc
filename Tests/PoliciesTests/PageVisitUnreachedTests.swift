import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// A walk hands the navigations one navigation stopped the verdict made for the first of
/// them (`PageVisit.reusesUnreachedVerdicts`), in one walk and across every profile's walk of
/// a page (`PageVisit.UnreachedVerdicts`): the same verdicts, to the same navigations, in the
/// same order, as a walk making each one (`PageReach.verdict`). Pages: the generated
/// pages of `DecisionMemoTests` with parser stops part-way down at several lines, and with
/// two stops (a later stop of a frame document), on both engines, with each profile's
/// sandbox rules.
final class PageVisitUnreachedTests: XCTestCase {
    /// `page` with the navigations of every fourth line in a frame document of their own
    /// (document 1), so the frame's own stop and the page's both leave navigations unreached.
    private static func framed(_ page: [Navigation]) -> [Navigation] {
        page.map { navigation in
            guard navigation.line % 4 == 0, var place = navigation.place.value else { return navigation }
            var navigation = navigation
            place.document = 1
            navigation.place = Carried(place)
            return navigation
        }
    }

    func testReusedUnreachedVerdictsAreTheOnesMadeEachTime() {
        var unreached = 0
        var reusing = PageVisit(settings: AuditSettings())
        XCTAssertTrue(reusing.reusesUnreachedVerdicts)
        var plain = reusing
        plain.reusesUnreachedVerdicts = false
        for (n, page) in DecisionMemoTests.generatedPages(seed: 3).enumerated() {
            for stopFrom in [1, 15 + 9 * n, 60] {
                let stopped = MemoPlacementTests.stopped(page, stopFrom: stopFrom)
                for navigations in [stopped, Self.framed(stopped)] {
                    for settings in [AuditSettings(), { var s = AuditSettings(); s.entry = .loadUrlByUser; return s }()] {
                        reusing.settings = settings
                        plain.settings = settings
                        let schedule = reusing.schedule(navigations)
                        // One page's verdicts for every profile's walk, as the classifier walks them.
                        let made = PageVisit.UnreachedVerdicts()
                        for profile in ProfileRegistry.all {
                            let engine = PageReach.Engine(profile.platform)
                            func walked(_ visit: PageVisit) -> [String] {
                                var out: [String] = []
                                visit.walk(navigations, schedule, engine: engine, sandbox: profile.sandboxGate,
                                           decide: { i, since in
                                               out.append("decide \(i) \(since ?? -1)")
                                               return i % 7 == 0
                                           }, unreached: { i, verdict in
                                               let details = (verdict.details ?? [:]).sorted { $0.key < $1.key }
                                               out.append("unreached \(i) \(verdict.outcome) \(verdict.reason) \(details)")
                                           })
                                return out
                            }
                            let a = walked(reusing), b = walked(plain)
                            XCTAssertEqual(a, b, "\(profile.name) page \(n) stop from \(stopFrom)")
                            if a != b { return }
                            var shared: [String] = []
                            reusing.walk(navigations, schedule, engine: engine, sandbox: profile.sandboxGate, made: made,
                                         decide: { i, since in
                                             shared.append("decide \(i) \(since ?? -1)")
                                             return i % 7 == 0
                                         }, unreached: { i, verdict in
                                             let details = (verdict.details ?? [:]).sorted { $0.key < $1.key }
                                             shared.append("unreached \(i) \(verdict.outcome) \(verdict.reason) \(details)")
                                         })
                            XCTAssertEqual(shared, b, "\(profile.name) page \(n) stop from \(stopFrom), shared")
                            if shared != b { return }
                            unreached += a.filter { $0.hasPrefix("unreached") }.count
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(unreached, 10_000)
    }
}
