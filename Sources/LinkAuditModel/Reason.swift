import Foundation

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
    /// The code's number among the declared ones (`init(_:)`: one number a text, from 1), 0 for
    /// a code read back. Two declared codes compare by their numbers: the checks compare a
    /// verdict's reason with their constants for every verdict of every row they judge, and
    /// `String`'s `==` on two different codes was a call into the runtime's comparison, some 70
    /// instructions, and a retain and a release of the text (issue 17). The text stays for output.
    @usableFromInline let ordinal: UInt32

    /// A code read back (from `links.jsonl`, say): declared or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
        ordinal = 0
    }

    /// Declares a code: for the constants beside the profiles.
    public init(_ code: String) {
        rawValue = code
        ordinal = Self.declared.number(of: code)
    }

    public var description: String { rawValue }

    /// Equal texts. By their numbers where both are declared (the declared codes are numbered
    /// by text, so equal numbers are equal texts); by the texts otherwise (`plain`: always,
    /// the reference, `ReasonOrdinalTests`).
    @inlinable
    public static func == (a: Reason, b: Reason) -> Bool {
        if a.ordinal != 0, b.ordinal != 0 { return a.ordinal == b.ordinal }
        return a.rawValue == b.rawValue
    }

    /// `==` as first written: the texts compared.
    public static func same(_ a: Reason, _ b: Reason, plain: Bool) -> Bool {
        plain ? a.rawValue == b.rawValue : a == b
    }

    /// The text alone, as `==` compares (a declared code and the same code read back are equal).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// The declared codes' numbers, given on first declaration (a constant is declared once,
    /// lazily, from whichever worker reads it first: hence the lock).
    private static let declared = DeclaredCodes()

    private final class DeclaredCodes: @unchecked Sendable {
        private let lock = NSLock()
        private var numbers: [String: UInt32] = [:]

        func number(of code: String) -> UInt32 {
            lock.lock()
            defer { lock.unlock() }
            if let known = numbers[code] { return known }
            let number = UInt32(numbers.count + 1)
            numbers[code] = number
            return number
        }
    }
}

/// The plain string, so every report byte is the code itself.
extension Reason: Codable {
    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
        ordinal = 0
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
