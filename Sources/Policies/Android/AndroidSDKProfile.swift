import LinkAuditModel

/// `android-sdk`: the PayerMax guide's `DeepLinkWebViewClient` (Kotlin; the Java copy is the same) behind
/// the Chromium filters that decide whether it is asked at all (Docs/PLATFORM.md §A.1; the client: §P.2).
///
/// Its reasons are `Reason` constants, grouped by the client method that gives them:
/// `Reason+AndroidSDK.swift` for its own, `Reason+Shared.swift` for those other profiles
/// give too.
///
/// Whenever the client returns true without a gesture or redirect, the verdict carries
/// `activationConsumed = "true"`, exactly as the guide's client consumes its window.
public struct AndroidSDKProfile: RuntimeProfile {
    public let name = "android-sdk"
    public var platform: Platform { .android }
    public var isBrowser: Bool { false }

    public init() {}

    public func decide(_ request: PolicyRequest) -> Verdict {
        if let early = WebViewLoad.precheck(request) { return early }
        let verdict: Verdict
        switch WebViewGate.notOffered(request) {
        case .javascriptURL?: verdict = WebViewLoad.verdict(request)
        case .post?: verdict = WebViewLoad.verdict(request, reason: .postNotIntercepted)
        case .appInitiated?: verdict = WebViewLoad.verdict(request, reason: .appInitiatedNotOffered)
        case .subframeWebScheme?: verdict = WebViewLoad.verdict(request, reason: .subframeHTTPLeftToWebView)
        case nil: verdict = DeepLinkClient(request).shouldOverrideUrlLoading().verdict
        }
        return WebViewLoad.annotated(verdict, request)
    }
}
