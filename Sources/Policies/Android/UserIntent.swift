/// The PayerMax guide client's user-intent rule (`DeepLinkWebViewClient.shouldOverrideUrlLoading` with
/// its `UserActivationTracker`): a gesture or a server redirect counts by itself; otherwise the
/// host's activation window — the last touch, key or `loadUrlByUser` less than
/// `activationWindowMs` ago and not yet consumed — stands in for the gesture.
struct UserIntent: Equatable {
    /// `request.hasGesture() || request.isRedirect`.
    let byNavigation: Bool
    /// `!requireUserGesture || byNavigation || activation.hasTransientActivation()`.
    let gestureAllowed: Bool
    /// The first term of `gestureAllowed` that held, as `VerdictDetail.allowedBy` names it.
    let allowedBy: String?

    init(_ android: AndroidRequest, activationWindowMs: Int) {
        byNavigation = android.hasGesture || android.isRedirect
        // `clock() < expiryAt` with `expiryAt = input + window`.
        let activation = android.msSinceUserInput.map { $0 < activationWindowMs } ?? false
        if !android.requireUserGesture {
            allowedBy = "not-required"
        } else if android.hasGesture {
            allowedBy = "gesture"
        } else if android.isRedirect {
            allowedBy = "redirect"
        } else if activation {
            allowedBy = "activation"
        } else {
            allowedBy = nil
        }
        gestureAllowed = allowedBy != nil
    }

    /// A server redirect was all the user intent there was: a 302 to a deep link launches
    /// with no user action.
    var onlyRedirect: Bool { allowedBy == "redirect" }
}
