/// Where a navigation stands in the parse of the document it belongs to: what the page
/// visit needs to know which navigations a stopped parser or a cancelled refresh leaves
/// unreached (Docs/PLATFORM.md §F.15). Extraction finds it; it travels with the navigation
/// to classification (`Navigation.place`) and is never written out.
public struct ParsePlace: Sendable, Equatable {
    /// The document of the page it belongs to: 0 for the page's own, then one number per
    /// frame document (a `srcdoc` document, a framed page of the same dump) in the order
    /// they were met.
    public var document: Int
    /// The page line the document's parser stands at when the navigation comes to exist:
    /// an element's own line; for script, the end of the script whose top-level code starts
    /// the navigation or registers the timer or listener that does. Nil when that code runs
    /// only once the document is parsed (a `DOMContentLoaded` or `load` listener, `<body
    /// onload>`, a module script): a parser stopped before its end never gets there.
    public var parserLine: Int?
    /// The navigation starts there, while the parser waits for the script: a script's own
    /// top-level code (and the functions it calls) run as the parser meets it.
    public var startsWhileParsing: Bool
    /// It navigates the frame the document is in by itself (`location`, a link with no
    /// target or `_self`): not a frame inside it, a new window, or the top by name (`_top`,
    /// `_parent`, `top.location`), which is the same frame only while the document is not
    /// framed.
    public var ownFrame: Bool

    public init(document: Int, parserLine: Int?, startsWhileParsing: Bool = false, ownFrame: Bool) {
        self.document = document
        self.parserLine = parserLine
        self.startsWhileParsing = startsWhileParsing
        self.ownFrame = ownFrame
    }
}
