import XCTest
@testable import LinkAudit
@testable import PageSources
@testable import WHATWGURL
import TestSupport

/// TLS failures as libcurl and OpenSSL name them, against OpenSSL's own `s_server` on
/// 127.0.0.1 with certificates made here: each is a `tls-error:` with the reason, and a
/// host whose association files fail TLS gets `invalid` files (the platforms fetch them
/// only with a trusted certificate), not `unreachable` ones.
final class TransportTLSTests: XCTestCase {
    private func fetch(_ url: String, caFile: String? = nil) -> Result<FetchResponse, FetchFailure> {
        var options = FetchOptions.localTest()
        options.caFile = caFile
        options.retry = RetryPolicy(retries: 0)
        let client = FetchClient(options: options, userAgent: "linkaudit-test")
        defer { client.close() }
        return client.fetchOnce(WebURL.parse(url)!)
    }

    func testASelfSignedCertificateIsATLSError() throws {
        let certificate = try TestCertificate.make(commonName: "127.0.0.1", altNames: ["IP:127.0.0.1"])
        let server = try TestTLSServer(certificate: certificate, files: ["index.html": "<p>hi</p>"])
        defer { server.stop() }
        XCTAssertEqual(fetch(server.base + "/index.html").failureStatus,
                       "tls-error: SSL certificate problem: self-signed certificate")
    }

    func testANameMismatchIsATLSError() throws {
        let certificate = try TestCertificate.make(commonName: "wallet.test", altNames: ["DNS:wallet.test"])
        let server = try TestTLSServer(certificate: certificate, files: ["index.html": "<p>hi</p>"])
        defer { server.stop() }
        XCTAssertEqual(fetch(server.base + "/index.html", caFile: certificate.certificate).failureStatus,
                       "tls-error: SSL: no alternative certificate subject name matches target host name '127.0.0.1'")
    }

    func testATrustedCertificateIsFetched() throws {
        let certificate = try TestCertificate.make(commonName: "127.0.0.1", altNames: ["IP:127.0.0.1"])
        let server = try TestTLSServer(certificate: certificate, files: ["index.html": #"<a href="gojek://tls">pay</a>"#])
        defer { server.stop() }
        let response = try fetch(server.base + "/index.html", caFile: certificate.certificate).get()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"<a href="gojek://tls">pay</a>"#)
    }

    func testTLSFailuresMakeAHostsAssociationFilesInvalid() throws {
        let certificate = try TestCertificate.make(commonName: "127.0.0.1", altNames: ["IP:127.0.0.1"])
        let tls = try TestTLSServer(certificate: certificate)
        defer { tls.stop() }
        let page = try TestHTTPServer { _ in .html(#"<a href="https://wallet.test/pay/1">pay</a>"#) }
        defer { page.stop() }
        let out = TempDir()
        var options = AuditOptions(inputs: [page.base + "/checkout"], outDir: out.path, jobs: 1, maxPageBytes: 64 << 10)
        options.profiles = ["ios-wkwebview", "android-sdk"]
        options.formats = [.csv]
        options.fetch = .localTest()
        options.fetch.retry = RetryPolicy(retries: 0)
        options.fetch.associations = true
        options.fetch.associationServers = ["wallet.test": tls.base]
        let run = try CrawlRun.read(summary: try Audit.run(options, stdinLines: { nil }), from: out.path)
        let files = run.pages.filter { $0["association"] != nil }
        XCTAssertEqual(files.count, 2)
        for file in files {
            XCTAssertEqual(file["status"] as? String, "invalid", "\(file)")
            let problems = file["problems"] as? [String] ?? []
            XCTAssertTrue(problems.first?.contains("SSL certificate problem: self-signed certificate") == true, "\(problems)")
        }
        let csv = try String(contentsOfFile: out.path + "/findings.csv", encoding: .utf8)
        XCTAssertEqual(csv.components(separatedBy: ",ASSOCIATION_INVALID,").count - 1, 2)
    }
}
