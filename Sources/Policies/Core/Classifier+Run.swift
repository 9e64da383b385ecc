import Associations
import Foundation
import LinkAuditModel
import WHATWGURL

extension Classifier {
    /// What a classifier's configuration builds once: the requests' shared context, the
    /// profile names of its verdict sets, what the profiles read of a URL, the page visit.
    final class Run: Sendable {
        let profiles: [any RuntimeProfile]
        let context: PolicyContext
        let names: VerdictSet.Names
        let reading: TargetReading
        /// `reading.wholeSchemes.isEmpty`: an `intent:` data's scheme is then read whole only when it
        /// is http(s) (`TargetReading.isHTTP(ascii:)`), and the shape asks that of no reading.
        let readsOnlyWebDataWhole: Bool
        let visit: PageVisit

        init(_ classifier: Classifier) {
            profiles = classifier.profiles
            var device = classifier.device
            device.siteAssociations = classifier.associations
            context = PolicyContext(device: device, settings: classifier.settings, options: classifier.options)
            names = VerdictSet.Names(classifier.profiles.map(\.name))
            reading = TargetReading(profiles: classifier.profiles, device: device, options: classifier.options)
            readsOnlyWebDataWhole = reading.wholeSchemes.isEmpty
            visit = PageVisit(settings: classifier.settings)
        }

        /// A navigation's request, without the time since input (the visit sets it).
        func request(for navigation: Navigation, page: PageContext, url: WebURL?? = nil) -> PolicyRequest {
            withUnsafePointer(to: navigation) { request(at: 0, of: UnsafeBufferPointer(start: $0, count: 1), page: page, url: url) }
        }

        /// `request(for: navigations[i], …)`, the navigation read where it lies: handed over from
        /// the page's array, it was copied whole and destroyed again (a retain and a release of
        /// each of its fields) for every link decided (issue 17).
        func request(at i: Int, of navigations: UnsafeBufferPointer<Navigation>, page: PageContext,
                     url: WebURL?? = nil) -> PolicyRequest {
            let settings = context.settings
            let trigger = navigations[i].trigger, frame = navigations[i].frame, delayMs = navigations[i].delayMs
            var ios = InputMapping.ios(trigger, frame: frame, delayMs: delayMs, pageURL: navigations[i].page,
                                       settings: settings)
            ios.parsedCurrentURL = page.url
            return PolicyRequest(
                url: url ?? Classifier.target(of: navigations, at: i), urlString: navigations[i].url,
                scheme: navigations[i].scheme, trigger: trigger, frame: frame, delayMs: delayMs,
                android: InputMapping.android(trigger, frame: frame, delayMs: delayMs,
                                              settings: settings, msSinceUserInput: nil,
                                              options: context.options.android),
                ios: ios, context: context, page: page)
        }
    }

    /// The run a configuration builds, made on first use, and its memos: one per worker
    /// classifying at the same time, each taken for a page and given back.
    final class MemoStore: @unchecked Sendable {
        private let lock = NSLock()
        private var built: Run?
        /// Each worker's memo, taken up by the worker that set it down (`WorkerShelf`).
        private let idle = WorkerShelf<DecisionMemo>()

        func run(_ classifier: Classifier) -> Run {
            lock.lock()
            defer { lock.unlock() }
            if let built { return built }
            let run = Run(classifier)
            built = run
            return run
        }

        func take(_ run: Run) -> DecisionMemo {
            idle.take() ?? DecisionMemo(profiles: run.profiles.count)
        }

        /// A full memo is dropped: its worker starts a fresh one.
        func give(_ memo: DecisionMemo) {
            if !memo.isFull { idle.give(memo) }
        }
    }
}
