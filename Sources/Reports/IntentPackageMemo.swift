import Foundation
import LinkAuditModel

/// The scheme inventory's name of an `intent:` link's package (`SchemeInventory.package(of:)`,
/// the plain version), remembered for the run by the fragment the package is read from: the
/// `intent:` links of a site differ in their data (`intent://pay?ref=ORD-…`) and share their
/// fragments (`#Intent;scheme=…;package=…;…;end`, a few thousand on the `intent:` corpus's
/// 12,000 links), and each link's URI was read item by item again, ~2,200 instructions an
/// `intent:` link (Benchmarks/README.md, issue 17). A page alone repeats too few of them to
/// pay for remembering (its own memo missed nine links in ten): the table is the run's.
///
/// Why the fragment alone decides: for a URI that is ASCII, starts `intent:` and whose last
/// `#` starts `#Intent;`, `Intent.parseUri` reads its items after that `#` and nothing before
/// it; the part before the `#` becomes the intent's data, never its package
/// (`IntentURIParser.parsePlain`; `CommonIntentURI` answers or not on the items alone). Any
/// other URI is read the plain way and not remembered.
///
/// A cache of `slotCount` slots chosen by a hash of the fragment's bytes, a slot's fragment
/// compared byte for byte and replaced on a collision; fragments of `maxBytes` or more are
/// not kept (at most ~2 MB). Shared by the workers behind a lock (a lookup is a hash and a
/// `memcmp`). `IntentPackageMemoTests` compares it with the plain version on generated URIs.
final class IntentPackageMemo: @unchecked Sendable {
    static let shared = IntentPackageMemo()

    static let slotCount = 4_096
    static let maxBytes = 512

    private let lock = NSLock()
    /// The slots, each a hash, a fragment and its package; read and written under the lock.
    /// Storage of its own (`let` pointers, never resized): the arrays a class holds are
    /// checked for exclusive access at every read, which cost more than the lookup.
    private let hashes: UnsafeMutablePointer<UInt64>
    private let fragments: UnsafeMutablePointer<[UInt8]>
    private let packages: UnsafeMutablePointer<String>

    init() {
        hashes = .allocate(capacity: Self.slotCount)
        hashes.initialize(repeating: 0, count: Self.slotCount)
        fragments = .allocate(capacity: Self.slotCount)
        fragments.initialize(repeating: [], count: Self.slotCount)
        packages = .allocate(capacity: Self.slotCount)
        packages.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        hashes.deallocate()
        fragments.deinitialize(count: Self.slotCount)
        fragments.deallocate()
        packages.deinitialize(count: Self.slotCount)
        packages.deallocate()
    }

    /// `SchemeInventory.package(of: uri)`.
    func package(of uri: String) -> String {
        let remembered = uri.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard let at = Self.fragmentStart(bytes) else { return nil }
            let fragment = UnsafeBufferPointer(rebasing: bytes[at...])
            let hash = Self.hash(fragment)
            let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
            // A fragment kept is ASCII (checked when it was kept): the rest is checked here.
            if let known = known(fragment, hash: hash, slot: slot) {
                return ASCIIBytes.all(UnsafeBufferPointer(rebasing: bytes[..<at])) ? known : nil
            }
            guard ASCIIBytes.all(bytes) else { return nil }
            let package = SchemeInventory.package(of: uri)
            let kept = Array(fragment)
            lock.lock()
            hashes[slot] = hash
            fragments[slot] = kept
            packages[slot] = package
            lock.unlock()
            return package
        }
        return (remembered ?? nil) ?? SchemeInventory.package(of: uri)
    }

    private func known(_ fragment: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard hashes[slot] == hash else { return nil }
        let same = fragments[slot].withUnsafeBufferPointer { kept in
            kept.count == fragment.count && memcmp(kept.baseAddress!, fragment.baseAddress!, kept.count) == 0
        }
        return same ? packages[slot] : nil
    }

    /// The fragment whose package stands for `uri`'s: from its last `#`, when the URI is ASCII,
    /// starts `intent:` and that `#` starts `#Intent;` (nil otherwise, or at `maxBytes` or more).
    static func fragment(_ uri: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let at = fragmentStart(uri), ASCIIBytes.all(uri) else { return nil }
        return UnsafeBufferPointer(rebasing: uri[at...])
    }

    /// Where `fragment(uri)` starts, the URI's bytes not checked for ASCII.
    private static func fragmentStart(_ uri: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = uri.count
        guard n >= 15, let base = uri.baseAddress,
              UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) & 0x00FF_FFFF_FFFF_FFFF == intentPrefix
        else { return nil }
        // The last `#`: `memchr` from each to the next (a URI has one or two).
        var hash = -1
        while hash + 1 < n, let found = memchr(base + hash + 1, 0x23, n - hash - 1) {
            hash = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        guard hash >= 7, n - hash < maxBytes, n - hash >= 8,
              UnsafeRawPointer(base + hash).loadUnaligned(as: UInt64.self) == intentMarker
        else { return nil }
        return hash
    }

    /// `intent:` (seven bytes, the eighth zero) and `#Intent;` as little-endian words.
    private static var intentPrefix: UInt64 { 0x003A_746E_6574_6E69 }
    private static var intentMarker: UInt64 { 0x3B74_6E65_746E_4923 }

    /// A hash of the fragment's length and bytes: every byte of a short one, eight at a time;
    /// of a longer one its first and last 24 bytes and eight from its middle (fragments
    /// differ in their length, their scheme and package near the start, their fallback URL
    /// near the end). Two fragments alike there take one slot in turn: a miss, not a wrong
    /// package (a slot's fragment is compared whole).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        let n = raw.count
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(n)
        @inline(__always) func mix(_ word: UInt64) {
            h = (h ^ word) &* 0x0000_0100_0000_01B3
            h ^= h >> 29
        }
        if n >= 64 {
            mix(raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            mix(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            mix(raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            mix(raw.loadUnaligned(fromByteOffset: n / 2 - 4, as: UInt64.self))
            mix(raw.loadUnaligned(fromByteOffset: n - 24, as: UInt64.self))
            mix(raw.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self))
            mix(raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
            return h ^ h >> 32
        }
        var k = 0
        while k + 8 <= n {
            mix(raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            k += 8
        }
        while k < n {
            h = (h ^ UInt64(raw[k])) &* 0x0000_0100_0000_01B3
            k += 1
        }
        return h ^ h >> 32
    }
}
