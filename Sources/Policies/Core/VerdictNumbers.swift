import LinkAuditModel

/// One profile's verdict numbers in `DecisionMemo`, found by the verdict's bytes as
/// `VerdictBytes` compares them: open addressing over the verdicts' digests
/// (`VerdictBytes.digest(of:)`), a slot holding a number, and a verdict compared byte for byte
/// (`VerdictBytes.sameVerdicts`) only with the kept ones of its digest, read where they lie.
/// The plain version, a `[VerdictBytes: Int32]`, ran a `Hasher` over each digest and copied and
/// compared the keys along its probe (their texts retained and released): some 1,500
/// instructions a lookup, 3,399 lookups on 100 pages of `intent:` links (Benchmarks/README.md,
/// issue 17). `VerdictNumbersTests` holds the two to the same numbers. Grows with the memo's
/// verdicts (at most half full), bounded as the memo is (`DecisionMemo.isFull`).
struct VerdictNumbers {
    private var slots = [Int32](repeating: -1, count: 16)
    /// Each number's digest.
    private var digests: [UInt64] = []

    /// The number of the verdict among `verdicts` (the profile's kept ones, by number) that
    /// `VerdictBytes` finds equal to `verdict` (`digest`: its digest), if any.
    func find(_ verdict: Verdict, digest: UInt64, in verdicts: [Verdict]) -> Int32? {
        let mask = slots.count - 1
        var s = Self.start(digest) & mask
        return verdicts.withUnsafeBufferPointer { kept in
            digests.withUnsafeBufferPointer { digests in
                while true {
                    let n = Int(slots[s])
                    if n < 0 { return nil }
                    if digests[n] == digest, VerdictBytes.sameVerdicts(verdict, kept[n]) { return Int32(n) }
                    s = (s + 1) & mask
                }
            }
        }
    }

    /// Gives the next number (the count so far) to a verdict of `digest` not found (`find`).
    mutating func add(digest: UInt64) {
        digests.append(digest)
        if digests.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for (n, kept) in digests.enumerated() { place(Int32(n), digest: kept) }
        } else {
            place(Int32(digests.count - 1), digest: digest)
        }
    }

    private mutating func place(_ n: Int32, digest: UInt64) {
        let mask = slots.count - 1
        var s = Self.start(digest) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = n
    }

    /// Where a digest's probe starts: its bits mixed once more, the high ones taken.
    private static func start(_ digest: UInt64) -> Int {
        Int(truncatingIfNeeded: (digest &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
