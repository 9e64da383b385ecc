import Foundation
import LinkAuditModel

/// What the profiles and checks read of a parsed `intent:` URI, as its memo key
/// (`DecisionKey.Target.intent`): the intent `Intent.parseUri` gave, with the parts that
/// carry a link's own values (an order number in the data path, an `S.market_referrer`, an
/// `i.amount=` extra) reduced to what is read of them. Every `intent:` link of a checkout
/// page is its own URI, so keyed whole it was decided by every profile and judged by every
/// check once per link (Benchmarks/README.md, issue 17).
///
/// What is read of a parsed intent, and how it is kept here:
/// - action, type, identifier, package, component, categories, flags, extended flags, source
///   bounds and selector: as parsed (resolution reads them — `AndroidResolution.intent`,
///   `IntentFilter.matches` —, a verdict's `stripped` spells component, flags and selector);
/// - the data URI: resolution reads its scheme (`AndroidUriParts`), and its host, port and
///   path only in a filter that lists that scheme with hosts (`IntentFilter.matchData`; an
///   http(s) filter also for App Link verification, `DeviceProfile.verifying`); Chrome reads
///   its scheme (`disallowedScheme`, `isWebScheme`). So it is kept whole for http(s) data and
///   for a scheme some app's filter names hosts for (`TargetReading.readsDataWhole`), its
///   scheme alone otherwise; no verdict quotes it;
/// - extras: only `S.browser_fallback_url` and `S.market_referrer` are read (Chrome,
///   the PayerMax guide's client, FALLBACK_NOT_USED); the fallback by the tests each reader
///   makes of it — Chrome's `ChromeFallbackURL.isValidHTTP`, the client's and the check's
///   `IntentSanitizer.isHttpURL` — and whole when Chrome reads it further (a Play Store
///   details page, `ChromeFallbackURL.playStoreDetails`); the referrer by whether Chrome has
///   one (`ChromeIntentFields.marketReferrer`). Their values are quoted by verdicts alone
///   (`fallbackURL`, `ignoredFallbackURL`, Chrome's Play Store `target`): `IntentQuotes`
///   puts each link's own back.
///
/// A URI that fails to parse (the error is quoted), or that names `launchFlags` (its parse
/// depends on the device's reading of them, `IntentParseMemo.flagsRead`), has no key here:
/// it is read whole, as is every `intent:` link when some profile reads its URL beyond the
/// scheme (`TargetReading`). `DecisionMemoTests` compares the memo on and off over the
/// fixtures' URIs and the benchmark corpus's shapes.
struct IntentKey: Hashable {
    /// What is read of the data URI.
    enum Data: Hashable {
        case none
        case whole(String)
        /// `AndroidIntent.scheme` alone.
        case scheme(String)
    }

    /// What is read of `S.browser_fallback_url` (a String extra; another type is no fallback).
    enum Fallback: Hashable {
        case none
        case tested(validHTTP: Bool, httpPrefix: Bool)
        case whole(String)
    }

    var action: String?
    var data: Data
    var type: String?
    var identifier: String?
    var package: String?
    var component: String?
    var categories: [String]
    var flags: Int32
    var extendedFlags: Int32
    var fallback: Fallback
    var hasMarketReferrer: Bool
    var rest: Compared

    /// Source bounds and selector, compared whole (`==`), hashed by their presence: rare, and
    /// not `Hashable`.
    struct Compared: Hashable {
        let sourceBounds: SourceBounds?
        let selector: AndroidIntent?

        func hash(into hasher: inout Hasher) {
            hasher.combine((sourceBounds == nil ? 0 : 1) | (selector == nil ? 0 : 2))
        }
    }

    /// One hash of every field, each string by its length and first and last eight bytes
    /// (`TextBytes.hash`), folded into one `combine`: the synthesized hash ran each string's
    /// every byte through SipHash, some 2,000 instructions an `intent:` link for the memo's
    /// lookup (Benchmarks/README.md, issue 17). Equality stays the synthesized `==`, so keys
    /// whose strings share ends are still told apart. `IntentKeyTests` holds equal keys to
    /// equal hashes and the memo on and off to the same verdicts (`DecisionMemoTests`).
    func hash(into hasher: inout Hasher) {
        hasher.combine(folded)
    }

