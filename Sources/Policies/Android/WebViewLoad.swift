import LinkAuditModel

/// What Android WebView shows when it loads a URL itself (the client returned false or was
/// never asked): web and in-page schemes load; a scheme its network stack does not handle
/// fails with `net::ERR_UNKNOWN_URL_SCHEME` (Docs/PLATFORM.md §A.3), in the iframe for sub-frames.
enum WebViewLoad {
    /// Schemes WebView loads or runs: not an unknown-scheme error.
    static let loadableSchemes: Set<String> = [
        "http", "https", "ws", "wss", "data", "blob", "filesystem", "content", "file", "about", "javascript",
    ]

    /// The default reasons: `webview-loads`, `local-scheme` (file:, content:), `javascript-url`,
    /// `unknown-url-scheme` / `unknown-url-scheme-subframe`. A given `reason` replaces them, so
    /// a profile can name the branch that led here.
    static func verdict(_ request: PolicyRequest, reason: Reason? = nil) -> Verdict {
        let scheme = request.scheme
        if scheme == "javascript" {
            return Verdict(.internal, reason ?? .javascriptURL).assuming(AndroidAssumptions.javascriptNotOffered)
        }
        if scheme == "file" || scheme == "content" {
            return Verdict(.loads, reason ?? .localScheme).assuming(AndroidAssumptions.localFileAccess)
        }
        if loadableSchemes.contains(scheme) { return Verdict(.loads, reason ?? .webViewLoads) }
        if request.android.isForMainFrame { return Verdict(.errorPage, reason ?? .unknownURLScheme) }
        return Verdict(.errorPage, reason ?? .unknownURLSchemeSubframe)
            .assuming(AndroidAssumptions.subframeErrorPage)
    }

    /// Script-started navigations do not happen when the app left JavaScript off (WebView's
    /// default, Docs/PLATFORM.md §A.5 / rule 9); nil when the navigation happens.
    static func scriptDisabled(_ request: PolicyRequest) -> Verdict? {
        guard !request.settings.javaScriptEnabled else { return nil }
        switch request.trigger {
        case .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync: return Verdict(.blocked, .javascriptDisabled)
        default: return request.scheme == "javascript" ? Verdict(.blocked, .javascriptDisabled) : nil
        }
    }

    /// Common to the WebView profiles: an unparsable target starts no navigation, and a
    /// new-window target is assumed to load in the top frame.
    static func precheck(_ request: PolicyRequest) -> Verdict? {
        if request.url == nil { return Verdict(.blocked, .invalidURL) }
        return scriptDisabled(request)
    }

    static func annotated(_ verdict: Verdict, _ request: PolicyRequest) -> Verdict {
        request.frame == .newWindow ? verdict.assuming(AndroidAssumptions.newWindowInTopFrame) : verdict
    }
}
