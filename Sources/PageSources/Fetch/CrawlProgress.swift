import Foundation

/// The progress line on stderr while a crawl runs (only when stderr is a terminal and
/// `--quiet` is not given): pages done and queued, errors, rate, time left at that rate.
/// Redrawn in place twice a second and erased when the crawl ends.
final class CrawlProgress: @unchecked Sendable {
    private let counts: @Sendable () -> (done: Int, queued: Int, errors: Int)
    private let started = Date()
    private var timer: DispatchSourceTimer?

    init(counts: @escaping @Sendable () -> (done: Int, queued: Int, errors: Int)) {
        self.counts = counts
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: FetchQueue.callbacks)
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            Self.write("\r\u{1B}[K" + Self.line(self.counts(), elapsed: Date().timeIntervalSince(self.started)))
        }
        self.timer = timer
        timer.resume()
    }

    func stop() {
        guard let timer else { return }
        timer.cancel()
        self.timer = nil
        Self.write("\r\u{1B}[K")
    }

    /// `crawl: 42 done, 17 queued, 3 errors, 5.1 pages/s, ~4 s left`
    static func line(_ counts: (done: Int, queued: Int, errors: Int), elapsed: TimeInterval) -> String {
        let rate = elapsed > 0 ? Double(counts.done) / elapsed : 0
        var text = "crawl: \(counts.done) done, \(counts.queued) queued, \(counts.errors) errors"
        text += String(format: ", %.1f pages/s", rate)
        if rate > 0, counts.queued > 0 { text += ", ~\(Int((Double(counts.queued) / rate).rounded(.up))) s left" }
        return text
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
