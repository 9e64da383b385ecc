/// Verdicts of ordinary web links, remembered within one page for one profile. When no
/// app can claim an http(s) URL, every profile decides such a link from its scheme,
/// trigger, frame, timing and whether it stays on the page's host — not from the rest of
/// the URL — so a page's hundreds of plain links need only a few decisions. A test runs
/// whole corpora with and without this and compares every verdict.
struct WebVerdicts {
    /// What of a web link's URL its verdict depends on, worked out once per navigation.
    struct Link: Equatable {
        let https: Bool
        let sameHost: Bool

        /// nil for anything but a parsed http(s) URL.
        init?(url: WebURL?, page: WebURL?) {
            guard let url else { return nil }
            let scheme = url.scheme
            guard scheme == "https" || scheme == "http" else { return nil }
            https = scheme == "https"
            // The URL parser lower-cases the domains of http(s) URLs already.
            sameHost = url.hostname == page?.hostname
        }
    }

    struct Key: Hashable {
        let link: Link
        let trigger: Trigger
        let frame: FrameKind
        let delayMs: Int?
        let sinceInput: Int?

        init(_ link: Link, _ navigation: Navigation, sinceInput: Int?) {
            self.link = link
            trigger = navigation.trigger
            frame = navigation.frame
            delayMs = navigation.delayMs
            self.sinceInput = sinceInput
        }

        /// Hashes small integers only: the fields' own hashes go through strings.
        func hash(into hasher: inout Hasher) {
            hasher.combine((link.https ? 1 : 0) | (link.sameHost ? 2 : 0) | trigger.ordinal << 2 | frame.ordinal << 6)
            hasher.combine(delayMs ?? Int.min)
            hasher.combine(sinceInput ?? Int.min)
        }
    }

    /// Key → number of its verdict in `verdicts`.
    private var numbers: [Key: Int] = [:]
    private(set) var verdicts: [Verdict] = []

    /// The number of the verdict remembered for `key`, if any.
    func number(of key: Key) -> Int? { numbers[key] }

    /// Remembers `verdict` for `key` and returns its number.
    mutating func remember(_ verdict: Verdict, for key: Key) -> Int {
        numbers[key] = verdicts.count
        verdicts.append(verdict)
        return verdicts.count - 1
    }
}
