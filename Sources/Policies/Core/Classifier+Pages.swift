import LinkAuditModel
import WHATWGURL

// Where a navigation stands among the ones handed to the classifier: its placement on the
// page, its URL parsed, and the runs of navigations that share a page.
extension Classifier {
    /// Where and when a navigation happens on its page: what its inputs follow from.
    struct Placement: Hashable {
        let trigger: Trigger
        let frame: FrameKind
        let delayMs: Int?

        init(trigger: Trigger, frame: FrameKind, delayMs: Int?) {
            self.trigger = trigger
            self.frame = frame
            self.delayMs = delayMs
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(trigger.ordinal << 4 | frame.ordinal)
            hasher.combine(delayMs ?? Int.min)
        }
    }

    /// A navigation's URL parsed: extraction's parse when the navigation still carries it
    /// (parsing a serialisation again gives the same URL), a new one otherwise.
    package static func target(_ navigation: Navigation) -> WebURL? {
        if let target = navigation.target.value, target.href == navigation.url { return target }
        return WebURL.parse(navigation.url)
    }

    /// `target(_:)` of `navigations[i]`, read where it lies.
    static func target(of navigations: UnsafeBufferPointer<Navigation>, at i: Int) -> WebURL? {
        if let target = navigations[i].target.value, target.href == navigations[i].url { return target }
        return WebURL.parse(navigations[i].url)
    }

    /// A run of navigations found on one page (navigations come page by page), with the
    /// page read once.
    struct PageRun {
        let range: Range<Int>
        let context: PageContext
    }

    static func pages(_ navigations: [Navigation]) -> [PageRun] {
        var out: [PageRun] = []
        var start = 0
        while start < navigations.count {
            let page = navigations[start].page
            var end = start + 1
            while end < navigations.count, navigations[end].page == page { end += 1 }
            out.append(PageRun(range: start..<end, context: PageContext(page)))
            start = end
        }
        return out
    }

    /// The run holding navigation `i` (one run for the usual page).
    static func pageIndex(_ i: Int, _ pages: [PageRun]) -> Int {
        if pages.count == 1 { return 0 }
        return pages.firstIndex { $0.range.contains(i) }!
    }
}
