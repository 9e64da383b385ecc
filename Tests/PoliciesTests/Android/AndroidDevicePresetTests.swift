import XCTest
import LinkAudit
@testable import Policies
import TestSupport

/// The Android presets of `Pipelines/devices/`: each changes a verdict against the device it
/// is a variation of.
final class AndroidDevicePresetTests: XCTestCase {
    private typealias F = AndroidFixtures

    private func device(_ name: String) throws -> DeviceProfile {
        try DeviceProfile.load(path: Repository.url("Pipelines/devices/\(name).json").path)
    }

    /// Android 10 with Chrome as the default browser: the guide's pre-API-30 path ranks the
    /// browser first and the GoPay App Link loads in the WebView; on the Android 14 phone the
    /// strict launch opens GoPay. Its zxing filter takes `zxing://scan/` only, so an intent for
    /// another host falls back, where the optimistic device opens the package.
    func testAndroid10Browser() throws {
        let android10 = try device("android-10-browser")
        let android14 = try device("android-14-indonesia")
        let link = "https://gojek.link/gopay/pay?x=1"
        let zxingOther = "intent://other/#Intent;scheme=zxing;package=com.google.zxing.client.android;"
            + "S.browser_fallback_url=https%3A%2F%2Fzxing.example%2F;end"
        assertBranches(AndroidSDKProfile(), [
            BranchCase("App Link, Android 10", F.request(link, device: android10), .loads, "app-link-browser-ranked-first"),
            BranchCase("App Link, Android 14", F.request(link, device: android14), .opensApp, "app-link-default"),
            BranchCase("zxing scan", F.request("intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end",
                                               device: android10), .opensApp, "intent-opened"),
            BranchCase("zxing other host, preset", F.request(zxingOther, device: android10), .fallback, "intent-fallback"),
            BranchCase("zxing other host, optimistic", F.request(zxingOther), .opensApp, "intent-opened"),
            BranchCase("gojek://gopay", F.request("gojek://gopay/x", device: android10), .opensApp, "custom-scheme-opened"),
            BranchCase("gojek://other", F.request("gojek://other/x", device: android10), .openFailed, "custom-scheme-no-handler"),
        ])
    }

    /// Android 14 with "Open supported links" off for GoPay only: its verified link now asks,
    /// DANA's still opens directly.
    func testAndroid14WalletAsk() throws {
        let ask = try device("android-14-wallet-ask")
        let indonesia = try device("android-14-indonesia")
        let gopay = "https://gojek.link/gopay/pay?x=1"
        assertBranches(AndroidSDKProfile(), [
            BranchCase("GoPay, setting off", F.request(gopay, device: ask), .chooser, "app-link-chooser"),
            BranchCase("GoPay, Indonesia preset", F.request(gopay, device: indonesia), .opensApp, "app-link-default"),
            BranchCase("DANA, allowed", F.request("https://link.dana.id/pay/1", device: ask), .opensApp, "app-link-default"),
        ])
    }
}
