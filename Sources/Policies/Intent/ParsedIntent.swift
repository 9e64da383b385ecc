/// `Intent.parseUri(uri, URI_INTENT_SCHEME)` of one link on the request's device, done once
/// and handed to every Android profile that reads it (Chrome, the PayerMax guide's client,
/// WebView without a client) — an `intent:` URI used to be parsed once per profile, and once
/// more for the launch-flags boundary. A reference, so requests share it with one retain.
final class ParsedIntent: Sendable {
    /// The parsed intent, or why `parseUri` threw (the description a verdict quotes).
    let result: Result<AndroidIntent, Failure>
    /// Whether that answer rests on `AndroidAssumptions.unsignedLaunchFlags` (the parse would
    /// go the other way with the other reading of `launchFlags=`).
    let restsOnLaunchFlags: Bool

    /// What the classifier's key and quotes read of the intent, read once here:
    /// `S.browser_fallback_url` as a String extra, `S.market_referrer` as Chrome reads it
    /// (`ChromeIntentFields.marketReferrer`), `package=`; nil for a URI that does not parse.
    let fallbackURL: String?
    let marketReferrer: String?
    let package: String?

    struct Failure: Error, Sendable {
        let description: String
    }

    convenience init(_ uri: String, on device: DeviceProfile) {
        self.init(uri, flags: device.intentParseFlags)
    }

    /// The parse with a device's `intentParseFlags`.
    init(_ uri: String, flags: IntentParseFlags) {
        // A URI of the common shape parses alike under any flags (`CommonIntentURI`): its
        // answer rests on no reading of `launchFlags`.
        if let common = CommonIntentURI.parse(uri) {
            result = .success(common)
            restsOnLaunchFlags = false
            (fallbackURL, marketReferrer, package) = Self.read(common)
            return
        }
        do {
            result = .success(try IntentParseMemo.shared.parse(uri, flags: flags))
        } catch {
            result = .failure(Failure(description: (error as? IntentURIError)?.description ?? String(describing: error)))
        }
        let parsed: Bool
        if case .success = result { parsed = true } else { parsed = false }
        restsOnLaunchFlags = AndroidAssumptions.launchFlagsBoundary(uri, flags: flags, parsed: parsed)
        if case .success(let intent) = result {
            (fallbackURL, marketReferrer, package) = Self.read(intent)
        } else {
            (fallbackURL, marketReferrer, package) = (nil, nil, nil)
        }
    }

    private static func read(_ intent: AndroidIntent) -> (String?, String?, String?) {
        (intent.stringExtra(IntentSanitizer.browserFallbackURLExtra), ChromeIntentFields.marketReferrer(of: intent),
         intent.package)
    }
}

extension PolicyRequest {
    /// The request's URL as `Intent.parseUri` reads it on the device: the classifier's parse
    /// when it made one for this link, a new one otherwise (a request built by hand).
    var parsedIntent: ParsedIntent {
        intent ?? ParsedIntent(urlString, on: device)
    }
}
