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

    /// Every HTML page of the test fixtures and the demo site, by path under its folder,
    /// in name order: the real pages the extraction's shortcuts are compared on.
    package static func htmlPages() throws -> [(name: String, bytes: [UInt8])] {
        var pages: [(name: String, bytes: [UInt8])] = []
        for folder in ["Tests/Fixtures", "Pipelines/demo-site"] {
            let root = url(folder).path
            let names = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".html") }.sorted()
            for name in names { pages.append((name, try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + name))))) }
        }
        return pages
    }
}
