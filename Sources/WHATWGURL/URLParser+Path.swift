// File, path, query and fragment states of the basic URL parser.

extension WebURL.Parser {
    // Extensions of a nested type do not see the outer type's members by plain name.
    private typealias Byte = WebURL.Byte
    private typealias HostParser = WebURL.HostParser
    private typealias PercentEncoding = WebURL.PercentEncoding

    // MARK: - File URLs

    mutating func fileState(_ c: UInt8?) -> Bool {
        url.scheme = Array("file".utf8)
        url.kind = .file
        url.host = []
        if c == Byte.slash || c == Byte.backslash {
            go(.fileSlash)
        } else if let base, base.kind == .file {
            url.host = base.hostRange.map(baseCopy) ?? []
            url.path = baseCopy(base.pathRange)
            if c == Byte.question {
                url.query = []
                go(.query)
            } else if c == Byte.hash {
                url.query = base.queryRange.map(baseCopy)
                url.fragment = []
                go(.fragment)
            } else if c != nil {
                if startsWithWindowsDriveLetter(at: pointer) {
                    url.path = []
                } else {
                    url.shortenPath()
                }
                go(.path, reconsume: true)
            } else {
                url.query = base.queryRange.map(baseCopy)
            }
        } else {
            go(.path, reconsume: true)
        }
        return true
    }

    mutating func fileSlashState(_ c: UInt8?) -> Bool {
        if c == Byte.slash || c == Byte.backslash {
            go(.fileHost)
            return true
        }
        if let base, base.kind == .file {
            url.host = base.hostRange.map(baseCopy) ?? []
            // "/foo" against "file:///C:/x" keeps the drive: "file:///C:/foo".
            if !startsWithWindowsDriveLetter(at: pointer) {
                let basePath = baseBytes[base.pathRange]
                let firstSegment = basePath.dropFirst().prefix(while: { $0 != Byte.slash })
                if Byte.isWindowsDriveLetter(firstSegment, normalizedOnly: true) {
                    url.path.append(contentsOf: basePath.prefix(3))
                }
            }
        }
        go(.path, reconsume: true)
        return true
    }

    mutating func fileHostState(_ c: UInt8?) -> Bool {
        let ends = c == nil || c == Byte.slash || c == Byte.backslash || c == Byte.question || c == Byte.hash
        guard ends else { return true }
        let buffer = UnsafeBufferPointer(rebasing: input[bufferStart..<pointer])
        pointer -= 1
        if Byte.isWindowsDriveLetter(buffer) {
            // "file://C:/x": the drive letter is the first path segment, not a host.
            state = .path
            segmentStart = url.path.count
            url.path.append(Byte.slash)
            url.path.append(contentsOf: buffer)
        } else if buffer.isEmpty {
            url.host = []
            go(.pathStart)
        } else {
            guard var host = HostParser.parse(buffer, isOpaque: false) else { return false }
            if host.elementsEqual("localhost".utf8) { host = [] }
            url.host = host
            go(.pathStart)
        }
        return true
    }

    /// Whether the input from `index` starts with a Windows drive letter followed by the
    /// end or one of '/', '\', '?', '#'.
    func startsWithWindowsDriveLetter(at index: Int) -> Bool {
        guard index + 1 < input.count, Byte.isWindowsDriveLetter(input[index...(index + 1)]) else {
            return false
        }
        if index + 2 == input.count { return true }
        let third = input[index + 2]
        return third == Byte.slash || third == Byte.backslash || third == Byte.question || third == Byte.hash
    }

    // MARK: - Path

    mutating func pathStartState(_ c: UInt8?) -> Bool {
        if isSpecial {
            go(.path, reconsume: c != Byte.slash && c != Byte.backslash)
        } else if c == Byte.question {
            url.query = []
            go(.query)
        } else if c == Byte.hash {
            url.fragment = []
            go(.fragment)
        } else if c != nil {
            go(.path, reconsume: c != Byte.slash)
        }
        return true
    }

