/// Verdicts of ordinary web links, remembered within one page for one profile. When no
/// app can claim an http(s) URL, every profile decides such a link from its scheme,
/// trigger, frame, timing and whether it stays on the page's host — not from the rest of
/// the URL — so a page's hundreds of plain links need only a few decisions. A test runs
/// whole corpora with and without this and compares every verdict.
struct WebVerdicts {
    struct Key: Hashable {
        let https: Bool
        let sameHost: Bool
        let trigger: Trigger
        let frame: FrameKind
        let delayMs: Int?
        let sinceInput: Int?

        /// nil for anything but a parsed http(s) URL.
        init?(_ navigation: Navigation, url: WebURL?, page: WebURL?, sinceInput: Int?) {
            guard let url, url.scheme == "https" || url.scheme == "http" else { return nil }
            https = url.scheme == "https"
            // The URL parser lower-cases the domains of http(s) URLs already.
            sameHost = url.hostname == page?.hostname
            trigger = navigation.trigger
            frame = navigation.frame
            delayMs = navigation.delayMs
            self.sinceInput = sinceInput
        }
    }

    var known: [Key: Verdict] = [:]
}
