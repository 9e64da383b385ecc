import Foundation

/// An `intent:` URI's bytes with the parts no profile, check or quote reads cut out: the
/// memo's first key for an `intent:` link (`IntentShapeTable`), written without parsing the
/// URI into an intent. Every `intent:` link of a checkout page is its own URI (an order
/// number in the data, an amount in an `i.` extra), so the memo keyed them on their parse
/// (`IntentKey`), and making the parse and that key cost some 12,000 instructions a link
/// (Benchmarks/README.md, issue 17). Two URIs of one shape parse to intents of one
/// `IntentKey` and one `IntentQuotes`, so the link the first was numbered as is the
/// second's too; the parse is made only for a shape not seen before.
///
/// A shape is written only where `CommonIntentURI` parses the URI (nil everywhere else: the
/// link then takes the plain way, its parse and its key), and it keeps every byte but:
/// - the data after `intent:` when the last `scheme=` item names a scheme (no `%`, no `:`)
///   whose data is read by its scheme alone (`readsDataWhole` false): the data is then
///   `scheme:…`, and `IntentKey` keeps `.scheme(scheme)` of it;
/// - the value of an `S.`, `B.` or `i.` extra whose name (no `%`) is neither
///   `browser_fallback_url` nor `market_referrer`: no key and no quote reads another extra,
///   and such a value cannot fail the parse (an `i.` value is cut only when it is a number
///   `CommonIntentURI.int` reads; any other is kept);
/// - the value of an `S.market_referrer` (no shape where an extra's name holds a `%`), all but whether
///   it decodes empty (`IntentKey.hasMarketReferrer`): it is quoted (`IntentQuotes.market`),
///   so the last one's value is handed back (`Written.referrer`) for the link's own quotes;
/// - the text after `end` (the parse stops there; the URL's host, which it may hold, is the
///   page's part of the key, `DecisionKey.Page`).
/// Every kept part is written as it stands, each ended by a byte no ASCII URI holds, so two
/// URIs have one shape exactly when they differ only in the parts cut out. A URI with
/// "launchFlags" anywhere in it has no shape (`IntentKey` reads it whole), nor has one longer
/// than `maxBytes`. `IntentShapeTests` holds URIs of one shape to one key and one quote, and
/// `DecisionMemoTests` the memo with shapes to the memo without them.
enum IntentShape {
    /// Longer URIs take the plain way: a shape is kept in the memo's table.
    static let maxBytes = 2_048

    /// Ends of the written parts (bytes above 0x7F: never in an ASCII URI).
    private enum Mark {
        static let whole: UInt8 = 0xF0      // no `#`: the URI whole follows
        static let items: UInt8 = 0xF1      // the items follow
        static let cut: UInt8 = 0xF2        // an extra's value cut out (after its `=`)
        static let cutEmpty: UInt8 = 0xF6   // an empty `S.market_referrer` value cut out
        static let tail: UInt8 = 0xF3       // the items end (`end` and the text after it cut)
        static let data: UInt8 = 0xF4       // the data after `intent:` follows
        static let dataCut: UInt8 = 0xF5    // the data cut out
    }

    /// The words the shape looks for, as static text: a tuple of arrays was retained and
    /// released at every call (some 250 instructions a link, Benchmarks/README.md, issue 17).
    /// `IntentShapeTests.testTheWordsAreTheParsersOwn` holds the extras' names to the parsers'.
    enum Words {
        static var intent: StaticString { "intent:" }
        static var marker: StaticString { "#Intent;" }
        static var action: StaticString { "action" }
        static var category: StaticString { "category" }
        static var type: StaticString { "type" }
        static var identifier: StaticString { "identifier" }
        static var package: StaticString { "package" }
        static var component: StaticString { "component" }
        static var scheme: StaticString { "scheme" }
        static var fallback: StaticString { "browser_fallback_url" }   // IntentSanitizer.browserFallbackURLExtra
        static var referrer: StaticString { "market_referrer" }        // ChromeIntentFields.marketReferrerExtra
        /// "launchFlags" without its first letter: `IntentParseMemo.mentionsLaunchFlags` looks for
        /// an `F` with "aunch" before it and "lags" after it.
        static var launchFlags: StaticString { "aunchFlags" }
    }

