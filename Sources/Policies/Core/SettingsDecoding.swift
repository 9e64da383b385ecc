import LinkAuditModel

/// Decoding for settings and options from configuration JSON (pipeline configs, explain
/// requests): every key is optional and defaults to the reference clients' value, an unknown key is an
/// error naming it.
package struct ConfigKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

package struct ConfigObject {
    package let container: KeyedDecodingContainer<ConfigKey>

    package init(_ decoder: Decoder, known: [String]) throws {
        container = try decoder.container(keyedBy: ConfigKey.self)
        // In name order: of several unknown keys, the same one is named each time.
        let keys = container.allKeys.sorted { $0.stringValue < $1.stringValue }
        for key in keys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)' (known: \(known.sorted().joined(separator: ", ")))"))
        }
    }

    package func read<T: Decodable>(_ name: String, into value: inout T) throws {
        if let decoded = try container.decodeIfPresent(T.self, forKey: ConfigKey(name)) { value = decoded }
    }

    /// A duration in milliseconds, checked where it enters: 0…`PageClock.maxDelayMs`, the
    /// range of every delay on the page's clock (Docs/PLATFORM.md §F.13). Outside it, an
    /// error naming the key.
    package func readMilliseconds(_ name: String) throws -> Int? {
        guard let ms = try container.decodeIfPresent(Int.self, forKey: ConfigKey(name)) else { return nil }
        guard (0...PageClock.maxDelayMs).contains(ms) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [ConfigKey(name)],
                debugDescription: "must be 0–\(PageClock.maxDelayMs) ms, not \(ms)"))
        }
        return ms
    }

    package func readMilliseconds(_ name: String, into value: inout Int) throws {
        if let ms = try readMilliseconds(name) { value = ms }
    }
}

extension AuditSettings {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try ConfigObject(decoder, known: ["entry", "browserEntry", "pageLoadMs", "assumedAsyncDelayMs",
                                                  "javaScriptEnabled", "hostEntry"])
        try c.read("entry", into: &entry)
        try c.read("browserEntry", into: &browserEntry)
        try c.readMilliseconds("pageLoadMs", into: &pageLoadMs)
        try c.readMilliseconds("assumedAsyncDelayMs", into: &assumedAsyncDelayMs)
        try c.read("javaScriptEnabled", into: &javaScriptEnabled)
        if let hostEntry = try c.container.decodeIfPresent(HostEntry.self, forKey: ConfigKey("hostEntry")) {
            if c.container.contains(ConfigKey("entry")), entry != hostEntry.entry {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: c.container.codingPath + [ConfigKey("entry")],
                    debugDescription: "'\(entry.rawValue)' contradicts hostEntry (its entry is '\(hostEntry.entry.rawValue)'); leave entry out"))
            }
            self.hostEntry = hostEntry
            entry = hostEntry.entry
        }
    }
}

extension ProfileOptions {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try ConfigObject(decoder, known: ["android", "iosSDK", "iosStrict"])
        try c.read("android", into: &android)
        try c.read("iosSDK", into: &iosSDK)
        try c.read("iosStrict", into: &iosStrict)
    }
}

extension AndroidSDKOptions {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try ConfigObject(decoder, known: ["requireUserGesture", "activationWindowMs"])
        try c.read("requireUserGesture", into: &requireUserGesture)
        try c.readMilliseconds("activationWindowMs", into: &activationWindowMs)
    }
}

extension IOSSDKOptions {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try ConfigObject(decoder, known: ["variant", "requireUserGesture", "allowAutomaticSubframeDeepLinks",
                                                  "openUniversalLinksFromUserLoads", "blockedSchemes",
                                                  "webViewOwnedSchemes", "vetoedSchemes", "autoOpenAppStoreOnFailure"])
        try c.read("variant", into: &variant)
        try c.read("requireUserGesture", into: &requireUserGesture)
        try c.read("allowAutomaticSubframeDeepLinks", into: &allowAutomaticSubframeDeepLinks)
        try c.read("openUniversalLinksFromUserLoads", into: &openUniversalLinksFromUserLoads)
        try c.read("blockedSchemes", into: &blockedSchemes)
        try c.read("webViewOwnedSchemes", into: &webViewOwnedSchemes)
        try c.read("vetoedSchemes", into: &vetoedSchemes)
        try c.read("autoOpenAppStoreOnFailure", into: &autoOpenAppStoreOnFailure)
    }
}

extension IOSStrictOptions {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try ConfigObject(decoder, known: ["associatedDomain", "partnerHosts", "allowedSchemes", "allowedPaths",
                                                  "allowedQueryKeys", "allowedSchemeHosts", "allowedSchemePaths",
                                                  "allowedSchemeQueryKeys"])
        try c.read("associatedDomain", into: &associatedDomain)
        try c.read("partnerHosts", into: &partnerHosts)
        try c.read("allowedSchemes", into: &allowedSchemes)
        try c.read("allowedPaths", into: &allowedPaths)
        try c.read("allowedQueryKeys", into: &allowedQueryKeys)
        try c.read("allowedSchemeHosts", into: &allowedSchemeHosts)
        try c.read("allowedSchemePaths", into: &allowedSchemePaths)
        try c.read("allowedSchemeQueryKeys", into: &allowedSchemeQueryKeys)
    }
}
