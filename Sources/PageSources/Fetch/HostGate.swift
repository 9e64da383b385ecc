import Foundation

/// Politeness: at most `total` requests in flight, at most `perHost` to one host, and
/// request starts to one host spaced by `delay`. Waiters start in the order they came,
/// except that one held back by its host does not hold back the others.
final class HostGate: @unchecked Sendable {
    private struct Waiter {
        var host: String
        var start: @Sendable () -> Void
    }

    private struct HostState {
        var running = 0
        var notBefore = DispatchTime(uptimeNanoseconds: 0)
    }

    private let lock = NSLock()
    private let total: Int
    private let perHost: Int
    private let delay: TimeInterval
    private var running = 0
    private var hosts: [String: HostState] = [:]
    private var waiting: [Waiter] = []
    private var wakeScheduled: DispatchTime?

    init(total: Int, perHost: Int, delay: TimeInterval) {
        self.total = max(1, total)
        self.perHost = max(1, perHost)
        self.delay = max(0, delay)
    }

    /// Runs `start` (on another thread) once the host may take another request.
    func acquire(host: String, _ start: @escaping @Sendable () -> Void) {
        lock.withLock { waiting.append(Waiter(host: host, start: start)) }
        dispatch()
    }

    func release(host: String) {
        lock.withLock {
            running -= 1
            hosts[host, default: HostState()].running -= 1
        }
        dispatch()
    }

    private func dispatch() {
        var ready: [@Sendable () -> Void] = []
        lock.withLock {
            let now = DispatchTime.now()
            var earliest: DispatchTime?
            var index = 0
            while index < waiting.count, running < total {
                let host = waiting[index].host
                var state = hosts[host, default: HostState()]
                guard state.running < perHost else { index += 1; continue }
                guard state.notBefore <= now else {
                    earliest = min(earliest ?? state.notBefore, state.notBefore)
                    index += 1
                    continue
                }
                state.running += 1
                state.notBefore = now + delay
                hosts[host] = state
                running += 1
                ready.append(waiting.remove(at: index).start)
            }
            if let earliest, wakeScheduled.map({ earliest < $0 || $0 <= now }) ?? true {
                wakeScheduled = earliest
                FetchQueue.callbacks.asyncAfter(deadline: earliest) { [weak self] in self?.dispatch() }
            }
        }
        for start in ready { FetchQueue.callbacks.async(execute: start) }
    }
}
