import LinkAuditModel
import WHATWGURL

/// Verdicts of ordinary web links, remembered within one page for one profile. When no
/// app can claim an http(s) URL, every profile decides such a link from its scheme,
/// trigger, frame, timing and whether it stays on the page's host — not from the rest of
/// the URL — so a page's hundreds of plain links need only a few decisions. A test runs
/// whole corpora with and without this and compares every verdict.
///
/// The part of that key that is the same for every profile (the link's `Shape`) is
/// numbered once per page; each profile then only tells apart the times since input it
/// saw for a shape, in a short list — one hash per link, not one per link and profile.
struct WebVerdicts {
    /// What of a web link's URL its verdict depends on, worked out once per navigation.
    struct Link: Equatable {
        let https: Bool
        let sameHost: Bool

        /// nil for anything but a parsed http(s) URL.
        init?(url: WebURL?, page: WebURL?) {
            guard let url, url.kind == .https || url.kind == .http else { return nil }
            https = url.kind == .https
            // The URL parser lower-cases the domains of http(s) URLs already.
            sameHost = page.map(url.hasSameHostname) ?? false
        }
    }

    /// A web link as every profile sees it, but for the time since the last input.
    struct Shape: Hashable {
        let link: Link
        let trigger: Trigger
        let frame: FrameKind
        let delayMs: Int?

        /// Hashes small integers only: the enums' own hashes would go through strings.
        func hash(into hasher: inout Hasher) {
            hasher.combine((link.https ? 1 : 0) | (link.sameHost ? 2 : 0) | trigger.ordinal << 2 | frame.ordinal << 6)
            hasher.combine(delayMs ?? Int.min)
        }
    }

    /// Each navigation's shape number (nil: not a web link, decided on its own) and how
    /// many shapes the page has.
    static func shapes(_ navigations: [Navigation], links: [Link?]) -> (numbers: [Int?], count: Int) {
        var known: [Shape: Int] = [:]
        let numbers = navigations.indices.map { i -> Int? in
            guard let link = links[i] else { return nil }
            let shape = Shape(link: link, trigger: navigations[i].trigger, frame: navigations[i].frame,
                              delayMs: navigations[i].delayMs)
            if let number = known[shape] { return number }
            known[shape] = known.count
            return known.count - 1
        }
        return (numbers, known.count)
    }

    /// Per shape: the times since input seen, each with the number of its verdict.
    private var seen: [[(sinceInput: Int?, number: Int)]]
    private(set) var verdicts: [Verdict] = []

    init(shapes: Int) {
        seen = Array(repeating: [], count: shapes)
    }

    /// The number of the verdict remembered for this shape and time since input, if any.
    func number(shape: Int, sinceInput: Int?) -> Int? {
        seen[shape].first { $0.sinceInput == sinceInput }?.number
    }

    /// Remembers `verdict` and returns its number.
    mutating func remember(_ verdict: Verdict, shape: Int, sinceInput: Int?) -> Int {
        verdicts.append(verdict)
        seen[shape].append((sinceInput, verdicts.count - 1))
        return verdicts.count - 1
    }
}
