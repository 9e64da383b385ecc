// The parser's working URL record, and scheme classification.

extension WebURL {
    /// The schemes the URL Standard treats specially (they get hosts, default ports and
    /// '\' as a path separator); everything else is `.other`.
    package enum SchemeKind: UInt8, Sendable {
        case http, https, ws, wss, ftp, file, other

        init<C: Collection>(_ scheme: C) where C.Element == UInt8 {
            // Compare against the lower-cased bytes; length first keeps this cheap.
            switch scheme.count {
            case 2 where scheme.elementsEqual("ws".utf8): self = .ws
            case 3 where scheme.elementsEqual("wss".utf8): self = .wss
            case 3 where scheme.elementsEqual("ftp".utf8): self = .ftp
            case 4 where scheme.elementsEqual("http".utf8): self = .http
            case 4 where scheme.elementsEqual("file".utf8): self = .file
            case 5 where scheme.elementsEqual("https".utf8): self = .https
            default: self = .other
            }
        }

        var isSpecial: Bool { self != .other }

        var defaultPort: Int? {
            switch self {
            case .http, .ws: return 80
            case .https, .wss: return 443
            case .ftp: return 21
            case .file, .other: return nil
            }
        }
    }

    /// A URL record as the spec's parser builds it. Components are UTF-8 bytes, already
    /// percent-encoded. The path is kept serialised: each segment is stored with its leading
    /// '/', so "shorten the path" is a truncation at the last '/', and segments cannot contain
    /// '/' (the parser ends a segment at every '/'). An opaque path is stored as it is.
    struct Record {
        var scheme: [UInt8] = []
        var kind: SchemeKind = .other
        var username: [UInt8] = []
        var password: [UInt8] = []
        var host: [UInt8]? = nil
        var port: Int? = nil
        var path: [UInt8] = []
        var hasOpaquePath = false
        var query: [UInt8]? = nil
        var fragment: [UInt8]? = nil

        /// "Shorten a URL's path": drop the last segment, except a lone normalised Windows
        /// drive letter in a file URL ("file:///C:/.." stays at "C:").
        mutating func shortenPath() {
            if kind == .file, path.count == 3, Byte.isAlpha(path[1]), path[2] == Byte.colon { return }
            if let lastSlash = path.lastIndex(of: Byte.slash) {
                path.removeSubrange(lastSlash...)
            }
        }
    }
}
