/// The stable code a runtime profile gives for the branch it took (`no-gesture`,
/// `blocked-scheme`, …): a verdict's `reason` in `links.jsonl`, and what checks match on.
///
/// The policies declare each code once, as a constant beside the profile that gives it
/// (`extension Reason { static let noGesture = Reason("no-gesture") }`), and checks compare
/// with those constants: renaming a code then breaks the build, not a check. Not
/// `ExpressibleByStringLiteral`, so a literal cannot stand in for a declared reason. A code
/// read back from a file needs no declaration: a newer version's reason is carried as is.
public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// A code read back (from `links.jsonl`, say): declared or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Declares a code: for the constants beside the profiles.
    public init(_ code: String) {
        rawValue = code
    }

    public var description: String { rawValue }
}

/// The plain string, so every report byte is the code itself.
extension Reason: Codable {
    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
