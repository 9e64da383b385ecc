// A one-pass parser for the URLs pages are made of: absolute http(s)/ws(s)/ftp URLs with a
// plain ASCII domain, and relative references ("/c/1.html", "../p/2", "?q", "#top",
// "//cdn/x") against such a base.
//
// The full state machine (`Parser`) builds a record of separate byte arrays and then
// serialises it, which costs several allocations per URL. For this subset the spec's
// result is simply "a prefix of the base's href + the input, lower-cased and
// percent-encoded, with dot segments applied", so it can be written straight into one
// scratch buffer in serialisation order. Non-special absolute URLs — the deep links of a
// checkout page: `gojek://pay?order=…`, `intent://…#Intent;…;end`, `tel:+62…`, `mailto:…` —
// take it too, with an opaque host of plain bytes or an opaque path of printable ASCII.
// Anything outside the subset (userinfo, ports of non-special URLs, IP or IDNA hosts, file
// URLs, spaces and controls in opaque paths, a tab or newline anywhere, failures) returns nil and the caller runs the
// full parser, which stays the reference: tests compare the two on the WPT vectors and on
// generated inputs.

extension WebURL {
    struct FastPath {
        let input: UnsafeBufferPointer<UInt8>
        let output: UnsafeMutablePointer<UInt8>
        var count = 0
        var layout: Layout

        /// Parses clean input (trimmed, no tabs or newlines). `base` and `baseBytes` are the
        /// base's layout and href bytes (empty when there is no base). With `shares`,
        /// `original` is a String whose UTF-8 is exactly `input`: if the result serialises to
        /// the same bytes, the href shares that string's storage instead of allocating.
        static func parse(
            _ input: UnsafeBufferPointer<UInt8>, base: Layout?, baseBytes: UnsafeBufferPointer<UInt8>,
            original: borrowing String = "", shares: Bool = false
        ) -> WebURL? {
            guard !input.isEmpty else { return nil }
            // Worst case: the whole base, every input byte percent-encoded, plus a path '/'.
            let capacity = baseBytes.count + 3 * input.count + 2
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
                var parser = FastPath(input: input, output: scratch.baseAddress!, layout: .blank)
                guard parser.run(base: base, baseBytes: baseBytes) else { return nil }
                return parser.finish(original: original, shares: shares)
            }
        }

        // MARK: - Dispatch

        private mutating func run(base: Layout?, baseBytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let first = input[0]
            if Byte.isAlpha(first) {
                var index = 1
                while index < input.count, Self.schemeBytes.contains(input[index]) { index += 1 }
                if index < input.count, input[index] == Byte.colon {
                    return absolute(schemeEnd: index, base: base)
                }
            }
            // A relative reference: only against a hierarchical special base with a host.
            guard let base, base.kind.isSpecial, base.kind != .file, base.hasHost, !base.hasOpaquePath else {
                return false
            }
            layout.kind = base.kind
            if Self.isSlash(first) {
                if input.count > 1, Self.isSlash(input[1]) {
                    // "//host/x" (or any mix of '/' and '\'): scheme-relative.
                    copy(baseBytes, count: Int(base.schemeEnd) + 1)
                    layout.schemeEnd = base.schemeEnd
                    return authorityAndRest(from: 2)
                }
                copyAuthority(of: base, baseBytes, upTo: Int(base.pathStart))
                return pathAndRest(from: 1)
            }
            if first == Byte.question {
                copyAuthority(of: base, baseBytes, upTo: Int(base.pathEnd))
                layout.pathEnd = base.pathEnd
                return queryAndFragment(from: 0)
            }
            if first == Byte.hash {
                let baseEnd = base.fragmentStart == Layout.absent ? base.end : base.fragmentStart
                copyAuthority(of: base, baseBytes, upTo: Int(baseEnd))
                layout.pathEnd = base.pathEnd
                layout.queryStart = base.queryStart
                return queryAndFragment(from: 0)
            }
            // Path-relative: the base path without its last segment, then the input's segments.
            var lastSlash = Int(base.pathEnd)
            repeat {
                lastSlash -= 1
                if lastSlash < Int(base.pathStart) { return false }
            } while baseBytes[lastSlash] != Byte.slash
            copyAuthority(of: base, baseBytes, upTo: lastSlash)
            return pathAndRest(from: 0)
        }

