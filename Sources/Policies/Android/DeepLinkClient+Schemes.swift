import LinkAuditModel

/// The PayerMax guide's non-web paths: `openCustomScheme` and `openIntentUri`.
extension DeepLinkClient {
    /// `BLOCKED_SCHEMES`: stopped so a page cannot make the WebView read local files.
    static let blockedSchemes: Set<String> = ["file", "content"]
    /// `NON_EXTERNAL_SCHEMES`: never turned into an intent; WebView loads them.
    static let nonExternalSchemes: Set<String> = [
        "javascript", "data", "blob", "about", "chrome", "resource", "view-source",
    ]

    /// `openCustomScheme(view, uri, gestureAllowed)`.
    func openCustomScheme(gestureAllowed: Bool) -> ClientAnswer {
        let scheme = request.scheme
        // `scheme.isNullOrEmpty() || !uri.isAbsolute`: a relative URI is WebView's business.
        if scheme.isEmpty { return ClientAnswer(false, WebViewLoad.verdict(request, reason: .notAbsolute)) }
        if Self.blockedSchemes.contains(scheme) { return ClientAnswer(true, Verdict(.blocked, .blockedScheme)) }
        if Self.nonExternalSchemes.contains(scheme) {
            return ClientAnswer(false, WebViewLoad.verdict(request, reason: .nonExternalScheme))
        }
        if !gestureAllowed { return ClientAnswer(true, Verdict(.blocked, .noGesture)) }
        let candidates = AndroidResolution.viewIntent(request.urlString, on: device)
        let start = ActivityStart.start(candidates, web: false, on: device)
        if let verdict = Self.started(start, opened: .customSchemeOpened, chooser: .customSchemeChooser) {
            return ClientAnswer(true, passed(verdict))
        }
        // `onOpenFailed(uri)`, and true: the page stays, no error page.
        return ClientAnswer(true, passed(Verdict(.openFailed, .customSchemeNoHandler)))
    }

    /// `openIntentUri(view, url, gestureAllowed)`: parse, sanitise, launch; else an http(s)
    /// `S.browser_fallback_url`, loaded with `view.loadUrl` — app-initiated, so WebView does
    /// not offer it to the client again and it cannot launch an app itself.
    func openIntentUri(gestureAllowed: Bool) -> ClientAnswer {
        if !gestureAllowed { return ClientAnswer(true, Verdict(.blocked, .noGesture)) }
        let parse = request.parsedIntent
        switch parse.result {
        case .failure(let why):
            return ClientAnswer(true, passed(Verdict(.openFailed, .intentParseError,
                                                     details: [VerdictDetail.parseError: why.description]))
                .assumingLaunchFlags(parse))
        case .success(let parsed):
            return ClientAnswer(true, launchIntent(parsed).assumingLaunchFlags(parse))
        }
    }

    /// The parsed intent, sanitised and launched, else its http(s) fallback.
    private func launchIntent(_ parsed: AndroidIntent) -> Verdict {
        let launch = IntentSanitizer.sanitize(parsed)
        let stripped = VerdictDetail.strippedList(launch.stripped)
        let candidates = AndroidResolution.intent(launch.intent, on: device)
        let web = launch.intent.scheme.map(AndroidResolution.isWebScheme) ?? false
        let start = ActivityStart.start(candidates, web: web, on: device)
        if let verdict = Self.started(start, opened: .intentOpened, chooser: .intentChooser) {
            return passed(verdict).with(VerdictDetail.stripped, stripped)
        }
        if let fallback = launch.fallbackURL, launch.fallbackIsHTTP {
            return passed(Verdict(.fallback, .intentFallback, details: [VerdictDetail.fallbackURL: fallback]))
        }
        return passed(Verdict(.openFailed, .intentNoHandler))
            .with(VerdictDetail.ignoredFallbackURL, launch.fallbackURL)
    }
}
