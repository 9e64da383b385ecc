import Foundation

/// What `DecisionMemo` made for `intent:` links, found by the URI's shape (`IntentShape`),
/// what of the page the profiles read (`DecisionKey.Page`, as bits) and the navigation's
/// inputs (the memo's number for the link) or none (its key, `DecisionKey.Link`): an
/// `intent:` link of a shape seen before is numbered without its parse and its `IntentKey`
/// (Benchmarks/README.md, issue 17). An entry also keeps the values the link's verdicts
/// quote (`IntentQuotes`, equal in URIs of one shape but for the referrer, `IntentShape`).
///
/// Open addressing over the shapes' hashes; the shapes' bytes kept end to end in one array,
/// compared with `memcmp`. A cache: bounded (`entryLimit`, `byteLimit`), it starts afresh
/// when full, and a forgotten shape only sends its next link the plain way.
struct IntentShapeTable<Payload> {
    static var entryLimit: Int { 1 << 14 }
    static var byteLimit: Int { 1 << 22 }

    private struct Entry {
        let hash: UInt64
        let start: Int32
        let count: Int32
        let page: UInt32
        let inputs: Int32
        let payload: Payload
    }

    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    /// Entry numbers by hash (-1: empty); a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { entries.count }

    /// What was remembered for this shape, page and inputs, if anything.
    /// The entries are read where they lie, the payload copied only for the one found: a copy of
    /// each entry compared retained and released its payload's texts (an `intent:` link's
    /// quotes), some 250 instructions a link (Benchmarks/README.md, issue 17).
    func find(_ shape: UnsafeBufferPointer<UInt8>, hash: UInt64, page: UInt32, inputs: Int32) -> Payload? {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        return entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { kept in
                while true {
                    let e = Int(slots[s])
                    if e < 0 { return nil }
                    if entries[e].hash == hash, entries[e].page == page, entries[e].inputs == inputs,
                       Int(entries[e].count) == shape.count,
                       shape.isEmpty || memcmp(kept.baseAddress! + Int(entries[e].start), shape.baseAddress!, shape.count) == 0 {
                        return entries[e].payload
                    }
                    s = (s + 1) & mask
                }
            }
        }
    }

    /// Remembers what was made for a shape not found (`find`).
    mutating func add(_ shape: UnsafeBufferPointer<UInt8>, hash: UInt64, page: UInt32, inputs: Int32, _ payload: Payload) {
        if entries.count >= Self.entryLimit || bytes.count + shape.count > Self.byteLimit {
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            for s in slots.indices { slots[s] = -1 }
        }
        if (entries.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            // The hashes read where they lie: `enumerated()` copied every entry, its payload's
            // texts retained and released, at each growth (Benchmarks/README.md, issue 17).
            entries.withUnsafeBufferPointer { entries in
                for e in entries.indices { Self.place(Int32(e), hash: entries[e].hash, in: &slots) }
            }
        }
        entries.append(Entry(hash: hash, start: Int32(bytes.count), count: Int32(shape.count), page: page,
                             inputs: inputs, payload: payload))
        bytes.append(contentsOf: shape)
        Self.place(Int32(entries.count - 1), hash: hash, in: &slots)
    }

    private static func place(_ e: Int32, hash: UInt64, in slots: inout [Int32]) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = e
    }
}
