/// `Intent.getSourceBounds()`: a `Rect` read from `sourceBounds=left top right bottom`.
public struct SourceBounds: Equatable, Sendable {
    public var left: Int32
    public var top: Int32
    public var right: Int32
    public var bottom: Int32

    public init(left: Int32, top: Int32, right: Int32, bottom: Int32) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    }

    /// `Rect.unflattenFromString`: exactly four `-?[0-9]+` separated by single spaces, else nil
    /// (no error). A number past Int32 still throws, from `Integer.parseInt`.
    static func unflatten(_ value: String) throws -> SourceBounds? {
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy(isSignedDigits) else { return nil }
        let n = try parts.map { try JavaNumbers.parseInt(String($0)) }
        return SourceBounds(left: n[0], top: n[1], right: n[2], bottom: n[3])
    }

    private static func isSignedDigits(_ part: Substring) -> Bool {
        let digits = part.hasPrefix("-") ? part.dropFirst() : part
        return !digits.isEmpty && digits.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
