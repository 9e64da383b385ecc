import Foundation
import WHATWGURL

/// `DecisionKey.Page(url:page:targetReadWhole: true).bits` of an `intent:` link, remembered
/// per page and target host: what of the page the profiles read follows from the page, the
/// target's scheme kind and its host alone (`DecisionKey.Page.init` reads nothing else of
/// the target), and a checkout page's `intent:` links name a handful of hosts between them,
/// where working it out cost some 580 instructions a link (Benchmarks/README.md, issue 17).
///
/// A cache of one page (it starts afresh when handed another `PageContext`, held so that
/// its identity is not reused) and at most `limit` hosts, kept by the classifier for one
/// call (a local, not a field of the memo: no exclusivity check per link); a host not kept is worked out
/// the plain way. `plain` is the reference; `PageBitsByHostTests` compares them.
struct PageBitsByHost {
    static let limit = 32

    private struct Entry {
        /// `WebURL.SchemeKind`'s raw value (compared as a byte: the enum's `==` was a
        /// protocol witness call per entry).
        let kind: UInt8
        let hasHost: Bool
        let start: Int32
        let count: Int32
        /// `bits`, or `UInt32.max` for nil (the bits use nine).
        let bits: UInt32
    }

    private var page: PageContext?
    private var entries: [Entry] = []
    private var hosts: [UInt8] = []

    /// The plain way, and the reference.
    static func plain(_ url: WebURL, page: PageContext) -> UInt32? {
        DecisionKey.Page(url: url, page: page, targetReadWhole: true).bits
    }

    /// `plain(url, page: page)`, found by the target's host where it was worked out before.
    mutating func bits(_ url: WebURL, page: PageContext) -> UInt32? {
        if self.page !== page {
            self.page = page
            entries.removeAll(keepingCapacity: true)
            hosts.removeAll(keepingCapacity: true)
        }
        let kind = url.kind.rawValue
        let range = url.layout.hostRange
        let hasHost = range != nil
        let host = range ?? 0..<0
        let href = url.href
        let kept: UInt32?? = href.utf8.withContiguousStorageIfAvailable { h -> UInt32? in
            hosts.withUnsafeBufferPointer { kept in
                entries.withUnsafeBufferPointer { entries in
                    for e in entries.indices {
                        let entry = entries[e]
                        guard entry.kind == kind, entry.hasHost == hasHost, Int(entry.count) == host.count else { continue }
                        if host.isEmpty
                            || memcmp(kept.baseAddress! + Int(entry.start), h.baseAddress! + host.lowerBound, host.count) == 0 {
                            return entry.bits
                        }
                    }
                    return nil
                }
            }
        }
        if let found = kept ?? nil { return found == .max ? nil : found }
        let bits = Self.plain(url, page: page)
        if entries.count < Self.limit {
            let start = hosts.count
            hosts.append(contentsOf: href.utf8[href.utf8.index(href.startIndex, offsetBy: host.lowerBound)...].prefix(host.count))
            entries.append(Entry(kind: kind, hasHost: hasHost, start: Int32(start), count: Int32(host.count), bits: bits ?? .max))
        }
        return bits
    }
}
