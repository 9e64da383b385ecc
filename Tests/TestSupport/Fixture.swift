import Foundation

/// Test fixtures live in `Tests/Fixtures/`, checked in with their sources
/// noted in `Fixtures/SOURCES.md`, so tests pass on a fresh clone.
package enum Fixture {
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // LinkAuditTests
        .appendingPathComponent("Fixtures")

    package static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    package static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
