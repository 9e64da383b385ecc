import LinkAuditModel
import WHATWGURL

/// What one profile's verdict on one navigation can depend on, as the classifier's memo
/// key (`DecisionMemo`): built from the `PolicyRequest` the profile would get, field by
/// field, with the URL and the page reduced to what the profiles read of them
/// (`TargetReading`, `DecisionKey.Page`). The device, settings and options are the same for
/// every request of a classifier and are not in the key: the memo belongs to one
/// configuration (`Classifier` starts a new one when any of them changes).
///
/// A new input must reach the key, or two navigations that differ in it would share a
/// verdict: `AndroidRequest` and `IOSNavigationAction` enter whole (their synthesized `==`
/// takes a new field along), and `Tests/PoliciesTests/DecisionKeyTests.swift` fails for a
/// `PolicyRequest` field this initializer does not read, and for any field whose change
/// leaves the key the same.
struct DecisionKey: Hashable {
    /// What of the target and the page the profiles read.
    var link: Link
    /// The navigation's own inputs.
    var inputs: Inputs
    /// What the page visit adds per profile.
    var visit: Visit

    init(_ request: __shared PolicyRequest, reading: TargetReading) {
        link = Link(url: request.url, urlString: request.urlString, scheme: request.scheme, page: request.pageContext,
                    reading: reading, intent: reading.readsIntentKey(scheme: request.scheme) ? request.parsedIntent : nil)
        inputs = Inputs(request)
        visit = Visit(msSinceUserInput: request.android.msSinceUserInput)
    }

    /// What the page visit (`PageVisit.walk`) adds for one profile: the same link can be
    /// reached with the activation window open for one profile and consumed for another.
    /// A new per-visit input (say, whether an earlier navigation already left the page)
    /// belongs here, as a field of the request it is handed to the profile in.
    struct Visit: Hashable {
        /// `AndroidRequest.msSinceUserInput`.
        var msSinceUserInput: Int?
    }

    /// The navigation's trigger, frame and delay, and the platform inputs derived from them
    /// (`InputMapping`, or as `linkaudit explain` sets them).
    struct Inputs: Hashable {
        var trigger: Trigger
        var frame: FrameKind
        var delayMs: Int?
        /// With `msSinceUserInput` left to `Visit`.
        var android: AndroidRequest
        /// With the page's URL left out when it is the request's page (`Page` holds what is
        /// read of it); kept whole otherwise (`linkaudit explain` may set it apart).
        var ios: IOSNavigationAction

        init(_ request: __shared PolicyRequest) {
            trigger = request.trigger
            frame = request.frame
            delayMs = request.delayMs
            android = request.android
            android.msSinceUserInput = nil
            ios = request.ios
            if let current = ios.parsedCurrentURL, current == request.pageContext.url,
               ios.currentURL == request.pageContext.href {
                ios.currentURL = nil
                ios.parsedCurrentURL = nil
            }
        }
    }

    /// What of the target the profiles read (`TargetReading.target`).
    enum Target: Hashable {
        /// The whole URL (or the raw text of a target that does not parse).
        case whole(String)
        /// An http(s) URL no app can claim: its scheme and how it stands to the page.
        case web
        /// A `file:` URL: whether it names WebView's own assets, and whether it lies in the
        /// current file page's directory (the iOS SDK's local page rule).
        case file(asset: Bool, local: Bool)
        /// A URL read by its scheme alone.
        case scheme
        /// An `intent:` URI read as parsed, a link's own values left out where only quoted.
        /// By reference (`IntentKey.Shared`, its hash made once): keys of every other kind stay
        /// as small as before, and a key copied or matched is one retain, not one per string.
        case intent(IntentKey.Shared)
    }

    /// What the profiles read of the page, next to the target: its kind (a `file:` page may
    /// read files, Chrome compares a web page's handlers) and how its host compares with the
    /// target's, the three ways the profiles compare them.
    struct Page: Hashable {
        var kind: PageContext.Kind
        /// The page has a host (the iOS SDK skips its cross-host check without one).
        var hasHost: Bool
        /// The target has a host.
        var targetHasHost: Bool
        /// Both hosts there and equal (Chrome's `shouldStayWithinHost`).
        var sameHost: Bool
        /// Equal, a missing host counting as "" (WebKit's app-link check).
        var sameHostOrNone: Bool
        /// Equal lower-cased, a missing host counting as "" (the iOS SDK).
        var sameHostFolded: Bool
        /// The page's URL itself, where a profile reads it: Chrome asks which apps handle the
        /// page when a whole-read target stays on its host, and the iOS SDK compares paths of
        /// a whole-read `file:` target and a `file:` page.
        var href: String?

        init(url: __shared WebURL?, page: PageContext, target: Target) {
            let whole: Bool
            switch target {
            case .whole, .intent: whole = true
            case .web, .file, .scheme: whole = false
            }
            self.init(url: url, page: page, targetReadWhole: whole)
        }

