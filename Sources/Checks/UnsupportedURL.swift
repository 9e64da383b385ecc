import Policies

extension Checks {
    /// WKWebView cannot load a custom scheme; the load fails and nothing happens.
    static let unsupportedURL = Check(
        code: "UNSUPPORTED_URL", severity: .error,
        title: "iOS load fails with unsupported URL, nothing visible happens",
        meaning: "The navigation delegate let WKWebView load a custom scheme itself: the provisional load fails "
            + "(NSURLErrorDomain -1002, unsupported URL — an assumption, Apple documents no code) and, with no "
            + "error page in WKWebView, the old page just stays. In Safari the same link shows \"Cannot Open Page\".",
        impact: "The wallet button does nothing when tapped; users retry, then abandon the payment.",
        advice: "Have decidePolicyFor cancel custom schemes and call UIApplication.open (the PayerMax guide's "
            + "DeepLinkDecisionEngine), or open checkout in Safari / SFSafariViewController.",
        triggering: [
            CheckExample(#"<a href="paypay://payment?c=1">PayPay</a>"#, raisedBy: ["ios-wkwebview"]),
        ],
        nonTriggering: [
            CheckExample(#"<a href="https://shop.example/help/">Help</a>"#),
        ],
        fires: { nav in
            Check.profiles(of: nav) { $1.outcome == .errorPage && ProfileRegistry.platform(of: $0) == .ios }
        })
}
