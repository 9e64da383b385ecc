import Foundation
import Glibc
import XCTest
@testable import LinkAuditModel
@testable import Reports
import TestSupport

/// Files that keep the bytes handed to them and write them together (`GatheredWrites`)
/// hold exactly what the plain version, writing each piece as it comes, writes; short and
/// interrupted system calls lose nothing, and failures still reach the run.
final class GatheredWritesTests: XCTestCase {
    // MARK: The write loop

    /// Calls that write a few bytes at a time, or are interrupted, still put every piece
    /// out whole and in order, each call where the one before stopped.
    func testShortAndInterruptedCallsLoseNothing() {
        var numbers = SeededNumbers(state: 17)
        for round in 0..<200 {
            let pieces = (0..<numbers.next(9)).map { i in
                [UInt8](repeating: UInt8(i + 1), count: numbers.next(4) == 0 ? 0 : numbers.next(3000))
            }
            let start = numbers.next(2) == 0 ? nil : numbers.next(100)
            var got: [UInt8] = []
            var calls = 0
            let failure = withVectors(pieces) { vectors in
                DescriptorWrite.all(vectors, at: start) { first, count, position in
                    calls += 1
                    // Each call writes where the bytes before it end (`pwritev`), or at the
                    // descriptor's position (`writev`) when no offset was asked for.
                    XCTAssertEqual(position, start.map { $0 + got.count }, "round \(round)")
                    if numbers.next(5) == 0 {
                        errno = EINTR
                        return -1
                    }
                    var budget = 1 + numbers.next(2000)
                    var written = 0
                    for piece in UnsafeBufferPointer(start: first, count: Int(count)) where budget > 0 {
                        let take = min(budget, piece.iov_len)
                        got += UnsafeRawBufferPointer(start: piece.iov_base, count: take)
                        budget -= take
                        written += take
                        if take < piece.iov_len { break }
                    }
                    return written
                }
            }
            XCTAssertEqual(failure, 0, "round \(round)")
            XCTAssertEqual(got, pieces.flatMap { $0 }, "round \(round)")
            if pieces.allSatisfy(\.isEmpty) { XCTAssertEqual(calls, 0, "round \(round): nothing to write") }
        }
    }

    func testPositionsFollowTheBytesWritten() {
        let pieces = [[UInt8](repeating: 1, count: 10), [UInt8](repeating: 2, count: 10)]
        var positions: [Int?] = []
        let failure = withVectors(pieces) { vectors in
            DescriptorWrite.all(vectors, at: 100) { first, count, position in
                positions.append(position)
                return min(7, UnsafeBufferPointer(start: first, count: Int(count)).reduce(0) { $0 + $1.iov_len })
            }
        }
        XCTAssertEqual(failure, 0)
        XCTAssertEqual(positions, [100, 107, 114])
    }

    func testAFailedCallIsItsErrorNumberAndANullWriteIsAnError() {
        let pieces = [[UInt8](repeating: 1, count: 10)]
        XCTAssertEqual(withVectors(pieces) { DescriptorWrite.all($0, at: nil) { _, _, _ in errno = ENOSPC; return -1 } }, ENOSPC)
        XCTAssertEqual(withVectors(pieces) { DescriptorWrite.all($0, at: nil) { _, _, _ in 0 } }, EIO)
        XCTAssertEqual(withVectors(pieces) { DescriptorWrite.all($0, at: nil) { _, _, _ in 11 } }, EIO, "more than it was given")
    }

    // MARK: Report files

    /// Random pieces — small and large, handed over or written from a buffer the writer
    /// reuses, alone or in pairs — give the same file gathered as written one by one.
    func testAReportFileIsTheSameGatheredOrNot() throws {
        var numbers = SeededNumbers(state: 5)
        for round in 0..<12 {
            let plan = (0..<(20 + numbers.next(120))).map { _ in (kind: numbers.next(5), size: size(&numbers)) }
            var expected: [UInt8] = []
            var files: [[UInt8]] = []
            for gathers in [false, true] {
                let dir = TempDir()
                let path = dir.path + "/links.jsonl"
                try GatheredWrites.$gathers.withValue(gathers) {
                    let file = try AtomicFile(path: path)
                    XCTAssertEqual(file.gathers, gathers)
                    var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: file)
                    var all: [UInt8] = []
                    for (i, step) in plan.enumerated() {
                        let bytes = piece(i, step.size)
                        all += bytes
                        switch step.kind {
                        case 0: out.append(bytes); out.drainIfFull()
                        case 1: out.append(passing: owned(bytes))
                        case 2: bytes.withUnsafeBufferPointer { out.append(passing: $0) }
                        case 3:
                            // Straight to the file, after what the buffer holds.
                            out.drainAll()
                            bytes.withUnsafeBytes { file.write($0) }
                        default:
                            out.drainAll()
                            let half = bytes.count / 2
                            bytes.withUnsafeBytes { file.write(UnsafeRawBufferPointer(rebasing: $0[..<half]),
                                                               UnsafeRawBufferPointer(rebasing: $0[half...])) }
                        }
                    }
                    out.drainAll()
                    try file.commit()
                    expected = all
                }
                files.append(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            }
            XCTAssertEqual(files[0], expected, "round \(round): the plain file")
            XCTAssertEqual(files[1], files[0], "round \(round): gathered")
        }
    }

