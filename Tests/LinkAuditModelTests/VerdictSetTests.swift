import Foundation
import XCTest
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import Reports
import TestSupport

final class VerdictSetTests: XCTestCase {
    func testKeptInProfileNameOrderWhateverTheOrderGiven() {
        let set = VerdictSet([("safari-ios", Verdict(.loads, Reason(rawValue: "web-page"))), ("android-sdk", Verdict(.blocked, Reason(rawValue: "no-gesture")))])
        XCTAssertEqual(set.keys, ["android-sdk", "safari-ios"])
        XCTAssertEqual(set.values.map(\.reason.rawValue), ["no-gesture", "web-page"])
        XCTAssertEqual(Array(set).map(\.key), ["android-sdk", "safari-ios"])
    }

    func testANameGivenTwiceKeepsItsLastVerdictAsADictionaryWould() {
        let set = VerdictSet([("ios-sdk", Verdict(.loads, Reason(rawValue: "first"))), ("ios-sdk", Verdict(.blocked, Reason(rawValue: "last")))])
        XCTAssertEqual(set.count, 1)
        XCTAssertEqual(set["ios-sdk"]?.reason.rawValue, "last")
        XCTAssertNil(set["android-sdk"])
    }

    func testJSONIsTheLinksJSONLObjectWithDetailsFlattenedAndSorted() {
        let set: VerdictSet = ["b": Verdict(.opensApp, Reason(rawValue: "launched"), details: ["z": "1", "a": "x\"y"]), "a": Verdict(.loads, Reason(rawValue: "web"))]
        XCTAssertEqual(String(decoding: VerdictSetDefinition.json(set), as: UTF8.self),
                       #"{"a":{"outcome":"loads","reason":"web"},"b":{"outcome":"opens-app","reason":"launched","a":"x\"y","z":"1"}}"#)
    }

    func testEqualByContentAndSharedCopiesAreTheSameSet() {
        let a = VerdictSet(["x": Verdict(.loads, Reason(rawValue: "web"))])
        let b = VerdictSet(["x": Verdict(.loads, Reason(rawValue: "web"))])
        XCTAssertEqual(a, b)
        XCTAssertFalse(a.isShared(with: b))
        XCTAssertTrue(a.isShared(with: a))
        XCTAssertNotEqual(a, VerdictSet(["x": Verdict(.blocked, Reason(rawValue: "web"))]))
    }

    func testCodableAsAPlainObject() throws {
        let set: VerdictSet = ["ios-sdk": Verdict(.appStore, Reason(rawValue: "store"), details: ["term": "gopay"])]
        let data = try JSONEncoder().encode(set)
        XCTAssertEqual(try JSONDecoder().decode(VerdictSet.self, from: data), set)
        XCTAssertEqual(try JSONDecoder().decode([String: Verdict].self, from: data), set.dictionary)
    }

    func testOrdinaryWebLinksOfAPageShareOneSetAndDeepLinksGetTheirOwn() {
        let page = "https://shop.example/p/1.html"
        func link(_ url: String, _ line: Int) -> Navigation {
            Navigation(page: page, line: line, source: "a[href]", trigger: .tap, frame: .main, raw: url, url: url,
                       scheme: String(url.prefix { $0 != ":" }))
        }
        let classifier = Classifier(profiles: try! ProfileRegistry.select(nil))
        let out = classifier.audit([link("https://shop.example/a", 1), link("https://shop.example/b", 2),
                                       link("gopay://pay", 3)])
        XCTAssertTrue(out[0].verdicts!.isShared(with: out[1].verdicts!))
        XCTAssertFalse(out[0].verdicts!.isShared(with: out[2].verdicts!))
        XCTAssertEqual(out[2].verdicts?["android-webview"]?.outcome, .errorPage)
    }
}
