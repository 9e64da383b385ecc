import LinkAuditModel

/// What one of the guide client's methods returned — true: the app took the URL and WebView
/// stops; false: WebView loads it — and what the user sees.
struct ClientAnswer: Equatable {
    let handled: Bool
    let verdict: Verdict

    init(_ handled: Bool, _ verdict: Verdict) {
        self.handled = handled
        self.verdict = verdict
    }
}

/// The PayerMax guide's Android `DeepLinkWebViewClient`, method for method, as pure functions of one
/// request: `shouldOverrideUrlLoading` here, `openAppLink` & co. in `DeepLinkClient+AppLink`,
/// `openCustomScheme` and `openIntentUri` in `DeepLinkClient+Schemes`. The host's
/// `UserActivationTracker` state arrives as `msSinceUserInput`; the device stands in for
/// `PackageManager` and `startActivity`.
struct DeepLinkClient {
    let request: PolicyRequest
    let userIntent: UserIntent

    init(_ request: PolicyRequest) {
        self.request = request
        userIntent = UserIntent(request.android, activationWindowMs: request.options.android.activationWindowMs)
    }

    var device: DeviceProfile { request.device }

    /// `shouldOverrideUrlLoading(view, request)`.
    func shouldOverrideUrlLoading() -> ClientAnswer {
        let scheme = request.scheme
        // Chromium offers no sub-frame http(s) navigation; the guide's client leaves them to WebView too.
        if !request.android.isForMainFrame, scheme == "http" || scheme == "https" {
            return ClientAnswer(false, Verdict(.loads, .subframeHTTPLeftToWebView))
        }
        let gestureAllowed = userIntent.gestureAllowed
        var answer: ClientAnswer
        switch scheme {
        case "http", "https":
            answer = isLandingPageHandler()
                ? ClientAnswer(false, Verdict(.loads, .landingPage))
                : openAppLink(allowed: gestureAllowed)
        case "intent":
            answer = openIntentUri(gestureAllowed: gestureAllowed)
        default:
            answer = openCustomScheme(gestureAllowed: gestureAllowed)
        }
        var verdict = answer.verdict
        if answer.handled, userIntent.onlyRedirect, [.opensApp, .chooser].contains(verdict.outcome) {
            verdict = verdict.withReason(.redirectCountsAsIntent)
        }
        // The guide's client consumes the window whenever it returns true without a gesture or redirect —
        // blocked and failed launches included; later navigations of the visit lose it.
        if answer.handled, !userIntent.byNavigation {
            verdict = verdict.with(VerdictDetail.activationConsumed, "true")
        }
        return ClientAnswer(answer.handled, verdict)
    }

    /// A verdict reached past the guide client's gesture check, noting what let it through.
    func passed(_ verdict: Verdict) -> Verdict {
        verdict.with(VerdictDetail.allowedBy, userIntent.allowedBy)
    }

    /// The verdict for a started activity: the app (or browser) opens, or the system chooser.
    static func started(_ start: ActivityStart, opened: Reason, chooser: Reason) -> Verdict? {
        switch start {
        case .launched(let activity):
            return Verdict(.opensApp, opened, details: [VerdictDetail.target: activity.package])
        case .chooser(let candidates):
            return Verdict(.chooser, chooser, details: [VerdictDetail.candidates: VerdictDetail.packageList(candidates)])
        case .notFound:
            return nil
        }
    }
}
