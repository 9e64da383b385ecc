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

    /// Whether `uri` has a `launchFlags`/`extendedLaunchFlags` item's name in it.
    static func mentionsLaunchFlags(_ uri: String) -> Bool {
        let needle = Array("aunchFlags".utf8)
        var uri = uri
        return uri.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var i = 0
            while i + needle.count <= bytes.count {
                if bytes[i] == 0x61, bytes[i + 1] == 0x75 {  // "au"
                    var k = 2
                    while k < needle.count, bytes[i + k] == needle[k] { k += 1 }
                    if k == needle.count { return true }
                }
                i += 1
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
