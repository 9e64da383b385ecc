import Foundation
import TestSupport

/// A TLS listener on 127.0.0.1 for the transport tests: OpenSSL's own `s_server` (a TLS
/// stack nobody here wrote) with a certificate the test makes with `openssl req`, serving
/// the files of a folder (`-WWW`: `GET /name` sends `./name`). CI installs `openssl`.
final class TestTLSServer: @unchecked Sendable {
    let port: Int
    let folder = TempDir()
    private let process = Process()

    /// `files`: name → content, served at `/name`.
    init(certificate: TestCertificate, files: [String: String] = [:]) throws {
        for (name, content) in files {
            let path = folder.path + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: try TestCertificate.openssl())
        process.arguments = ["s_server", "-cert", certificate.certificate, "-key", certificate.key, "-accept", "0", "-WWW"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // s_server names its port on a line `ACCEPT [::]:43567`.
        var text = ""
        let reader = output.fileHandleForReading
        while !text.contains("ACCEPT"), process.isRunning {
            let data = reader.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
              let port = Int(line.split(separator: ":").last ?? "") else {
            process.terminate()
            throw TestCertificate.Failure.openssl("s_server did not start: \(text)")
        }
        self.port = port
    }

    deinit { stop() }

    var base: String { "https://127.0.0.1:\(port)" }

    func stop() {
        if process.isRunning { process.terminate() }
    }
}

/// A self-signed certificate and its key, made by `openssl req` in a folder of the test's.
struct TestCertificate {
    enum Failure: Error { case openssl(String) }

    let certificate: String
    let key: String
    let folder: TempDir

    /// `altNames`: subjectAltName entries, `DNS:wallet.test`, `IP:127.0.0.1`.
    static func make(commonName: String, altNames: [String]) throws -> TestCertificate {
        let folder = TempDir()
        let certificate = folder.path + "/cert.pem", key = folder.path + "/key.pem"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try openssl())
        process.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                             "-days", "2", "-subj", "/CN=\(commonName)", "-addext", "subjectAltName=" + altNames.joined(separator: ",")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.openssl("openssl req failed") }
        return TestCertificate(certificate: certificate, key: key, folder: folder)
    }

    static func openssl() throws -> String {
        for path in ["/usr/bin/openssl", "/usr/local/bin/openssl"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw Failure.openssl("the openssl command is missing: apt-get install openssl (.ci/run does)")
    }
}
