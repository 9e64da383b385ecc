import LinkAuditModel

/// Which navigations of a page a visit never reaches because an earlier one fired first,
/// as an engine runs the page (Docs/PLATFORM.md §F.15, rules 27 and 28). Pure: the page's
/// navigations (with their `ParsePlace`), which are live, and when each happens.
///
/// Blink (Android WebView, Chrome):
/// - a navigation of a document's own frame started while the document is parsed (a
///   script's top-level `location.href = …`) stops the parser: nothing after that script
///   ever exists in that visit — later links, frames and scripts — and neither
///   `DOMContentLoaded` nor `load` fires, so code waiting for them never runs. Timers and
///   listeners registered before it stay; the navigation itself, and the rest of its
///   script, happen;
/// - any navigation of a document's frame cancels the document's pending meta refresh:
///   a load-time script or timer that fires before the refresh (at the same time too:
///   the refresh's clock starts only after the load) leaves the refresh unreached.
/// WebKit (every iOS profile): unconfirmed, so nothing is taken away (§F.15).
public enum PageReach {
    /// The engine a profile runs on.
    public enum Engine: Sendable {
        case blink, webKit

        public init(_ platform: Platform) {
            self = platform == .android ? .blink : .webKit
        }
    }

    /// Why a navigation is never reached, and the earlier navigation that did it.
    public struct Unreached: Sendable, Equatable {
        public enum Cause: Sendable, Equatable {
            /// An earlier navigation stopped the document's parser first.
            case parserStopped
            /// An earlier navigation of the frame cancelled this refresh.
            case refreshCancelled
        }

        public var cause: Cause
        /// The index of the navigation that stopped the parser or cancelled the refresh.
        public var by: Int
    }

    /// Per navigation, why a Blink visit never reaches it (nil: it does). `live`: whether
    /// each is decided at all (`PageVisit.evaluates`); `loadTime`: when a load-time one
    /// happens on the page's clock.
    public static func blink(_ navigations: [Navigation], live: [Bool], loadTime: (Navigation) -> Int) -> [Unreached?] {
        var out = [Unreached?](repeating: nil, count: navigations.count)
        let stops = parserStops(navigations, live: live)
        let pageStop = stops[0]
        // The stops by document in an array when the documents are few (numbered from 0 in
        // page order, a page has a handful): a lookup a link in the dictionary cost more.
        let lastDocument = stops.keys.max() ?? -1
        let byDocument: [(line: Int, index: Int)?]? = lastDocument < 4_096 && !stops.keys.contains(where: { $0 < 0 })
            ? (0...max(0, lastDocument)).map { stops[$0] } : nil
        func stopOf(_ document: Int) -> (line: Int, index: Int)? {
            guard let byDocument else { return stops[document] }
            return document >= 0 && document < byDocument.count ? byDocument[document] : nil
        }
        // The navigations are read in place (`navigations[i].…`): binding each to a name
        // copied every link of the page (Benchmarks/README.md, issue 17).
        // With no parser stop on the page (most pages) nothing is unreached here: no lookup a link.
        for i in navigations.indices where !stops.isEmpty && live[i] {
            guard let place = navigations[i].place.value else { continue }
            if let stop = stopOf(place.document), place.parserLine.map({ $0 > stop.line }) ?? true {
                out[i] = Unreached(cause: .parserStopped, by: stop.index)
            } else if place.document != 0, let stop = pageStop, navigations[i].line > stop.line {
                // A frame document whose frame comes after the stop never exists.
                out[i] = Unreached(cause: .parserStopped, by: stop.index)
            } else if navigations[i].trigger == .metaRefresh, let stop = stopOf(place.document) {
                // Parsed before the stop: the stop cancels it (and the load it waits for
                // never ends).
                out[i] = Unreached(cause: .refreshCancelled, by: stop.index)
            }
        }
        // A refresh still pending when a load-time navigation of its frame fires: the
        // earliest such navigation of each document's frame, found in one pass — only on a
        // page with a refresh left to cancel: the pass reads every script navigation (its
        // place, time and sandbox) and fills a dictionary that only a refresh is looked up in.
        guard navigations.indices.contains(where: { live[$0] && out[$0] == nil && navigations[$0].trigger == .metaRefresh })
        else { return out }
        var earliest: [Int: (time: Int, index: Int)] = [:]
        func note(_ document: Int, _ time: Int, _ index: Int) {
            if earliest[document].map({ (time, index) < ($0.time, $0.index) }) ?? true { earliest[document] = (time, index) }
        }
        // Read in place too: binding each script navigation to a name copied it whole.
        for i in navigations.indices
        where live[i] && out[i] == nil && (navigations[i].trigger == .scriptLoad || navigations[i].trigger == .scriptTimer) {
            guard let place = navigations[i].place.value else { continue }
            let time = loadTime(navigations[i])
            // A sandboxed frame's top navigation that its sandbox refuses never starts (§F.17).
            if navigations[i].frame == .main,
               FrameSandbox(field: navigations[i].sandbox).map({ $0.allowsTopNavigation(gesture: false) }) ?? true {
                note(0, time, i)
            }
            if place.ownFrame && place.document != 0 { note(place.document, time, i) }
        }
        for r in navigations.indices where live[r] && out[r] == nil && navigations[r].trigger == .metaRefresh {
            guard let place = navigations[r].place.value, place.ownFrame, let first = earliest[place.document] else { continue }
            // Ties go to the script: the refresh's own clock starts only after the load.
            if first.time <= loadTime(navigations[r]) { out[r] = Unreached(cause: .refreshCancelled, by: first.index) }
        }
        return out
    }

