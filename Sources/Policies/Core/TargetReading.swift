import LinkAuditModel
import WHATWGURL

/// How much of a link's URL the run's profiles can read on its device, worked out once per
/// run, so that a link's memo key (`DecisionKey`) holds what can change a verdict and no
/// more. Every profile reads a link's scheme; beyond it:
/// - an http(s) URL is read for its host and path only by an app that can claim it (an App
///   Link or intent filter naming hosts, a Universal Link, a fetched association file) and by
///   `ios-strict` on its associated domain and partner hosts — otherwise only how it stands to
///   the page's host matters;
/// - a `file:` URL is read for WebView's own assets (`file:///android_asset/`, `…/android_res/`)
///   and, by the iOS SDK, for whether it lies in the current file page's directory — unless an
///   app filter names hosts for `file` or `ios-strict` validates it;
/// - any other scheme is read by its name alone, unless an app's intent filter names hosts for
///   it (Android then matches host and path) or `ios-strict` allows it (its validator reads
///   host, path and query);
/// - an `intent:` URI is read as `Intent.parseUri` gives it, with a link's own parts reduced
///   to what the profiles read of them (`IntentKey`: the data URI by its scheme unless an
///   app's filter names hosts for that scheme or it is http(s), the fallback URL by the tests
///   made of it), unless an app filter names hosts for `intent` itself or `ios-strict` allows
///   it (the iOS profiles read it as a custom scheme, by its name alone otherwise);
/// - `android-app:` URIs are read whole (the PayerMax guide's client resolves the URL as
///   written), as is a target that does not parse or an `intent:` with no `IntentKey`.
/// A test compares every verdict and finding with the memo on and off over the fixtures and
/// generated links of every kind, on devices and options that make each rule above matter.
struct TargetReading: Sendable {
    /// False when a profile is not one of the registered ones: nothing is known of what it
    /// reads, so nothing is remembered.
    let known: Bool
    /// No app and no association file can tell one http(s) URL from another.
    let webUnclaimed: Bool
    /// `ios-strict`'s associated domain and partner hosts (it compares the lower-cased host).
    let strictHosts: Set<String>
    /// Schemes whose URLs are read whole (lower-cased).
    let wholeSchemes: Set<String>
    /// The device's flags, for parsing an `intent:` link as its profiles parse it (the flags
    /// alone: the reading is copied for every link, and a device is large).
    let intentParseFlags: IntentParseFlags

    init(profiles: [any RuntimeProfile], device: DeviceProfile, options: ProfileOptions) {
        let registered = Dictionary(ProfileRegistry.all.map { ($0.name, ObjectIdentifier(type(of: $0))) },
                                    uniquingKeysWith: { first, _ in first })
        known = profiles.allSatisfy { registered[$0.name] == ObjectIdentifier(type(of: $0)) }
        var wholeSchemes = Set<String>()
        var webClaimed = device.siteAssociations != nil
        for app in device.apps {
            if !app.universalLinks.isEmpty { webClaimed = true }
            // Without hosts a filter takes every URL of its schemes alike (`IntentFilter.matchData`).
            for filter in app.allFilters where !filter.hosts.isEmpty {
                for scheme in filter.schemes { wholeSchemes.insert(scheme.lowercased()) }
            }
        }
        if wholeSchemes.contains("http") || wholeSchemes.contains("https") { webClaimed = true }
        webUnclaimed = !webClaimed
        if profiles.contains(where: { $0 is IOSStrictProfile }) {
            strictHosts = Set([options.iosStrict.associatedDomain] + options.iosStrict.partnerHosts)
            for scheme in options.iosStrict.allowedSchemes { wholeSchemes.insert(scheme.lowercased()) }
        } else {
            strictHosts = []
        }
        self.wholeSchemes = wholeSchemes
        intentParseFlags = device.intentParseFlags
    }

    /// Whether an `intent:` link is read by its `IntentKey` (`target`), so worth parsing
    /// before its key is made.
    func readsIntentKey(scheme: String) -> Bool {
        scheme == "intent" && known && !wholeSchemes.contains("intent")
    }

    /// Whether an intent's data URI of `scheme` (case as written) is read beyond its scheme:
    /// http(s) data (browsers, App Links and their verification) and a scheme an app's filter
    /// names hosts for (`IntentFilter.matchData` then reads host, port and path). Compared
    /// lower-cased, which can only keep more whole than the case-sensitive matching needs.
    func readsDataWhole(_ scheme: String) -> Bool {
        // An ASCII name lower-cases to as many bytes: one of neither four nor five is not
        // http(s), and with no scheme read whole nothing else is (no lower-cased copy a link).
        let count = scheme.utf8.count
        if wholeSchemes.isEmpty, count != 4, count != 5, scheme.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        let lower = scheme.lowercased()
        return lower == "http" || lower == "https" || wholeSchemes.contains(lower)
    }

    /// `readsDataWhole` of an ASCII scheme's bytes, without a String where no scheme is read
    /// whole but http(s) (the common run): compared with them, ASCII letters folded.
    func readsDataWhole(ascii scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        guard wholeSchemes.isEmpty else { return readsDataWhole(String(decoding: scheme, as: UTF8.self)) }
        return Self.isHTTP(ascii: scheme)
    }

    /// Whether an ASCII scheme's bytes are "http" or "https", ASCII letters folded: what
    /// `readsDataWhole(ascii:)` answers where no scheme is read whole.
    static func isHTTP(ascii scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        var word: UInt64 = 0
        for byte in scheme { word = word << 8 | UInt64(byte | 0x20) }   // only letters fold to these
        return word == 0x6874_7470 || word == 0x68_7474_7073   // "http", "https"
    }

    /// What of a target goes into its key (`DecisionKey.Link`): `url` parsed from
    /// `urlString`, `scheme` the navigation's, on `page`; `intent` the link's parse by
    /// `Intent.parseUri` on the device when the caller made it (parsed here otherwise).
    func target(url: WebURL?, urlString: String, scheme: String, page: PageContext,
                intent: ParsedIntent? = nil) -> DecisionKey.Target {
        guard let url else { return .whole(urlString) }
        switch url.kind {
        case .http, .https:
            guard webUnclaimed, url.hasScheme(scheme) else { return .whole(urlString) }
            if !strictHosts.isEmpty, strictHosts.contains((url.hostname ?? "").lowercased()) { return .whole(urlString) }
            return .web
        case .file:
            guard scheme == "file", wholeSchemes.isEmpty || !wholeSchemes.contains("file") else { return .whole(urlString) }
            var local = false
            if let path = page.filePath, let directory = page.fileDirectory {
                local = DeepLinkClassifier.isInLocalDirectory(FoundationURLPath.path(of: url), currentPath: path,
                                                              directory: directory)
            }
            return .file(asset: AndroidWebViewNoClientProfile.isWebViewAsset(urlString), local: local)
        case .ws, .wss, .ftp, .other:
            // (`intent:` is not a special scheme: a parsed `intent:` URL is `.other`.)
            if readsIntentKey(scheme: scheme) {
                guard url.hasScheme(scheme),
                      let key = IntentKey(intent ?? ParsedIntent(urlString, flags: intentParseFlags), uri: urlString,
                                          readsDataWhole: readsDataWhole) else { return .whole(urlString) }
                return .intent(IntentKey.Shared(key))
            }
            guard scheme != "intent", scheme != "android-app", wholeSchemes.isEmpty || !wholeSchemes.contains(scheme),
                  url.hasScheme(scheme) else { return .whole(urlString) }
            return .scheme
        }
    }
}
