import Foundation

/// `IntentURIParser.parsePlain`'s answers for the URIs read last. One `intent:` link is read
/// by the classifier (`ParsedIntent`, once for every profile), by FALLBACK_NOT_USED and by
/// the report's scheme inventory, each a parse of some 25,000 instructions on a checkout
/// page's URIs (Benchmarks/README.md, issue 17); here the second and third are a lookup.
/// The parse is a pure function of the URI and the flags, and an answer — the intent or the
/// error — is given back as it was made. Shared by the workers behind a lock; bounded: past
/// `limit` URIs it starts afresh. `IntentParseMemoTests` compares it with the plain parse.
final class IntentParseMemo: @unchecked Sendable {
    static let shared = IntentParseMemo()
    static let limit = 4_096

    private let lock = NSLock()
    private var answers: [Key: Result<AndroidIntent, any Error>] = [:]

    private struct Key: Hashable {
        let uri: String
        let flags: IntentParseFlags
    }

    /// The flags the parse of `uri` can tell apart: `signedLaunchFlags` and `allowUnsafe` are
    /// read only inside a `launchFlags`/`extendedLaunchFlags` item (`IntentItemParser`,
    /// `LegacyIntentURIParser`), so a URI without "aunchFlags" parses alike under any of
    /// them — the device's flags (the classifier) and the default ones (a check, the scheme
    /// inventory) share an answer.
    static func flagsRead(_ flags: IntentParseFlags, by uri: String) -> IntentParseFlags {
        if mentionsLaunchFlags(uri) { return flags }
        return flags.intersection([.intentScheme, .androidAppScheme])
    }

    /// Whether `uri` has a `launchFlags`/`extendedLaunchFlags` item's name in it: each `F`
    /// found (`memchr`; a URI has few) checked for "aunch" before it and "lags" after.
    static func mentionsLaunchFlags(_ uri: String) -> Bool {
        var uri = uri
        return uri.withUTF8 { bytes in
            guard bytes.count >= 10, let base = bytes.baseAddress else { return false }
            var from = 5
            while from + 5 <= bytes.count,
                  let found = memchr(base + from, 0x46, bytes.count - 4 - from) {  // "F", with "lags" after it
                let f = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[f - 5] == 0x61, bytes[f - 4] == 0x75, bytes[f - 3] == 0x6E, bytes[f - 2] == 0x63,
                   bytes[f - 1] == 0x68, bytes[f + 1] == 0x6C, bytes[f + 2] == 0x61, bytes[f + 3] == 0x67,
                   bytes[f + 4] == 0x73 {  // "aunch" F "lags"
                    return true
                }
                from = f + 1
            }
            return false
        }
    }

    /// The URIs known now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return answers.count
    }

    func parse(_ uri: String, flags: IntentParseFlags) throws -> AndroidIntent {
        let key = Key(uri: uri, flags: Self.flagsRead(flags, by: uri))
        lock.lock()
        let known = answers[key]
        lock.unlock()
        if let known { return try known.get() }
        let answer: Result<AndroidIntent, any Error>
        do {
            answer = .success(try IntentURIParser.parsePlain(uri, flags: flags))
        } catch {
            answer = .failure(error)
        }
        lock.lock()
        if answers.count >= Self.limit { answers.removeAll(keepingCapacity: true) }
        answers[key] = answer
        lock.unlock()
        return try answer.get()
    }
}