        /// `targetReadWhole`: the target is kept `.whole` or `.intent` (a profile may then
        /// compare it with the page's own URL). Inlined: called, it built the key and copied it
        /// out (a retain and a release) for every link.
        @inline(__always)
        init(url: __shared WebURL?, page: PageContext, targetReadWhole: Bool) {
            // Each field set once, from locals: set and then set again (`href`), the struct was
            // copied and destroyed, a retain and a release, for every link (Benchmarks/README.md,
            // issue 17). The page's host read from its precomputed fields (`PageContext`).
            // The URL read through `url?.` rather than bound by `if let`: a binding copies it
            // (a retain and a release, twice a link) and only the web-to-web branch needs one.
            // The scheme kinds matched by pattern: `==` on them was a protocol witness call, three a link.
            let targetKind = url?.kind
            let targetIsWeb: Bool, targetIsFile: Bool
            switch targetKind {
            case .http?, .https?: (targetIsWeb, targetIsFile) = (true, false)
            case .file?: (targetIsWeb, targetIsFile) = (false, true)
            default: (targetIsWeb, targetIsFile) = (false, false)
            }
            let hasHost: Bool, targetHasHost: Bool, sameHost: Bool, sameHostOrNone: Bool, sameHostFolded: Bool
            if page.kind == .web, targetIsWeb {
                // Both hosts there, never empty and lower-cased by the parser: the three
                // comparisons agree. The target's host compared in place with the page's, read once
                // per page (`PageContext`): `url.hasSameHostname(as: pageURL)` bound both URLs, two
                // copies made and destroyed (through the optional's metadata) a web link (issue 17).
                let same = url?.hostLength == page.hostLength && url?.hostEquals(page.hostnameOrEmpty) == true
                hasHost = true
                targetHasHost = true
                sameHost = same
                sameHostOrNone = same
                sameHostFolded = same
            } else if targetKind != nil {
                // The host compared in place; a URL's host is ASCII (the URL Standard
                // serialises it so), so folding its ASCII letters is `lowercased()`.
                hasHost = !page.hostIsEmpty
                targetHasHost = url?.hasNonEmptyHost == true
                // Hosts of other lengths differ: told so without handing the page's host over.
                let targetHostLength = url?.hostLength ?? 0
                sameHostOrNone = targetHostLength == page.hostLength && url?.hostEquals(page.hostnameOrEmpty) == true
                sameHost = sameHostOrNone && url?.layout.hostRange != nil && page.hasHostname
                sameHostFolded = sameHostOrNone
                    || (targetHostLength == page.foldedHostLength
                        && url?.hostEquals(page.foldedHostname, folded: true) == true)
            } else {
                hasHost = !page.hostIsEmpty
                targetHasHost = false
                sameHost = false
                sameHostOrNone = page.hostIsEmpty
                sameHostFolded = sameHostOrNone
            }
            kind = page.kind
            self.hasHost = hasHost
            self.targetHasHost = targetHasHost
            self.sameHost = sameHost
            self.sameHostOrNone = sameHostOrNone
            self.sameHostFolded = sameHostFolded
            href = targetReadWhole && (sameHost || (targetIsFile && page.kind == .file)) ? page.url?.href : nil
        }

        /// The page as bits when it holds no page URL (`href` nil): one-to-one with `==` then.
        var bits: UInt32? {
            guard href == nil else { return nil }
            return UInt32(kind.rawValue) | (hasHost ? 1 << 4 : 0) | (targetHasHost ? 1 << 5 : 0) | (sameHost ? 1 << 6 : 0)
                | (sameHostOrNone ? 1 << 7 : 0) | (sameHostFolded ? 1 << 8 : 0)
        }
    }

    /// What of the target and the page every profile reads, for one navigation.
    struct Link: Hashable {
        var scheme: String
        var target: Target
        var page: Page

        init(url: __shared WebURL?, urlString: String, scheme: String, page: PageContext, reading: TargetReading,
             intent: ParsedIntent? = nil) {
            self.scheme = scheme
            target = reading.target(url: url, urlString: urlString, scheme: scheme, page: page, intent: intent)
            self.page = Page(url: url, page: page, target: target)
        }

        /// Small integers and the strings; `==` (synthesized) compares every field.
        func hash(into hasher: inout Hasher) {
            hasher.combine(scheme)
            switch target {
            case .whole(let text): hasher.combine(text)
            case .web: hasher.combine(1)
            case .file(let asset, let local): hasher.combine(2 | (asset ? 4 : 0) | (local ? 8 : 0))
            case .scheme: hasher.combine(3)
            case .intent(let key): hasher.combine(key.folded)
            }
            hasher.combine(Int(page.kind.rawValue) | (page.hasHost ? 4 : 0) | (page.targetHasHost ? 8 : 0)
                           | (page.sameHost ? 16 : 0) | (page.sameHostOrNone ? 32 : 0) | (page.sameHostFolded ? 64 : 0))
            if let href = page.href { hasher.combine(href) }
        }
    }
}

extension DecisionKey.Link {
    /// The link as two integers when its target is read by kind alone (`.web`, `.file`,
    /// `.scheme`: no text beside the scheme, and no page URL in `page`) — the scheme by the
    /// memo's number for it, the rest packed in `bits` — so that the memo finds it by a hash
    /// of integers instead of hashing and comparing the whole key (`DecisionMemo.link`); nil
    /// for a key that holds text (`.whole`, `.intent`, or a page URL). One-to-one: two links
    /// of equal scheme give equal bits exactly when they are equal (`DecisionKeyTests`).
    var compactBits: UInt32? {
        guard page.href == nil else { return nil }
        var bits: UInt32
        switch target {
        case .whole, .intent: return nil
        case .web: bits = 1
        case .file(let asset, let local): bits = 2 | (asset ? 4 : 0) | (local ? 8 : 0)
        case .scheme: bits = 3
        }
        return bits | page.bits! << 4
    }
}
