import XCTest
@testable import Associations
@testable import WHATWGURL

/// The serving rules, judged on the HTTP facts the crawler records.
final class AssociationServingTests: XCTestCase {
    private let aasaURL = WebURL.parse("https://shop.example/.well-known/apple-app-site-association")!
    private let assetLinksURL = WebURL.parse("https://shop.example/.well-known/assetlinks.json")!
    private let aasaBody = Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["*"]}]}}"#.utf8)
    private let assetLinksBody = Array(#"""
        [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
          "package_name": "com.example.app", "sha256_cert_fingerprints":
          ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
        """#.utf8)

    func testWellServedFilesHaveNoProblems() {
        let aasa = AppSiteAssociation.read(AssociationResponse(finalURL: aasaURL, body: aasaBody))
        XCTAssertTrue(aasa.isValid)
        XCTAssertEqual(aasa.problems, [])
        let links = AssetLinks.read(AssociationResponse(finalURL: assetLinksURL, contentType: "application/json; charset=utf-8",
                                                        body: assetLinksBody))
        XCTAssertTrue(links.isValid)
        XCTAssertTrue(links.value?.verifies(package: "com.example.app") == true)
    }

    func testAASAOverPlainHTTP() {
        let result = AppSiteAssociation.read(AssociationResponse(
            finalURL: WebURL.parse("http://shop.example/.well-known/apple-app-site-association")!, body: aasaBody))
        XCTAssertNil(result.value, "iOS would not use it, even though the JSON is fine")
        XCTAssertEqual(result.problems.map(\.description), ["error: served over http, not HTTPS: iOS fetches it only over HTTPS"])
    }

    func testAASAThroughARedirect() {
        let result = AppSiteAssociation.read(AssociationResponse(
            finalURL: WebURL.parse("https://www.shop.example/.well-known/apple-app-site-association")!, redirected: true,
            body: aasaBody))
        XCTAssertNil(result.value)
        XCTAssertEqual(result.problems.map(\.description), [
            "error: reached through a redirect (ending at https://www.shop.example/.well-known/apple-app-site-association): iOS does not follow redirects for this file",
        ])
    }

    func testAASANot200IsNotParsed() {
        let result = AppSiteAssociation.read(AssociationResponse(finalURL: aasaURL, status: 404, contentType: "text/html",
                                                                 body: Array("<h1>Not Found</h1>".utf8)))
        XCTAssertNil(result.value)
        XCTAssertEqual(result.problems.map(\.description), ["error: HTTP status 404, not 200: iOS treats the file as absent"])
    }

    func testAASAOverTheSizeLimitSaysTheLimitIsUnconfirmed() {
        XCTAssertEqual(AASAServing.maximumSize, 131_072)
        var body = aasaBody
        body.insert(contentsOf: [UInt8](repeating: 0x20, count: 131_072 - body.count), at: 1)
        XCTAssertTrue(AppSiteAssociation.read(AssociationResponse(finalURL: aasaURL, body: body)).isValid, "exactly 128 KB is fine")
        body.insert(0x20, at: 1)
        let result = AppSiteAssociation.read(AssociationResponse(finalURL: aasaURL, body: body))
        XCTAssertNil(result.value)
        XCTAssertEqual(result.problems.map(\.description), [
            "error: the file is 131073 bytes, over the 128 KB limit (a widely reported limit, UNCONFIRMED by Apple's own text)",
        ])
    }

    func testContentTypeIsAWarning() {
        let octet = AppSiteAssociation.read(AssociationResponse(finalURL: aasaURL, contentType: "application/octet-stream",
                                                                body: aasaBody))
        XCTAssertTrue(octet.isValid)
        XCTAssertEqual(octet.problems.map(\.description), [
            "warning: Content-Type is \"application/octet-stream\", not application/json (reported as required by third parties; UNCONFIRMED by Apple's own text)",
        ])
        let none = AssetLinks.read(AssociationResponse(finalURL: assetLinksURL, contentType: nil, body: assetLinksBody))
        XCTAssertTrue(none.isValid)
        XCTAssertEqual(none.problems.map(\.description), [
            "warning: no Content-Type header, not application/json (Google's specification says it should be; whether Android checks it is UNCONFIRMED)",
        ])
        let mixedCase = AssetLinks.read(AssociationResponse(finalURL: assetLinksURL, contentType: " Application/JSON ;charset=UTF-8",
                                                            body: assetLinksBody))
        XCTAssertEqual(mixedCase.problems, [])
    }

    func testAssetLinksRedirectHTTPAndStatus() {
        let redirected = AssetLinks.read(AssociationResponse(
            finalURL: WebURL.parse("http://www.shop.example/.well-known/assetlinks.json")!, status: 200, redirected: true,
            body: assetLinksBody))
        XCTAssertNil(redirected.value)
        XCTAssertEqual(redirected.problems.map(\.description), [
            "error: served over http, not HTTPS: Android fetches it only over HTTPS",
            "error: reached through a redirect (ending at http://www.shop.example/.well-known/assetlinks.json): Android does not follow redirects for this file",
        ])
        let gone = AssetLinks.read(AssociationResponse(finalURL: assetLinksURL, status: 500, body: []))
        XCTAssertEqual(gone.problems.map(\.description), ["error: HTTP status 500, not 200: Android treats the file as absent"])
    }

    /// Serving and content problems are listed together; the body is still read for them.
    func testServingAndContentProblemsTogether() {
        let result = AppSiteAssociation.read(AssociationResponse(finalURL: aasaURL, redirected: true, body: Array("{}".utf8)))
        XCTAssertEqual(result.errors.count, 2)
        XCTAssertEqual(result.errors.last?.reason, "no applinks section: the file declares no universal links")
    }
}
