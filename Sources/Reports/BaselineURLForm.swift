import WHATWGURL

/// The URL form a baseline matches findings on. Checkout pages render fresh order ids,
/// tokens and timestamps into their links on every visit, so a nightly run must not see
/// `dana://wallet/pay?order=41` and `?order=42` as one fixed and one new finding. The
/// normal form keeps what names the target (scheme, host, path, the query's parameter
/// names, an intent's routing items) and drops what varies per visit (query values,
/// intent extras' values, credentials, ordinary fragments).
///
/// It runs once per finding (SARIF fingerprints, baseline matching), so it works on
/// UTF-8 bytes: deep links of the plain shape `app://host/path?query` are read in place
/// (`PlainURL`); anything else goes through the URL parser. Either way the normal form
/// is built from the serialisation's parts into one buffer.
///
/// Not the live crawl's `CrawlURLForm` (PageSources), which keeps every value: that form
/// decides what is fetched, this one which findings are the same finding.
enum BaselineURLForm {
    static func normalise(_ raw: String) -> String {
        var text = raw.trimmingASCIIWhitespace
        let plain: String?? = text.withUTF8 { bytes in
            guard let parts = PlainURL.scan(bytes) else { return nil }
            // Already in normal form: share the input's storage.
            if parts.isNormal { return .some(nil) }
            return .some(normalForm(bytes, parts))
        }
        switch plain {
        case .some(.some(let form)): return form
        case .some(.none): return text
        case .none: break
        }
        guard let url = WebURL.parse(text) else { return text }
        var href = url.href
        return href.withUTF8 { bytes in
            let parts = Parts(url.layout)
            // Nothing to drop and nothing to fold: the serialisation is the normal form
            // (this also keeps the "/." a host-less path starting with "//" needs).
            if parts.query == nil, parts.fragment == nil, !url.layout.hasCredentials,
               url.isSpecial || !parts.hostHasUpperCase(bytes) {
                return url.href
            }
            return normalForm(bytes, parts)
        }
    }

    /// Where a serialised URL's parts sit in its UTF-8 bytes.
    struct Parts {
        /// The ':' after the scheme.
        var schemeEnd: Int
        /// Host and port, when the URL has a host.
        var host: Range<Int>?
        var path: Range<Int>
        /// Without the '?'.
        var query: Range<Int>?
        /// Without the '#'.
        var fragment: Range<Int>?
        /// True when the scheme and host hold no upper-case letters (plain URLs only:
        /// a parsed URL's are already folded, save a non-special host).
        var isLowerCase = true

        /// The form is the text itself: no query or fragment to drop, nothing to fold.
        var isNormal: Bool { query == nil && fragment == nil && isLowerCase }

        func hostHasUpperCase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let host else { return false }
            return bytes[host].contains { $0 >= 0x41 && $0 <= 0x5A }
        }
    }

    /// scheme ":" ["//" host] path ["?" parameter names] ["#" intent items], scheme and
    /// host lower-cased. Every part is a part of `bytes` or shorter, so `bytes.count`
    /// bounds the form.
    private static func normalForm(_ bytes: UnsafeBufferPointer<UInt8>, _ parts: Parts) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            func put(_ byte: UInt8) {
                out[count] = byte
                count += 1
            }
            func put(_ range: Range<Int>) {
                for byte in bytes[range] { put(byte) }
            }
            func putLowerCased(_ range: Range<Int>) {
                for byte in bytes[range] { put(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            }
            putLowerCased(0..<parts.schemeEnd)
            put(0x3A)
            if let host = parts.host {
                put(0x2F)
                put(0x2F)
                putLowerCased(host)
            }
            put(parts.path)
            if let query = parts.query {
                put(0x3F)
                count = parameterNames(bytes, query, into: out, at: count)
            }
            if let fragment = parts.fragment, isIntent(bytes, schemeEnd: parts.schemeEnd),
               bytes[fragment].starts(with: "Intent;".utf8) {
                put(0x23)
                count = intentItems(bytes, fragment, into: out, at: count)
            }
            return count
        }
    }

    /// Whether the scheme is `intent`, in any case.
    private static func isIntent(_ bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int) -> Bool {
        guard schemeEnd == 6 else { return false }
        return zip(bytes[0..<6], "intent".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// `b=2&a=1&a=3` → `a&a&b`: the names (text before any '=') of the non-empty items,
    /// sorted. A serialised query is ASCII, so byte order is String order.
    private static func parameterNames(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>,
                                       into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: query.count / 2 + 1) { names in
            var found = 0
            var item = query.lowerBound
            while item < query.upperBound {
                var end = item
                while end < query.upperBound, bytes[end] != 0x26 { end += 1 }
                if end > item {
                    var name = item
                    while name < end, bytes[name] != 0x3D { name += 1 }
                    names[found] = item..<name
                    found += 1
                }
                item = end + 1
            }
            var sorted = UnsafeMutableBufferPointer(rebasing: names[0..<found])
            if found > 1 {
                sorted.sort { a, b in bytes[a].lexicographicallyPrecedes(bytes[b]) }
            }
            var count = start
            for (i, name) in sorted.enumerated() {
                if i > 0 {
                    out[count] = 0x26
                    count += 1
                }
                for byte in bytes[name] {
                    out[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    /// Keeps `scheme=`, `package=`, `action=`, `component=`…; extras (`S.key=value`,
    /// `i.key=…`: a '.' before the '=') keep only `key=`.
    private static func intentItems(_ bytes: UnsafeBufferPointer<UInt8>, _ fragment: Range<Int>,
                                    into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var count = start
        var item = fragment.lowerBound
        while true {
            var end = item
            var equals: Int?
            var dotBeforeEquals = false
            while end < fragment.upperBound, bytes[end] != 0x3B {
                if equals == nil {
                    if bytes[end] == 0x3D { equals = end } else if bytes[end] == 0x2E { dotBeforeEquals = true }
                }
                end += 1
            }
            let kept = equals.map { dotBeforeEquals ? item..<($0 + 1) : item..<end } ?? item..<end
            for byte in bytes[kept] {
                out[count] = byte
                count += 1
            }
            guard end < fragment.upperBound else { return count }
            out[count] = 0x3B
            count += 1
            item = end + 1
        }
    }
}

extension BaselineURLForm.Parts {
    init(_ layout: WebURL.Layout) {
        schemeEnd = Int(layout.schemeEnd)
        host = layout.hostRange == nil ? nil : layout.hostAndPortRange
        path = layout.pathRange
        query = layout.queryRange
        fragment = layout.fragmentRange
    }
}

extension WebURL.Layout {
    var hasCredentials: Bool { !usernameRange.isEmpty || !passwordRange.isEmpty }
}
