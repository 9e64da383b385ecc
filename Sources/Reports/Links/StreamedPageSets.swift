import LinkAuditModel

/// The verdict sets of a streamed page as its `links.jsonl` lines refer to them: each
/// distinct set's definition number in order of first use, keyed as `VerdictSetMemo` keys
/// a page held whole (the set's natural key, or the next free one when another set of the
/// page has it), so both ways give the same bytes.
///
/// The page's memo is let go of every `StreamedPageParts.memoLimit` sets (its entries hold
/// each set and what the report makes of it, ~3 KB a set); what outlives it is here, ~60
/// bytes a set: the definitions (`SpooledDefinitions`), the keys taken, and each set's
/// definition found by a hash of its verdicts as written, the bytes compared (a set met
/// again after the memo was let go of is the same definition).
struct StreamedPageSets {
    private(set) var definitions: SpooledDefinitions
    /// The first definition with each hash of its verdicts (`VerdictSetKey.hash`).
    private var byHash: [UInt64: Int32] = [:]
    /// The next definition with the same hash as this one (different bytes: rare).
    private var sameHash: [Int32: Int32] = [:]
    private var keys: Set<UInt32> = []
    /// The definition of each entry of the current memo (-1: not looked up yet).
    private var byEntry: [Int32] = []

    init(definitions: SpooledDefinitions) {
        self.definitions = definitions
    }

    /// The definition number of `memo`'s entry `entry`, defined on first sight on the page.
    /// Throws when a definition cannot be written to, or read back from, the page's file.
    mutating func number(of entry: Int, in memo: VerdictSetMemo) throws -> Int32 {
        if entry < byEntry.count {
            let known = byEntry[entry]
            if known >= 0 { return known }
        } else {
            byEntry += repeatElement(-1, count: max(entry + 1 - byEntry.count, byEntry.count, 64))
        }
        let number = try define(memo.entries[entry])
        byEntry[entry] = number
        return number
    }

    /// The memo the entries were numbered in is let go of.
    mutating func forgetEntries() {
        byEntry.removeAll()
    }

    private mutating func define(_ entry: VerdictSetMemo.Entry) throws -> Int32 {
        let shared = entry.shared?.definition
        // The run's rendering hashed its JSON already.
        let verdicts = shared?.verdicts ?? VerdictSetDefinition.json(entry.set)
        let hash = entry.shared?.written.hash ?? VerdictSetKey.hash(verdicts)
        var last: Int32?
        var candidate = byHash[hash]
        while let number = candidate {
            guard let known = definitions.verdicts(at: Int(number)) else {
                throw LinkAuditError.io(definitions.file.failed ?? "cannot read the temporary links file")
            }
            if known.withUnsafeBufferPointer({ known in verdicts.withUnsafeBufferPointer { known.sameBytes($0) } }) {
                return number
            }
            last = number
            candidate = sameHash[number]
        }
        let natural = VerdictSetKey(hash: hash)
        var key = natural
        while keys.contains(key.value) { key = key.next }
        keys.insert(key.value)
        let number = Int32(truncatingIfNeeded: definitions.count)
        if let shared, key == natural {
            try definitions.append(shared)
        } else {
            try definitions.append(VerdictSetDefinition(key: key, verdicts: verdicts))
        }
        if let last { sameHash[last] = number } else { byHash[hash] = number }
        return number
    }
}
