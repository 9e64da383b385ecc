import Foundation

/// The repository's folders, for tests that read what ships with it (pipelines, device
/// files, docs) or what CI installs beside it (`.build/sarif-venv`).
package enum Repository {
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // TestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    package static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
