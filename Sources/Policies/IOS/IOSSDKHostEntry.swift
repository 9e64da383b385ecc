import LinkAuditModel
import WHATWGURL

extension IOSSDKProfile {
    /// What the iOS SDK does with each of the host's own loads (`HostEntry`), in order, one
    /// state carried through them: `loadUrlByUser` marks interaction and a user-initiated load,
    /// tries an https URL as a Universal Link first (`universal-link-check` when an app takes
    /// it: the page is then not shown), and otherwise loads it through `decidePolicyFor` (the
    /// Objective-C client lets it through once: `pending-user-load`); a plain load goes
    /// through `decidePolicyFor` as an API load.
    public func hostLoads(_ entry: HostEntry, device: DeviceProfile, options: ProfileOptions) -> [Verdict] {
        let client = DeepLinkWebViewClient(engine: DeepLinkDecisionEngine(options: options.iosSDK,
                                                                          opener: DeviceURLOpener(device: device)))
        let navigation = IOSSDKNavigation(client: client, device: device)
        var state = DeepLinkClientState()
        var current: WebURL?
        return entry.steps.map { step in
            guard let url = WebURL.parse(step.url) else { return Verdict(.blocked, .malformedURL) }
            let action = IOSNavigationAction(isMainFrame: true, navigationType: .other, currentURL: current?.href,
                                             hasUserInteraction: false, hasUserInitiatedLoad: false, userGesture: false)
            let verdict: Verdict
            switch step {
            case .loadUrl:
                verdict = navigation.navigate(url, action: action, state: &state)
            case .loadUrlByUser:
                switch client.loadUrlByUser(url, currentURL: current, state: &state) {
                case .openedApp(let appID):
                    verdict = Verdict(.opensApp, .universalLinkCheck, details: [VerdictDetail.target: appID])
                case .load(let target):
                    verdict = navigation.navigate(target, action: action, state: &state)
                case .handled(.cancel(let cancelled)):
                    verdict = cancelled
                case .handled(.allow(let reason)):
                    verdict = WebKitNavigation.verdict(WebKitNavigation.afterAllow(url, action: action, device: device),
                                                       loadsReason: reason)
                }
            }
            if verdict.outcome == .loads { current = url }
            return verdict
        }
    }
}
