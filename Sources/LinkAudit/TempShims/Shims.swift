// TEMPORARY (not committed): stands in for the helpers' WebURL and MetaRefresh until merged.
import Foundation
public struct WebURL: Hashable, Sendable {
    public var href: String
    public var scheme: String
    public var hostname: String?
    public var pathname: String
    public static func parse(_ input: String, base: WebURL? = nil) -> WebURL? {
        var s = input.trimmingCharacters(in: .whitespacesAndNewlines)
        s.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let u: URL?
        if let base { u = URL(string: s, relativeTo: URL(string: base.href))?.absoluteURL } else { u = URL(string: s) }
        guard let u, let sc = u.scheme else { return nil }
        return WebURL(href: u.absoluteString, scheme: sc.lowercased(), hostname: u.host, pathname: u.path)
    }
    public static func schemeOf(_ input: String) -> String? {
        var s = input.trimmingCharacters(in: .whitespacesAndNewlines)
        s.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let c = s.firstIndex(of: ":") else { return nil }
        let sc = s[..<c]
        guard let f = sc.first, f.isLetter, sc.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        return sc.lowercased()
    }
}
public struct MetaRefresh: Equatable, Sendable {
    public var delaySeconds: Int
    public var url: String?
    public static func parse(_ content: String) -> MetaRefresh? {
        let parts = content.split(separator: ";", maxSplits: 1)
        guard let d = Int(parts.first?.trimmingCharacters(in: .whitespaces) ?? "") else { return nil }
        var url: String? = nil
        if parts.count > 1 { var r = parts[1].trimmingCharacters(in: .whitespaces); if r.lowercased().hasPrefix("url=") { r = String(r.dropFirst(4)) }; url = r.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }
        return MetaRefresh(delaySeconds: d, url: url)
    }
}
public struct PageEncoding: Equatable, Sendable { public var name: String }
public enum EncodingSniffer { public static func sniff(_ bytes: [UInt8], transportCharset: String? = nil) -> PageEncoding { PageEncoding(name: "UTF-8") } }
public enum PageDecoder { public static func utf8(_ bytes: [UInt8], from encoding: PageEncoding) -> (utf8: [UInt8], replacements: Int)? { (bytes, 0) } }
