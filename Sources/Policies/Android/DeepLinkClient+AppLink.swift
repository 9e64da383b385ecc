import LinkAuditModel

/// The PayerMax guide's https path: `openAppLink`, `hasNonBrowserHandler`, `isLandingPageHandler` and
/// `findBestNonBrowserActivity`.
extension DeepLinkClient {
    /// What `findBestNonBrowserActivity` found, with the reason it found nothing.
    enum BestActivity: Equatable {
        case found(ResolvedActivity)
        /// No candidate at all.
        case noCandidates
        /// The first two candidates tie on priority, preferredOrder and isDefault.
        case tied
        /// The best candidate is a browser.
        case browserRankedFirst(ResolvedActivity)
    }

    /// What `startActivity` resolves `viewIntent(uri)` to.
    var webCandidates: [ResolvedActivity] { AndroidResolution.viewIntent(request.urlString, on: device) }
    /// What the client's own `queryIntentActivities(viewIntent(uri))` lists: on API 30+ only the
    /// apps its `<queries>` makes visible (Docs/PLATFORM.md §C.4).
    var queriedWebCandidates: [ResolvedActivity] { AndroidResolution.queryViewIntent(request.urlString, on: device) }

    /// `isLandingPageHandler`: every non-browser handler's filter declares no path — the page
    /// loads in the WebView first and its own "Open" button emits the real deep link.
    func isLandingPageHandler() -> Bool { Self.isLandingPageHandler(queriedWebCandidates) }

    static func isLandingPageHandler(_ candidates: [ResolvedActivity]) -> Bool {
        let apps = candidates.filter { !$0.isBrowser }
        return !apps.isEmpty && apps.allSatisfy { $0.countDataPaths == 0 }
    }

    static func hasNonBrowserHandler(_ candidates: [ResolvedActivity]) -> Bool {
        candidates.contains { !$0.isBrowser }
    }

    /// `openAppLink(view, uri, allowed)`.
    func openAppLink(allowed: Bool) -> ClientAnswer {
        if !allowed { return ClientAnswer(false, Verdict(.loads, .webNoUserIntent)) }
        let candidates = webCandidates
        if device.apiLevel >= 30 {
            let strict = ActivityStart.start(candidates, web: true, flags: [.requireNonBrowser, .requireDefault],
                                             on: device)
            let hasApp = Self.hasNonBrowserHandler(AndroidResolution.visible(candidates, on: device))
            let answer = Self.openAppLinkR(
                strict: strict, hasNonBrowserHandler: hasApp,
                askSystem: ActivityStart.start(candidates, web: true, flags: [.requireNonBrowser], on: device))
            // Ordinary pages (no app at all) need no note on how the launch was judged.
            guard hasApp || strict.started else { return answer }
            return ClientAnswer(answer.handled, passed(answer.verdict).assuming(AndroidAssumptions.nonBrowserDefinition))
        }
        // API < 30 (no package visibility yet): the best candidate by the guide's ranking,
        // launched by component.
        switch Self.findBestNonBrowserActivity(candidates) {
        case .found(let best):
            return ClientAnswer(true, passed(Verdict(.opensApp, .appLinkBestCandidate,
                                                     details: [VerdictDetail.target: best.package])))
        case .noCandidates:
            return ClientAnswer(false, Verdict(.loads, .noAppHandler))
        case _ where !Self.hasNonBrowserHandler(candidates):
            return ClientAnswer(false, Verdict(.loads, .noAppHandler))
        case .tied:
            return ClientAnswer(false, Verdict(.loads, .appLinkCandidatesTied))
        case .browserRankedFirst:
            return ClientAnswer(false, Verdict(.loads, .appLinkBrowserRankedFirst,
                                               details: [VerdictDetail.candidates: VerdictDetail.packageList(candidates)]))
        }
    }

    /// The API 30+ steps of `openAppLink` on the outcomes of its two `startActivity` calls:
    /// 1. REQUIRE_NON_BROWSER | REQUIRE_DEFAULT ("Open in this app") launches directly;
    /// 2. no non-browser handler: an ordinary page, WebView loads it;
    /// 3. REQUIRE_NON_BROWSER alone ("Ask every time") lets the system ask;
    /// 4. otherwise `onOpenFailed(uri)` and return false — the WebView loads the page as well.
    static func openAppLinkR(strict: ActivityStart, hasNonBrowserHandler: Bool,
                             askSystem: ActivityStart) -> ClientAnswer {
        if let verdict = started(strict, opened: .appLinkDefault, chooser: .appLinkChooser) {
            return ClientAnswer(true, verdict)
        }
        if !hasNonBrowserHandler { return ClientAnswer(false, Verdict(.loads, .noAppHandler)) }
        if let verdict = started(askSystem, opened: .appLinkAskSystem, chooser: .appLinkChooser) {
            return ClientAnswer(true, verdict)
        }
        return ClientAnswer(false, Verdict(.openFailed, .appLinkOpenFailed,
                                           details: [VerdictDetail.webViewLoads: "true"]))
    }

    /// `findBestNonBrowserActivity`: a sole candidate, or the first when it outranks the
    /// second on priority or preferredOrder or differs on isDefault; then not a browser.
    /// Below API 30 a browser listed first (the default browser usually is) hides the app.
    static func findBestNonBrowserActivity(_ candidates: [ResolvedActivity]) -> BestActivity {
        let best: ResolvedActivity
        switch candidates.count {
        case 0:
            return .noCandidates
        case 1:
            best = candidates[0]
        default:
            let first = candidates[0], second = candidates[1]
            guard first.priority > second.priority || first.preferredOrder > second.preferredOrder
                    || first.isDefault != second.isDefault else { return .tied }
            best = first
        }
        return best.isBrowser ? .browserRankedFirst(best) : .found(best)
    }
}
