import Dispatch

/// Where the fetcher's callbacks run. Not the global queue: on Linux its threads are as
/// many as the cores, and the audit's parse workers block there waiting for the next
/// fetched page, which would stall the callbacks that fetch it until libdispatch's monitor
/// adds a thread (about a second later). Serial queues run on overcommitting threads.
enum FetchQueue {
    /// Completions, timers, retries: short work, one at a time.
    static let callbacks = DispatchQueue(label: "linkaudit.fetch.callbacks")

    /// A queue of its own for blocking work (a host's association files, fetched one after
    /// another), so one slow host holds up no other.
    static func blocking() -> DispatchQueue {
        DispatchQueue(label: "linkaudit.fetch.blocking")
    }
}
