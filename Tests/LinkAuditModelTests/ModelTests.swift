import XCTest
@testable import LinkAuditModel

final class ModelTests: XCTestCase {
    func testTriggerNamesAreTheContract() {
        XCTAssertEqual(Trigger.formPost.rawValue, "form-post")
        XCTAssertEqual(FrameKind.newWindow.rawValue, "new-window")
    }
}
