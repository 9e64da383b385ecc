// Where each component of a WebURL sits in its `href`.

extension WebURL {
    /// UTF-8 offsets of the components in `href`, plus what offsets cannot say. It holds no
    /// references, so the parser can keep a base URL's layout without retain/release traffic.
    @usableFromInline package struct Layout: Sendable, Equatable {
        static let absent = UInt32.max

        package var schemeEnd: UInt32        // index of the ':' after the scheme
        var usernameStart: UInt32
        var usernameEnd: UInt32
        var passwordEnd: UInt32      // == usernameEnd when there is no password
        var hostStart: UInt32
        var hostEnd: UInt32
        var pathStart: UInt32        // after any "/." the serialiser inserted
        var pathEnd: UInt32
        var queryStart: UInt32       // index of '?', or `absent`
        var fragmentStart: UInt32    // index of '#', or `absent`
        var end: UInt32              // length of href
        var portValue: Int32         // -1: no port
        package var kind: SchemeKind
        /// True when the URL has a host (possibly empty), i.e. "//" follows the scheme.
        package var hasHost: Bool
        var hasOpaquePath: Bool

        package var port: Int? { portValue < 0 ? nil : Int(portValue) }

        var schemeRange: Range<Int> { 0..<Int(schemeEnd) }
        package var usernameRange: Range<Int> { hasHost ? Int(usernameStart)..<Int(usernameEnd) : 0..<0 }
        package var passwordRange: Range<Int> {
            hasHost && passwordEnd > usernameEnd ? Int(usernameEnd + 1)..<Int(passwordEnd) : 0..<0
        }
        package var hostRange: Range<Int>? { hasHost ? Int(hostStart)..<Int(hostEnd) : nil }
        /// Host and ":port": the port, if any, sits between the host and the path (with a
        /// host the serialiser never inserts "/.").
        package var hostAndPortRange: Range<Int> {
            hasHost ? Int(hostStart)..<Int(portValue < 0 ? hostEnd : pathStart) : 0..<0
        }
        package var pathRange: Range<Int> { Int(pathStart)..<Int(pathEnd) }
        package var queryRange: Range<Int>? {
            queryStart == Layout.absent
                ? nil : Int(queryStart + 1)..<Int(fragmentStart == Layout.absent ? end : fragmentStart)
        }
        package var fragmentRange: Range<Int>? {
            fragmentStart == Layout.absent ? nil : Int(fragmentStart + 1)..<Int(end)
        }
    }
}
