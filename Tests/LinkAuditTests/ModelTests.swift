import XCTest
@testable import Associations
@testable import Checks
@testable import Extraction
@testable import LinkAudit
@testable import LinkAuditModel
@testable import PageSources
@testable import Policies
@testable import Reports
@testable import WHATWGURL

final class ModelTests: XCTestCase {
    func testTriggerNamesAreTheContract() {
        XCTAssertEqual(Trigger.formPost.rawValue, "form-post")
        XCTAssertEqual(FrameKind.newWindow.rawValue, "new-window")
    }
}
