import Foundation
import LinkAuditModel

/// `Intent.parseUri` of the `intent:` URIs pages carry — `intent://host/path#Intent;scheme=…;
/// package=…;S.browser_fallback_url=…;end` — in one pass over the URI's UTF-8 bytes, without
/// the UTF-16 copy, the per-item substrings and the memo's lookup the plain parse
/// (`IntentURIParser.parsePlain`) costs: some 24,000 instructions a distinct URI, and every
/// `intent:` link of a checkout page is its own URI (Benchmarks/README.md, issue 17).
///
/// It answers only where its steps are the plain parser's steps, and nil everywhere else (the
/// plain parser then runs and gives the answer, or the error, as before):
/// - the URI is ASCII (a byte is a UTF-16 unit, so every index is Java's) and starts `intent:`;
/// - it has no `#` (a VIEW intent of the whole URI), or its last `#` starts `#Intent;` (no
///   legacy format);
/// - every item up to `end` has its `=` before its `;` and is `action`, `category`, `type`,
///   `identifier`, `package`, `component`, `scheme`, or an `S.`, `B.` or `i.` extra whose
///   number parses: no `SEL`, no `launchFlags`/`extendedLaunchFlags`, no `sourceBounds`, no
///   other extra type, no unknown key, no missing `end` (those take the plain parser).
///
/// So its answer does not depend on the parse flags (only launch flags and the scheme test
/// read them, and an `intent:` URI passes that test under any flags): a URI it parses parses
/// alike with every flag set, and `AndroidAssumptions.launchFlagsBoundary` is false for it.
/// `CommonIntentURITests` compares it with `parsePlain` under every flag on the fixtures'
/// vectors and on generated and mutated URIs.
enum CommonIntentURI {
    static func parse(_ uri: String) -> AndroidIntent? {
        // Filled in place by the pass over the bytes.
        var intent: AndroidIntent? = AndroidIntent(action: AndroidIntent.actionView)
        var reads = Reads(fallback: false)
        guard uri.utf8.withContiguousStorageIfAvailable({ fill(&intent, reads: &reads, bytes: $0, uri: uri) }) == true
        else { return nil }
        // Taken out: returned as it stood, it was copied (every field retained) and the copy kept.
        return intent.take()
    }

    /// `package` of `parse(uri)`, read without making the rest of the intent: `.some` the
    /// package (nil for none) where `parse` answers, `.none` where the plain parser is to.
    /// (No intent at all: an empty one made and destroyed cost a retain and a release of each of
    /// its fields, some 150 instructions a call, 2,609 calls on 100 pages of `intent:` links,
    /// Benchmarks/README.md, issue 17.)
    static func package(of uri: String) -> String?? {
        reads(of: uri, fallback: false).map { $0.package }
    }

    /// `parse(uri)?.stringExtra(IntentSanitizer.browserFallbackURLExtra)`, read without making
    /// the rest of the intent: `.some` the fallback (nil for none, or an extra of that name that
    /// is not a String) where `parse` answers, `.none` where the plain parser is to. The check
    /// FALLBACK_NOT_USED reads it of each row's `intent:` link: the whole intent made and
    /// destroyed for it cost some 6,900 instructions a time (Benchmarks/README.md, issue 17).
    static func browserFallbackURL(of uri: String) -> String?? {
        reads(of: uri, fallback: true).map { $0.fallback }
    }

    /// One pass over `uri` with no intent made: what it read, or nil where the plain parser is to answer.
    private static func reads(of uri: String, fallback: Bool) -> Reads? {
        var none: AndroidIntent?
        var reads = Reads(fallback: fallback)
        guard uri.utf8.withContiguousStorageIfAvailable({ fill(&none, reads: &reads, bytes: $0, uri: uri) }) == true
        else { return nil }
        return reads
    }

    /// What a pass without an intent keeps: `package=`'s value, and (`wantsFallback`) the
    /// last `S.`, `B.` or `i.` extra named `browser_fallback_url` as a String extra reads.
    private struct Reads {
        let wantsFallback: Bool
        var package: String?
        var fallback: String?

        init(fallback: Bool) { wantsFallback = fallback }
    }

    private static let ascii = (
        intent: Array("intent:".utf8), marker: Array("#Intent;".utf8),
        action: Array("action".utf8), category: Array("category".utf8), type: Array("type".utf8),
        identifier: Array("identifier".utf8), package: Array("package".utf8),
        component: Array("component".utf8), scheme: Array("scheme".utf8),
        fallback: Array(IntentSanitizer.browserFallbackURLExtra.utf8))

