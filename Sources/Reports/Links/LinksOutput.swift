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
        var missing = page.definitions.filter { !inForce.holds($0) }
        if inForce.count + missing.count > LinksFormat.setsInForce {
            // The reader forgets every set here, so the page defines all of its own.
            reset()
            missing = page.definitions
        }
        for definition in missing {
            inForce.define(definition)
            writer.write(lines: definition.line)
        }
        writer.write(lines: page.lines)
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

    func holds(_ definition: VerdictSetDefinition) -> Bool {
        table[definition.key] == definition.verdicts
    }

    mutating func define(_ definition: VerdictSetDefinition) {
        table[definition.key] = definition.verdicts
    }

    mutating func removeAll() {
        table.removeAll(keepingCapacity: true)
    }
}
