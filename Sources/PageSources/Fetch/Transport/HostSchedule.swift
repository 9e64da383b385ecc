/// Politeness, decided in one place and without a clock of its own (the transport passes
/// `now`), so each rule is a line of a test: at most `total` requests in flight, at most
/// `perHost` to one host, and, when `delay` is set, a request goes on the wire to a host no
/// sooner than `delay` after the last one did. "On the wire" is when libcurl is about to
/// send the request line (its pre-request callback), after any connect and TLS handshake:
/// stamping the start instead lets a slow handshake bunch two requests together, so while
/// one request to the host is still connecting the next one waits. Waiting requests start
/// in the order they came, except that one held back by its host holds back no other.
struct HostSchedule {
    private struct HostState {
        var running = 0
        /// Started and not yet on the wire (nor finished).
        var connecting = 0
        var notBefore: UInt64 = 0
    }

    let total: Int
    let perHost: Int
    /// Nanoseconds.
    let delay: UInt64
    private(set) var running = 0
    private var hosts: [String: HostState] = [:]

    /// `delay` in seconds, at most an hour (the flag's range).
    init(total: Int, perHost: Int, delay: Double) {
        self.total = max(1, total)
        self.perHost = max(1, perHost)
        self.delay = UInt64((min(max(0, delay), 3600) * 1e9).rounded())
    }

    /// Which of the waiting requests (their hosts, in the order they came) start now, by
    /// position; and, when some wait only for the delay, the time to ask again.
    mutating func starts(waiting: [String], now: UInt64) -> (positions: [Int], wakeAt: UInt64?) {
        var positions: [Int] = []
        var wakeAt: UInt64?
        for (position, host) in waiting.enumerated() {
            guard running < total else { break }
            var state = hosts[host] ?? HostState()
            guard state.running < perHost else { continue }
            if delay > 0 {
                guard state.connecting == 0 else { continue }
                guard state.notBefore <= now else {
                    wakeAt = min(wakeAt ?? state.notBefore, state.notBefore)
                    continue
                }
                state.connecting += 1
                state.notBefore = now + delay
            }
            state.running += 1
            running += 1
            hosts[host] = state
            positions.append(position)
        }
        return (positions, wakeAt)
    }

    /// The request went on the wire: the next one to the host waits `delay` from now.
    mutating func wired(host: String, now: UInt64) {
        guard delay > 0, var state = hosts[host], state.connecting > 0 else { return }
        state.connecting -= 1
        state.notBefore = now + delay
        hosts[host] = state
    }

    /// The request ended; `wired`: it had reached the wire.
    mutating func finished(host: String, wired: Bool, now: UInt64) {
        guard var state = hosts[host] else { return }
        running -= 1
        state.running -= 1
        if delay > 0, !wired, state.connecting > 0 { state.connecting -= 1 }
        if state.running == 0, state.notBefore <= now {
            hosts[host] = nil  // nothing left to remember: the map holds only busy hosts
        } else {
            hosts[host] = state
        }
    }
}