    var folded: UInt64 {
        func text(_ s: String?) -> UInt64 { s.map(TextBytes.hash) ?? 0x5A }
        var h = TextBytes.mix(text(action), text(type))
        switch data {
        case .none: h = TextBytes.mix(h, 1)
        case .whole(let s): h = TextBytes.mix(h, TextBytes.mix(2, TextBytes.hash(s)))
        case .scheme(let s): h = TextBytes.mix(h, TextBytes.mix(3, TextBytes.hash(s)))
        }
        h = TextBytes.mix(h, TextBytes.mix(text(identifier), text(package)))
        h = TextBytes.mix(h, text(component))
        for category in categories { h = TextBytes.mix(h, TextBytes.hash(category)) }
        h = TextBytes.mix(h, UInt64(UInt32(bitPattern: flags)) << 32 | UInt64(UInt32(bitPattern: extendedFlags)))
        switch fallback {
        case .none: h = TextBytes.mix(h, 4)
        case .tested(let valid, let prefix): h = TextBytes.mix(h, 5 | (valid ? 8 : 0) | (prefix ? 16 : 0))
        case .whole(let s): h = TextBytes.mix(h, TextBytes.mix(6, TextBytes.hash(s)))
        }
        return TextBytes.mix(h, (hasMarketReferrer ? 1 : 0) | (rest.sourceBounds == nil ? 0 : 2) | (rest.selector == nil ? 0 : 4))
    }

    /// A key held by reference with its hash (`folded`) made once: the memo's lookup hashes
    /// and compares it without copying its strings out (a copy retained and released each).
    /// Equal exactly when the keys are equal.
    final class Shared: Hashable {
        let key: IntentKey
        let folded: UInt64

        init(_ key: consuming IntentKey) {
            folded = key.folded
            self.key = key   // moved in, not copied string by string
        }

        static func == (a: Shared, b: Shared) -> Bool {
            a === b || (a.folded == b.folded && a.key == b.key)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(folded)
        }
    }

    /// The key of `uri`'s parse, nil when it is to be read whole. `readsDataWhole`: whether a
    /// data URI of this scheme is read beyond its scheme on the run's device.
    init?(_ parse: ParsedIntent, uri: String, readsDataWhole: (String) -> Bool) {
        guard case .success(let intent) = parse.result, !parse.restsOnLaunchFlags,
              !IntentParseMemo.mentionsLaunchFlags(uri) else { return nil }
        action = intent.action
        if let data = intent.data {
            if let scheme = Self.scheme(of: data), !scheme.isEmpty, !readsDataWhole(scheme) {
                self.data = .scheme(scheme)
            } else {
                self.data = .whole(data)
            }
        } else {
            data = .none
        }
        type = intent.type
        identifier = intent.identifier
        package = intent.package
        component = intent.component
        categories = intent.categories
        flags = intent.flags
        extendedFlags = intent.extendedFlags
        if let raw = parse.fallbackURL {
            fallback = FallbackReadings.shared.reading(raw)
        } else {
            fallback = .none
        }
        hasMarketReferrer = parse.marketReferrer != nil
        rest = Compared(sourceBounds: intent.sourceBounds, selector: intent.selector)
    }
}

extension IntentKey {
    /// What is read of a fallback URL, the plain way: `isValidHTTP` is `parts != nil`;
    /// `playStoreDetails` reads on only for this host and path (kept whole then, whether or
    /// not it finds an `id`).
    static func fallback(_ raw: String) -> Fallback {
        let parts = ChromeFallbackURL.parts(raw)
        return parts.map { $0.host == "play.google.com" && $0.path.hasPrefix("/store/apps/details") } == true
            ? .whole(raw) : .tested(validHTTP: parts != nil, httpPrefix: IntentSanitizer.isHttpURL(raw))
    }
}

/// `IntentKey.fallback` of the fallback URLs read last: a checkout page's `intent:` links
/// carry a handful of fallback URLs between them, and parsing one as Chrome does
/// (`ChromeFallbackURL.parts`) was some 7,000 instructions — 3,300 an `intent:` link of the
/// benchmark's corpus (Benchmarks/README.md, issue 17). A pure function of the string, so an
/// answer is given back as it was made. Shared by the workers behind a lock; bounded: past
/// `limit` URLs it starts afresh. `IntentKeyTests` compares it with `IntentKey.fallback`.
final class FallbackReadings: @unchecked Sendable {
    static let shared = FallbackReadings()
    static let limit = 1_024

    private let lock = NSLock()
    private var answers: [String: IntentKey.Fallback] = [:]

    /// The URLs known now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return answers.count
    }

    func reading(_ raw: String) -> IntentKey.Fallback {
        lock.lock()
        let known = answers[raw]
        lock.unlock()
        if let known { return known }
        let made = IntentKey.fallback(raw)
        lock.lock()
        if answers.count >= Self.limit { answers.removeAll(keepingCapacity: true) }
        answers[raw] = made
        lock.unlock()
        return made
    }
}

