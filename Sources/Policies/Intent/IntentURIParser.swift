/// A model of Android's `Intent.parseUri(uri, flags)` (AOSP `Intent.parseUriInternal`).
///
/// It follows the platform code step by step, including its accidents, because the question
/// this tool asks is "what does the phone do with this link", not "what did the author mean":
/// the fragment is found with the *last* `#`; items are matched by prefix; an item without `=`
/// reads as an empty value; the loop stops at anything starting with `end`; values and extra
/// keys are `Uri.decode`d (`+` is not a space). It includes the CVE-2024-40675 fix asserted by
/// CTS: an item with no `;` after it fails with "uri end not found" instead of looping.
public enum IntentURIParser {
    /// Parses like `Intent.parseUri(uri, flags)`; throws `IntentURIError` where Android throws.
    /// A URI of the common shape is read in one pass over its bytes (`CommonIntentURI`); the
    /// answer for any other URI read a moment ago comes from `IntentParseMemo` (one link is
    /// read by the classifier, a check and the scheme inventory); `parsePlain` is the parse itself.
    public static func parse(_ uri: String, flags: IntentParseFlags = .intentScheme) throws -> AndroidIntent {
        if let common = CommonIntentURI.parse(uri) { return common }
        return try IntentParseMemo.shared.parse(uri, flags: flags)
    }

    /// `try parse(uri, flags: .intentScheme).package` (the package Android resolves an
    /// `intent:` link to, as the report's scheme inventory names it), read without making the
    /// rest of the intent where the URI has the common shape (`CommonIntentURI`).
    public static func package(of uri: String) throws -> String? {
        if case .some(let package) = CommonIntentURI.package(of: uri) { return package }
        return try parse(uri, flags: .intentScheme).package
    }

    /// `try parse(uri, flags: .intentScheme).stringExtra(IntentSanitizer.browserFallbackURLExtra)`
    /// (the fallback FALLBACK_NOT_USED reads), read without making the rest of the intent where
    /// the URI has the common shape (`CommonIntentURI`).
    public static func browserFallbackURL(of uri: String) throws -> String? {
        if case .some(let fallback) = CommonIntentURI.browserFallbackURL(of: uri) { return fallback }
        return try parse(uri, flags: .intentScheme).stringExtra(IntentSanitizer.browserFallbackURLExtra)
    }

    /// `parse` without the memo.
    static func parsePlain(_ uri: String, flags: IntentParseFlags) throws -> AndroidIntent {
        let s = JavaString(uri)
        var position = 0   // Java's `i`, reported when an index goes out of bounds
        do {
            let androidApp = s.startsWith("android-app:", at: 0)
            if !flags.isDisjoint(with: [.intentScheme, .androidAppScheme]),
               !s.startsWith("intent:", at: 0), !androidApp {
                return AndroidIntent(action: AndroidIntent.actionView, data: uri)
            }
            position = s.lastIndexOf("#")
            if position == -1 {
                if !androidApp { return AndroidIntent(action: AndroidIntent.actionView, data: uri) }
            } else if !s.startsWith("#Intent;", at: position) {
                if !androidApp { return try LegacyIntentURIParser.parse(s, flags: flags) }
                position = -1   // android-app: keeps a plain fragment as part of its data
            }
            var items = IntentItemParser(s: s, flags: flags)
            var data = uri
            // The data is `s` up to `dataEnd`: its prefix tests and its tail are `s`'s.
            var dataEnd = s.count
            if position >= 0 {
                data = try s.substring(0, position)
                dataEnd = position
                position += 8   // "#Intent;"
            }
            try items.run(from: &position)
            var intent = items.result()
            // Prefix tests on UTF-16, as Java does.
            if dataEnd >= 7, s.startsWith("intent:", at: 0) {
                data = try s.substring(7, dataEnd)
                if let scheme = items.scheme { data = scheme + ":" + data }
            } else if dataEnd >= 12, androidApp {
                data = try AndroidAppData.apply(JavaString(data), scheme: items.scheme,
                                                explicitAction: items.explicitAction, to: &intent)
            }
            if !data.isEmpty { intent.data = data }
            return intent
        } catch let oob as IntentItemParser.OutOfBounds {
            throw IntentURIError.illegalFormat(oob.reason, at: position)
        } catch is JavaIndexOutOfBounds {
            throw IntentURIError.illegalFormat("index out of bounds (malformed android-app: or legacy URI)", at: position)
        }
    }
}
