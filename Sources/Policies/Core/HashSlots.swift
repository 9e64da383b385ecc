/// The slots of an open-addressing table over 64-bit hashes, shared by `CompactLinks` and
/// `VerdictNumbers`: each slot holds the index of an entry the owner keeps in its own arrays,
/// or -1. The owner compares keys; this finds where a hash's probe goes and keeps the table
/// at most half full, so every probe ends at an empty slot.
struct HashSlots {
    private var slots: [Int32]

    /// `capacity`: a power of two.
    init(capacity: Int) {
        slots = [Int32](repeating: -1, count: capacity)
    }

    /// The first entry along `hash`'s probe for which `matches` holds, or nil at the first
    /// empty slot.
    @inline(__always)
    func first(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var s = Self.start(hash) & mask
            while true {
                let entry = Int(slots[s])
                if entry < 0 { return nil }
                if matches(entry) { return entry }
                s = (s + 1) & mask
            }
        }
    }

    /// Places entry `count - 1` (the one just kept, of `hash`); past half full, the slots
    /// double and every entry's hash (`hashes`) is placed again.
    mutating func add(hash: UInt64, count: Int, hashes: (Int) -> UInt64) {
        if count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for entry in 0..<count { place(Int32(entry), hash: hashes(entry)) }
        } else {
            place(Int32(count - 1), hash: hash)
        }
    }

    private mutating func place(_ entry: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var s = Self.start(hash) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = entry
    }

    /// Where a hash's probe starts: its bits mixed once more, the high ones taken.
    @inline(__always)
    private static func start(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
