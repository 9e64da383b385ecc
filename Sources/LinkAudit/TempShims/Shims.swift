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
