/// Which browsing context a navigation targets.
public enum FrameKind: String, Codable, Sendable, CaseIterable {
    /// The top-level document of the WebView.
    case main
    /// Anything inside an iframe/frame, including `srcdoc` documents.
    case sub
    /// `target` other than `_self`/`_top`/`_parent`, or `window.open`.
    case newWindow = "new-window"
}
