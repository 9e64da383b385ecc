/// An Apple application identifier, `<Application Identifier Prefix>.<Bundle Identifier>`:
/// the team ID Apple assigns (ten upper-case letters or digits) and the app's bundle ID.
/// `applinks` entries name apps this way; an entry whose ID has another shape can never
/// equal an installed app's entitlement, so it grants nothing on a device.
public struct AppleAppID: Hashable, Sendable, CustomStringConvertible {
    public let teamID: String
    public let bundleID: String

    /// nil unless `string` is `TEAMID.bundle.id` with a 10-character team ID and a bundle ID
    /// of letters, digits, '-' and '.' with no empty segment.
    public init?(_ string: String) {
        let parts = string.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let team = parts[0], bundle = parts[1]
        guard team.utf8.count == 10, team.utf8.allSatisfy(Self.isTeamByte) else { return nil }
        guard !bundle.isEmpty, bundle.utf8.allSatisfy(Self.isBundleByte),
              !bundle.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else { return nil }
        teamID = String(team)
        bundleID = String(bundle)
    }

    public var description: String { teamID + "." + bundleID }

    private static func isTeamByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isBundleByte(_ byte: UInt8) -> Bool {
        isTeamByte(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
