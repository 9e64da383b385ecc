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
    private var slots = HashSlots(capacity: 16)
    /// Each number's digest.
    private var digests: [UInt64] = []

    /// The number of the verdict among `verdicts` (the profile's kept ones, by number) that
    /// `VerdictBytes` finds equal to `verdict` (`digest`: its digest), if any.
    func find(_ verdict: Verdict, digest: UInt64, in verdicts: [Verdict]) -> Int32? {
        verdicts.withUnsafeBufferPointer { kept in
            digests.withUnsafeBufferPointer { digests in
                slots.first(hash: digest) { n in
                    digests[n] == digest && VerdictBytes.sameVerdicts(verdict, kept[n])
                }.map { Int32($0) }
            }
        }
    }

    /// Gives the next number (the count so far) to a verdict of `digest` not found (`find`).
    mutating func add(digest: UInt64) {
        digests.append(digest)
        digests.withUnsafeBufferPointer { digests in
            slots.add(hash: digest, count: digests.count) { digests[$0] }
        }
    }
}
