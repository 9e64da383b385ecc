import LinkAuditModel

/// The one table that turns an extracted navigation into what each platform's code is
/// asked (Docs/PLATFORM.md §A.2 for Android, §D.1/§D.3 for WebKit). Every row is an assumption a
/// reader can check; the README prints the same table.
///
/// | trigger | Android hasGesture | isRedirect | method | WKNavigationType | WebKit gesture |
/// |---|---|---|---|---|---|
/// | tap | true | false | GET | linkActivated | true |
/// | form-get | true | false | GET | formSubmitted | true |
/// | form-post | true | false | POST | formSubmitted | true |
/// | meta-refresh | false | false | GET | other | false |
/// | frame-load | false | false | GET | other | false |
/// | script-load, script-timer | false | false | GET | other | false |
/// | script-handler | true | false | GET | other | true |
/// | script-async | delay ≤ 5 s (Blink's activation) | false | GET | other | delay ≤ 1 s (WebKit's timer gesture forwarding) |
/// | server-redirect | false | true | GET | other | false |
///
/// `frame`: `sub` → `isForMainFrame=false` / not main frame; `new-window` → Android
/// loads it in the top frame (no multi-window support, Docs/PLATFORM.md §A.5) and iOS sees
/// `targetFrame == nil`, which the PayerMax guide's iOS SDK treats as main frame.
public enum InputMapping {
    /// Blink's `kActivationLifespan`.
    public static let blinkActivationMs = 5_000
    /// WebKit's `maxIntervalForUserGestureForwarding` for timers (assumed for promises too).
    public static let webKitGestureForwardingMs = 1_000

    /// When the navigation happens, in ms after the user's tap (for tap-started
    /// triggers) or after the load started (for load-time triggers); nil for neither.
    public static func delayAfterTap(_ trigger: Trigger, delayMs: Int?, settings: AuditSettings) -> Int? {
        switch trigger {
        case .tap, .formGet, .formPost, .scriptHandler: return 0
        case .scriptAsync: return delayMs ?? settings.assumedAsyncDelayMs
        default: return nil
        }
    }

    /// Whether a user's tap starts this navigation (as opposed to the page loading).
    public static func isUserStarted(_ trigger: Trigger) -> Bool {
        switch trigger {
        case .tap, .formGet, .formPost, .scriptHandler, .scriptAsync: return true
        case .metaRefresh, .frameLoad, .scriptLoad, .scriptTimer, .metadata, .scriptLiteral, .serverRedirect: return false
        }
    }

    public static func android(_ trigger: Trigger, frame: FrameKind, delayMs: Int?, settings: AuditSettings,
                               msSinceUserInput: Int?, options: AndroidSDKOptions) -> AndroidRequest {
        let hasGesture: Bool
        switch trigger {
        case .tap, .formGet, .formPost, .scriptHandler: hasGesture = true
        case .scriptAsync: hasGesture = (delayMs ?? settings.assumedAsyncDelayMs) <= blinkActivationMs
        case .metaRefresh, .frameLoad, .scriptLoad, .scriptTimer, .metadata, .scriptLiteral, .serverRedirect: hasGesture = false
        }
        return AndroidRequest(isForMainFrame: frame != .sub, hasGesture: hasGesture,
                              isRedirect: trigger == .serverRedirect,
                              method: trigger == .formPost ? "POST" : "GET",
                              isAppInitiated: false, msSinceUserInput: msSinceUserInput,
                              requireUserGesture: options.requireUserGesture)
    }

    public static func ios(_ trigger: Trigger, frame: FrameKind, delayMs: Int?, pageURL: String,
                           settings: AuditSettings) -> IOSNavigationAction {
        let type: WKNavigationType
        switch trigger {
        case .tap: type = .linkActivated
        case .formGet, .formPost: type = .formSubmitted
        default: type = .other
        }
        let gesture: Bool
        switch trigger {
        case .tap, .formGet, .formPost, .scriptHandler: gesture = true
        case .scriptAsync: gesture = (delayMs.map { $0 <= webKitGestureForwardingMs }) ?? false
        default: gesture = false
        }
        let userLoad = settings.entry == .loadUrlByUser
        // The PayerMax guide's iOS SDK marks interaction on taps and form submissions, and its gesture
        // recognisers on any touch: every user-started trigger has touched the page.
        let interaction = userLoad || isUserStarted(trigger)
        return IOSNavigationAction(isMainFrame: frame != .sub, isNewWindow: frame == .newWindow,
                                   navigationType: type, currentURL: pageURL, hasUserInteraction: interaction,
                                   hasUserInitiatedLoad: userLoad, userGesture: gesture)
    }
}
