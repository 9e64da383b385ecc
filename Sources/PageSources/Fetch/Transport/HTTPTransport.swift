import CCurl
import Dispatch
import Foundation

/// The one place HTTP is spoken: libcurl's multi interface, driven by one thread of its
/// own. Why libcurl itself rather than URLSession (which is libcurl underneath on Linux):
/// each transfer's bytes come to a write callback that can stop at the size cut, so neither
/// the transfer nor memory goes past it; result codes name the real problem (a certificate,
/// a dropped connection); the open-socket callback lets the address guard judge the very
/// address connected; and the pre-request callback tells when a request goes on the wire,
/// which is what `--delay` spaces. One GET per request, redirects not followed (the 3xx
/// comes back with its `Location`), no proxy, no cookies unless asked, no cache; libcurl
/// asks for every content coding it can decode (gzip, deflate, br, zstd) and decodes it.
///
/// Timeouts are kept here to the millisecond: `timeout` without a byte (connecting
/// included), three times it for the whole response (a server that trickles bytes never
/// goes quiet). libcurl's own timeout is a backstop a little past that.
final class HTTPTransport: @unchecked Sendable {
    enum Outcome: Sendable {
        case response(status: Int, headers: HeaderFields, body: [UInt8], cut: Bool, skipped: Bool)
        case failure(FetchFailure)
    }

    struct Settings: Sendable {
        var userAgent: String
        var timeout: Double
        var cookies: Bool
        var total: Int
        var perHost: Int
        var delay: Double
        var addressGuard: AddressGuard
        /// Trusted certificates instead of the system's (tests: a certificate they made).
        var caFile: String?
        /// libcurl `CONNECT_TO` entries, `HOST:PORT:ADDRESS:PORT` (tests: a name that
        /// resolves one way and connects another, as DNS rebinding does).
        var connectTo: [String] = []
    }

