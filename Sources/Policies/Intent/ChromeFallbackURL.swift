/// Chrome's checks on `S.browser_fallback_url` (`GURL(url).isValid() && isHttpOrHttps`) and its
/// Play Store recognition, approximated without a full URL parser: the URL parser's cleaning
/// (outer C0/space trimmed, tabs and newlines removed), a case-insensitive http/https scheme,
/// then a non-empty host free of forbidden code points and an all-digit port below 65536.
enum ChromeFallbackURL {
    struct Parts: Equatable {
        var host: String
        var path: String
        var query: String
    }

    static func isValidHTTP(_ url: String) -> Bool { parts(url) != nil }

    /// `maybeGetPlayStoreAppIdAndReferrer`: host `play.google.com`, path starting
    /// `/store/apps/details`, a non-empty `id` query value.
    static func playStoreDetails(_ url: String) -> (id: String, referrer: String?)? {
        guard let p = parts(url), p.host == "play.google.com", p.path.hasPrefix("/store/apps/details")
        else { return nil }
        var id: String?
        var referrer: String?
        for pair in p.query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = kv.count == 2 ? AndroidUriCodec.decode(String(kv[1])) : ""
            if kv[0] == "id", id == nil { id = value }
            if kv[0] == "referrer", referrer == nil { referrer = value }
        }
        guard let id, !id.isEmpty else { return nil }
        return (id, referrer)
    }

    static func parts(_ raw: String) -> Parts? {
        var raw = raw
        let ascii = raw.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
        return ascii ? partsASCII(raw) : partsOfScalars(raw)
    }

    /// `parts` of an ASCII string, a byte at a time: for ASCII every byte is a character, and
    /// lower-casing is ASCII's, so these are `partsOfScalars`'s steps (tested against it).
    static func partsASCII(_ raw: String) -> Parts? {
        var bytes = raw.utf8.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        var start = 0
        while start < bytes.count, bytes[start] <= 0x20 { start += 1 }
        guard let colon = bytes[start...].firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = String(decoding: bytes[start..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = colon + 1
        while rest < bytes.count, bytes[rest] == UInt8(ascii: "/") || bytes[rest] == UInt8(ascii: "\\") { rest += 1 }
        let authorityEnd = bytes[rest...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        } ?? bytes.count
        guard let host = hostASCII(ofAuthority: bytes[rest..<authorityEnd]) else { return nil }
        let pathEnd = bytes[authorityEnd...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        var query = ""
        if pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") {
            let end = bytes[(pathEnd + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            query = String(decoding: bytes[(pathEnd + 1)..<end], as: UTF8.self)
        }
        let path = String(decoding: bytes[authorityEnd..<pathEnd].map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 },
                          as: UTF8.self)
        return Parts(host: host, path: path.isEmpty ? "/" : path, query: query)
    }

    /// `parts` character by character, for any string: the reference `partsASCII` is tested against.
    static func partsOfScalars(_ raw: String) -> Parts? {
        var scalars = Array(raw.unicodeScalars.filter { !["\t", "\n", "\r"].contains($0) })
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        let s = String(String.UnicodeScalarView(scalars))
        guard let colon = s.firstIndex(of: ":"),
              ["http", "https"].contains(s[..<colon].lowercased()) else { return nil }
        let rest = s[s.index(after: colon)...].drop(while: { $0 == "/" || $0 == "\\" })
        let authorityEnd = rest.firstIndex(where: { "/\\?#".contains($0) }) ?? rest.endIndex
        guard let host = host(ofAuthority: rest[..<authorityEnd]) else { return nil }
        let tail = rest[authorityEnd...]
        let pathEnd = tail.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? tail.endIndex
        var query = ""
        if pathEnd < tail.endIndex, tail[pathEnd] == "?" {
            let after = tail[tail.index(after: pathEnd)...]
            query = String(after[..<(after.firstIndex(of: "#") ?? after.endIndex)])
        }
        let path = String(tail[..<pathEnd].map { $0 == "\\" ? "/" : $0 })
        return Parts(host: host, path: path.isEmpty ? "/" : path, query: query)
    }

    /// `host(ofAuthority:)` of an ASCII authority, a byte at a time (the same steps).
    private static func hostASCII(ofAuthority authority: ArraySlice<UInt8>) -> String? {
        var hostPort = authority
        if let at = hostPort.lastIndex(of: UInt8(ascii: "@")) { hostPort = hostPort[(at + 1)...] }
        var host = hostPort
        if hostPort.first == UInt8(ascii: "[") {
            guard let close = hostPort.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = hostPort[...close]
            let port = hostPort[(close + 1)...]
            guard port.isEmpty || (port.first == UInt8(ascii: ":") && validPortASCII(port.dropFirst())) else { return nil }
        } else if let c = hostPort.lastIndex(of: UInt8(ascii: ":")) {
            guard validPortASCII(hostPort[(c + 1)...]) else { return nil }
            host = hostPort[..<c]
        }
        let forbidden: [UInt8] = [0x20, 0x3C, 0x3E, 0x5B, 0x5D, 0x5E, 0x7C, 0x00]   // space < > [ ] ^ | NUL
        guard !host.isEmpty, hostPort.first == UInt8(ascii: "[") || !host.contains(where: forbidden.contains)
        else { return nil }
        return String(decoding: host.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func validPortASCII(_ port: ArraySlice<UInt8>) -> Bool {
        guard port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        if port.isEmpty { return true }
        // `Int(port) < 65536`: leading zeros allowed, an overflowing number is not a port.
        let digits = port.drop { $0 == 0x30 }
        guard digits.count <= 5 else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } < 65536
    }

    private static func host(ofAuthority authority: Substring) -> String? {
        var hostPort = authority
        if let at = hostPort.lastIndex(of: "@") { hostPort = hostPort[hostPort.index(after: at)...] }
        var host = hostPort
        if hostPort.first == "[" {
            guard let close = hostPort.firstIndex(of: "]") else { return nil }
            host = hostPort[...close]
            let port = hostPort[hostPort.index(after: close)...]
            guard port.isEmpty || (port.first == ":" && validPort(port.dropFirst())) else { return nil }
        } else if let c = hostPort.lastIndex(of: ":") {
            guard validPort(hostPort[hostPort.index(after: c)...]) else { return nil }
            host = hostPort[..<c]
        }
        let forbidden: Set<Character> = [" ", "<", ">", "[", "]", "^", "|", "\0"]
        guard !host.isEmpty, hostPort.first == "[" || !host.contains(where: forbidden.contains)
        else { return nil }
        return host.lowercased()
    }

    private static func validPort(_ port: Substring) -> Bool {
        port.allSatisfy { $0.isASCII && $0.isNumber } && (Int(port).map { $0 < 65536 } ?? port.isEmpty)
    }
}
