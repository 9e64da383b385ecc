import XCTest
@testable import Policies

/// `startActivity` with and without the Android 11 flags (Docs/PLATFORM.md §B.5).
final class AndroidActivityStartTests: XCTestCase {
    private typealias F = AndroidFixtures
    private let chrome = ResolvedActivity(package: "com.android.chrome", isBrowser: true, isDefault: true)
    private let firefox = ResolvedActivity(package: "org.mozilla.firefox", isBrowser: true)
    private let verified = ResolvedActivity(package: "v", countDataPaths: 1, countDataAuthorities: 1, verified: true)
    private let unverified = ResolvedActivity(package: "u", countDataPaths: 1, countDataAuthorities: 1)
    private let scheme1 = ResolvedActivity(package: "s1")
    private let scheme2 = ResolvedActivity(package: "s2")

    private func start(_ c: [ResolvedActivity], web: Bool = true, _ flags: ActivityStart.Flags = [],
                       api: Int = 34, links: DeviceProfile.LinkHandling = .allow) -> ActivityStart {
        ActivityStart.start(c, web: web, flags: flags, on: F.device(api: api, links: links))
    }

    func testPlain_soleDefaultOrChooser() {
        XCTAssertEqual(start([]), .notFound)
        XCTAssertEqual(start([scheme1], web: false), .launched(scheme1))
        XCTAssertEqual(start([scheme1, scheme2], web: false), .chooser([scheme1, scheme2]))
        var chosen = scheme2
        chosen.isDefault = true
        XCTAssertEqual(start([scheme1, chosen], web: false), .launched(chosen))
        XCTAssertEqual(start([chrome]), .launched(chrome))
        XCTAssertEqual(start([chrome, firefox]), .launched(chrome))
        XCTAssertEqual(start([firefox, firefox]), .chooser([firefox, firefox]))
    }

    func testPlain_webAppBeatsTheDefaultBrowserOnlyWhenVerifiedAndAllowed() {
        XCTAssertEqual(start([chrome, verified]), .launched(verified))
        XCTAssertEqual(start([chrome, verified], links: .ask), .chooser([chrome, verified]))
        XCTAssertEqual(start([chrome, unverified], api: 30), .chooser([chrome, unverified]))
    }

    func testRequireNonBrowser_directChooserOrNotFound() {
        let flags: ActivityStart.Flags = [.requireNonBrowser]
        XCTAssertEqual(start([chrome], flags), .notFound)
        XCTAssertEqual(start([chrome, unverified], flags, api: 30), .launched(unverified))
        XCTAssertEqual(start([chrome, verified], flags, links: .ask), .chooser([verified]))
        XCTAssertEqual(start([chrome, unverified, scheme1], flags, api: 30), .chooser([unverified, scheme1]))
        XCTAssertEqual(start([chrome, unverified, verified], flags), .launched(verified))
    }

    func testRequireDefault_onlyASingleNonBrowserDefault() {
        let strict: ActivityStart.Flags = [.requireNonBrowser, .requireDefault]
        XCTAssertEqual(start([chrome, verified], strict), .launched(verified))
        XCTAssertEqual(start([chrome, verified], strict, links: .ask), .notFound)
        XCTAssertEqual(start([chrome, unverified], strict, api: 30), .notFound)
        XCTAssertEqual(start([chrome], strict), .notFound)
        XCTAssertEqual(start([chrome], [.requireDefault]), .launched(chrome))
    }

    func testBelowAPI30_theFlagsDoNotExist() {
        XCTAssertEqual(start([chrome], [.requireNonBrowser, .requireDefault], api: 29), .launched(chrome))
    }
}
