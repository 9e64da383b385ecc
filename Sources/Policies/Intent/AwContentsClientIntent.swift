/// What Android WebView does with an `intent:` (or any) URL when the app set *no*
/// `WebViewClient` (`AwContentsClient.sendBrowsingIntent`, Docs/PLATFORM.md §A.4): parse with
/// URI_INTENT_SCHEME, force BROWSABLE, clear component and selector, tag the embedder's
/// package — and **no** flag mask and no fallback handling (those are Chrome features).
public enum AwContentsClientIntent {
    /// `Browser.EXTRA_APPLICATION_ID`.
    public static let applicationIDExtra = "com.android.browser.application_id"

    public static func launchIntent(
        _ parsed: AndroidIntent, embedderPackage: String
    ) -> (intent: AndroidIntent, stripped: [StrippedIntentField]) {
        var intent = parsed
        var stripped: [StrippedIntentField] = []
        intent.addCategory(AndroidIntent.categoryBrowsable)
        if let component = intent.component { stripped.append(.component(component)) }
        if intent.selector != nil { stripped.append(.selector) }
        intent.component = nil
        intent.selector = nil
        intent.extras[applicationIDExtra] = .string(embedderPackage)
        return (intent, stripped)
    }
}
