/// `links.jsonl` as a run writes it (format 2, `LinksFormat`): the format line, then page by
/// page the definitions of the verdict sets the page refers to that are not in force, and
/// the page's lines as its worker wrote them. `audit` writes through one (to a file, or to
/// standard output among the page records when streaming), and so does `linkaudit report`
/// when it merges runs: the same pages give the same bytes, however the runs were split.
package final class LinksOutput {
    private let writer: LineWriter
    private var inForce = VerdictSetsInForce()

    /// Writes the format line.
    package init(_ writer: LineWriter) {
        self.writer = writer
        writer.write(line: LinksFormat.formatLine)
    }

    package func write(_ page: PageLinks) {
        if let lineSets = page.lineSets {
            writeLineByLine(page, lineSets)
            return
        }
        defineMissing(page.definitions)
        writer.write(lines: page.lines)
    }

    /// Why a streamed page's lines could not be read back, if that happened: the file is
    /// then incomplete (the run ends with exit 3).
    package private(set) var failure: String?

    /// A streamed page's lines (`StreamedPageParts`): as `write(_: PageLinks)`, the lines
    /// read back from their temporary file a slice at a time.
    package func write(_ page: SpooledPageLinks) {
        if let lineSets = page.lineSets {
            var line = 0
            eachLine(page) { bytes in
                let set = lineSets[line]
                line += 1
                guard failure == nil else { return }
                guard set >= 0 else { return writer.write(line: bytes) }
                let index = Int(set)
                // Past the kept ones, a page's definitions are in its file: read at most once
                // a line, to compare with the set held under the key and to define it.
                var verdicts: [UInt8]?
                let held = inForce.holds(key: page.definitions.key(at: index)) {
                    verdicts = page.definitions.verdicts(at: index)
                    return verdicts
                }
                if !held {
                    guard let read = verdicts ?? page.definitions.verdicts(at: index) else {
                        failure = page.file.failed ?? "cannot read the temporary links file: it ended early"
                        return
                    }
                    let definition = page.definitions.definition(at: index, verdicts: read)
                    if inForce.count == LinksFormat.setsInForce { reset() }
                    inForce.define(definition)
                    writer.write(lines: definition.line)
                }
                writer.write(line: bytes)
            }
            return
        }
        guard let definitions = page.definitions.all() else {
            failure = failure ?? page.file.failed ?? "cannot read the temporary links file: it ended early"
            return
        }
        defineMissing(definitions)
        eachSlice(page) { writer.write(lines: $0) }
    }

    /// Writes the definitions of a page's sets that are not in force, before its lines.
    private func defineMissing(_ definitions: [VerdictSetDefinition]) {
        var missing = definitions.filter { !inForce.holds($0) }
        if inForce.count + missing.count > LinksFormat.setsInForce {
            // The reader forgets every set here, so the page defines all of its own.
            reset()
            missing = definitions
        }
        for definition in missing {
            inForce.define(definition)
            writer.write(lines: definition.line)
        }
    }

    private static let sliceSize = 1 << 20

    /// The lines' bytes in slices of about a megabyte.
    private func eachSlice(_ page: SpooledPageLinks, _ body: ([UInt8]) -> Void) {
        var slice = [UInt8](repeating: 0, count: Self.sliceSize)
        for range in page.ranges {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let count = slice.withUnsafeMutableBytes {
                    page.file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<min($0.count, range.upperBound - offset)]),
                                   at: offset)
                }
                guard count > 0 else {
                    failure = failure ?? page.file.failed ?? "cannot read the temporary links file: it ended early"
                    return
                }
                body(Array(slice[..<count]))
                offset += count
            }
        }
    }

    /// Each line, without its newline.
    private func eachLine(_ page: SpooledPageLinks, _ body: ([UInt8]) -> Void) {
        var carry: [UInt8] = []
        eachSlice(page) { slice in
            var start = 0
            while let newline = slice[start...].firstIndex(of: 0x0A) {
                if carry.isEmpty {
                    body(Array(slice[start..<newline]))
                } else {
                    carry += slice[start..<newline]
                    body(carry)
                    carry.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            carry += slice[start...]
        }
    }

    /// A page with more sets than are kept in force at once: each set is defined before the
    /// line that uses it, and the sets are let go of whenever they fill up.
    private func writeLineByLine(_ page: PageLinks, _ lineSets: [Int32]) {
        withExtendedLifetime(page.lines) {
            let bytes = page.lines.buffer
            var start = 0
            for set in lineSets {
                guard let newline = bytes[start...].firstIndex(of: 0x0A) else { break }
                if set >= 0, !inForce.holds(page.definitions[Int(set)]) {
                    if inForce.count == LinksFormat.setsInForce { reset() }
                    inForce.define(page.definitions[Int(set)])
                    writer.write(lines: page.definitions[Int(set)].line)
                }
                writer.write(line: Array(bytes[start..<newline]))
                start = newline + 1
            }
        }
    }

    private func reset() {
        inForce.removeAll()
        writer.write(line: LinksFormat.formatLine)
    }
}

/// The verdict sets a `links.jsonl` writer has defined since its last format line: key →
/// verdicts as written (compared whole, so a key that two sets share is defined again
/// rather than taken for the wrong set).
struct VerdictSetsInForce {
    private var table: [VerdictSetKey: [UInt8]] = [:]

    var count: Int { table.count }

    /// By `memcmp`: `==` of two arrays is quick only when they share storage, and a set
    /// defined by pages that two workers read is two arrays of the same bytes, compared a
    /// byte at a time (`defineMissing` was 6× as long in a two-worker run as in two one-worker
    /// runs of half the pages: Benchmarks/README.md, issue 17).
    func holds(_ definition: VerdictSetDefinition) -> Bool {
        holds(key: definition.key) { definition.verdicts }
    }

    /// `holds(_:)` of the definition with `key`, its verdicts read only when the key is
    /// defined (a streamed page's may be in its file: `SpooledDefinitions`); nil verdicts
    /// (not read back) are not held.
    func holds(key: VerdictSetKey, _ verdicts: () -> [UInt8]?) -> Bool {
        guard let held = table[key], let verdicts = verdicts() else { return false }
        return held.withUnsafeBufferPointer { held in
            verdicts.withUnsafeBufferPointer { held.sameBytes($0) }
        }
    }

    mutating func define(_ definition: VerdictSetDefinition) {
        table[definition.key] = definition.verdicts
    }

    mutating func removeAll() {
        table.removeAll(keepingCapacity: true)
    }
}
