/// Why a Digital Asset Links value (relation, site, package, fingerprint) was refused, in
/// words that include the phrase Google's compatibility suite looks for.
public struct AssetLinksValueError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

/// A Digital Asset Links relation, `kind/detail` (Google's Asset Links specification):
/// the kind is a lower-case word (`delegate_permission`), the detail matches `[a-z0-9_.]+`
/// (`common.handle_all_urls`). No wildcards, no whitespace.
public struct AssetRelation: Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    public let detail: String

    /// The relation App Links verification looks for: "this site lets the app handle all
    /// its URLs".
    public static let handleAllURLs = AssetRelation(kind: "delegate_permission", detail: "common.handle_all_urls")

    private init(kind: String, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public init(parsing string: String) throws {
        let parts = string.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw AssetLinksValueError(reason: "Invalid relation string \"\(string)\": expected kind/detail")
        }
        guard !parts[0].isEmpty, parts[0].utf8.allSatisfy(Self.isKindByte) else {
            throw AssetLinksValueError(reason: "Invalid 'kind' field in relation string \"\(string)\"")
        }
        guard !parts[1].isEmpty, parts[1].utf8.allSatisfy(Self.isDetailByte) else {
            throw AssetLinksValueError(reason: "Invalid 'detail' field in relation string \"\(string)\"")
        }
        self.init(kind: String(parts[0]), detail: String(parts[1]))
    }

    public var description: String { kind + "/" + detail }

    private static func isKindByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isDetailByte(_ byte: UInt8) -> Bool { isKindByte(byte) || byte == UInt8(ascii: ".") }
}
