import Foundation
import LinkAuditModel
import WHATWGURL

/// A live crawl's framed pages: an iframe or frame of a crawled page whose `src` is a page
/// within the crawl's scope runs that page as a sub-frame, so its navigations are the framing
/// page's sub-frame navigations too, as for a dump's files and an archive's records
/// (`FrameWalk`; README, "Framed pages").
///
/// The framed page is fetched as the crawl fetches: through its client (the address guard,
/// the per-host politeness gate, retries), its redirects followed hop by hop, and robots.txt
/// asked first (the crawl chose the frame's URL, as it chooses a link). The worker reading the
/// framing page waits for it. What a framed page starts is kept for the next page that frames
/// it — its navigations, never its body — for at most `maxRemembered` URLs and
/// `maxRememberedNavigations` navigations in all; past that the oldest is fetched again when
/// framed again.
package final class CrawlFrames: @unchecked Sendable {
    static let maxRemembered = 256
    static let maxRememberedNavigations = 100_000

    private let follower: RedirectFollower
    private let scope: CrawlScope
    private let lock = NSLock()
    private var remembered: [String: FrameWalk.Document] = [:]
    private var order: [String] = []
    private var rememberedNavigations = 0

    init(follower: RedirectFollower, scope: CrawlScope) {
        self.follower = follower
        self.scope = scope
    }

    /// Adds to a fetched page the navigations of the in-scope pages its frames load.
    package func follow(_ result: inout PageResult, reader: PageReader) {
        guard result.record.isOK, result.navigations.contains(where: FramedPages.loadsAFrame) else { return }
        let walk = FrameWalk(known: { [scope] key in
            WebURL.parse(key).map(CrawlURLForm.normalize).flatMap { scope.contains($0) ? key : nil }
        }, read: { self.document($0, reader: reader) }, pagesName: "the crawl's pages")
        result.navigations = walk.follow(result.navigations, page: result.record.page, warning: &result.record.warning)
        result.record.navigations = result.navigations.count
    }

    /// The framed page at `key`: remembered, or fetched now (waiting for it).
    private func document(_ key: String, reader: PageReader) -> FrameWalk.Document {
        if let known = lock.withLock({ remembered[key] }) { return known }
        guard let url = WebURL.parse(key) else { return .skipped(nil) }
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        follower.follow(CrawlURLForm.normalize(url), depth: 0, named: false) { pages in
            box.pages = pages
            done.signal()
        }
        done.wait()
        guard let last = box.pages.last else { return .skipped(nil) }
        let read = reader.read(last)
        let document: FrameWalk.Document
        if read.record.isOK {
            document = .navigations(read.navigations)
        } else if read.record.status.hasPrefix("not-html") {
            document = .skipped(nil)  // a frame showing an image or a PDF starts nothing
        } else {
            document = .skipped("framed-page-not-followed: \(key) \(read.record.status)")
        }
        remember(key, document)
        return document
    }

    private func remember(_ key: String, _ document: FrameWalk.Document) {
        let count: Int
        if case .navigations(let navigations) = document { count = navigations.count } else { count = 0 }
        guard count <= Self.maxRememberedNavigations else { return }
        lock.withLock {
            guard remembered[key] == nil else { return }
            while !order.isEmpty, order.count >= Self.maxRemembered
                    || rememberedNavigations + count > Self.maxRememberedNavigations {
                let oldest = order.removeFirst()
                if case .navigations(let gone)? = remembered.removeValue(forKey: oldest) {
                    rememberedNavigations -= gone.count
                }
            }
            remembered[key] = document
            order.append(key)
            rememberedNavigations += count
        }
    }

    private final class Box: @unchecked Sendable {
        var pages: [FetchedPage] = []
    }
}
