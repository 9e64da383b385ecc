import XCTest
@testable import Policies

/// The one list of profiles: what it says of each profile is what the profile says.
final class ProfileRegistryTests: XCTestCase {
    func testEachEntryDescribesTheProfileItMakes() {
        for entry in ProfileRegistry.entries {
            let profile = entry.make()
            XCTAssertEqual(profile.name, entry.name)
            XCTAssertEqual(profile.platform, entry.platform, entry.name)
            XCTAssertEqual(profile.isBrowser, entry.isBrowser, entry.name)
            XCTAssertEqual(profile.runsByDefault, entry.runsByDefault, entry.name)
        }
        XCTAssertEqual(ProfileRegistry.all.map(\.name), ProfileRegistry.names)
        XCTAssertEqual(Set(ProfileRegistry.names).count, ProfileRegistry.names.count, "names are unique")
    }

    /// Reports list profiles in the registry's order: Android, then iOS.
    func testAndroidProfilesComeFirst() {
        let platforms = ProfileRegistry.entries.map(\.platform)
        XCTAssertEqual(platforms, platforms.sorted { $0 == .android && $1 == .ios })
        XCTAssertEqual(ProfileRegistry.names, ["android-webview", "android-webview-noclient", "android-sdk",
                                               "chrome-android", "ios-wkwebview", "ios-sdk", "ios-strict", "safari-ios"])
    }

    func testPlatformByNameAndNoneForAnUnknownName() {
        XCTAssertEqual(ProfileRegistry.platform(of: "chrome-android"), .android)
        XCTAssertEqual(ProfileRegistry.platform(of: "ios-strict"), .ios)
        XCTAssertNil(ProfileRegistry.platform(of: "android-future"))
        XCTAssertNil(ProfileRegistry.platform(of: ""))
    }

    func testTheBrowsersAreChromeAndSafari() {
        XCTAssertEqual(ProfileRegistry.entries.filter(\.isBrowser).map(\.name), ["chrome-android", "safari-ios"])
    }

    func testDefaultAndOptInNamesSplitTheRegistry() {
        XCTAssertEqual(ProfileRegistry.defaultNames, try ProfileRegistry.select(nil).map(\.name))
        XCTAssertEqual(ProfileRegistry.optInNames, ["android-webview-noclient", "ios-strict"])
    }
}
