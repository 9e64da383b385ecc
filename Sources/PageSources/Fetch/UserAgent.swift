import LinkAuditModel

/// `--user-agent`: a preset or a literal string. Checkout pages serve different HTML (and
/// `intent://` to Android, custom schemes to iOS) by user agent, so the preset follows the
/// profile audited: a page should be fetched as the runtime it is judged under.
public enum UserAgent {
    public static let presets: [String: String] = [
        // An app's WebView: Chrome's string with `; wv` and `Version/4.0`.
        "android-webview": "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240405.002; wv) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36",
        // Chrome's reduced user agent on Android.
        "chrome-android": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0.0.0 Mobile Safari/537.36",
        // A WKWebView: Safari's string without `Version/` and `Safari/`.
        "ios-wkwebview": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Mobile/15E148",
        "safari-ios": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        "desktop": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    ]

    /// The preset name or the string itself.
    public static func resolve(_ value: String) -> String {
        presets[value] ?? value
    }

    /// The preset for the runtimes being audited: the one they share, else the Android
    /// WebView (the integration most checkout pages break in).
    public static func preset(for runtimes: [RuntimeFamily]) -> String {
        let presets = Set(runtimes.map(presetName))
        return presets.count == 1 ? presets.first! : "android-webview"
    }

    /// The preset a runtime family is fetched as.
    static func presetName(_ runtime: RuntimeFamily) -> String {
        switch (runtime.platform, runtime.isBrowser) {
        case (.android, false): "android-webview"
        case (.android, true): "chrome-android"
        case (.ios, false): "ios-wkwebview"
        case (.ios, true): "safari-ios"
        }
    }

    /// The product tokens robots.txt groups are matched against: always `linkaudit`, plus a
    /// custom string's own product name (`MyBot/1.0` → `mybot`) when it is not a browser's.
    public static func robotsTokens(_ userAgent: String) -> [String] {
        var tokens = ["linkaudit"]
        let product = userAgent.split(whereSeparator: { $0 == "/" || $0 == " " }).first.map { String($0).lowercased() }
        if let product, !product.isEmpty, product != "mozilla", product != "linkaudit" { tokens.append(product) }
        return tokens
    }
}
