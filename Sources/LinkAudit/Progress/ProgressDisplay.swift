import Foundation
import Reports

/// Draws the progress line on stderr, in place, twice a second, and erases it when the run
/// is over so the end-of-run lines start on a clean line. Used only when stderr is a
/// terminal and `--quiet` is not given (the command line decides: `AuditOptions.progress`).
final class ProgressDisplay: @unchecked Sendable {
    /// Drawing and erasing happen on this queue, so no draw can land after the erase.
    private let queue = DispatchQueue(label: "linkaudit.progress")
    private let counts: @Sendable () -> ProgressCounts
    private let started = Date()
    private var timer: DispatchSourceTimer?
    private var drawn = false

    static let interval = 0.5

    init(counts: @escaping @Sendable () -> ProgressCounts) {
        self.counts = counts
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [weak self] in self?.draw() }
        self.timer = timer
        timer.resume()
    }

    /// Stops drawing and erases the line (once; later calls do nothing).
    func stop() {
        queue.sync {
            timer?.cancel()
            timer = nil
            if drawn { Self.write("\r\u{1B}[K") }
            drawn = false
        }
    }

    private func draw() {
        guard timer != nil else { return }
        let text = ProgressLine.text(counts(), elapsed: Date().timeIntervalSince(started))
        Self.write("\r\u{1B}[K" + ProgressLine.fit(text, columns: Self.columns()))
        drawn = true
    }

    /// The terminal's width, nil when it does not say.
    private static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    private static func write(_ text: String) {
        StandardError.write(text)
    }
}