    /// Bytes handed over wait for company: a page's lines are not written on their own, and
    /// go out once enough are kept or the file closes.
    func testHandedOverBytesAreKeptUntilThereAreEnough() throws {
        let dir = TempDir()
        let file = try GatheredWrites.$gathers.withValue(true) { try AtomicFile(path: dir.path + "/links.jsonl") }
        var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: file)
        func onDisk() throws -> Int { try FileManager.default.attributesOfItem(atPath: file.temporaryPath)[.size] as! Int }
        out.append(passing: owned([UInt8](repeating: 0x61, count: ByteBuffer.passSize)))
        XCTAssertEqual(try onDisk(), 0)
        while try onDisk() == 0 { out.append(passing: owned([UInt8](repeating: 0x62, count: ByteBuffer.passSize))) }
        XCTAssertGreaterThanOrEqual(try onDisk(), GatheredWrites.flushBytes, "one write for all that was kept")
        out.append(passing: owned([UInt8](repeating: 0x63, count: ByteBuffer.passSize)))
        let before = try onDisk()
        out.drainAll()
        try file.commit()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: dir.path + "/links.jsonl")[.size] as? Int,
                       before + ByteBuffer.passSize)
    }

    func testAGatheredWriteThatFailsIsThrownByCommit() throws {
        let dir = TempDir()
        let path = dir.path + "/findings.json"
        try withFileSizeLimit(100_000) {
            let file = try GatheredWrites.$gathers.withValue(true) { try AtomicFile(path: path) }
            var out = ByteBuffer(capacity: ByteBuffer.drainSize * 2, drain: file)
            out.append(passing: owned([UInt8](repeating: 0x61, count: 200_000)))
            XCTAssertThrowsError(try file.commit()) { error in
                XCTAssertTrue("\(error)".hasPrefix("cannot write \(path)"), "\(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    // MARK: Spill files

    /// Runs appended gathered, appended at once and read back in any order between them
    /// read as the plain file reads them, at the same places.
    func testASpillFileReadsTheSameGatheredOrNot() throws {
        var numbers = SeededNumbers(state: 11)
        for round in 0..<12 {
            let plan = (0..<(20 + numbers.next(150))).map { _ in (kind: numbers.next(4), size: size(&numbers)) }
            var results: [[String]] = []
            for gathers in [false, true] {
                let dir = TempDir()
                var log: [String] = []
                try GatheredWrites.$gathers.withValue(gathers) {
                    let file = try SpillFile(directory: dir.path)
                    var runs: [(Range<Int>, [UInt8])] = []
                    var pick = SeededNumbers(state: UInt64(round))
                    for (i, step) in plan.enumerated() {
                        let bytes = piece(i, step.size)
                        switch step.kind {
                        case 0, 1: runs.append((try file.append(gathering: owned(bytes)), bytes))
                        case 2: runs.append((try bytes.withUnsafeBytes { try file.append($0) }, bytes))
                        default:
                            guard !runs.isEmpty else { continue }
                            let (range, bytes) = runs[pick.next(runs.count)]
                            XCTAssertEqual(read(file, range), bytes, "round \(round), step \(i)")
                        }
                        log.append("\(runs.last?.0 ?? 0..<0) \(file.count)")
                    }
                    for (range, bytes) in runs { XCTAssertEqual(read(file, range), bytes, "round \(round)") }
                    XCTAssertNil(file.failed)
                }
                results.append(log)
            }
            XCTAssertEqual(results[1], results[0], "round \(round): the same places")
        }
    }

    /// A kept run the disk has no room for: thrown by the append that writes it, or
    /// remembered by the read or `settle` that does.
    func testAGatheredSpillThatFailsIsThrownOrRemembered() throws {
        let dir = TempDir()
        try withFileSizeLimit(100_000) {
            try GatheredWrites.$gathers.withValue(true) {
                let thrown = try SpillFile(path: dir.path + "/a", name: "findings.csv draft")
                XCTAssertThrowsError(try (0..<20).forEach { _ in
                    _ = try thrown.append(gathering: owned([UInt8](repeating: 1, count: 50_000)))
                }) { error in
                    XCTAssertEqual(error as? LinkAuditError, .io("cannot write the temporary findings.csv draft file (disk full?)"))
                }
                let remembered = try SpillFile(path: dir.path + "/b", name: "fragments")
                _ = try remembered.append(gathering: owned([UInt8](repeating: 1, count: 150_000)))
                XCTAssertNil(remembered.failed)
                remembered.settle()
                XCTAssertEqual(remembered.failed, "cannot write the temporary fragments file (disk full?)")
            }
        }
    }

    // MARK: Helpers

    /// Mostly page-sized pieces, some tiny, some past a write's worth.
    private func size(_ numbers: inout SeededNumbers) -> Int {
        switch numbers.next(6) {
        case 0: numbers.next(40)
        case 1: ByteBuffer.passSize + numbers.next(3)
        case 2: 300_000 + numbers.next(400_000)
        default: numbers.next(90_000)
        }
    }

    /// Each piece's bytes its own (a piece out of place or cut short shows).
    private func piece(_ index: Int, _ size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: index % 251 + 1), count: size)
        if size > 0 { bytes[size - 1] = 0 }
        return bytes
    }

    private func owned(_ bytes: [UInt8]) -> OwnedBytes {
        var out = ByteBuffer()
        out.append(bytes)
        return out.detach()
    }

    private func read(_ file: SpillFile, _ range: Range<Int>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let count = out.withUnsafeMutableBytes {
                file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[done...]), at: range.lowerBound + done)
            }
            guard count > 0 else { break }
            done += count
        }
        return Array(out[..<done])
    }

    private func withVectors(_ pieces: [[UInt8]], _ body: (UnsafeMutableBufferPointer<iovec>) -> Int32) -> Int32 {
        let storage = pieces.map { bytes -> UnsafeMutableRawBufferPointer in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
            return copy
        }
        defer { storage.forEach { $0.deallocate() } }
        var vectors = zip(storage, pieces).map { iovec(iov_base: $0.0.baseAddress, iov_len: $0.1.count) }
        return vectors.withUnsafeMutableBufferPointer { body($0) }
    }
}
