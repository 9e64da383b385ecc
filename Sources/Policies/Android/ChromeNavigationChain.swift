import LinkAuditModel

/// Chrome's `RedirectHandler` view of a navigation (Docs/PLATFORM.md §B.1): which navigation chain it
/// belongs to, how that chain started and how old it is.
///
/// A renderer-initiated navigation with a gesture starts a new chain. One without a gesture,
/// and every server redirect, continues the chain that brought the page: that one started with
/// a gesture when the user tapped a link to the page (`settings.browserEntry == .linkTap`) and
/// was typed otherwise, and it is as old as the load plus the navigation's delay
/// (`settings.pageLoadMs + delayMs`; a redirect happens before the load, at `delayMs`). So a
/// `script-async` step that lost Blink's 5 s activation counts against the page's chain — at
/// least the load time plus its delay old, since the tap time itself is not known.
struct ChromeNavigationChain: Equatable {
    enum Start: Equatable {
        /// Renderer-initiated with a user gesture.
        case gesture
        /// Browser-initiated: typed, bookmarked or opened from another app.
        case typed
    }

    enum Result: Equatable {
        case allowed
        /// `NavigationChainResult.REQUIRES_PROMPT`, with the reason code.
        case requiresPrompt(Reason)
    }

    /// `RedirectHandler.NAVIGATION_CHAIN_TIMEOUT_MILLIS`.
    static let timeoutMs = 15_000

    let start: Start
    let ageMs: Int

    init(start: Start, ageMs: Int) {
        self.start = start
        self.ageMs = ageMs
    }

    /// The request lent (`__shared`): an initializer takes its arguments owned, and the
    /// handler's own request was copied for it for every decision (issue 17).
    init(_ request: __shared PolicyRequest) {
        let android = request.android
        if android.hasGesture, !android.isRedirect {
            self.init(start: .gesture, ageMs: 0)
            return
        }
        let start: Start = request.settings.browserEntry == .linkTap ? .gesture : .typed
        if request.trigger == .serverRedirect {
            self.init(start: start, ageMs: request.delayMs ?? 0)
            return
        }
        let delay = InputMapping.delayAfterTap(request.trigger, delayMs: request.delayMs, settings: request.settings)
            ?? request.delayMs ?? 0
        self.init(start: start, ageMs: PageClock.sum(request.settings.pageLoadMs, delay))
    }

    /// `navigationChainBlocksExternalNavigation`, in its order: a browser-initiated start,
    /// then expiry (both ask the user before an external protocol; web links stay).
    var result: Result {
        if start == .typed { return .requiresPrompt(.typedChainStart) }
        if ageMs > Self.timeoutMs { return .requiresPrompt(.chainExpired) }
        return .allowed
    }
}