    /// Writes segments straight into `url.path` ('/' first), then fixes up "." and ".."
    /// when the segment ends.
    mutating func pathState(_ c: UInt8?) -> Bool {
        if segmentStart == nil {
            segmentStart = url.path.count
            url.path.append(Byte.slash)
        }
        let slashLike = c == Byte.slash || (isSpecial && c == Byte.backslash)
        guard slashLike || c == nil || c == Byte.question || c == Byte.hash else {
            PercentEncoding.append(c!, .path, to: &url.path)
            return true
        }
        let start = segmentStart!
        segmentStart = nil
        let segment = url.path[(start + 1)...]
        if Self.isDoubleDotSegment(segment) {
            url.path.removeSubrange(start...)
            url.shortenPath()
            if !slashLike { url.path.append(Byte.slash) }
        } else if Self.isSingleDotSegment(segment) {
            url.path.removeSubrange(start...)
            if !slashLike { url.path.append(Byte.slash) }
        } else if url.kind == .file, start == 0, Byte.isWindowsDriveLetter(segment) {
            url.path[start + 2] = Byte.colon
        }
        if c == Byte.question {
            url.query = []
            go(.query)
        } else if c == Byte.hash {
            url.fragment = []
            go(.fragment)
        }
        return true
    }

    mutating func opaquePathState(_ c: UInt8?) -> Bool {
        if c == Byte.question {
            url.query = []
            go(.query)
        } else if c == Byte.hash {
            url.fragment = []
            go(.fragment)
        } else if c == Byte.space {
            // A space right before '?' or '#' is encoded so it survives serialisation
            // round trips (the serialiser would otherwise leave a trailing space).
            if next == Byte.question || next == Byte.hash {
                url.path.append(contentsOf: "%20".utf8)
            } else {
                url.path.append(Byte.space)
            }
        } else if let c {
            PercentEncoding.append(c, .c0Control, to: &url.path)
        }
        return true
    }

    // MARK: - Query and fragment

    mutating func queryState(_ c: UInt8?) -> Bool {
        // A document encoder encodes the query as a whole, at its end. Not after an opaque
        // path (`mailto:`, `myapp:pay?…`): Chromium encodes those queries as UTF-8 (§F.12).
        if let queryEncoder, !url.hasOpaquePath {
            guard c == nil || c == Byte.hash else { return true }
            appendQuery(encodedWith: queryEncoder)
            if c == Byte.hash {
                url.fragment = []
                go(.fragment)
            }
            return true
        }
        if c == Byte.hash {
            url.fragment = []
            go(.fragment)
        } else if let c {
            PercentEncoding.append(c, isSpecial ? .specialQuery : .query, to: &url.query!)
        }
        return true
    }

    mutating func fragmentState(_ c: UInt8?) -> Bool {
        if let c { PercentEncoding.append(c, .fragment, to: &url.fragment!) }
        return true
    }

    /// "." or "%2e", ASCII case-insensitive.
    private static func isSingleDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        switch segment.count {
        case 1: return segment.first == Byte.dot
        case 3: return isEncodedDot(segment, at: segment.startIndex)
        default: return false
        }
    }

    /// "..", ".%2e", "%2e." or "%2e%2e", ASCII case-insensitive.
    private static func isDoubleDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        let start = segment.startIndex
        switch segment.count {
        case 2: return segment[start] == Byte.dot && segment[start + 1] == Byte.dot
        case 4:
            return (segment[start] == Byte.dot && isEncodedDot(segment, at: start + 1))
                || (isEncodedDot(segment, at: start) && segment[start + 3] == Byte.dot)
        case 6: return isEncodedDot(segment, at: start) && isEncodedDot(segment, at: start + 3)
        default: return false
        }
    }

    private static func isEncodedDot(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        bytes[index] == Byte.percent && bytes[index + 1] == UInt8(ascii: "2")
            && bytes[index + 2] | 0x20 == UInt8(ascii: "e")
    }
}
