import LinkAuditModel

/// What a frame's `sandbox` attribute forbids a navigation started inside it, as the
/// profile's engine enforces it before any client or handler hears of the navigation
/// (Docs/PLATFORM.md §F.17, rule 29). Pure: the navigation's `sandbox` field and trigger.
public enum SandboxGate: Sendable {
    /// The engine checks nothing here (WebKit: UNCONFIRMED, not modelled).
    case none
    /// Blink's renderer (Android WebView, and Chrome before its own check): a sandboxed
    /// document may not navigate the top-level page without `allow-top-navigation` (or
    /// `…-by-user-activation` and a gesture), open a new window without `allow-popups`,
    /// or submit a form without `allow-forms`.
    case blink
    /// Chrome: Blink's rules, and a sandboxed frame may not launch an external protocol
    /// (a custom scheme, `intent:`) without `allow-top-navigation-to-custom-protocols`,
    /// `allow-top-navigation`, `allow-popups`, or `…-by-user-activation` and a gesture.
    case chrome

    /// The verdict of a navigation the sandbox blocks (the profile is not asked), or nil.
    public func verdict(_ navigation: Navigation) -> Verdict? {
        guard self != .none, let sandbox = FrameSandbox(field: navigation.sandbox) else { return nil }
        let scheme = navigation.scheme
        if scheme == "javascript" { return nil }  // runs in the frame's own document
        let gesture = Self.hasGesture(navigation.trigger)
        if navigation.trigger == .formGet || navigation.trigger == .formPost, !sandbox.allowsForms {
            return Verdict(.blocked, .sandboxForm)
        }
        switch navigation.frame {
        case .main where !sandbox.allowsTopNavigation(gesture: gesture):
            return Verdict(.blocked, .sandboxTopNavigation)
        case .newWindow where !sandbox.allowsPopups:
            return Verdict(.blocked, .sandboxPopup)
        case .sub where self == .chrome && !Self.webSchemes.contains(scheme) && !sandbox.allowsExternalProtocols(gesture: gesture):
            return Verdict(.blocked, .sandboxExternalProtocol)
        default:
            return nil
        }
    }

    /// Schemes the frame loads itself: anything else Chrome hands to the system.
    static let webSchemes: Set<String> = ["http", "https", "about", "blob", "data", "filesystem", "file", "javascript", ""]

    /// A navigation the user's own tap starts, or synchronous code in its handler (a form
    /// submitted by its button too): it has transient activation.
    static func hasGesture(_ trigger: Trigger) -> Bool {
        trigger == .tap || trigger == .scriptHandler || trigger == .formGet || trigger == .formPost
    }
}

extension RuntimeProfile {
    /// The sandbox rules of the profile's engine: Blink's on Android (WebView's client is
    /// asked only about what Blink lets through), none modelled on iOS (§F.17).
    public var sandboxGate: SandboxGate { platform == .android ? .blink : .none }
}
