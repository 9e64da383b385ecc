import LinkAuditModel

/// A verdict set's key in `links.jsonl`: eight hex digits of a 64-bit FNV-1a hash of its
/// verdicts as written, folded to 32 bits. The same set has the same key in every run, so
/// writers that never talk to each other (a Spark job's partitions) agree on it; two sets
/// that happen to share a key on one page get the next free key (`VerdictSetMemo`), and
/// across pages a key is simply defined again (LinksFormat).
struct VerdictSetKey: Hashable, Sendable {
    let value: UInt32

    init(value: UInt32) {
        self.value = value
    }

    /// The key of a set whose verdicts are written `verdicts`.
    init(verdicts: [UInt8]) {
        self.init(hash: Self.hash(verdicts))
    }

    /// The key of verdicts whose `hash(_:)` is `hash`.
    init(hash: UInt64) {
        value = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// The 64-bit FNV-1a hash of the verdicts as written, which the key folds.
    static func hash(_ verdicts: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in verdicts {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The key tried after this one when it is taken.
    var next: VerdictSetKey { VerdictSetKey(value: value &+ 1) }

    /// Eight lower-case hex digits.
    var text: String { String(decoding: hexDigits, as: UTF8.self) }

    var hexDigits: [UInt8] {
        (0..<8).map { i in
            let nibble = UInt8((value >> UInt32(28 - 4 * i)) & 0xF)
            return nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
        }
    }
}

/// One verdict set as `links.jsonl` defines it: its key and its verdicts as JSON
/// (`{"android-sdk":{"outcome":…,"reason":…},…}`, profiles in name order).
struct VerdictSetDefinition: Sendable, Equatable {
    let key: VerdictSetKey
    let verdicts: [UInt8]
    /// The key as a link line writes it, quoted: made once, written on every line.
    let reference: [UInt8]

    init(key: VerdictSetKey, verdicts: [UInt8]) {
        self.key = key
        self.verdicts = verdicts
        reference = Self.quoted(key)
    }

    /// The key as a link line writes it, quoted.
    static func quoted(_ key: VerdictSetKey) -> [UInt8] {
        [0x22] + key.hexDigits + [0x22]
    }

    /// The verdicts of `set` as `links.jsonl` writes them (format 1 wrote them on each line).
    static func json(_ set: VerdictSet) -> [UInt8] {
        // Room for a detail's text too: each string written asks for six bytes a byte at most
        // (`JSONString`), and at 96 bytes a verdict most sets' buffers grew, and were copied,
        // once or twice (issue 17).
        var json = JSONText(capacity: 192 * set.count + 1024)
        json.open()
        for (name, verdict) in set {
            json.key(name)
            verdict.writeJSON(to: &json)
        }
        json.close()
        return json.bytes
    }

    /// `{"verdictSet":"5e0c2b1a","verdicts":{…}}` and a newline.
    var line: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(verdicts.count + 40)
        out += Array(#"{"verdictSet":""#.utf8)
        out += key.hexDigits
        out += Array(#"","verdicts":"#.utf8)
        out += verdicts
        out += [0x7D, 0x0A]
        return out
    }
}
