import LinkAuditModel

/// What Chrome's `ExternalNavigationHandler.shouldOverrideUrlLoadingInternal` answers for one
/// navigation (Docs/PLATFORM.md §B.1–B.2, rules 10–15), in its order of checks.
enum ChromeOverride: Equatable {
    /// NO_OVERRIDE: Chrome keeps the navigation (then its fallback handling runs).
    /// `externalFallback`: the chain allowed launching, so a Play Store fallback opens the store.
    case noOverride(Reason, externalFallback: Bool)
    case launched(ResolvedActivity, Reason)
    case chooser([ResolvedActivity], Reason)
    /// The "Continue to <app>?" Message.
    case prompt(ResolvedActivity, Reason)
    /// `sendIntentToMarket` for an uninstalled `package=`.
    case market(String)
    /// The intent resolves to Chrome itself: the tab navigates to its data URL.
    case navigateTab
}

/// Chrome's handler for one navigation: the checks that keep it in the tab, the navigation
/// chain, resolution on the device and the launch, prompt or store route that follows.
struct ChromeExternalNavigation {
    static let selfPackage = Browser.chrome.package
    /// `UrlUtilities.isAcceptedScheme`: what Chrome loads itself; anything else is an
    /// external protocol (custom schemes, `intent:`).
    static let acceptedSchemes: Set<String> = [
        "http", "https", "about", "data", "blob", "file", "filesystem", "javascript", "chrome", "chrome-native",
        "content", "devtools", "inline",
    ]
    static let internalSchemes: Set<String> = ["about", "chrome", "chrome-native", "devtools"]

    let request: PolicyRequest
    /// `ChromeIntentFields` of an `intent:` URL, nil for other URLs.
    let fields: ChromeIntentFields?

    var device: DeviceProfile { request.device }

    /// The sanitised intent Chrome resolves: the `intent:`'s own, or VIEW of the URL.
    var targetIntent: AndroidIntent {
        fields?.launchIntent ?? AndroidIntent(action: AndroidIntent.actionView, data: request.urlString,
                                              categories: [AndroidIntent.categoryBrowsable])
    }

    func decide() -> ChromeOverride {
        let android = request.android
        let isExternal = !Self.acceptedSchemes.contains(request.scheme)
        // Sub-frames are only intercepted for external protocols, and need a gesture.
        if !android.isForMainFrame, !isExternal {
            return .noOverride(.subframeStaysInChrome, externalFallback: false)
        }
        if !android.isForMainFrame, !android.hasGesture {
            return .noOverride(.subframeNoGesture, externalFallback: false)
        }
        if !isExternal, !android.isRedirect, request.trigger == .formGet || request.trigger == .formPost {
            return .noOverride(.directFormSubmit, externalFallback: false)
        }
        if let blocked = disallowedScheme() { return .noOverride(blocked, externalFallback: false) }
        let chain = ChromeNavigationChain(request).result
        if case .requiresPrompt(let why) = chain, !isExternal { return .noOverride(why, externalFallback: false) }
        let allowed = chain == .allowed
        // Made once: asked twice, the launch intent was copied out of the fields twice.
        let target = targetIntent
        let candidates = AndroidResolution.intent(target, on: device)
        if candidates.isEmpty { return unresolvable(chain) }
        let web = target.scheme.map(AndroidResolution.isWebScheme) ?? false
        let start = ActivityStart.start(candidates, web: web, on: device)
        if isExternal, resolvesToSelf(start) { return .navigateTab }
        if !isExternal, !candidates.contains(where: Self.isSpecialized) {
            return .noOverride(.noSpecializedHandler, externalFallback: allowed)
        }
        if shouldStayWithinHost(candidates, isExternal: isExternal) {
            return .noOverride(.sameHost, externalFallback: allowed)
        }
        if case .requiresPrompt(let why) = chain { return maybeAskToLaunchApp(start, why: why) }
        let launch: (opened: Reason, chooser: Reason) = fields != nil ? (.intentOpened, .intentChooser)
            : web ? (.appLink, .appLinkChooser) : (.customSchemeOpened, .customSchemeChooser)
        switch start {
        case .launched(let activity): return .launched(activity, launch.opened)
        case .chooser(let offered): return .chooser(offered, launch.chooser)
        case .notFound: return .noOverride(.noHandler, externalFallback: allowed)
        }
    }

    /// Schemes never handed to apps: browser internals, `content:`, `file:` inside an intent,
    /// `fido:` (of the URL, or of an `intent:`'s data).
    /// (The URL's scheme and the data's asked one by one: a list of the two made, and the fields
    /// copied whole to read the data's scheme, cost some 2,000 instructions a decision,
    /// Benchmarks/README.md, issue 17.)
    private func disallowedScheme() -> Reason? {
        let data = fields?.launchIntent.scheme
        let scheme = request.scheme
        if Self.internalSchemes.contains(scheme) || data.map(Self.internalSchemes.contains) == true { return .internalScheme }
        if scheme == "content" || data == "content" { return .contentScheme }
        if data?.lowercased() == "file" { return .fileScheme }
        if scheme == "fido" || data == "fido" { return .fidoScheme }
        return nil
    }

    /// `handleUnresolvableIntent`: a fallback, else the Play Store for `package=`, else stay.
    private func unresolvable(_ chain: ChromeNavigationChain.Result) -> ChromeOverride {
        if case .requiresPrompt(let why) = chain { return .noOverride(why, externalFallback: false) }
        if fields?.browserFallbackURL != nil { return .noOverride(.noHandler, externalFallback: true) }
        if let store = fields?.marketURL(embedderPackage: Self.selfPackage), device.playStoreInstalled {
            return .market(store)
        }
        return .noOverride(.noHandler, externalFallback: true)
    }

    /// `maybeAskToLaunchApp`: a fallback wins; a single resolved app gets the Message; no
    /// prompt for a chooser.
    private func maybeAskToLaunchApp(_ start: ActivityStart, why: Reason) -> ChromeOverride {
        if fields?.browserFallbackURL != nil { return .noOverride(why, externalFallback: false) }
        guard case .launched(let activity) = start else {
            return .noOverride(.promptResolvesToChooser, externalFallback: false)
        }
        return .prompt(activity, why == .typedChainStart ? .externalProtocolPrompt : .chainExpiredPrompt)
    }

    private func resolvesToSelf(_ start: ActivityStart) -> Bool {
        switch start {
        case .launched(let activity): return activity.package == Self.selfPackage
        case .chooser(let offered): return offered.contains { $0.package == Self.selfPackage }
        case .notFound: return false
        }
    }

    /// `matchResolveInfoExceptWildCardHost`: a handler naming hosts or paths, not host `*`.
    static func isSpecialized(_ activity: ResolvedActivity) -> Bool {
        (activity.countDataAuthorities > 0 || activity.countDataPaths > 0) && !activity.hasAnyHostWildcard
    }

    /// `shouldStayWithinHost`: same host as the page and no handler the page's URL lacks.
    private func shouldStayWithinHost(_ candidates: [ResolvedActivity], isExternal: Bool) -> Bool {
        guard !isExternal, let host = request.url?.hostname, let page = request.page,
              page.hostname == host else { return false }
        let previous = Set(AndroidResolution.viewIntent(page.href, on: device).map(\.package))
        return candidates.allSatisfy { previous.contains($0.package) }
    }
}