extension IntentKey {
    /// `AndroidIntent.scheme` (`AndroidUriParts.scheme`: the UTF-16 units before the first
    /// `:`) read on the UTF-8 bytes: `:` is ASCII and never inside another character's
    /// bytes, so the text before the first `:` byte is the same text.
    static func scheme(of data: String) -> String? {
        // On the contiguous bytes (a native string's): a String made from them, not a Substring.
        if let made = data.utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<colon]), as: UTF8.self)
        }) {
            return made
        }
        guard let colon = data.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return String(data[..<colon])
    }
}

/// A link's own values that its verdicts quote where its `IntentKey` keeps only what is read
/// of them: the raw `S.browser_fallback_url` (Chrome's and the PayerMax guide client's
/// `fallbackURL`, their `ignoredFallbackURL`) and Chrome's Play Store URL for `package=`
/// with the link's `S.market_referrer` (its `target` for `intent-package-to-store`). A
/// verdict decided for another link of the same key is this link's once these are put back
/// (`apply`): every one of those details is set from these values and nothing else.
struct IntentQuotes: Equatable {
    let fallback: String?
    /// `package=` and `S.market_referrer`, when there is a referrer.
    let market: (package: String?, referrer: String)?

    static func == (a: IntentQuotes, b: IntentQuotes) -> Bool {
        a.fallback == b.fallback && a.market?.package == b.market?.package && a.market?.referrer == b.market?.referrer
            && (a.market == nil) == (b.market == nil)
    }

    /// Nil when the intent carries neither: its verdicts quote nothing of its own.
    init?(_ intent: AndroidIntent) {
        fallback = intent.stringExtra(IntentSanitizer.browserFallbackURLExtra)
        market = ChromeIntentFields.marketReferrer(of: intent).map { (intent.package, $0) }
        if fallback == nil, market == nil { return nil }
    }

    /// A link's values given one by one (a link found by its shape, `IntentShape`).
    init(fallback: String?, market: (package: String?, referrer: String)?) {
        self.fallback = fallback
        self.market = market
    }

    /// `init(_:)` of a parse's intent, from the values the parse read of it once.
    init?(_ parse: ParsedIntent) {
        fallback = parse.fallbackURL
        market = parse.marketReferrer.map { (parse.package, $0) }
        if fallback == nil, market == nil { return nil }
    }

    /// What of a verdict `apply` can rewrite (`Places`): read once per verdict the memo
    /// numbers (`DecisionMemo.places`), so that a link's verdict quoting none of this link's
    /// values is handed on without `apply`'s copy of its details.
    struct Places: OptionSet {
        let rawValue: UInt8
        static let fallback = Places(rawValue: 1)
        static let market = Places(rawValue: 2)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The places `apply` reads in `verdict`.
        init(_ verdict: Verdict) {
            var places: Places = []
            if let details = verdict.details {
                if details[VerdictDetail.fallbackURL] != nil || details[VerdictDetail.ignoredFallbackURL] != nil {
                    places.insert(.fallback)
                }
                if verdict.outcome == .appStore, verdict.reason == .intentPackageToStore, details[VerdictDetail.target] != nil {
                    places.insert(.market)
                }
            }
            self = places
        }
    }

    /// The places this link has values for: `apply` gives nil for a verdict with none of them.
    var places: Places {
        var places: Places = []
        if fallback != nil { places.insert(.fallback) }
        if market?.package != nil { places.insert(.market) }
        return places
    }

    /// The verdict with this link's values where it quotes them; nil when it quotes none.
    func apply(_ verdict: Verdict) -> Verdict? {
        guard var details = verdict.details else { return nil }
        var changed = false
        if let fallback {
            for key in [VerdictDetail.fallbackURL, VerdictDetail.ignoredFallbackURL] where details[key] != nil {
                details[key] = fallback
                changed = true
            }
        }
        if let package = market?.package, let referrer = market?.referrer, verdict.outcome == .appStore,
           verdict.reason == .intentPackageToStore, details[VerdictDetail.target] != nil {
            // `ChromeIntentFields.marketURL(embedderPackage:)` with a referrer (made only here:
            // the encoding is dear, and most links never take the Play Store route).
            details[VerdictDetail.target] = ChromeIntentFields.marketURL(package: package, referrer: referrer)
            changed = true
        }
        guard changed else { return nil }
        var copy = verdict
        copy.details = details
        return copy
    }
}
