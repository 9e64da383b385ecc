import Policies

extension Checks {
    /// A plain Android WebView loads a deep link itself and shows its error page.
    static let errUnknownURLScheme = Check(
        code: "ERR_UNKNOWN_URL_SCHEME", severity: .error,
        title: "Android WebView shows net::ERR_UNKNOWN_URL_SCHEME",
        meaning: "The WebView tried to load a custom scheme or intent:// URI as a web page: nothing in the app "
            + "handed it to Android, so Chromium's loader failed with net::ERR_UNKNOWN_URL_SCHEME and the error "
            + "page replaced the checkout (inside the iframe for sub-frames).",
        impact: "The user sees \"Webpage not available\" instead of the wallet and cannot finish paying.",
        advice: "Open checkout in the system browser, or adopt the PayerMax guide's DeepLinkWebViewClient so "
            + "shouldOverrideUrlLoading hands deep links to Android. A POST form to a deep link fails even with "
            + "the client (POST is never offered to it): submit with GET or redirect from the server.",
        triggering: [
            CheckExample(#"<a href="gojek://gopay/pay?id=1">GoPay</a>"#, raisedBy: ["android-webview"]),
            CheckExample(#"<form method="post" action="paypay://pay"><button>PayPay</button></form>"#,
                         raisedBy: ["android-sdk", "android-webview"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="https://shop.example/cart/">Cart</a>"#),
        ],
        fires: { nav in
            Check.profiles(of: nav) { $1.outcome == .errorPage && ProfileRegistry.platform(of: $0) == .android }
        })
}
