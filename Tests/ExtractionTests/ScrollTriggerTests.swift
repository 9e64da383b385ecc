@testable import Extraction
import LinkAuditModel
import XCTest

/// `DocumentState.scrolls` (a switch, issue 17) names the triggers the set it replaced held.
final class ScrollTriggerTests: XCTestCase {
    func testScrollingTriggersAreTheSetsOnes() {
        let plain: Set<Trigger> = [.tap, .metaRefresh, .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync]
        for trigger in Trigger.allCases {
            XCTAssertEqual(DocumentState.scrolls(trigger), plain.contains(trigger), trigger.rawValue)
        }
    }
}
