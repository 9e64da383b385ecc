import WHATWGURL

/// The form a URL is fetched and deduplicated in. The WHATWG parser already lower-cases the
/// scheme and host, drops default ports and resolves dot segments; on top of that, only
/// changes that never alter what a server receives as meaning (RFC 3986 §6.2.2): the
/// fragment (never sent) and an empty `?` go, percent-encoded unreserved characters are
/// decoded and the other escapes' hex is upper-cased. Query order is kept: it can matter.
/// Robots.txt paths are compared in the same escape form (`escapes`). Not the reports'
/// `BaselineURLForm`, which drops values so findings match across runs.
public enum CrawlURLForm {
    public static func normalize(_ url: WebURL) -> WebURL {
        var text = url.protocolString + "//"
        if !url.username.isEmpty || !url.password.isEmpty {
            text += url.username + (url.password.isEmpty ? "" : ":" + url.password) + "@"
        }
        text += url.host + escapes(url.pathname)
        if let query = url.query, !query.isEmpty { text += "?" + escapes(query) }
        return WebURL.parse(text) ?? url
    }

    /// Normalises escapes: `%7e` → `~`, `%2f` → `%2F`.
    static func escapes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25, i + 2 < bytes.count, let high = WebURL.PercentEncoding.hexValue(bytes[i + 1]),
               let low = WebURL.PercentEncoding.hexValue(bytes[i + 2]) {
                let value = high << 4 | low
                if isUnreserved(value) {
                    out.append(value)
                } else {
                    out += [0x25, upper(bytes[i + 1]), upper(bytes[i + 2])]
                }
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isUnreserved(_ b: UInt8) -> Bool {
        (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b)
            || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }

    private static func upper(_ b: UInt8) -> UInt8 { (0x61...0x66).contains(b) ? b - 0x20 : b }
}
