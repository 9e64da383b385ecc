import Foundation
import LinkAuditModel
import WHATWGURL

/// A dump's own framed pages: an iframe or frame whose `src` is another page of the same
/// dump loads that page as a sub-frame, where its refresh, scripts and links run — so its
/// navigations are sub-frame navigations of the framing page too (README, "Framed pages").
///
/// The dump's pages are known by URL before any is read (`InputCollector`); a framed page
/// is read again from its file when a page frames it, and nothing of it is kept after, so
/// memory does not grow with the dump. Frames inside a framed page are followed too, up to
/// `maxDepth` pages deep, and never back into a page already on the way (a browser does not
/// load a frame's own ancestor either).
public struct FramedPages: Sendable {
    /// Frames inside frames followed at most this deep (as `srcdoc` documents are).
    public static let maxDepth = 4
    /// A page's frames could load the same framed page thousands of times: at most this
    /// many framed documents, and this many of their navigations, are added to one page
    /// (past either, the page's record says so: `framed-pages-cut`).
    public static let maxDocumentsPerPage = 64
    public static let maxNavigationsPerPage = 100_000

    /// By URL (without fragment): the page, and the URL it is known by (`a/index.html` is
    /// also found as `a/`, its page URL). Compact: `FramedIndex`; made when the first frame
    /// is followed (`LazyIndex`).
    private let pages: LazyIndex
    private let reader: PageReader
    /// Whether the inputs hold a file page (one a frame could load).
    private let hasFilePages: Bool

    /// The file pages of `inputs`, by URL (archives and fetched pages are not followed).
    public init(_ inputs: [PageInput], reader: PageReader) {
        self.init(PageInputs(inputs), reader: reader)
    }

    public init(_ inputs: PageInputs, reader: PageReader) {
        pages = LazyIndex(inputs)
        self.reader = reader
        hasFilePages = inputs.hasFilePages
    }

    /// Whether no page could be framed at all: no file page among the inputs. (A file page
    /// always has an http(s) URL, `PageURLMapper`; were the index empty all the same,
    /// following frames adds nothing, as without a follower.)
    public var isEmpty: Bool { !hasFilePages }

    /// Whether a page has followed a frame (and so the index is made).
    var indexIsMade: Bool { pages.isMade }

    /// The index of the dump's pages, made once by the first page that follows a frame:
    /// it parses every page's URL (tens of thousands of instructions a page), which the
    /// run paid before its first page, on one core, even when no page has a frame
    /// (Benchmarks/README.md, issue 17: two cores).
    private final class LazyIndex: @unchecked Sendable {
        private let inputs: PageInputs
        private let lock = NSLock()
        private var made: FramedIndex?

        init(_ inputs: PageInputs) {
            self.inputs = inputs
        }

        var isMade: Bool {
            lock.lock()
            defer { lock.unlock() }
            return made != nil
        }

        var index: FramedIndex {
            lock.lock()
            defer { lock.unlock() }
            if let made { return made }
            let index = FramedIndex(inputs)
            made = index
            return index
        }
    }

    /// The URL a frame loads, as the index knows pages: without its fragment.
    static func key(_ url: String) -> String? {
        guard let parsed = WebURL.parse(url), parsed.scheme == "http" || parsed.scheme == "https" else { return nil }
        let href = parsed.href
        guard let hash = href.utf8.firstIndex(of: UInt8(ascii: "#")) else { return href }
        return String(href[..<hash])
    }

    /// A page's navigations with, right after each frame that loads another page of the
    /// dump, that page's own navigations as this page's sub-frame navigations: on the
    /// frame's line, with `framedPage` naming the page, each framed document numbered
    /// after this page's own (`ParsePlace.document`).
    public func follow(_ navigations: [Navigation], page: String) -> [Navigation] {
        var warning: String?
        return follow(navigations, page: page, warning: &warning)
    }

    /// As `follow(_:page:)`, adding to `warning` (the page record's) when a bound cut the
    /// framed pages short.
    public func follow(_ navigations: [Navigation], page: String, warning: inout String?) -> [Navigation] {
        guard hasFilePages, navigations.contains(where: Self.loadsAFrame) else { return navigations }
        let pages = pages.index
        guard !pages.isEmpty else { return navigations }
        return walk(pages).follow(navigations, page: page, warning: &warning)
    }

    /// The walk over this dump's pages: a frame's URL is a page when the index has it, and
    /// the page is read again from its file (an unreadable one adds nothing, as before).
    private func walk(_ pages: FramedIndex) -> FrameWalk {
        FrameWalk(known: { pages.key($0) }, read: { key in
            guard let input = pages[key]?.input else { return .skipped(nil) }
            let result = reader.read(input)
            return result.record.isOK ? .navigations(result.navigations) : .skipped(nil)
        }, pagesName: "the dump's pages")
    }

    /// A frame element's own load (not an `<object>` or `<embed>`, not inert content).
    static func loadsAFrame(_ navigation: Navigation) -> Bool {
        navigation.trigger == .frameLoad && navigation.context != "template"
            && (navigation.source == "iframe[src]" || navigation.source == "frame[src]")
    }
}
