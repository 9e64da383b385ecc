import LinkAuditModel

/// How the host app entered the page, step by step: the loads it made before the page's
/// own navigation ran (`linkaudit explain`'s `hostEntry`, and `AuditSettings.hostEntry` in an
/// audit, where the last step stands for each audited page and its URL is not used). The audit's `AuditSettings.entry`
/// is the one-step case; a sequence adds what the reference clients keep across loads:
/// - Android: `loadUrlByUser` opens the PayerMax guide client's activation window
///   (`onUserNavigation`); a plain `loadUrl` does not, and each load after the user's one is
///   taken to start `pageLoadMs` after the one before it (the earlier page had loaded).
/// - iOS SDK: `loadUrlByUser` marks interaction and a user-initiated load, which stay set
///   for the web view's life (`UserInteractionState` is reset only by `loadLocalFile`).
/// The page is the URL loaded last.
public struct HostEntry: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// `WebView.loadUrl` / `WKWebView.load`: no user intent.
        case loadUrl(String)
        /// The PayerMax guide's `loadUrlByUser`.
        case loadUrlByUser(String)

        public var url: String {
            switch self {
            case .loadUrl(let url), .loadUrlByUser(let url): url
            }
        }

        public var name: String {
            switch self {
            case .loadUrl: "loadUrl"
            case .loadUrlByUser: "loadUrlByUser"
            }
        }

        var byUser: Bool {
            if case .loadUrlByUser = self { return true }
            return false
        }
    }

    /// Never empty.
    public let steps: [Step]

    public init(_ steps: [Step]) {
        precondition(!steps.isEmpty, "a host entry loads at least one URL")
        self.steps = steps
    }

    /// The page the navigation runs on.
    public var pageURL: String { steps[steps.count - 1].url }

    /// The entry the audit's settings name for the same state: `loadUrlByUser` when any step
    /// was one (the iOS SDK's flags are sticky), `loadUrl` otherwise.
    public var entry: AuditSettings.Entry {
        steps.contains(where: \.byUser) ? .loadUrlByUser : .loadUrl
    }

    /// Android: ms from the last `loadUrlByUser` to the start of the page's load; nil without one.
    public func msFromUserLoadToPage(_ settings: AuditSettings) -> Int? {
        guard let last = steps.lastIndex(where: \.byUser) else { return nil }
        return PageClock.product(steps.count - 1 - last, settings.pageLoadMs)
    }
}

extension HostEntry: Decodable {
    /// `{"loadUrlByUser": "https://…"}`, or a list of such one-key objects, in order.
    public init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var steps: [Step] = []
            while !list.isAtEnd { steps.append(try list.decode(StepObject.self).step) }
            guard !steps.isEmpty else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "needs at least one step"))
            }
            self.init(steps)
        } else {
            self.init([try StepObject(from: decoder).step])
        }
    }

    struct StepObject: Decodable {
        let step: Step

        init(from decoder: Decoder) throws {
            let c = try ConfigObject(decoder, known: ["loadUrl", "loadUrlByUser"])
            let keys = c.container.allKeys
            guard keys.count == 1, let key = keys.first else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a step is one of {\"loadUrl\": URL} or {\"loadUrlByUser\": URL}"))
            }
            let url = try c.container.decode(String.self, forKey: key)
            step = key.stringValue == "loadUrl" ? .loadUrl(url) : .loadUrlByUser(url)
        }
    }
}

extension HostEntry: Encodable {
    /// The list form `init(from:)` reads.
    public func encode(to encoder: Encoder) throws {
        var list = encoder.unkeyedContainer()
        for step in steps { try list.encode([step.name: step.url]) }
    }
}
