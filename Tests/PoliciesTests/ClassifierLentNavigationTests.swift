import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// `Classifier.ask` lends a navigation to the judge's question without copying it (moved out
/// of its array and back): the question sees what `question(navs[i])`, the plain way, shows
/// it, and the array is left as it was.
final class ClassifierLentNavigationTests: XCTestCase {
    func testTheQuestionSeesTheNavigationAndTheArrayIsLeftAsItWas() throws {
        var navigations = Extract.all(#"<a href="/pay?x=%FF">a</a><a href="dana://wallet/pay?q=1">b</a>"#
                                      + #"<a href="intent://pay#Intent;scheme=dana;end">c</a><a href="http://[bad">d</a>"#,
                                      page: "https://shop.example/checkout/")
        XCTAssertEqual(navigations.count, 4)
        let before = navigations
        for i in navigations.indices {
            for wanted in [true, false] {
                var seen: Navigation?
                let answer = Classifier.ask({ navigation in
                    seen = navigation
                    return wanted
                }, of: &navigations, at: i)
                XCTAssertEqual(answer, wanted)
                XCTAssertEqual(seen, before[i])
                XCTAssertEqual(seen?.target.value, before[i].target.value)
            }
            // The plain way answers alike.
            let question: (Navigation) -> Bool = { $0.url.contains("pay") }
            XCTAssertEqual(Classifier.ask(question, of: &navigations, at: i), question(before[i]))
        }
        XCTAssertEqual(navigations, before)
        for i in navigations.indices {
            XCTAssertEqual(navigations[i].target.value, before[i].target.value)
        }
    }
}
