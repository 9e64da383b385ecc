import Foundation
import XCTest
import LinkAudit
@testable import LinkAuditModel
@testable import Policies
import WHATWGURL
import TestSupport

/// The device file's `ios` capabilities (Docs/PLATFORM.md §D.8) and the iOS presets: each
/// field, and each preset, changes a verdict.
final class IOSCapabilitiesTests: XCTestCase {
    private let sdk = IOSSDKProfile()
    private let safari = SafariIOSProfile()

    private func device(_ ios: IOSCapabilities?, base: DeviceProfile = IOSDevices.bare) -> DeviceProfile {
        var device = base
        device.ios = ios
        return device
    }

    private func preset(_ name: String) throws -> DeviceProfile {
        try DeviceProfile.load(path: Repository.url("Pipelines/devices/\(name).json").path)
    }

    func testAbsentKeyKeepsTodaysDevice() throws {
        let decoded = try JSONDecoder().decode(DeviceProfile.self, from: Data(#"{"platform": "ios"}"#.utf8))
        XCTAssertNil(decoded.ios)
        let empty = try JSONDecoder().decode(DeviceProfile.self, from: Data(#"{"ios": {}}"#.utf8))
        XCTAssertEqual(empty.ios, IOSCapabilities())
        for scheme in ["tel", "itms-apps", "mailto"] {
            XCTAssertTrue(device(nil).canOpen(customScheme: scheme), scheme)
            XCTAssertTrue(device(IOSCapabilities()).canOpen(customScheme: scheme), scheme)
        }
        XCTAssertThrowsError(try JSONDecoder().decode(DeviceProfile.self, from: Data(#"{"ios": {"phone": false}}"#.utf8)))
    }

    func testCannotOpenSchemes_telOnADeviceWithoutPhone() {
        let ipad = device(IOSCapabilities(cannotOpenSchemes: ["TEL"]))
        XCTAssertEqual(sdk.decide(IOSRequest.make("tel:+81312345678", device: IOSDevices.bare)).outcome, .opensApp)
        // A system scheme: the SDK reports it (`onOpenFailed`), it does not search the App Store.
        XCTAssertEqual(sdk.decide(IOSRequest.make("tel:+81312345678", device: ipad)), Verdict(.openFailed, .openFailed))
        XCTAssertEqual(safari.decide(IOSRequest.make("tel:+81312345678", device: IOSDevices.bare)).outcome, .chooser)
        XCTAssertEqual(safari.decide(IOSRequest.make("tel:+81312345678", device: ipad)).reason, .cannotOpenPage)
        // Other system schemes still open.
        XCTAssertEqual(sdk.decide(IOSRequest.make("facetime:user@example.com", device: ipad)).outcome, .opensApp)
    }

    func testCannotOpenSchemes_overridesTheOptimisticDevice() {
        let someMissing = device(IOSCapabilities(cannotOpenSchemes: ["gcash"]), base: .optimistic)
        XCTAssertEqual(sdk.decide(IOSRequest.make("gcash://pay")).reason, .openExternal)
        XCTAssertEqual(sdk.decide(IOSRequest.make("gcash://pay", device: someMissing)).reason, .appStoreSearch)
        XCTAssertEqual(sdk.decide(IOSRequest.make("dana://pay", device: someMissing)).reason, .openExternal)
    }

    func testAppStore_restrictedSearchFallsBackToTheWebPage() {
        let restricted = device(IOSCapabilities(appStore: false))
        XCTAssertEqual(sdk.decide(IOSRequest.make("gojek://pay", device: restricted)), Verdict(.appStore, .appStoreSearch, details: [
            VerdictDetail.appStoreTerm: "gojek", VerdictDetail.target: "https://apps.apple.com/search?term=gojek"]))
        XCTAssertEqual(sdk.decide(IOSRequest.make("itms-apps://itunes.apple.com/app/id1", device: IOSDevices.bare)).outcome,
                       .opensApp)
        XCTAssertEqual(sdk.decide(IOSRequest.make("itms-apps://itunes.apple.com/app/id1", device: restricted)),
                       Verdict(.openFailed, .openFailed))
    }

    func testWebBrowser_noBrowserAndNoAppStore_searchFails() {
        let kiosk = device(IOSCapabilities(appStore: false, webBrowser: false))
        XCTAssertEqual(sdk.decide(IOSRequest.make("gojek://pay", device: kiosk)),
                       Verdict(.openFailed, .appStoreSearchFailed, details: [VerdictDetail.appStoreTerm: "gojek"]))
        // With the App Store there, the first search URL opens it: no browser needed.
        let noSafari = device(IOSCapabilities(webBrowser: false))
        XCTAssertEqual(sdk.decide(IOSRequest.make("gojek://pay", device: noSafari)).details?[VerdictDetail.target],
                       "itms-apps://itunes.apple.com/search?term=gojek")
        // Universal Links still open their app.
        XCTAssertEqual(DeviceURLOpener(device: device(IOSCapabilities(webBrowser: false), base: IOSDevices.apps))
                        .open(WebURL.parse("https://pay.wallet.com/pay/1")!, universalLinksOnly: false), "com.wallet")
        XCTAssertNil(DeviceURLOpener(device: noSafari).open(WebURL.parse("https://a.example/")!, universalLinksOnly: false))
    }

    func testPreset_iPhoneWithoutWallet() throws {
        let japan = try preset("iphone-japan"), noWallet = try preset("iphone-no-wallet")
        let link = "https://pay.paypay.ne.jp/checkout/1"
        XCTAssertEqual(sdk.decide(IOSRequest.make(link, device: japan)).reason, .universalLink)
        XCTAssertEqual(sdk.decide(IOSRequest.make(link, device: noWallet)).reason, .httpsAllowed)
        XCTAssertEqual(sdk.decide(IOSRequest.make("paypay://pay", device: japan)).reason, .openExternal)
        XCTAssertEqual(sdk.decide(IOSRequest.make("paypay://pay", device: noWallet)).reason, .appStoreSearch)
    }

    func testPreset_iPad() throws {
        let iphone = try preset("iphone-japan"), ipad = try preset("ipad")
        XCTAssertEqual(sdk.decide(IOSRequest.make("tel:0312345678", device: iphone)).outcome, .opensApp)
        XCTAssertEqual(sdk.decide(IOSRequest.make("tel:0312345678", device: ipad)).outcome, .openFailed)
        XCTAssertEqual(sdk.decide(IOSRequest.make("merpay://pay", device: ipad)).reason, .appStoreSearch)
    }

    func testPreset_iPadUnderMDM() throws {
        let ipad = try preset("ipad"), managed = try preset("ipad-mdm")
        XCTAssertEqual(sdk.decide(IOSRequest.make("merpay://pay", device: ipad)).reason, .appStoreSearch)
        XCTAssertEqual(sdk.decide(IOSRequest.make("merpay://pay", device: managed)).reason, .appStoreSearchFailed)
        XCTAssertEqual(sdk.decide(IOSRequest.make("https://pay.paypay.ne.jp/x", device: managed)).reason, .universalLink)
    }
}
