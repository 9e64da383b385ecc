/// What kind of network an IP address belongs to, for the private-address guard: a page
/// on the public web must not make the crawler reach the machine it runs on, its LAN, or
/// a cloud metadata service (SSRF).
public enum AddressClass: String, Sendable, Equatable {
    case publicAddress = "public"
    case loopback
    case privateNetwork = "private"
    case linkLocal = "link-local"
    case sharedCGNAT = "carrier-grade NAT"
    case uniqueLocal = "unique-local"
    case metadata = "cloud metadata"
    case unspecified
    case multicast
    /// Documentation, benchmarking, broadcast and other ranges that are never a web server.
    case reserved

    public var isPublic: Bool { self == .publicAddress }

    /// Classifies 4 (IPv4) or 16 (IPv6) address bytes; any other length is `reserved`.
    public static func of(_ bytes: [UInt8]) -> AddressClass {
        switch bytes.count {
        case 4: return ipv4(bytes)
        case 16: return ipv6(bytes)
        default: return .reserved
        }
    }

    /// Parses a textual IPv4 or IPv6 address (brackets allowed) and classifies it.
    public static func of(_ text: String) -> AddressClass? {
        IPText.bytes(text).map(of)
    }

    static func ipv4(_ b: [UInt8]) -> AddressClass {
        // Metadata endpoints first: they sit inside link-local and CGNAT ranges.
        if b == [169, 254, 169, 254] || b == [169, 254, 170, 2] || b == [100, 100, 100, 200] { return .metadata }
        switch (b[0], b[1]) {
        case (0, _): return .unspecified
        case (10, _), (172, 16...31), (192, 168): return .privateNetwork
        case (100, 64...127): return .sharedCGNAT
        case (127, _): return .loopback
        case (169, 254): return .linkLocal
        case (192, 0) where b[2] == 0 || b[2] == 2: return .reserved       // IETF protocol, TEST-NET-1
        case (198, 18...19): return .reserved                              // benchmarking
        case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return .reserved  // TEST-NET-2/3
        case (224...239, _): return .multicast
        case (240...255, _): return .reserved                              // class E and broadcast
        default: return .publicAddress
        }
    }

    static func ipv6(_ b: [UInt8]) -> AddressClass {
        let zeroPrefix = b[0..<10].allSatisfy { $0 == 0 }
        if zeroPrefix, b[10] == 0xFF, b[11] == 0xFF { return ipv4(Array(b[12...])) }   // ::ffff:a.b.c.d
        if b[0..<15].allSatisfy({ $0 == 0 }) { return b[15] == 1 ? .loopback : .unspecified }
        if zeroPrefix, b[10] == 0, b[11] == 0 { return ipv4(Array(b[12...])) }          // ::a.b.c.d (deprecated)
        if b[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] { return ipv4(Array(b[12...])) } // NAT64
        if b[0] == 0x20, b[1] == 0x02 { return ipv4(Array(b[2..<6])) }                   // 6to4 wraps an IPv4
        if b == [0xFD, 0, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54] { return .metadata } // AWS IMDS
        if b[0] & 0xFE == 0xFC { return .uniqueLocal }                                   // fc00::/7
        if b[0] == 0xFE, b[1] & 0xC0 == 0x80 { return .linkLocal }                       // fe80::/10
        if b[0] == 0xFE, b[1] & 0xC0 == 0xC0 { return .privateNetwork }                  // fec0::/10 site-local
        if b[0] == 0xFF { return .multicast }
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0D, b[3] == 0xB8 { return .reserved }  // documentation
        if b[0] == 0x01, b[1..<8].allSatisfy({ $0 == 0 }) { return .reserved }           // 100::/64 discard
        return .publicAddress
    }
}

/// Textual IP addresses to bytes, with the WHATWG parser's serialisations in mind (a
/// URL's host is already canonical: dotted IPv4, bracketed compressed IPv6).
enum IPText {
    static func bytes(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        if text.contains(":") { return ipv6(text) }
        return ipv4(text)
    }

    static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var out: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = UInt8(part) else { return nil }
            out.append(value)
        }
        return out
    }

    static func ipv6(_ text: Substring) -> [UInt8]? {
        var head: [UInt16] = [], tail: [UInt16] = []
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func pieces(_ part: String, into out: inout [UInt16]) -> Bool {
            guard !part.isEmpty else { return true }
            let groups = part.split(separator: ":", omittingEmptySubsequences: false)
            for (i, group) in groups.enumerated() {
                if i == groups.count - 1, group.contains("."), let v4 = ipv4(group) {
                    out += [UInt16(v4[0]) << 8 | UInt16(v4[1]), UInt16(v4[2]) << 8 | UInt16(v4[3])]
                    continue
                }
                guard (1...4).contains(group.count), let value = UInt16(group, radix: 16) else { return false }
                out.append(value)
            }
            return true
        }
        guard pieces(halves[0], into: &head) else { return nil }
        if halves.count == 2 { guard pieces(halves[1], into: &tail) else { return nil } }
        let missing = 8 - head.count - tail.count
        guard halves.count == 2 ? missing >= 1 : missing == 0 else { return nil }
        let all = head + [UInt16](repeating: 0, count: halves.count == 2 ? missing : 0) + tail
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
