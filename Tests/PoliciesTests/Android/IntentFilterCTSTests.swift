import Foundation
import XCTest
@testable import Policies
import TestSupport

/// Every case of `Tests/Fixtures/intent/intent-filter-cts.json` (transcribed from AOSP CTS
/// `IntentFilterTest` and `PatternMatcherTest`, sources in Tests/Fixtures/SOURCES.md) run through
/// `IntentFilter` matching and `PatternMatcher`. A case that disagrees must be listed in
/// `exceptions` with its reason; a listed case that agrees fails the test (remove it).
final class IntentFilterCTSTests: XCTestCase {
    private struct Fixture: Decodable {
        struct FilterCase: Decodable {
            let id: String
            let filter: IntentFilter
            let data: String?
            let expect: String
            let action: String?
            let categories: [String]?
            let type: String?
            let scheme: String?
        }
        struct PatternCase: Decodable {
            let method: String
            let kind: String
            let pattern: String
            let match: [String]
            let noMatch: [String]
        }
        let filterCases: [FilterCase]
        let patternCases: [PatternCase]
    }

    /// Cases where linkaudit deliberately differs, with the reason.
    private let exceptions: [String: String] = [
        // CTS passes a scheme with no data; linkaudit's intents always take the scheme from
        // their data (Intent.getScheme()), so that state cannot occur in a resolution.
        "testMatchData-2": "scheme argument without data: linkaudit reads the scheme from the data",
        "testMatchWithIntentData-3": "scheme argument without data: linkaudit reads the scheme from the data",
    ]

    /// Pattern cases (`pattern|text`) where linkaudit keeps the older platform behaviour.
    private let patternExceptions: [String: String] = [
        "te\\.t|test": "escaped `.` still matches any char in the released matchGlobPattern linkaudit models; current CTS makes it a literal dot (API level of the change UNCONFIRMED)",
        "te\\.t|te\\t": "same: escaped `.` as any char",
    ]

    private func load() throws -> Fixture {
        try JSONDecoder().decode(Fixture.self, from: TestSupport.Fixture.data("intent/intent-filter-cts.json"))
    }

    func testFilterCases() throws {
        let fixture = try load()
        XCTAssertGreaterThan(fixture.filterCases.count, 200)
        var disagreeing: Set<String> = []
        for c in fixture.filterCases {
            let intent = AndroidIntent(action: c.action, data: c.data, type: c.type, categories: c.categories ?? [])
            let parts = c.data.map(AndroidUriParts.init)
            let got = c.filter.matches(intent, parts: parts, scheme: c.scheme ?? parts?.scheme, defaultOnly: false)
            let want = c.expect.hasPrefix("MATCH_")
            if got != want {
                disagreeing.insert(c.id)
                if exceptions[c.id] == nil {
                    XCTFail("\(c.id): expected \(c.expect), linkaudit says \(got ? "match" : "no match")")
                }
            }
        }
        for id in exceptions.keys where !disagreeing.contains(id) {
            XCTFail("\(id) now agrees with CTS: remove it from the exceptions")
        }
    }

    func testPatternCases() throws {
        let fixture = try load()
        XCTAssertGreaterThan(fixture.patternCases.count, 30)
        for c in fixture.patternCases {
            let kind = try XCTUnwrap(PatternMatcher.Kind(rawValue: c.kind), c.kind)
            let matcher = PatternMatcher(c.pattern, kind)
            for (texts, want) in [(c.match, true), (c.noMatch, false)] {
                for text in texts {
                    let key = c.pattern + "|" + text
                    let agrees = matcher.matches(text) == want
                    if patternExceptions[key] != nil {
                        XCTAssertFalse(agrees, "\(key) now agrees with CTS: remove it from the exceptions")
                    } else {
                        XCTAssertTrue(agrees, "\(c.method) \(c.kind) \(c.pattern) on \(text): CTS says \(want)")
                    }
                }
            }
        }
    }
}
