import Foundation

/// The links `DecisionMemo` numbered for `intent:` links, found by the URI's shape
/// (`IntentShape`), what of the page the profiles read (`DecisionKey.Page`, as bits) and the
/// navigation's inputs: an `intent:` link of a shape seen before is numbered without its
/// parse and its `IntentKey` (Benchmarks/README.md, issue 17). Each entry also keeps the
/// values the link's verdicts quote (`IntentQuotes`): equal in URIs of one shape.
///
/// Open addressing over the shapes' hashes; the shapes' bytes kept end to end in one array,
/// compared with `memcmp`. A cache: bounded (`entryLimit`, `byteLimit`), it starts afresh
/// when full, and a forgotten shape only sends its next link the plain way.
struct IntentShapeTable {
    static let entryLimit = 1 << 14
    static let byteLimit = 1 << 22

    private struct Entry {
        let hash: UInt64
        let start: Int32
        let count: Int32
        let page: UInt32
        let inputs: Int32
        let link: Int32
        let quotes: IntentQuotes?
    }

    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    /// Entry numbers by hash (-1: empty); a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { entries.count }

    /// The link and quotes remembered for this shape, page and inputs, if any.
    func find(_ shape: UnsafeBufferPointer<UInt8>, hash: UInt64, page: UInt32, inputs: Int32)
        -> (link: Int32, quotes: IntentQuotes?)? {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while true {
            let e = slots[s]
            if e < 0 { return nil }
            let entry = entries[Int(e)]
            if entry.hash == hash, entry.page == page, entry.inputs == inputs, Int(entry.count) == shape.count,
               bytes.withUnsafeBufferPointer({ kept in
                   shape.isEmpty || memcmp(kept.baseAddress! + Int(entry.start), shape.baseAddress!, shape.count) == 0
               }) {
                return (entry.link, entry.quotes)
            }
            s = (s + 1) & mask
        }
    }

    /// Remembers a shape not found (`find`) as numbered `link`.
    mutating func add(_ shape: UnsafeBufferPointer<UInt8>, hash: UInt64, page: UInt32, inputs: Int32,
                      link: Int32, quotes: IntentQuotes?) {
        if entries.count >= Self.entryLimit || bytes.count + shape.count > Self.byteLimit {
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            for s in slots.indices { slots[s] = -1 }
        }
        if (entries.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for (e, entry) in entries.enumerated() { place(Int32(e), hash: entry.hash) }
        }
        entries.append(Entry(hash: hash, start: Int32(bytes.count), count: Int32(shape.count), page: page,
                             inputs: inputs, link: link, quotes: quotes))
        bytes.append(contentsOf: shape)
        place(Int32(entries.count - 1), hash: hash)
    }

    private mutating func place(_ e: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = e
    }
}
