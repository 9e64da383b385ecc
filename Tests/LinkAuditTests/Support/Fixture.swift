import Foundation

/// Test fixtures live in `Tests/LinkAuditTests/Fixtures/`, checked in with their sources
/// noted in `Fixtures/SOURCES.md`, so tests pass on a fresh clone.
enum Fixture {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // LinkAuditTests
        .appendingPathComponent("Fixtures")

    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