        /// "scheme:" at the start of the input.
        private mutating func absolute(schemeEnd: Int, base: Layout?) -> Bool {
            let kind = Self.specialKind(input, end: schemeEnd)
            if kind == .other { return nonSpecial(schemeEnd: schemeEnd) }
            guard kind.isSpecial, kind != .file else { return false }
            for index in 0..<schemeEnd { put(Self.lowercased(input[index])) }
            put(Byte.colon)
            layout.schemeEnd = UInt32(schemeEnd)
            layout.kind = kind
            var index = schemeEnd + 1
            if index + 1 < input.count, input[index] == Byte.slash, input[index + 1] == Byte.slash {
                index += 2
            } else if base?.kind == kind {
                // "https:x" against an https base is a relative reference; leave it to the
                // full parser.
                return false
            }
            return authorityAndRest(from: index)
        }

        /// A non-special "scheme:" (the base plays no part): "//" and an opaque host of plain
        /// bytes, kept as written, then a path, query and fragment; or an opaque path. Userinfo,
        /// a port, an empty host, a path with no host ("x:/p") and a backslash in the path are
        /// left to the full parser.
        private mutating func nonSpecial(schemeEnd: Int) -> Bool {
            for index in 0..<schemeEnd { put(Self.lowercased(input[index])) }
            put(Byte.colon)
            layout.schemeEnd = UInt32(schemeEnd)
            layout.kind = .other
            var index = schemeEnd + 1
            let hasHost = index + 1 < input.count && input[index] == Byte.slash && input[index + 1] == Byte.slash
            if hasHost {
                put(Byte.slash)
                put(Byte.slash)
                index += 2
            } else if index < input.count, input[index] == Byte.slash {
                return false
            }
            layout.usernameStart = UInt32(count)
            layout.usernameEnd = layout.usernameStart
            layout.passwordEnd = layout.usernameStart
            layout.hostStart = layout.usernameStart
            layout.hasHost = hasHost
            if hasHost {
                index = copyRun(from: index, while: Self.plainOpaqueHostBytes)
                guard count > Int(layout.hostStart) else { return false }
                if index < input.count, input[index] != Byte.slash, input[index] != Byte.question,
                   input[index] != Byte.hash {
                    return false
                }
                layout.hostEnd = UInt32(count)
                layout.pathStart = UInt32(count)
                if index < input.count, input[index] == Byte.slash { return nonSpecialPathAndRest(from: index + 1) }
            } else {
                layout.hostEnd = layout.usernameStart
                layout.hasOpaquePath = true
                layout.pathStart = UInt32(count)
                index = copyRun(from: index, while: Self.plainOpaquePathBytes, words: Self.opaquePathWords)
                if index < input.count, input[index] != Byte.question, input[index] != Byte.hash { return false }
            }
            layout.pathEnd = UInt32(count)
            return queryAndFragment(from: index, special: false)
        }

        /// A non-special URL's path after its host, from `start` (the byte after its first
        /// '/'): '/' alone separates segments; dot segments go as in `pathAndRest`.
        private mutating func nonSpecialPathAndRest(from start: Int) -> Bool {
            var index = start
            var segmentStart = count
            put(Byte.slash)
            while true {
                index = copyRun(from: index, while: Self.plainPathBytes)
                guard index < input.count else { break }
                let byte = input[index]
                if byte == Byte.slash {
                    endSegment(at: segmentStart, slashLike: true)
                    segmentStart = count
                    put(Byte.slash)
                } else if byte == Byte.question || byte == Byte.hash {
                    break
                } else if byte == Byte.backslash {
                    return false
                } else {
                    guard putEncoded(byte, .path) else { return false }
                }
                index += 1
            }
            endSegment(at: segmentStart, slashLike: false)
            layout.pathEnd = UInt32(count)
            return queryAndFragment(from: index, special: false)
        }

        // MARK: - Components

