import WHATWGURL

/// An Android app as Digital Asset Links names one: package name and the SHA-256
/// fingerprints of signing certificates it may carry (any one identifies the app: "the list
/// is syntactic sugar").
public struct AndroidAppAsset: Hashable, Sendable, CustomStringConvertible {
    public let packageName: String
    public let fingerprints: [CertificateFingerprint]

    public init(packageName: String, fingerprints: [CertificateFingerprint]) {
        self.packageName = packageName
        self.fingerprints = fingerprints
    }

    public var description: String {
        packageName + (fingerprints.isEmpty ? "" : " [" + fingerprints.map(\.description).joined(separator: ", ") + "]")
    }

    /// Android's rule for an app's package name: at least two dot-separated segments, each
    /// a letter followed by letters, digits or '_'.
    public static func isValidPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2 && segments.allSatisfy { segment in
            guard let first = segment.utf8.first, isLetter(first) else { return false }
            return segment.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}

/// The SHA-256 fingerprint of a signing certificate, written as 32 upper-case hex bytes
/// joined by colons ("14:6D:E9:…:E5"). Google: "The uppercase SHA-256 fingerprint"; the
/// troubleshooting guide: it "must be uppercase". Lower case or any other shape is refused.
public struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(parsing text: String) throws {
        func malformed(_ why: String) -> AssetLinksValueError {
            AssetLinksValueError(reason: "malformed cert fingerprint \"\(text)\": \(why)")
        }
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pairs.count == 32, pairs.allSatisfy({ $0.utf8.count == 2 }) else {
            throw malformed("expected 32 hex bytes separated by colons")
        }
        var bytes: [UInt8] = []
        for pair in pairs {
            let digits = Array(pair.utf8)
            guard let high = WebURL.PercentEncoding.hexValue(digits[0]), let low = WebURL.PercentEncoding.hexValue(digits[1]) else {
                throw malformed("\"\(pair)\" is not a hex byte")
            }
            bytes.append(high << 4 | low)
        }
        guard !text.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) else {
            throw malformed("hex digits must be upper case")
        }
        self.bytes = bytes
    }

    public var description: String {
        bytes.map { byte in
            String(decoding: [WebURL.PercentEncoding.hexDigit(byte >> 4), WebURL.PercentEncoding.hexDigit(byte & 0x0F)],
                   as: UTF8.self)
        }.joined(separator: ":")
    }
}
