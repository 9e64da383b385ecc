import XCTest
@testable import Associations
import TestSupport

/// `assetlinks.json`: real sites' files, `verifies`, includes, and each problem.
final class AssetLinksAssociationTests: XCTestCase {
    private func file(_ name: String) throws -> AssociationResult<AssetLinks> {
        AssetLinks.parse(Array(try Fixture.data("assetlinks/files/" + name)))
    }

    private func fingerprint(_ text: String) -> CertificateFingerprint { try! CertificateFingerprint(parsing: text) }

    private func problems(_ json: String) -> [String] { AssetLinks.parse(Array(json.utf8)).problems.map(\.description) }

    private let cert = "11:19:4B:A8:09:B4:2D:DF:0E:1A:7D:EC:68:42:A5:9C:7F:F1:11:9C:54:82:E9:5F:EB:FF:D5:C6:01:4D:AA:5A"

    func testEveryRealFileIsValid() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixture.url("assetlinks/files").path)
        XCTAssertEqual(files.count, 6)
        for name in files {
            let result = try file(name)
            XCTAssertTrue(result.isValid, name)
            XCTAssertEqual(result.problems, [], name)
            XCTAssertFalse(result.value!.appLinkApps.isEmpty, name)
        }
    }

    /// home-assistant.io: four packages sharing one signing certificate.
    func testFourPackagesOneFingerprint() throws {
        let links = try XCTUnwrap(file("home-assistant.io__source__.well-known__assetlinks.json").value)
        XCTAssertEqual(links.appLinkApps.map(\.packageName), [
            "io.homeassistant.companion.android", "io.homeassistant.companion.android.debug",
            "io.homeassistant.companion.android.minimal", "io.homeassistant.companion.android.minimal.debug",
        ])
        for app in links.appLinkApps {
            XCTAssertTrue(links.verifies(package: app.packageName, fingerprint: fingerprint(cert)))
        }
        XCTAssertFalse(links.verifies(package: "io.homeassistant.companion.android.full"))
        XCTAssertFalse(links.verifies(package: "io.homeassistant.companion.android",
                                      fingerprint: fingerprint(String(repeating: "AA:", count: 31) + "AA")))
    }

    /// meetoseh: one statement with two relations and two certificates.
    func testTwoRelationsTwoFingerprints() throws {
        let links = try XCTUnwrap(file("meetoseh_frontend-web__public__.well-known__assetlinks.json").value)
        let release = fingerprint("45:87:DB:CA:2A:91:EC:30:DF:67:FB:EF:32:26:21:07:48:8C:01:48:4E:50:D8:3C:51:61:61:9F:EB:1D:18:02")
        let debug = fingerprint("1E:A2:1A:EF:2F:3F:18:97:B5:32:E8:F0:0B:38:6F:6E:F4:78:F7:59:7C:F3:CE:8F:84:F3:F7:6A:0A:E6:9E:18")
        XCTAssertTrue(links.verifies(package: "com.oseh.frontendapp", fingerprint: release))
        XCTAssertTrue(links.verifies(package: "com.oseh.frontendapp", fingerprint: debug))
        XCTAssertTrue(links.verifies(package: "com.oseh.frontendapp"))
        let loginCreds = try AssetRelation(parsing: "delegate_permission/common.get_login_creds")
        XCTAssertEqual(links.links(relation: loginCreds).count, 2, "one fact per certificate")
        XCTAssertEqual(links.links().count, 4)
        XCTAssertEqual(links.links(relation: .handleAllURLs).map(\.description).first,
                       "delegate_permission/common.handle_all_urls → android_app com.oseh.frontendapp [\(release)]")
    }

    /// openfoodfacts-server: the site delegates to its sister app, not to a same-named one.
    func testOnlyTheNamedPackageIsVerified() throws {
        let links = try XCTUnwrap(file("openfoodfacts-server__html__.well-known__assetlinks.json").value)
        XCTAssertTrue(links.verifies(package: "org.openbeautyfacts.scanner"))
        XCTAssertFalse(links.verifies(package: "org.openfoodfacts.scanner"))
    }

    func testOtherRelationsAndWebTargetsAreKept() throws {
        let links = try XCTUnwrap(AssetLinks.parse(Array(#"""
            [{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "HTTPS://Login.Example.:443"}}]
            """#.utf8)).value)
        XCTAssertFalse(links.verifies(package: "com.example.app"))
        XCTAssertTrue(links.contains(relation: try AssetRelation(parsing: "delegate_permission/common.get_login_creds"),
                                     target: .web(try AssetSite(parsing: "https://login.example"))))
        XCTAssertEqual(links.links().first?.description, "delegate_permission/common.get_login_creds → web https://login.example")
    }

    func testIncludesAreNotedAndMerged() throws {
        let result = AssetLinks.parse(Array(#"[{"include": "https://cdn.example/links.json", "comment": "extra fields are allowed"}]"#.utf8))
        XCTAssertEqual(result.problems, [])
        let links = try XCTUnwrap(result.value)
        XCTAssertEqual(links.includes.map(\.href), ["https://cdn.example/links.json"])
        XCTAssertFalse(links.verifies(package: "io.homeassistant.companion.android"), "until the include is fetched")
        let included = try XCTUnwrap(file("home-assistant.io__source__.well-known__assetlinks.json").value)
        XCTAssertTrue(links.merging(included).verifies(package: "io.homeassistant.companion.android"))
    }

    // MARK: - Problems

    func testStatementListProblems() {
        XCTAssertEqual(problems("[{"), ["error: Could not parse statement list: not valid JSON: expected a string key at byte 2"])
        XCTAssertEqual(problems(#"{"relation": []}"#),
                       ["error: Could not parse statement list: expected a single array of statements, found an object"])
        XCTAssertEqual(problems("[]"), ["error: No statements were found: the file grants nothing to any app"])
        XCTAssertEqual(problems("[42]"), [
            "error: Could not parse statement list entry 0: the statement is a number, not an object (entry skipped)",
            "error: No statements were found: the file grants nothing to any app",
        ])
    }

    private func statement(_ relation: String = #"["delegate_permission/common.handle_all_urls"]"#,
                           package: String = #""com.example.app""#,
                           fingerprints: String = #"["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]"#)
        -> String {
        #"[{"relation": \#(relation), "target": {"namespace": "android_app", "package_name": \#(package), "sha256_cert_fingerprints": \#(fingerprints)}}]"#
    }

    /// The first problem a one-statement list has (the second is always "No statements").
    private func first(_ json: String) -> String? { problems(json).first }

    func testRelationProblems() {
        let prefix = "error: Could not parse statement list entry 0: "
        XCTAssertEqual(first(#"[{"target": {"namespace": "web", "site": "https://a.example"}}]"#),
                       prefix + "no relation array specified (entry skipped)")
        XCTAssertEqual(first(statement(#""delegate_permission/common.handle_all_urls""#)), prefix + "relation is a string, not an array (entry skipped)")
        XCTAssertEqual(first(statement("[]")), prefix + "the relation array is empty (entry skipped)")
        XCTAssertEqual(first(statement("[{}]")), prefix + "invalid relation: element 0 is an object, not a string (entry skipped)")
        XCTAssertEqual(first(statement(#"["handle_all_urls"]"#)),
                       prefix + "Invalid relation string \"handle_all_urls\": expected kind/detail (entry skipped)")
        XCTAssertEqual(first(statement(#"["Delegate_permission/common.handle_all_urls"]"#)),
                       prefix + "Invalid 'kind' field in relation string \"Delegate_permission/common.handle_all_urls\" (entry skipped)")
        XCTAssertEqual(first(statement(#"["delegate_permission/*"]"#)),
                       prefix + "Invalid 'detail' field in relation string \"delegate_permission/*\" (entry skipped)")
    }

    func testAndroidTargetProblems() {
        let prefix = "error: Could not parse statement list entry 0: "
        XCTAssertEqual(first(statement(package: #""com example""#)), prefix + "invalid package name \"com example\" (entry skipped)")
        XCTAssertEqual(first(statement(package: #""example""#)), prefix + "invalid package name \"example\" (entry skipped)")
        XCTAssertEqual(first(statement(package: "7")), prefix + "invalid package name a number (entry skipped)")
        XCTAssertEqual(first(statement(fingerprints: "[]")),
                       prefix + "sha256_cert_fingerprints must contain at least one certificate (entry skipped)")
        XCTAssertEqual(first(statement(fingerprints: #""14:6D""#)),
                       prefix + "sha256_cert_fingerprints is a string, not an array (entry skipped)")
        let lower = "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"
        XCTAssertEqual(first(statement(fingerprints: "[\"\(lower)\"]")),
                       prefix + "malformed cert fingerprint \"\(lower)\": hex digits must be upper case (entry skipped)")
        XCTAssertEqual(first(statement(fingerprints: #"["146DE983C5730650D8EEB9952F34FC6416A08342E61DBEA88A0496B23FCF44E5"]"#)),
                       prefix + "malformed cert fingerprint \"146DE983C5730650D8EEB9952F34FC6416A08342E61DBEA88A0496B23FCF44E5\": expected 32 hex bytes separated by colons (entry skipped)")
        XCTAssertEqual(first(#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app"}}]"#),
                       prefix + "no sha256_cert_fingerprints field in android app asset descriptor (entry skipped)")
        XCTAssertEqual(first(#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "ios_app", "appid": "585027354"}}]"#),
                       prefix + "unrecognized namespace \"ios_app\" (known: android_app, web) (entry skipped)")
    }

    func testWebTargetProblems() {
        func site(_ value: String) -> String? {
            first(#"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "\#(value)"}}]"#)
        }
        let prefix = "error: Could not parse statement list entry 0: Invalid site "
        XCTAssertEqual(site("https://a.example/"), prefix + "\"https://a.example/\": a site cannot contain a path, not even \"/\" (entry skipped)")
        XCTAssertEqual(site("ftp://a.example"), prefix + "\"ftp://a.example\": a non-HTTP URL (entry skipped)")
        XCTAssertEqual(site("https://a.example?x"), prefix + "\"https://a.example?x\": a site must not contain query parameters (entry skipped)")
        XCTAssertEqual(site("https://a.example#x"), prefix + "\"https://a.example#x\": a site must not contain fragment identifiers (entry skipped)")
        XCTAssertEqual(site("https://u:p@a.example"), prefix + "\"https://u:p@a.example\": a site must not contain login information (entry skipped)")
        XCTAssertEqual(site("a.example"), prefix + "\"a.example\": not a valid URL (entry skipped)")
        XCTAssertEqual(site(" https://a.example"), prefix + "\" https://a.example\": not a valid URL (entry skipped)")
        XCTAssertEqual(try AssetSite(parsing: "https://A.Example.:443"), try AssetSite(parsing: "https://a.example"))
        XCTAssertNotEqual(try AssetSite(parsing: "https://a.example:8443"), try AssetSite(parsing: "https://a.example"))
        XCTAssertNotEqual(try AssetSite(parsing: "http://a.example"), try AssetSite(parsing: "https://a.example"))
    }

    func testIncludeProblems() {
        let prefix = "error: Could not parse statement list entry 0: "
        XCTAssertEqual(first(#"[{"include": "https://a.example/x.json", "relation": ["delegate_permission/common.handle_all_urls"]}]"#),
                       prefix + "an include statement has invalid field \"relation\" (entry skipped)")
        XCTAssertEqual(first(#"[{"include": "http://a.example/x.json"}]"#),
                       prefix + "include \"http://a.example/x.json\" is an insecure URL in a file served over HTTPS: it is not fetched (entry skipped)")
        XCTAssertEqual(first(#"[{"include": "file:///etc/passwd"}]"#), prefix + "include \"file:///etc/passwd\" is a non-HTTP URL (entry skipped)")
        XCTAssertEqual(first(#"[{"include": "https://"}]"#), prefix + "include \"https://\" is not a valid URL (entry skipped)")
        XCTAssertEqual(first(#"[{"include": ["https://a.example/x.json"]}]"#), prefix + "include is an array, not a URL string (entry skipped)")
    }

    /// A bad statement is skipped; the good ones next to it still verify.
    func testValidStatementsSurviveABadNeighbour() throws {
        let result = AssetLinks.parse(Array(#"""
            [{}, {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
              "package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(cert)"]}}]
            """#.utf8))
        XCTAssertEqual(result.problems.map(\.description),
                       ["error: Could not parse statement list entry 0: no relation array specified (entry skipped)"])
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(try XCTUnwrap(result.value).verifies(package: "com.example.app", fingerprint: fingerprint(cert)))
    }
}