    private static let globalInit: Void = { _ = linkaudit_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// How many of the libcurl functions the transport calls cannot be found, libcurl being
    /// opened on the first call rather than linked (`Sources/CCurl/shim.h`): 0.
    static var missingCurlFunctions: Int { Int(linkaudit_curl_missing()) }

    private let settings: Settings
    private let idle: UInt64
    private let whole: UInt64
    private let lock = NSLock()
    /// Guarded by `lock`: requests handed in and not yet seen by the loop.
    private var inbox: [Transfer] = []
    private var closed = false
    private let multi: UnsafeMutableRawPointer
    private let share: UnsafeMutableRawPointer?
    // The loop thread's own.
    private var waiting: [Transfer] = []
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var schedule: HostSchedule
    private var wakeAt: UInt64?
    private var scheduleChanged = true

    init(_ settings: Settings) {
        _ = Self.globalInit
        self.settings = settings
        idle = UInt64((min(max(0.001, settings.timeout), 3600) * 1e9).rounded())  // the flag allows 0.1–600 s
        whole = idle * 3
        schedule = HostSchedule(total: settings.total, perHost: settings.perHost, delay: settings.delay)
        multi = linkaudit_multi_init()
        _ = linkaudit_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, settings.perHost))
        _ = linkaudit_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, settings.total))
        if settings.cookies, let share = linkaudit_share_init() {
            _ = linkaudit_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
            self.share = share
        } else {
            share = nil
        }
        let thread = Thread { [self] in run() }
        thread.name = "linkaudit.fetch.transport"
        thread.start()
    }

    /// Stops the loop: requests still waiting or running fail.
    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            linkaudit_multi_wakeup(multi)
        }
    }

    func send(_ request: FetchRequest, completion: @escaping @Sendable (Outcome) -> Void) {
        let transfer = Transfer(request: request, addressGuard: settings.addressGuard, completion: completion)
        let accepted: Bool = lock.withLock {
            guard !closed else { return false }
            inbox.append(transfer)
            linkaudit_multi_wakeup(multi)  // under the lock: the loop frees `multi` only once closed
            return true
        }
        if !accepted { FetchQueue.callbacks.async { completion(.failure(Self.stoppedFailure)) } }
    }

    private static let stoppedFailure = FetchFailure.connection("the crawl stopped before the response came")

    // MARK: The loop

    private func run() {
        while true {
            let (arrived, closing) = lock.withLock { () -> ([Transfer], Bool) in
                defer { inbox.removeAll() }
                return (inbox, closed)
            }
            waiting += arrived
            if closing { break }
            if !arrived.isEmpty { scheduleChanged = true }
            var now = DispatchTime.now().uptimeNanoseconds
            if scheduleChanged || wakeAt.map({ $0 <= now }) == true { startWaiting(now: now) }
            var running: Int32 = 0
            _ = linkaudit_multi_perform(multi, &running)
            now = DispatchTime.now().uptimeNanoseconds
            reportWires()
            collectDone(now: now)
            expire(now: now)
            _ = linkaudit_multi_poll(multi, nil, 0, pollMilliseconds(now: now), nil)
        }
        for transfer in Array(active.values) { transfer.stopped = Self.stoppedFailure; finish(transfer, CURLE_OK, now: 0) }
        for transfer in waiting { deliver(transfer, .failure(Self.stoppedFailure)) }
        waiting = []
        lock.withLock { _ = linkaudit_multi_cleanup(multi) }
        if let share { linkaudit_share_cleanup(share) }
    }

    private func startWaiting(now: UInt64) {
        let (positions, wake) = schedule.starts(waiting: waiting.map(\.host), now: now)
        wakeAt = wake
        scheduleChanged = false
        guard !positions.isEmpty else { return }
        let starting = Set(positions)
        var still: [Transfer] = []
        still.reserveCapacity(waiting.count - positions.count)
        for (position, transfer) in waiting.enumerated() {
            if starting.contains(position) { begin(transfer, now: now) } else { still.append(transfer) }
        }
        waiting = still
    }

    private func begin(_ transfer: Transfer, now: UInt64) {
        transfer.started = now
        transfer.lastActivity = now
        guard let handle = configure(transfer) else {
            schedule.finished(host: transfer.host, wired: false, now: now)
            scheduleChanged = true
            return deliver(transfer, .failure(.connection("libcurl could not start the request")))
        }
        active[handle] = transfer
        _ = linkaudit_multi_add_handle(multi, handle)
    }

    private func reportWires() {
        for transfer in active.values where !transfer.wireReported {
            if let at = transfer.wiredAt {
                transfer.wireReported = true
                schedule.wired(host: transfer.host, now: at)
                scheduleChanged = true
            }
        }
    }

    private func collectDone(now: UInt64) {
        var left: Int32 = 0
        while let message = linkaudit_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let transfer = active[handle] else { continue }
            let code = message.pointee.data.result  // read before the handle is removed
            finish(transfer, code, now: now)
        }
    }

    private func expire(now: UInt64) {
        for transfer in Array(active.values) {
            if now >= transfer.started + whole {
                transfer.stopped = .timeout(seconds: settings.timeout * 3, attempts: 1)
            } else if now >= transfer.lastActivity + idle {
                transfer.stopped = .timeout(seconds: settings.timeout, attempts: 1)
            } else {
                continue
            }
            finish(transfer, CURLE_OPERATION_TIMEDOUT, now: now)
        }
    }

    private func finish(_ transfer: Transfer, _ code: CURLcode, now: UInt64) {
        guard let handle = transfer.handle else { return }
        active[handle] = nil
        _ = linkaudit_multi_remove_handle(multi, handle)
        var osErrno = 0
        _ = linkaudit_getinfo_long(handle, CURLINFO_OS_ERRNO, &osErrno)
        if let at = transfer.wiredAt, !transfer.wireReported {
            transfer.wireReported = true
            schedule.wired(host: transfer.host, now: at)
        }
        schedule.finished(host: transfer.host, wired: transfer.wiredAt != nil, now: now)
        scheduleChanged = true
        deliver(transfer, transfer.outcome(code, osErrno: Int32(truncatingIfNeeded: osErrno), totalTimeout: settings.timeout * 3))
    }

    private func deliver(_ transfer: Transfer, _ outcome: Outcome) {
        let completion = transfer.completion
        FetchQueue.callbacks.async { completion(outcome) }
    }

    /// How long to sleep in `curl_multi_poll` (which also wakes for libcurl's own timers,
    /// socket activity and `send`): until the next timeout or politeness wake-up, at most 1 s.
    private func pollMilliseconds(now: UInt64) -> Int32 {
        if scheduleChanged { return 0 }
        var next = now + 1_000_000_000
        if let wakeAt { next = min(next, wakeAt) }
        for transfer in active.values { next = min(next, transfer.started + whole, transfer.lastActivity + idle) }
        guard next > now else { return 0 }
        return Int32((next - now + 999_999) / 1_000_000)
    }

    // MARK: One request's handle

    private func configure(_ transfer: Transfer) -> UnsafeMutableRawPointer? {
        guard let handle = linkaudit_easy_init() else { return nil }
        transfer.handle = handle
        let user = Unmanaged.passUnretained(transfer).toOpaque()
        func set(_ option: CURLoption, _ value: Int) { _ = linkaudit_setopt_long(handle, option, value) }
        func set(_ option: CURLoption, _ value: String) {
            _ = value.withCString { linkaudit_setopt_pointer(handle, option, $0) }  // libcurl copies strings
        }
        func set(_ option: CURLoption, pointer: UnsafeRawPointer?) { _ = linkaudit_setopt_pointer(handle, option, pointer) }
        set(CURLOPT_URL, transfer.request.url.href)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_PATH_AS_IS, 1)  // the WHATWG parser has already resolved the path
        set(CURLOPT_ACCEPT_ENCODING, "")
        set(CURLOPT_USERAGENT, settings.userAgent)
        set(CURLOPT_PROXY, "")  // no proxy, from the environment either: the guard judges the server's address
        set(CURLOPT_TIMEOUT_MS, Int(whole / 1_000_000) + 2000)
        set(CURLOPT_ERRORBUFFER, pointer: transfer.errorBuffer)
        _ = linkaudit_setopt_write(handle, CURLOPT_WRITEFUNCTION, TransferCallbacks.write)
        set(CURLOPT_WRITEDATA, pointer: user)
        _ = linkaudit_setopt_write(handle, CURLOPT_HEADERFUNCTION, TransferCallbacks.header)
        set(CURLOPT_HEADERDATA, pointer: user)
        _ = linkaudit_setopt_opensocket(handle, TransferCallbacks.openSocket)
        set(CURLOPT_OPENSOCKETDATA, pointer: user)
        _ = linkaudit_setopt_prereq(handle, TransferCallbacks.preRequest)
        set(CURLOPT_PREREQDATA, pointer: user)
        var fields = ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
                      "Accept-Language": "en-US,en;q=0.9"]
        for (name, value) in transfer.request.headers { fields[name] = value }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            transfer.requestHeaders = linkaudit_slist_append(transfer.requestHeaders, "\(name): \(value)")
        }
        set(CURLOPT_HTTPHEADER, pointer: transfer.requestHeaders)
        if let share {
            set(CURLOPT_COOKIEFILE, "")  // the cookie engine on, reading no file
            set(CURLOPT_SHARE, pointer: share)
        }
        if let caFile = settings.caFile { set(CURLOPT_CAINFO, caFile) }
        if !settings.connectTo.isEmpty {
            for entry in settings.connectTo { transfer.connectTo = linkaudit_slist_append(transfer.connectTo, entry) }
            set(CURLOPT_CONNECT_TO, pointer: transfer.connectTo)
        }
        return handle
    }
}
