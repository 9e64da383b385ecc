/// `DecisionMemo`'s numbers of links whose key is a scheme and a few integers
/// (`DecisionKey.Link.compactBits`): open addressing over one hash of the scheme's bytes and the
/// packed integers, each kept key compared only where that hash is equal. The plain version, a
/// `[CompactKey: Int32]`, ran a `Hasher` (SipHash: seed, combine, finalize) over the same
/// folded integer for every web, `file:`, `tel:` or custom-scheme link, some 350 instructions a
/// lookup (Benchmarks/README.md, issue 17); `CompactLinksTests` holds the two to the same
/// numbers, and `DecisionMemoTests` the memo to the whole keys' numbers. Grows with the memo's
/// links (at most half full), bounded as the memo is (`DecisionMemo.isFull`).
struct CompactLinks {
    private struct Key {
        let hash: UInt64
        let packed: UInt64
        let scheme: String
    }

    private var slots = HashSlots(capacity: 64)
    private var keys: [Key] = []
    private var numbers: [Int32] = []

    var count: Int { keys.count }

    /// The packed bits and inputs, as `CompactKey` packs them.
    @inline(__always)
    static func packed(bits: UInt32, inputs: Int32) -> UInt64 {
        UInt64(bits) << 32 | UInt64(UInt32(bitPattern: inputs))
    }

    /// The scheme's bytes folded into the packed integers, read where they lie. (Such a link's
    /// scheme is the URL parser's, `TargetReading.target`: ASCII, so equal bytes are what
    /// String's `==` finds equal; `==` still decides.)
    @inline(__always)
    static func hash(scheme: String, packed: UInt64) -> UInt64 {
        var folded = packed
        let done: Void? = scheme.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { folded = folded &* 0x100000001B3 ^ UInt64(byte) }
        }
        if done == nil {
            for byte in scheme.utf8 { folded = folded &* 0x100000001B3 ^ UInt64(byte) }
        }
        return folded
    }

    /// The number given to this scheme and packed integers (`hash`: their `hash`), if any.
    func find(scheme: String, packed: UInt64, hash: UInt64) -> Int32? {
        keys.withUnsafeBufferPointer { keys in
            slots.first(hash: hash) { k in
                keys[k].hash == hash && keys[k].packed == packed && keys[k].scheme == scheme
            }.map { numbers[$0] }
        }
    }

    /// Remembers `number` for a scheme and packed integers not found (`find`).
    mutating func add(scheme: String, packed: UInt64, hash: UInt64, number: Int32) {
        keys.append(Key(hash: hash, packed: packed, scheme: scheme))
        numbers.append(number)
        keys.withUnsafeBufferPointer { keys in
            slots.add(hash: hash, count: keys.count) { keys[$0].hash }
        }
    }
}
