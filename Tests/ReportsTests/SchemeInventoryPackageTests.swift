import XCTest
@testable import Reports

/// The scheme inventory names an `intent:` link's package in three ways: the package, no
/// package, or a URI Android's `Intent.parseUri` rejects. The common-shape reading and the
/// whole parse must both keep the last two apart (an optional `try?` would fold them).
final class SchemeInventoryPackageTests: XCTestCase {
    func testThePackageOfTheCommonShape() {
        XCTAssertEqual(SchemeInventory.package(of: "intent://pay/x#Intent;scheme=gopay;package=com.gojek.app;end"),
                       "com.gojek.app")
    }

    func testNoPackageIsNotMalformed() {
        XCTAssertEqual(SchemeInventory.package(of: "intent://pay/x#Intent;scheme=gopay;end"), "(no package)")
        XCTAssertEqual(SchemeInventory.package(of: "intent:#Intent;SEL;action=B;end"), "(no package)")
    }

    func testARejectedURIIsMalformed() {
        XCTAssertEqual(SchemeInventory.package(of: "intent:#Intent;SELX;end"), "(malformed intent)")
        XCTAssertEqual(SchemeInventory.package(of: "intent:#Intent;b.k=128;package=com.a;end"), "(malformed intent)")
    }
}