    /// Values and extra names pages write again and again, given as the constants they equal
    /// (no string made for them).
    private static let constants = [AndroidIntent.actionView, IntentSanitizer.browserFallbackURLExtra,
                                    ChromeIntentFields.marketReferrerExtra].map { (bytes: Array($0.utf8), text: $0) }

    /// Sets `intent` (a VIEW intent, as `parseUri` starts) from the URI's bytes; false where
    /// the plain parser is to read the URI (`intent` is then to be dropped). No intent
    /// (`packageOnly`): every item read and checked as for the whole intent, but only `reads` set.
    private static func fill(_ intent: inout AndroidIntent?, reads: inout Reads, bytes b: UnsafeBufferPointer<UInt8>,
                             uri: String) -> Bool {
        let packageOnly = intent == nil
        let n = b.count
        guard let base = b.baseAddress, starts(b, 0, ascii.intent), isASCII(b) else { return false }
        // `#`: the last one, as `lastIndexOf` (a URI has few: `memchr` from each to the next,
        // not a byte loop back from the end, some 450 instructions a URI).
        var hash = -1
        while hash + 1 < n, let found = memchr(base + hash + 1, 0x23, n - hash - 1) {
            hash = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        if hash < 7 {
            if !packageOnly { intent!.data = uri }
            return true
        }
        guard starts(b, hash, ascii.marker) else { return false }
        var scheme: String?
        var i = hash + 8
        // Java's loop: `while (!uri.startsWith("end", i))`.
        while !(i + 3 <= n && b[i] == 0x65 && b[i + 1] == 0x6E && b[i + 2] == 0x64) {
            guard i < n, let semiAt = memchr(base + i, 0x3B, n - i) else { return false }   // "uri end not found"
            let semi = base.distance(to: semiAt.assumingMemoryBound(to: UInt8.self))
            // `=`: the first from `i`, as `indexOf`; within the item.
            guard let eqAt = memchr(base + i, 0x3D, semi - i) else { return false }
            let eq = base.distance(to: eqAt.assumingMemoryBound(to: UInt8.self))
            if packageOnly {
                // A value made only where it is kept (`package=`) or checked (an `i.` number
                // `int` does not read).
                switch b[i] {
                case 0x70 where name(b, i, eq, ascii.package): reads.package = decoded(b, eq + 1, semi)
                case 0x61 where name(b, i, eq, ascii.action), 0x63 where name(b, i, eq, ascii.category),
                     0x74 where name(b, i, eq, ascii.type), 0x69 where name(b, i, eq, ascii.identifier),
                     0x63 where name(b, i, eq, ascii.component), 0x73 where name(b, i, eq, ascii.scheme):
                    break
                case 0x53 where b[i + 1] == 0x2E, 0x42 where b[i + 1] == 0x2E:
                    if reads.wantsFallback, isFallback(b, i + 2, eq) {
                        reads.fallback = b[i] == 0x53 ? decoded(b, eq + 1, semi) : nil
                    }
                case 0x69 where b[i + 1] == 0x2E:
                    guard int(b, eq + 1, semi) != nil || (try? JavaNumbers.parseInt(decoded(b, eq + 1, semi))) != nil
                    else { return false }
                    if reads.wantsFallback, isFallback(b, i + 2, eq) { reads.fallback = nil }
                default:
                    return false
                }
                i = semi + 1
                continue
            }
            let value = decoded(b, eq + 1, semi)
            switch b[i] {
            case 0x61 where name(b, i, eq, ascii.action): intent!.action = value
            case 0x63 where name(b, i, eq, ascii.category): intent!.addCategory(value)
            case 0x74 where name(b, i, eq, ascii.type): intent!.type = value
            case 0x69 where name(b, i, eq, ascii.identifier): intent!.identifier = value
            case 0x70 where name(b, i, eq, ascii.package): intent!.package = value
            case 0x63 where name(b, i, eq, ascii.component): intent!.component = component(value)
            case 0x73 where name(b, i, eq, ascii.scheme): scheme = value
            case 0x53, 0x42, 0x69:   // S. B. i.
                guard b[i + 1] == 0x2E else { return false }
                let extra: IntentExtra
                switch b[i] {
                case 0x53: extra = .string(value)
                case 0x42: extra = .boolean(JavaNumbers.parseBoolean(value))
                default:
                    guard let number = int(b, eq + 1, semi) ?? (try? JavaNumbers.parseInt(value)) else { return false }
                    extra = .int(number)
                }
                intent!.extras[decoded(b, i + 2, eq)] = extra
            default:
                return false
            }
            i = semi + 1
        }
        if packageOnly { return true }
        // The data: `intent:`'s rest before the `#`, after `scheme` and `:` when one was named.
        let rest = UnsafeBufferPointer(rebasing: b[7..<hash])
        var data: String
        if let scheme {
            var scheme = scheme
            data = scheme.withUTF8 { named in
                String(unsafeUninitializedCapacity: named.count + 1 + rest.count) { out in
                    _ = out.initialize(from: named)
                    out[named.count] = 0x3A
                    _ = UnsafeMutableBufferPointer(rebasing: out[(named.count + 1)...]).initialize(from: rest)
                    return named.count + 1 + rest.count
                }
            }
        } else {
            data = String(decoding: rest, as: UTF8.self)
        }
        if !data.isEmpty { intent!.data = data }
        return true
    }

    /// Every byte below 0x80, eight at a time. `IntentShape` asks the same of a URI, so a
    /// shape is written exactly where this pass would parse.
    static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        ASCIIBytes.all(b)
    }

