import Foundation
import WHATWGURL

/// robots.txt as RFC 9309 reads it: groups of `user-agent` lines and their `allow` /
/// `disallow` rules; the groups naming one of the crawler's product tokens
/// (case-insensitively) merged, else the `*` groups; the longest matching rule wins, `allow`
/// on a tie; `*` matches any run of characters and a final `$` anchors the end. Other lines
/// (`sitemap`, `crawl-delay`) are not part of the standard and are passed over.
public struct RobotsTxt: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var allow: Bool
        public var pattern: String
    }

    struct Group: Sendable, Equatable {
        var agents: [String]
        var rules: [Rule]
    }

    var groups: [Group]

    /// A file that allows everything (a 4xx robots.txt) or nothing (unreachable).
    public static let allowAll = RobotsTxt(groups: [])
    public static let disallowAll = RobotsTxt(groups: [Group(agents: ["*"], rules: [Rule(allow: false, pattern: "/")])])

    public init(_ text: String) {
        var groups: [Group] = []
        var collectingAgents = false
        for rawLine in text.split(whereSeparator: \.isNewline) {  // "\r\n" is one Character
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent":
                let token = value.split(whereSeparator: { $0 == "/" || $0 == " " }).first.map { String($0).lowercased() } ?? ""
                if collectingAgents, !groups.isEmpty {
                    groups[groups.count - 1].agents.append(token)
                } else {
                    groups.append(Group(agents: [token], rules: []))
                }
                collectingAgents = true
            case "allow", "disallow":
                collectingAgents = false
                guard !groups.isEmpty, !value.isEmpty else { continue }  // an empty disallow allows all
                groups[groups.count - 1].rules.append(Rule(allow: key == "allow", pattern: Self.normalize(value)))
            default:
                continue
            }
        }
        self.groups = groups
    }

    init(groups: [Group]) {
        self.groups = groups
    }

    /// The rules that apply to a crawler with these product tokens.
    public func rules(for tokens: [String]) -> [Rule] {
        let wanted = Set(tokens.map { $0.lowercased() })
        let named = groups.filter { $0.agents.contains(where: wanted.contains) }
        return (named.isEmpty ? groups.filter { $0.agents.contains("*") } : named).flatMap(\.rules)
    }

    /// nil when allowed; else the rule that disallows (`Disallow: /private`).
    public func disallowingRule(path: String, tokens: [String]) -> Rule? {
        let target = Self.normalize(path)
        if target == "/robots.txt" { return nil }
        var best: Rule?
        for rule in rules(for: tokens) where Self.matches(rule.pattern, target) {
            guard let current = best else { best = rule; continue }
            let (length, currentLength) = (rule.pattern.utf8.count, current.pattern.utf8.count)
            if length > currentLength || length == currentLength && rule.allow { best = rule }
        }
        return best.flatMap { $0.allow ? nil : $0 }
    }

    /// `*` for any run, `$` at the end for the end of the path; otherwise a prefix match.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = Substring(pattern)
        let anchored = pattern.hasSuffix("$")
        if anchored { pattern = pattern.dropLast() }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let text = Array(path.utf8)
        guard text.starts(with: pieces[0]) else { return false }
        var position = pieces[0].count
        for (index, piece) in pieces.enumerated().dropFirst() {
            if anchored, index == pieces.count - 1 {
                return text.count - piece.count >= position && text.suffix(piece.count).elementsEqual(piece)
            }
            guard let found = find(piece, in: text, from: position) else { return false }
            position = found + piece.count
        }
        return !anchored || position == text.count
    }

    private static func find(_ piece: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard !piece.isEmpty else { return start }
        guard text.count >= piece.count else { return nil }
        var i = start
        while i + piece.count <= text.count {
            if text[i..<(i + piece.count)].elementsEqual(piece) { return i }
            i += 1
        }
        return nil
    }

    /// Rules and paths compared in one form: non-ASCII bytes percent-encoded, escapes of
    /// unreserved characters decoded, other escapes upper-cased.
    static func normalize(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if byte >= 0x80 || byte < 0x21 {
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(Unicode.Scalar(WebURL.PercentEncoding.hexDigit(byte >> 4)))
                encoded.unicodeScalars.append(Unicode.Scalar(WebURL.PercentEncoding.hexDigit(byte & 0xF)))
            } else {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return CrawlURLForm.escapes(encoded)
    }
}
