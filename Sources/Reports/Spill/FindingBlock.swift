/// One page's findings in report order, encoded (`FindingCoding`) by the worker that made
/// them: what the run's writer hands the spill (`FindingSpill`), a copy of bytes instead of
/// a sort and an encoding on the one thread that writes in order.
struct FindingBlock: Sendable {
    let page: String
    let bytes: [UInt8]
    let count: Int

    /// `findings`, all of `page`, already in report order.
    init(page: String, sorted findings: [Finding]) {
        self.page = page
        var bytes: [UInt8] = []
        for finding in findings { FindingCoding.append(finding, to: &bytes) }
        self.bytes = bytes
        count = findings.count
    }

    /// The findings again (a page added twice, a test).
    func decoded() -> [Finding] {
        var cursor = BlockCursor(blocks: [self])
        var out: [Finding] = []
        out.reserveCapacity(count)
        while let finding = cursor.next() { out.append(finding) }
        return out
    }

    /// The block without its page-scope findings (no line: `PAGE_UNREADABLE`,
    /// `ASSOCIATION_INVALID`), for a page whose record was counted already; nil when none
    /// is left.
    func linkFindings() -> FindingBlock? {
        let kept = decoded().filter { $0.line != nil }
        return kept.isEmpty ? nil : FindingBlock(page: page, sorted: kept)
    }
}

/// Reads blocks held in memory, a finding at a time, in the order given.
struct BlockCursor {
    private let blocks: [FindingBlock]
    private var block = 0
    private var offset = 0

    init(blocks: [FindingBlock]) {
        self.blocks = blocks
    }

    mutating func next() -> Finding? {
        while block < blocks.count {
            let (bytes, start) = (blocks[block].bytes, offset)
            let decoded = bytes.withUnsafeBufferPointer { buffer -> (Finding, Int)? in
                guard let (length, prefix) = FindingCoding.recordLength(buffer, at: start),
                      start + prefix + length <= buffer.count else { return nil }
                let body = UnsafeBufferPointer(rebasing: buffer[start + prefix..<start + prefix + length])
                return (FindingCoding.decode(body), prefix + length)
            }
            if let (finding, size) = decoded {
                offset += size
                return finding
            }
            block += 1
            offset = 0
        }
        return nil
    }
}
