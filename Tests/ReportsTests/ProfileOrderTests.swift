import XCTest
@testable import Policies
@testable import Reports

/// Reports list profiles in the registry's order; names it does not know follow, sorted.
final class ProfileOrderTests: XCTestCase {
    func testTheRegistrysOrderThenUnknownNamesAlphabetically() {
        XCTAssertEqual(ProfileOrder.known, ProfileRegistry.names)
        XCTAssertEqual(ProfileOrder.sorted(["safari-ios", "zeta-future", "android-sdk", "alpha-future", "android-webview"]),
                       ["android-webview", "android-sdk", "safari-ios", "alpha-future", "zeta-future"])
        XCTAssertTrue(ProfileOrder.before("chrome-android", "ios-wkwebview"))
        XCTAssertTrue(ProfileOrder.before("safari-ios", "alpha-future"))
    }
}