    /// Room a shape needs: at most one byte more than the URI (a cut value's mark takes at
    /// most the room of the value and its `;`; `#Intent;` and `end` are not written).
    static let capacity = maxBytes + 8

    /// What `write` wrote: the shape's length, and the decoded value of the last
    /// `S.market_referrer` item whose value was cut (nil when none was).
    struct Written {
        let count: Int
        let referrer: String?
    }

    /// Writes `uri`'s shape at `out` (room for `capacity` bytes); nil where it has none.
    /// `readsDataWhole`: `TargetReading.readsDataWhole(ascii:)` of the run.
    static func write(_ uri: String, into out: UnsafeMutablePointer<UInt8>,
                      readsDataWhole: (UnsafeBufferPointer<UInt8>) -> Bool) -> Written? {
        uri.utf8.withContiguousStorageIfAvailable { b -> Written? in
            guard b.count <= maxBytes, starts(b, 0, Words.intent), asciiWithoutLaunchFlags(b) else { return nil }
            return write(b, into: out, readsDataWhole: readsDataWhole)
        } ?? nil
    }

    /// `CommonIntentURI.isASCII(b) && !IntentParseMemo.mentionsLaunchFlags(b)`: the two were a
    /// pass each over every `intent:` link, some 350 instructions a link, and so was one pass
    /// checking each `F` (every `%2F` of a fallback URL) for "aunch" before it and "lags" after
    /// (Benchmarks/README.md, issue 17). Now the bytes' high bits are or-ed eight at a time, and
    /// `memchr` finds the `F`s, each compared with "aunchFlags" around it (an `F` with "aunch"
    /// before it and "lags" after it, as `mentionsLaunchFlags` checks the `F`s it finds). `plain` is the two passes, the
    /// reference (`IntentShapeTests.testTheOnePassFindsWhatTheTwoPassesFind`).
    static func asciiWithoutLaunchFlags(_ b: UnsafeBufferPointer<UInt8>, plain: Bool = false) -> Bool {
        if plain {
            guard CommonIntentURI.isASCII(b) else { return false }
            return !IntentParseMemo.mentionsLaunchFlags(String(decoding: b, as: UTF8.self))
        }
        guard let base = b.baseAddress else { return true }
        let raw = UnsafeRawBufferPointer(b)
        let n = raw.count
        // Four words a turn: one a turn spent more on the loop than on the bytes.
        var high: UInt64 = 0
        var k = 0
        while k + 32 <= n {
            high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: k + 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: k + 24, as: UInt64.self)
            k += 32
        }
        while k + 8 <= n {
            high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            k += 8
        }
        while k < n {
            high |= UInt64(b[k])
            k += 1
        }
        guard high & 0x8080_8080_8080_8080 == 0, n >= 10 else { return high & 0x8080_8080_8080_8080 == 0 }
        // Each `F` found by `memchr` (a URI holds a few, in its `%2F`s), from the sixth byte on,
        // with room for "lags" after it.
        var from = 5
        while from + 5 <= n, let found = memchr(base + from, 0x46, n - 4 - from) {
            let f = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + f - 5, Words.launchFlags.utf8Start, 10) == 0 { return false }
            from = f + 1
        }
        return true
    }

    private static func write(_ b: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                              readsDataWhole: (UnsafeBufferPointer<UInt8>) -> Bool) -> Written? {
        let n = b.count
        guard let base = b.baseAddress else { return nil }
        var o = 0
        func put(_ from: Int, _ to: Int) {
            memcpy(out + o, base + from, to - from)
            o += to - from
        }
        // `#`: the last one, as `CommonIntentURI.fill` (and `lastIndexOf`) finds it; a URI has few.
        var hash = -1
        while hash + 1 < n, let found = memchr(base + hash + 1, 0x23, n - hash - 1) {
            hash = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        if hash < 7 {
            out[0] = Mark.whole
            o = 1
            put(0, n)
            return Written(count: o, referrer: nil)
        }
        guard starts(b, hash, Words.marker) else { return nil }
        out[0] = Mark.items
        o = 1
        // An extra's name with a `%` may decode to a read one: no referrer is cut then.
        var escapedName = false
        var scheme: Range<Int>?
        var referrer: String?
        var i = hash + 8
        // `CommonIntentURI.fill`'s loop and its tests, item for item.
        while !(i + 3 <= n && b[i] == 0x65 && b[i + 1] == 0x6E && b[i + 2] == 0x64) {
            guard i < n, let semiAt = memchr(base + i, 0x3B, n - i) else { return nil }
            let semi = base.distance(to: semiAt.assumingMemoryBound(to: UInt8.self))
            guard let eqAt = memchr(base + i, 0x3D, semi - i) else { return nil }
            let eq = base.distance(to: eqAt.assumingMemoryBound(to: UInt8.self))
            var cut: UInt8 = 0
            switch b[i] {
            case 0x61 where name(b, i, eq, Words.action), 0x63 where name(b, i, eq, Words.category),
                 0x74 where name(b, i, eq, Words.type), 0x69 where name(b, i, eq, Words.identifier),
                 0x70 where name(b, i, eq, Words.package), 0x63 where name(b, i, eq, Words.component):
                break
            case 0x73 where name(b, i, eq, Words.scheme):
                scheme = eq + 1..<semi
            case 0x53, 0x42, 0x69:   // S. B. i.
                guard b[i + 1] == 0x2E else { return nil }
                if b[i] == 0x69, CommonIntentURI.int(b, eq + 1, semi) == nil {
                    // Another number (`JavaNumbers.parseInt`): kept; none: the plain way.
                    guard (try? JavaNumbers.parseInt(CommonIntentURI.decoded(b, eq + 1, semi))) != nil else { return nil }
                } else if name(b, i + 2, eq, Words.referrer) {
                    // Its value is quoted, and read only for being there (`IntentKey.hasMarketReferrer`).
                    if b[i] == 0x53 {
                        let value = CommonIntentURI.decoded(b, eq + 1, semi)
                        cut = value.isEmpty ? Mark.cutEmpty : Mark.cut
                        referrer = value
                    }
                } else if memchr(base + i + 2, 0x25, eq - i - 2) != nil {
                    escapedName = true
                } else if !name(b, i + 2, eq, Words.fallback) {
                    cut = Mark.cut
                }
            default:
                return nil
            }
            if cut != 0 {
                put(i, eq + 1)
                out[o] = cut
                o += 1
            } else {
                put(i, semi + 1)
            }
            i = semi + 1
        }
        if escapedName, referrer != nil { return nil }
        // The text after `end` is read by no parse (`IntentKey`), and the URL's host by the page's key.
        out[o] = Mark.tail
        o += 1
        if let scheme, !scheme.isEmpty, memchr(base + scheme.lowerBound, 0x25, scheme.count) == nil,
           memchr(base + scheme.lowerBound, 0x3A, scheme.count) == nil,
           !readsDataWhole(UnsafeBufferPointer(rebasing: b[scheme])) {
            out[o] = Mark.dataCut
            o += 1
        } else {
            out[o] = Mark.data
            o += 1
            put(7, hash)
        }
        return Written(count: o, referrer: referrer)
    }

    /// A hash of a shape's every byte, sixteen at a time in two lanes (multiply-xor, the lanes'
    /// high bits folded down at the end): one lane with a shift per word cost some 190
    /// instructions a link (Benchmarks/README.md, issue 17). The table compares the bytes of
    /// every shape it finds (`IntentShapeTable.find`), so a collision costs a `memcmp`, never a
    /// wrong number.
    static func hash(_ shape: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(shape)
        let n = raw.count
        var a = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var k = 0
        while k + 16 <= n {
            a = (a ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            b = (b ^ raw.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
            k += 16
        }
        if k + 8 <= n {
            a = (a ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            k += 8
        }
        var last: UInt64 = 0
        while k < n {
            last = last << 8 | UInt64(raw[k])
            k += 1
        }
        b = (b ^ last) &* 0xC2B2_AE3D_27D4_EB4F
        var h = (a ^ (b >> 31 | b << 33))
        h = (h ^ h >> 32) &* 0x9E37_79B9_7F4A_7C15
        return h ^ h >> 29
    }

    private static func starts(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard at >= 0, at + n <= b.count else { return false }
        return memcmp(b.baseAddress! + at, prefix.utf8Start, n) == 0
    }

    private static func name(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ eq: Int, _ word: StaticString) -> Bool {
        eq - from == word.utf8CodeUnitCount && starts(b, from, word)
    }
}
