import Foundation
import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// Report files appear at their final names whole or not at all: written under a
/// temporary name, renamed by `commit`; a writer dropped or discarded before that, or
/// whose writes failed, leaves nothing behind, and failures are thrown, not trapped on.
final class ReportAtomicFileTests: XCTestCase {
    func testNothingAtTheFinalNameUntilCommit() throws {
        let dir = TempDir()
        let path = dir.path + "/links.jsonl"
        let file = try AtomicFile(path: path)
        var out = ByteBuffer(capacity: 64, drain: file)
        out.append(utf8: String(repeating: "x", count: ByteBuffer.drainSize + 10))
        out.drainIfFull()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "half a file at the final name")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.temporaryPath))
        XCTAssertEqual((file.temporaryPath as NSString).deletingLastPathComponent, dir.path, "beside it, for an atomic rename")
        out.append("end")
        out.drainAll()
        try file.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), String(repeating: "x", count: ByteBuffer.drainSize + 10) + "end")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["links.jsonl"])
    }

    /// A commit puts the new file in place of the last run's, whatever is at the final name —
    /// a file, a symbolic link (replaced, its target untouched), nothing; a folder there is an
    /// error that leaves the folder — and leaves no temporary file: the same with the files
    /// exchanged (`FileReplacement`) as with a plain rename.
    func testACommitReplacesWhatTheLastRunLeft() throws {
        XCTAssertTrue(FileReplacement.canExchange, "glibc's renameat2 found: the exchange is what is tested")
        for exchanges in [true, false] {
            try FileReplacement.$exchanges.withValue(exchanges) {
                let dir = TempDir()
                let path = dir.path + "/findings.csv"
                func commit(_ text: String) throws {
                    let file = try AtomicFile(path: path)
                    var out = ByteBuffer(capacity: 64, drain: file)
                    out.append(utf8: text)
                    out.drainAll()
                    try file.commit()
                }
                try commit("first run\n")
                try commit("second run\n")
                XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second run\n", "exchanges: \(exchanges)")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["findings.csv"])

                try FileManager.default.removeItem(atPath: path)
                try "kept\n".write(toFile: dir.path + "/elsewhere.csv", atomically: false, encoding: .utf8)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir.path + "/elsewhere.csv")
                try commit("over a link\n")
                XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: path), "the link is replaced")
                XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "over a link\n")
                XCTAssertEqual(try String(contentsOfFile: dir.path + "/elsewhere.csv", encoding: .utf8), "kept\n")
                XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)), ["findings.csv", "elsewhere.csv"])

                try FileManager.default.removeItem(atPath: path)
                try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
                XCTAssertThrowsError(try commit("over a folder\n")) { error in
                    XCTAssertTrue("\(error)".contains("cannot write \(path)"), "\(error)")
                }
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path), ["inside"], "the folder stays whole")
                XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)), ["findings.csv", "elsewhere.csv"])
            }
        }
    }

    /// Pages' bytes passed to the file with what is buffered in one `writev`
    /// (`ByteBuffer.append(passing:)`) land in order, whatever is buffered before them.
    func testBytesPassedWithWhatIsBufferedLandInOrder() throws {
        let dir = TempDir()
        let path = dir.path + "/links.jsonl"
        let file = try AtomicFile(path: path)
        var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: file)
        var expected: [UInt8] = []
        for (i, size) in [ByteBuffer.passSize, 10, ByteBuffer.passSize + 1, 0, 3 * ByteBuffer.drainSize, 7].enumerated() {
            let lead = Array("page \(i)\n".utf8)
            out.append(lead)
            let page = [UInt8](repeating: UInt8(0x61 + i), count: size)
            page.withUnsafeBufferPointer { out.append(passing: $0) }
            expected += lead + page
        }
        out.drainAll()
        try file.commit()
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), expected)
    }

    func testAnAbandonedWriterRemovesItsTemporaryFile() throws {
        let dir = TempDir()
        dir.write("pages.jsonl", "the previous run's file\n")
        do {
            let writer = try LineWriter(path: dir.path + "/pages.jsonl")
            writer.write(line: Array("{\"page\":\"a\"}".utf8))
            writer.flush()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).count, 2)
            // An interrupted run: the writer goes away without `commit`.
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["pages.jsonl"])
        XCTAssertEqual(try String(contentsOfFile: dir.path + "/pages.jsonl", encoding: .utf8), "the previous run's file\n")

        let discarded = try AtomicFile(path: dir.path + "/findings.csv")
        Array("a,b".utf8).withUnsafeBytes { discarded.write($0) }
        discarded.discard()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["pages.jsonl"])
        XCTAssertThrowsError(try discarded.commit(), "a discarded file cannot be committed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["pages.jsonl"])
    }

    func testAFolderThatCannotBeWrittenIsAnError() {
        XCTAssertThrowsError(try AtomicFile(path: "/nonexistent-linkaudit-folder/findings.csv")) { error in
            XCTAssertEqual(error as? LinkAuditError, .io("cannot write /nonexistent-linkaudit-folder/findings.csv"))
        }
    }

    func testAFailedWriteIsThrownAndLeavesNothing() throws {
        let dir = TempDir()
        let path = dir.path + "/findings.sarif"
        try withFileSizeLimit(1_000) {
            let file = try AtomicFile(path: path)
            var out = ByteBuffer(capacity: 64, drain: file)
            out.append(utf8: String(repeating: "r", count: 5_000))
            out.drainAll()
            XCTAssertThrowsError(try file.commit()) { error in
                XCTAssertTrue("\(error)".hasPrefix("cannot write \(path)"), "\(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testAFailedStreamIsThrown() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let writer = LineWriter(handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: false))
        writer.write(line: Array("{}".utf8))
        writer.flush()
        XCTAssertThrowsError(try writer.commit())
    }
}
