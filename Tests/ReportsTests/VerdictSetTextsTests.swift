import XCTest
@testable import LinkAudit
@testable import LinkAuditModel
import PageSources
@testable import Policies
@testable import Reports
import TestSupport

/// Verdict sets rendered once per run (`VerdictSetTexts`) write what each page rendering its
/// own writes: the same `links.jsonl` lines and definitions, the same finding rows, on the
/// demo site and the sample archive classified as `audit` does, each page seen twice (the
/// second time every set is known), with severities of the run's own.
final class VerdictSetTextsTests: XCTestCase {
    private static let pages = ClassifiedSamplePages.demoSiteAndArchive

    func testSetsRenderedOncePerRunWriteWhatEachPageWrites() {
        let texts = VerdictSetTexts()
        var perPage = 0
        for round in 0..<2 {
            // The severities differ between rounds: they are the run's, never kept for the set.
            let rules = ReportRules(severities: round == 0 ? [:] : ["ERR_UNKNOWN_URL_SCHEME": .info])
            for (record, navigations) in Self.pages {
                var plainMemo = VerdictSetMemo(texts: nil)
                var runMemo = VerdictSetMemo(texts: texts)
                let plainLinks = PageLinks(navigations, memo: &plainMemo)
                let runLinks = PageLinks(navigations, memo: &runMemo)
                XCTAssertEqual(runLinks.lines.array, plainLinks.lines.array, record.page)
                XCTAssertEqual(runLinks.definitions, plainLinks.definitions, record.page)
                XCTAssertEqual(runLinks.lineSets, plainLinks.lineSets, record.page)
                let plainPart = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &plainMemo)
                let runPart = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &runMemo)
                XCTAssertEqual(runPart.rows?.findings, plainPart.rows?.findings, record.page)
                if round == 0 { perPage += plainMemo.entries.count }
            }
        }
        XCTAssertGreaterThan(perPage, 40)
        XCTAssertLessThan(texts.count, perPage, "sets shared across pages are rendered once")
    }

    /// A worker's table of recent entries (`VerdictSetTexts.Recent`) in front of the texts
    /// gives the entry the texts give (the plain version): sets met again by identity, new
    /// ones, more than the table's slots (slots taken by another set), sets let go and made
    /// again (an address used again); and a page's lines and rows with it are the plain
    /// memo's, page after page with one table.
    func testRecentEntriesAreTheTextsEntries() {
        let texts = VerdictSetTexts()
        let recent = texts.takeRecent()
        var kept: [VerdictSet] = []
        for round in 0..<3 {
            for i in 0..<(VerdictSetTexts.Recent.slotCount + 500) {
                let set = VerdictSet(["android-sdk": Verdict(.opensApp, Reason(rawValue: "custom-scheme-opened"),
                                                              details: ["target": "t\(i % 700)-\(round)"])])
                if i % 3 == 0 { kept.append(set) }
                XCTAssertTrue(recent.entry(set) === texts.entry(set), "round \(round), set \(i)")
            }
            for set in kept.shuffled() { XCTAssertTrue(recent.entry(set) === texts.entry(set)) }
        }
        texts.give(recent)
        for round in 0..<2 {
            for (record, navigations) in Self.pages {
                var plainMemo = VerdictSetMemo(texts: nil)
                var workerMemo = VerdictSetMemo(texts: texts, recent: texts.takeRecent())
                defer { workerMemo.giveBack() }
                let plainLinks = PageLinks(navigations, memo: &plainMemo)
                let workerLinks = PageLinks(navigations, memo: &workerMemo)
                XCTAssertEqual(workerLinks.lines.array, plainLinks.lines.array, "\(round) \(record.page)")
                XCTAssertEqual(workerLinks.definitions, plainLinks.definitions, record.page)
                let rules = ReportRules(severities: [:])
                let plainPart = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &plainMemo)
                let workerPart = ReportParts(rules: rules).part(page: record, navigations: navigations, memo: &workerMemo)
                XCTAssertEqual(workerPart.rows?.findings, plainPart.rows?.findings, record.page)
            }
        }
    }

    /// Sets made apart but written alike (each worker's decision memo makes its own) share a
    /// page's entry through their run-wide number as they do by value without texts, page
    /// after page, in any order — and past the numbers' bound (here 6), where a page turns
    /// to finding every set by value.
    func testSetsMadeApartShareAnEntryAsByValue() {
        func set(_ target: String) -> VerdictSet {
            VerdictSet(["android-sdk": Verdict(.opensApp, Reason(rawValue: "custom-scheme-opened"), details: ["target": target]),
                        "ios-sdk": Verdict(.blocked, Reason(rawValue: "no-gesture"))])
        }
        for limit in [4 * VerdictSetTexts.limit, 6] {
            let texts = VerdictSetTexts(canonicalLimit: limit)
            var generator = SystemRandomNumberGenerator()
            for page in 0..<30 {
                // Some sets met again by identity, some made again alike, some new on each page.
                let made = (0..<24).map { i in set("wallet\((i + page) % 16)") } + [set("page\(page)")]
                var order = (0..<200).map { $0 % made.count }
                order.shuffle(using: &generator)
                var plain = VerdictSetMemo(texts: nil), run = VerdictSetMemo(texts: texts)
                for (position, i) in order.enumerated() {
                    XCTAssertEqual(run.index(of: made[i], link: position), plain.index(of: made[i], link: position),
                                   "limit \(limit), page \(page)")
                }
                XCTAssertEqual(run.entries.count, plain.entries.count)
                for i in plain.entries.indices {
                    XCTAssertEqual(run.definition(at: i), plain.definition(at: i))
                }
            }
        }
    }

    /// Run-wide numbers are keyed by a set's JSON (`VerdictSetTexts.WrittenSet`): two sets get
    /// one number exactly when they are equal by value (`VerdictSetValue`) — details given in
    /// another order, none or an empty list, texts canonically equal but written apart
    /// (precomposed and decomposed), a detail's value or a reason differing, JSON-like text.
    func testANumberIsSharedExactlyBySetsEqualByValue() {
        func set(_ details: [String: String]?, reason: String = "r", name: String = "android-sdk") -> VerdictSet {
            VerdictSet([(name, Verdict(.opensApp, Reason(rawValue: reason), details: details)),
                        ("ios-sdk", Verdict(.blocked, Reason(rawValue: "no-gesture")))])
        }
        var ab: [String: String] = [:]
        ab["a"] = "1"
        ab["b"] = "2"
        var ba: [String: String] = [:]
        ba["b"] = "2"
        ba["a"] = "1"
        let sets = [set(nil), set([:]), set(ab), set(ba), set(["a": "1"]), set(["a": "2"]), set(ab, reason: "s"),
                    set(["caf\u{E9}": "x"]), set(["cafe\u{301}": "x"]), set(["k": "caf\u{E9}"]), set(["k": "cafe\u{301}"]),
                    set(["k": #"1"},"ios-sdk":{"#]), set(["k": "1"], name: "android-webview"), set(nil, reason: "caf\u{E9}"),
                    set(nil, reason: "cafe\u{301}")]
        let texts = VerdictSetTexts()
        for a in sets.indices {
            for b in sets.indices {
                let numbers = (texts.entry(sets[a]).canonical, texts.entry(sets[b]).canonical)
                XCTAssertNotNil(numbers.0)
                XCTAssertEqual(numbers.0 == numbers.1, VerdictSetValue(set: sets[a]) == VerdictSetValue(set: sets[b]),
                               "\(a) and \(b)")
            }
        }
    }

    func testBoundedAndStartsAfresh() {
        let texts = VerdictSetTexts()
        for i in 0..<(VerdictSetTexts.limit + 10) {
            let set = VerdictSet(["p": Verdict(.loads, Reason(rawValue: "r\(i)"))])
            XCTAssertEqual(texts.json(set).json, VerdictSetDefinition.json(set))
            XCTAssertEqual(texts.json(set).key, VerdictSetKey(verdicts: VerdictSetDefinition.json(set)))
        }
        XCTAssertLessThanOrEqual(texts.count, VerdictSetTexts.limit)
        XCTAssertEqual(texts.count, 10)
    }

    /// A finding's profiles and message remembered for the run by what makes them (code,
    /// its profiles, their reasons) equal the ones made for each set: on the sample pages'
    /// sets, and on sets that share a code's reasons but not their other details, give
    /// other reasons, name profiles in another order, miss a profile's verdict, or spell
    /// a reason in another normalisation.
    func testMessagesRememberedForTheRunEqualTheOnesMadePerSet() {
        let remembering = VerdictSetTexts(), plain = VerdictSetTexts(remembersMessages: false)
        var checked = 0
        for (_, navigations) in Self.pages + Self.pages {
            for navigation in navigations {
                guard let set = navigation.verdicts else { continue }
                for ref in navigation.findings ?? [] {
                    XCTAssertEqual(remembering.outcomes(set), plain.outcomes(set))
                    XCTAssertEqual(remembering.outcomes(set), FindingBuilder.outcomes(set))
                    let a = remembering.finding(set, code: ref.code, refProfiles: ref.profiles)
                    let b = plain.finding(set, code: ref.code, refProfiles: ref.profiles)
                    XCTAssertEqual(a.profiles, b.profiles)
                    XCTAssertEqual(Array(a.message.utf8), Array(b.message.utf8))
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 200)

        func set(_ reason: String, _ target: String, other: String = "no-gesture") -> VerdictSet {
            VerdictSet(["android-sdk": Verdict(.opensApp, Reason(rawValue: reason), details: ["target": target]),
                        "ios-sdk": Verdict(.blocked, Reason(rawValue: other)),
                        "android-webview": Verdict(.errorPage, Reason(rawValue: reason))])
        }
        let sets = [set("custom-scheme-opened", "dana"), set("custom-scheme-opened", "gojek"),
                    set("unknown-url-scheme", "dana"), set("caf\u{E9}", "dana"), set("cafe\u{301}", "dana"),
                    set("custom-scheme-opened", "dana", other: "blocked-scheme")]
        let refs = [["android-sdk", "ios-sdk"], ["ios-sdk", "android-sdk"], ["android-webview", "android-sdk"],
                    ["chrome-android"], ["ios-sdk", "safari-ios"]]
        for _ in 0..<2 {
            for set in sets {
                for profiles in refs {
                    for code in ["ERR_UNKNOWN_URL_SCHEME", "NO_SUCH_CODE"] {
                        XCTAssertEqual(remembering.outcomes(set), FindingBuilder.outcomes(set))
                        XCTAssertEqual(remembering.outcomes(set).map { Array($0.reason.utf8) },
                                       FindingBuilder.outcomes(set).map { Array($0.reason.utf8) })
                        let a = remembering.finding(set, code: code, refProfiles: profiles)
                        let b = plain.finding(set, code: code, refProfiles: profiles)
                        XCTAssertEqual(a.profiles, b.profiles)
                        XCTAssertEqual(Array(a.message.utf8), Array(b.message.utf8), "\(profiles) \(code)")
                    }
                }
            }
        }
    }
}