        /// Writes "//host[:port]" and everything after it; `start` is just past the slashes
        /// the input must have (any further '/' and '\' are skipped, as browsers do).
        private mutating func authorityAndRest(from start: Int) -> Bool {
            put(Byte.slash)
            put(Byte.slash)
            var index = start
            while index < input.count, Self.isSlash(input[index]) { index += 1 }
            layout.usernameStart = UInt32(count)
            layout.usernameEnd = layout.usernameStart
            layout.passwordEnd = layout.usernameStart
            layout.hostStart = layout.usernameStart
            layout.hasHost = true
            // Label checks ride along the copy: no label may be Punycode ("xn--", which IDNA
            // validates) and the last one may not be a number (IPv4). Both are left to the
            // host parser.
            var labelStart = count
            var previousLabelStart = count
            while true {
                index = copyRun(from: index, while: Self.plainHostBytes)
                guard index < input.count else { break }
                let byte = input[index]
                if byte == Byte.dot {
                    if isPunycodeLabel(from: labelStart) { return false }
                    previousLabelStart = labelStart
                    labelStart = count + 1
                    put(byte)
                } else if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                    put(byte | 0x20)
                } else if Self.endsHost(byte) {
                    break
                } else {
                    return false  // userinfo, IP literal, percent-encoded or non-ASCII host
                }
                index += 1
            }
            guard count > Int(layout.hostStart), !isPunycodeLabel(from: labelStart) else { return false }
            // The ends-in-a-number check looks past one trailing empty label. A number starts
            // with a digit (decimal, octal or "0x"), so letter-led labels need no more checks.
            let lastLabel = labelStart == count ? previousLabelStart : labelStart
            if lastLabel < count, Byte.isDigit(output[lastLabel]) { return false }
            layout.hostEnd = UInt32(count)
            if index < input.count, input[index] == Byte.colon {
                index += 1
                var value = 0
                var digits = 0
                while index < input.count, Byte.isDigit(input[index]) {
                    value = value * 10 + Int(input[index] - UInt8(ascii: "0"))
                    if value > 65535 { return false }
                    digits += 1
                    index += 1
                }
                if index < input.count, !Self.endsAuthority(input[index]) { return false }
                if digits > 0, value != layout.kind.defaultPort {
                    put(Byte.colon)
                    putDecimal(value)
                    layout.portValue = Int32(value)
                }
            }
            // Special URLs always have a path: the authority's '/' (or '\') is its first.
            if index < input.count, Self.isSlash(input[index]) { index += 1 }
            layout.pathStart = UInt32(count)
            return pathAndRest(from: index)
        }

        /// Whether the label written from `start` to the end of the output begins "xn--".
        private func isPunycodeLabel(from start: Int) -> Bool {
            count - start >= 4 && output[start] == UInt8(ascii: "x") && output[start + 1] == UInt8(ascii: "n")
                && output[start + 2] == Byte.minus && output[start + 3] == Byte.minus
        }

        /// Writes the input's path segments from `start` (the byte after the segment's '/'),
        /// then the query and fragment. Dot segments are resolved as they end, on the
        /// written (already encoded) bytes, as the spec does with its buffer.
        private mutating func pathAndRest(from start: Int) -> Bool {
            var index = start
            var segmentStart = count
            put(Byte.slash)
            while true {
                index = copyRun(from: index, while: Self.plainPathBytes)
                guard index < input.count else { break }
                let byte = input[index]
                if Self.isSlash(byte) {
                    endSegment(at: segmentStart, slashLike: true)
                    segmentStart = count
                    put(Byte.slash)
                } else if byte == Byte.question || byte == Byte.hash {
                    break
                } else {
                    guard putEncoded(byte, .path) else { return false }
                }
                index += 1
            }
            endSegment(at: segmentStart, slashLike: false)
            layout.pathEnd = UInt32(count)
            return queryAndFragment(from: index)
        }

        /// "?query" and "#fragment" from `start` (which is '?', '#' or the end); `special`:
        /// the special-query percent-encode set, else the query set (which leaves `'`).
        private mutating func queryAndFragment(from start: Int, special: Bool = true) -> Bool {
            var index = start
            if index < input.count, input[index] == Byte.question {
                layout.queryStart = UInt32(count)
                put(Byte.question)
                index += 1
                let plain = special ? Self.plainSpecialQueryBytes : Self.plainQueryBytes
                let words = special ? Self.specialQueryWords : Self.queryWords
                let set: WebURL.PercentEncodeSet = special ? .specialQuery : .query
                while true {
                    index = copyRun(from: index, while: plain, words: words)
                    guard index < input.count, input[index] != Byte.hash else { break }
                    guard putEncoded(input[index], set) else { return false }
                    index += 1
                }
            }
            if index < input.count {
                layout.fragmentStart = UInt32(count)
                put(Byte.hash)
                index += 1
                while true {
                    index = copyRun(from: index, while: Self.plainFragmentBytes, words: Self.fragmentWords)
                    guard index < input.count else { break }
                    guard putEncoded(input[index], .fragment) else { return false }
                    index += 1
                }
            }
            return true
        }

        // MARK: - Result

        private mutating func finish(original: borrowing String, shares: Bool) -> WebURL {
            layout.end = UInt32(count)
            if shares, count == input.count, Self.equal(output, input.baseAddress!, count: count) {
                return WebURL(href: copy original, layout: layout)
            }
            let bytes = UnsafeBufferPointer(start: output, count: count)
            let href = String(unsafeUninitializedCapacity: count) { buffer in
                _ = buffer.initialize(from: bytes)
                return count
            }
            return WebURL(href: href, layout: layout)
        }
    }
}
