import LinkAuditModel

/// A page's verdict sets rendered once each. The classifier shares one set among every
/// navigation decided alike (a page's hundreds of ordinary links), so the writer keeps the
/// last few sets it rendered and copies their bytes when the very same set comes again.
struct VerdictSetJSON {
    /// A page has a handful of shared sets; a deep link's own set is rendered anyway.
    private static let kept = 16
    private var known: [(set: VerdictSet, bytes: [UInt8])] = []

    /// `{"profile":{"outcome":…,"reason":…,…},…}` in profile-name order.
    mutating func bytes(_ set: VerdictSet) -> [UInt8] {
        for entry in known where entry.set.isShared(with: set) { return entry.bytes }
        let bytes = Self.render(set)
        if known.count == Self.kept { known.removeFirst() }
        known.append((set, bytes))
        return bytes
    }

    static func render(_ set: VerdictSet) -> [UInt8] {
        var json = JSONText(capacity: 96 * set.count + 2)
        json.open()
        for (name, verdict) in set {
            json.key(name)
            verdict.writeJSON(to: &json)
        }
        json.close()
        return json.bytes
    }
}