    /// `ComponentName.unflatten` of an ASCII value on its bytes: `pkg/cls` is the value
    /// itself, `pkg/.Cls` the class made whole; anything else is `ComponentName`'s.
    static func component(_ value: String) -> String? {
        var bytes = value
        let made: String?? = bytes.withUTF8 { v -> String?? in
            guard isASCII(v), let slash = v.firstIndex(of: 0x2F) else { return .none }
            guard slash + 1 < v.count else { return .some(nil) }
            guard v[slash + 1] == 0x2E else { return .some(value) }
            let package = UnsafeBufferPointer(rebasing: v[..<slash])
            let count = v.count + package.count
            return .some(String(unsafeUninitializedCapacity: count) { out in
                _ = out.initialize(from: UnsafeBufferPointer(rebasing: v[...slash]))
                _ = UnsafeMutableBufferPointer(rebasing: out[(slash + 1)...]).initialize(from: package)
                _ = UnsafeMutableBufferPointer(rebasing: out[(slash + 1 + package.count)...])
                    .initialize(from: UnsafeBufferPointer(rebasing: v[(slash + 1)...]))
                return count
            })
        }
        return made ?? ComponentName.unflatten(value)
    }

    private static func starts(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ prefix: [UInt8]) -> Bool {
        guard at + prefix.count <= b.count else { return false }
        for k in prefix.indices where b[at + k] != prefix[k] { return false }
        return true
    }

    /// Whether an extra's name, `b[from..<eq]`, decodes to `browser_fallback_url` (the key the
    /// whole parse sets, `decoded`; a name without `%` is its bytes).
    private static func isFallback(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ eq: Int) -> Bool {
        guard memchr(b.baseAddress! + from, 0x25, eq - from) != nil else { return name(b, from, eq, ascii.fallback) }
        return decoded(b, from, eq) == IntentSanitizer.browserFallbackURLExtra
    }

    /// Whether the item's name, `b[from..<eq]`, is `word`.
    private static func name(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ eq: Int, _ word: [UInt8]) -> Bool {
        eq - from == word.count && starts(b, from, word)
    }

    /// `Integer.parseInt` of `b[from..<to]` when it is `-` or nothing and one to nine ASCII
    /// digits (no overflow); nil for anything else, which `JavaNumbers.parseInt` then reads.
    static func int(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int32? {
        let negative = from < to && b[from] == 0x2D
        let start = negative ? from + 1 : from
        guard to > start, to - start <= 9 else { return nil }
        var value: Int32 = 0
        for k in start..<to {
            let digit = b[k] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int32(digit)
        }
        return negative ? -value : value
    }

    /// `Uri.decode` of `b[from..<to]` (ASCII): the bytes as they are without a `%`; each `%XX`
    /// as its byte when every escape is two hex digits of an ASCII byte; otherwise
    /// `AndroidUriCodec.decode` itself (ill-formed escapes and UTF-8 runs have its quirks).
    static func decoded(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        let text = UnsafeBufferPointer(rebasing: b[from..<to])
        guard text.contains(0x25) else {
            for constant in constants where constant.bytes.count == text.count
                && constant.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }) {
                return constant.text
            }
            return String(decoding: text, as: UTF8.self)
        }
        var plain = true
        let made = String(unsafeUninitializedCapacity: text.count) { out in
            var k = 0, o = 0
            while k < text.count {
                let c = text[k]
                if c != 0x25 {
                    out[o] = c
                    k += 1
                } else {
                    guard k + 2 < text.count, let high = hex(text[k + 1]), high < 8, let low = hex(text[k + 2]) else {
                        plain = false
                        return 0
                    }
                    out[o] = high << 4 | low
                    k += 3
                }
                o += 1
            }
            return o
        }
        return plain ? made : AndroidUriCodec.decode(String(decoding: text, as: UTF8.self))
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
