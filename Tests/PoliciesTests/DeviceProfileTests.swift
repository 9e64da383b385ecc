import Foundation
import XCTest
import LinkAudit
@testable import Policies
import TestSupport

final class DeviceProfileTests: XCTestCase {
    static let devices = Repository.url("Pipelines/devices")

    func testShippedDeviceFilesLoad() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.devices.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for file in files {
            let device = try DeviceProfile.load(path: Self.devices.appendingPathComponent(file).path)
            XCTAssertEqual(device.name + ".json", file)
        }
        XCTAssertEqual(try DeviceProfile.load(path: Self.devices.appendingPathComponent("optimistic.json").path), .optimistic)
    }

    func testDefaultsForMissingKeys() throws {
        let device = try JSONDecoder().decode(DeviceProfile.self, from: Data(#"{"apps":[{"id":"id.dana","schemes":["dana"]}]}"#.utf8))
        XCTAssertEqual(device.apiLevel, 34)
        XCTAssertFalse(device.optimistic)
        XCTAssertEqual(device.browsers, [Browser.chrome])
        XCTAssertEqual(device.apps.first?.appLinks, [])
    }

    private func error(_ json: String) -> String {
        let dir = TempDir()
        let path = dir.write("device.json", json)
        do {
            _ = try DeviceProfile.load(path: path)
            return "no error"
        } catch {
            return "\(error)".replacingOccurrences(of: path, with: "FILE")
        }
    }

    func testErrorsNameTheFileAndField() {
        XCTAssertEqual(error(#"{"apiLevl": 30}"#),
                       "FILE: apiLevl: unknown key 'apiLevl' (known: apiLevel, apps, browsers, ios, name, openSupportedLinks, optimistic, platform, playStoreInstalled)")
        XCTAssertEqual(error(#"{"apiLevel": "thirty"}"#), "FILE: apiLevel: expected a whole number")
        XCTAssertEqual(error(#"{"apps": [{"schemes": ["x"]}]}"#), "FILE: missing key 'id' in apps[0]")
        XCTAssertEqual(error(#"{"apps": [{"id": "a", "appLinks": [{"hosts": ["h"], "verifed": true}]}]}"#).prefix(40),
                       "FILE: apps[0].appLinks[0].verifed: unkno")
        XCTAssertEqual(error("{"), "FILE: not valid JSON (expected a string key at line 1, column 2)")
        XCTAssertEqual(error(#"{"platform": "windows"}"#).hasPrefix("FILE: platform: "), true)
    }
}
