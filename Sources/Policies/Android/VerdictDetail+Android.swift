import LinkAuditModel

/// Detail keys the Android profiles add to the shared `VerdictDetail` set.
extension VerdictDetail {
    /// What let the PayerMax guide's client act: `gesture`, `redirect`, `activation` (its 10 s window
    /// after the last touch) or `not-required` (`requireUserGesture = false`).
    public static let allowedBy = "allowedBy"
    /// Why `Intent.parseUri` rejected the `intent:` URI (the parser's reason).
    public static let parseError = "parseError"
    /// An `S.browser_fallback_url` that was there but not used (not http(s)).
    public static let ignoredFallbackURL = "ignoredFallbackURL"
    /// The packages a chooser or prompt offers, comma-separated.
    public static let candidates = "candidates"
    /// "true" when the WebView goes on to load the URL after the guide client's `onOpenFailed`.
    public static let webViewLoads = "webViewLoads"

    /// The `candidates` value: packages in resolution order.
    static func packageList(_ activities: [ResolvedActivity]) -> String {
        activities.map(\.package).joined(separator: ",")
    }

    /// The `stripped` value, nil when nothing was removed.
    static func strippedList(_ fields: [StrippedIntentField]) -> String? {
        fields.isEmpty ? nil : fields.map(\.description).joined(separator: ", ")
    }
}

extension Verdict {
    /// The verdict with one more detail; a nil value leaves it unchanged.
    func with(_ key: String, _ value: String?) -> Verdict {
        guard let value else { return self }
        var copy = self
        copy.details = (details ?? [:]).merging([key: value]) { _, new in new }
        return copy
    }

    /// The verdict resting on one more named assumption (several are joined with "; ").
    func assuming(_ assumption: String) -> Verdict {
        let existing = details?[VerdictDetail.assumption]
        return with(VerdictDetail.assumption, existing.map { $0 + "; " + assumption } ?? assumption)
    }

    func withReason(_ reason: Reason) -> Verdict {
        var copy = self
        copy.reason = reason
        return copy
    }
}