    /// The first navigation of each document that stops its parser: where (the line the
    /// parser stood at) and which, by document. A navigation without a place (built
    /// elsewhere) takes no part. Only these navigations decide which others a stop leaves
    /// unreached: a streamed page classifies its chunks beside them (`Classifier.PageWide`).
    static func parserStops(_ navigations: [Navigation], live: [Bool]) -> [Int: (line: Int, index: Int)] {
        var stops: [Int: (line: Int, index: Int)] = [:]
        for i in navigations.indices where live[i] {
            guard let place = navigations[i].place.value, place.startsWhileParsing, let line = place.parserLine,
                  navigations[i].trigger == .scriptLoad, navigatesFrame(of: place.document, navigations[i]) else { continue }
            if let stop = stops[place.document], stop.line <= line { continue }
            stops[place.document] = (line, i)
        }
        return stops
    }

    /// Whether a navigation goes to the frame document `document` is in: its own
    /// navigations of its own frame, and for the page's own document every navigation of
    /// the main frame (`top.location` from a frame inside it too).
    static func navigatesFrame(of document: Int, _ navigation: Navigation) -> Bool {
        guard let place = navigation.place.value else { return false }
        if document == 0 && navigation.frame == .main { return true }
        return place.document == document && place.ownFrame
    }

    /// The verdict of a navigation never reached: the profile is not asked.
    static func verdict(_ unreached: Unreached, _ navigations: [Navigation]) -> Verdict {
        // The three fields read in place: the navigation bound whole was copied (a retain and a
        // release of each of its fields) for every unreached verdict made (issue 17).
        let by = unreached.by
        let reason: Reason = unreached.cause == .parserStopped ? .parserStopped : .refreshCancelled
        return Verdict(.unreached, reason, details: [
            VerdictDetail.unreachedBy:
                "the \(navigations[by].trigger.rawValue) navigation on line \(navigations[by].line) to \(navigations[by].url)",
        ])
    }
}

extension VerdictDetail {
    /// For an `unreached` verdict: the navigation that stopped the parser or cancelled
    /// the refresh (trigger, line and URL).
    public static let unreachedBy = "unreachedBy"
}
