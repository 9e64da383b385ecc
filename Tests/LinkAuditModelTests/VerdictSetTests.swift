import Foundation
import XCTest
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import Reports
import TestSupport

final class VerdictSetTests: XCTestCase {
    func testKeptInProfileNameOrderWhateverTheOrderGiven() {
        let set = VerdictSet([("safari-ios", Verdict(.loads, "web-page")), ("android-sdk", Verdict(.blocked, "no-gesture"))])
        XCTAssertEqual(set.keys, ["android-sdk", "safari-ios"])
        XCTAssertEqual(set.values.map(\.reason), ["no-gesture", "web-page"])
        XCTAssertEqual(Array(set).map(\.key), ["android-sdk", "safari-ios"])
    }

    func testANameGivenTwiceKeepsItsLastVerdictAsADictionaryWould() {
        let set = VerdictSet([("ios-sdk", Verdict(.loads, "first")), ("ios-sdk", Verdict(.blocked, "last"))])
        XCTAssertEqual(set.count, 1)
        XCTAssertEqual(set["ios-sdk"]?.reason, "last")
        XCTAssertNil(set["android-sdk"])
    }

    func testJSONIsTheLinksJSONLObjectWithDetailsFlattenedAndSorted() {
        let set: VerdictSet = ["b": Verdict(.opensApp, "launched", details: ["z": "1", "a": "x\"y"]), "a": Verdict(.loads, "web")]
        XCTAssertEqual(String(decoding: VerdictSetJSON.render(set), as: UTF8.self),
                       #"{"a":{"outcome":"loads","reason":"web"},"b":{"outcome":"opens-app","reason":"launched","a":"x\"y","z":"1"}}"#)
    }

    func testEqualByContentAndSharedCopiesAreTheSameSet() {
        let a = VerdictSet(["x": Verdict(.loads, "web")])
        let b = VerdictSet(["x": Verdict(.loads, "web")])
        XCTAssertEqual(a, b)
        XCTAssertFalse(a.isShared(with: b))
        XCTAssertTrue(a.isShared(with: a))
        XCTAssertNotEqual(a, VerdictSet(["x": Verdict(.blocked, "web")]))
    }

    func testCodableAsAPlainObject() throws {
        let set: VerdictSet = ["ios-sdk": Verdict(.appStore, "store", details: ["term": "gopay"])]
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
