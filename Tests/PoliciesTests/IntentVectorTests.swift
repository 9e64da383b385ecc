import XCTest
@testable import Policies

/// The public vectors in `Fixtures/intent/cases.json` (see `Fixtures/SOURCES.md`).
final class IntentVectorTests: XCTestCase {
    /// Derived (non-upstream) expectations that disagree with AOSP, by case id, with the reason.
    /// Empty: every derived expectation agrees with the model.
    static let excludedDerived: [String: String] = [:]

    private var cases: [IntentCase] = []

    override func setUpWithError() throws {
        cases = try IntentCase.all()
        XCTAssertEqual(cases.count, 94)
    }

    func testEveryCTSCaseParsesExactlyAsAsserted() {
        let cts = cases.filter { $0.id.hasPrefix("cts-") }
        XCTAssertEqual(cts.count, 41)
        for c in cts {
            guard let expected = c.expected else { return XCTFail("\(c.id): no expectation") }
            XCTAssertFalse(c.parseFlags.isEmpty, c.id)
            for flags in c.parseFlags {
                check(c.uri, flags: flags, expected, c.id)
            }
            // CTS also parses the android-app: form, and accepts either scheme flag.
            if case .parsed = expected {
                check(c.uri, flags: .androidAppScheme, expected, c.id)
                if let app = c.androidAppURI {
                    for flags: IntentParseFlags in [[], .intentScheme, .androidAppScheme] {
                        check(app, flags: flags, expected, c.id + " (android-app)")
                    }
                }
            }
        }
    }

    func testDerivedExpectationsOfChromiumAndPageCasesAgree() {
        let derived = cases.filter { $0.derived != nil }
        XCTAssertEqual(derived.count, 53)
        for c in derived where Self.excludedDerived[c.id] == nil {
            // Chrome and WebView clients always call parseUri(url, URI_INTENT_SCHEME).
            check(c.uri, flags: .intentScheme, c.derived!, c.id + " (derived)")
        }
    }

    private func check(_ uri: String, flags: IntentParseFlags, _ expected: IntentCase.Expectation,
                       _ id: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = Result { try IntentURIParser.parse(uri, flags: flags) }
        switch (expected, result) {
        case let (.parsed(want), .success(got)):
            XCTAssertEqual(got, want, "\(id) flags=\(flags.rawValue)", file: file, line: line)
        case let (.error(exception, detail), .failure(error as IntentURIError)):
            XCTAssertEqual(error.exception.rawValue, exception, "\(id): \(error)", file: file, line: line)
            if let detail {
                // The derived detail names the Java message (and sometimes its cause after ": ").
                let head = detail.components(separatedBy: ": ").first!
                XCTAssertTrue(error.javaMessage.contains(head), "\(id): \(error) vs \(detail)", file: file, line: line)
            }
        default:
            XCTFail("\(id) flags=\(flags.rawValue): expected \(expected), got \(result)", file: file, line: line)
        }
    }
}
