import Foundation
import WHATWGURL

/// `DecisionKey.Page(url:page:targetReadWhole: true).bits` of an `intent:` link, remembered
/// per page and target host: what of the page the profiles read follows from the page, the
/// target's scheme kind and its host alone (`DecisionKey.Page.init` reads nothing else of
/// the target), and a checkout page's `intent:` links name a handful of hosts between them,
/// where working it out cost some 580 instructions a link (Benchmarks/README.md, issue 17).
///
/// A cache of one page (it starts afresh when handed another `PageContext`, held so that
/// its identity is not reused) and at most `limit` hosts; a host not kept is worked out
/// the plain way. `plain` is the reference; `PageBitsByHostTests` compares them.
struct PageBitsByHost {
    static let limit = 32

    private struct Entry {
        let kind: WebURL.SchemeKind
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
        let kind = url.kind
        let range = url.layout.hostRange
        let hasHost = range != nil
        let host = range ?? 0..<0
        var href = url.href
        return href.withUTF8 { h -> UInt32? in
            let found: UInt32? = hosts.withUnsafeBufferPointer { kept in
                for entry in entries where entry.kind == kind && entry.hasHost == hasHost && Int(entry.count) == host.count {
                    if host.isEmpty || memcmp(kept.baseAddress! + Int(entry.start), h.baseAddress! + host.lowerBound, host.count) == 0 {
                        return entry.bits
                    }
                }
                return nil
            }
            if let found { return found == .max ? nil : found }
            let bits = Self.plain(url, page: page)
            if entries.count < Self.limit {
                entries.append(Entry(kind: kind, hasHost: hasHost, start: Int32(hosts.count), count: Int32(host.count),
                                     bits: bits ?? .max))
                hosts.append(contentsOf: UnsafeBufferPointer(rebasing: h[host]))
            }
            return bits
        }
    }
}
