import XCTest
@testable import LinkAudit
@testable import LinkAuditModel
@testable import Policies
@testable import Reports
import TestSupport

final class ModelTests: XCTestCase {
    func testTriggerNamesAreTheContract() {
        XCTAssertEqual(Trigger.formPost.rawValue, "form-post")
        XCTAssertEqual(FrameKind.newWindow.rawValue, "new-window")
    }
}
