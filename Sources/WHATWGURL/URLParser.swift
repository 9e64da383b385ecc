// The basic URL parser of the WHATWG URL Standard (no state override: linkaudit only
// parses whole URLs, it never runs the setters).
//
// It runs on UTF-8 bytes. Every decision the state machine makes is about ASCII code
// points, and every percent-encode set contains all non-ASCII bytes, so byte-wise
// processing gives the same result as the spec's code-point-wise processing.

extension WebURL {
    struct Parser {
        enum State {
            case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
            case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority
            case host, port, file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
        }

        /// The preprocessed input, and the base URL's `href` bytes, both borrowed for the
        /// duration of one parse.
        let input: UnsafeBufferPointer<UInt8>
        let base: Layout?
        let baseBytes: UnsafeBufferPointer<UInt8>
        /// The document's encoding for the query; nil is UTF-8.
        var queryEncoder: (any URLQueryEncoder)? = nil
        var url = Record()
        var state = State.schemeStart
        var pointer = 0
        /// States that collect raw text (authority, host, port, file host) use
        /// `input[bufferStart..<pointer]` as the spec's buffer instead of copying it.
        var bufferStart = 0
        var atSignSeen = false
        var insideBrackets = false
        var passwordTokenSeen = false
        /// Path state: where the current segment (with its leading '/') starts in `url.path`.
        var segmentStart: Int? = nil

        /// Parses `input` against `base`; nil means failure. `fastPath: false` runs only the
        /// full state machine (tests compare the two). `queryEncoder`: the document's
        /// encoding for the query (nil: UTF-8).
        static func parse(_ input: String, base: WebURL?, fastPath: Bool = true,
                          queryEncoder: (any URLQueryEncoder)? = nil) -> WebURL? {
            if let result = input.utf8.withContiguousStorageIfAvailable({
                parse(raw: $0, base: base, original: input, fastPath: fastPath, queryEncoder: queryEncoder)
            }) {
                return result
            }
            return Array(input.utf8).withUnsafeBufferPointer {
                parse(raw: $0, base: base, original: input, fastPath: fastPath, queryEncoder: queryEncoder)
            }
        }

        /// Strips leading and trailing C0 controls and spaces and removes ASCII tabs and
        /// newlines, copying the input only when there is something to remove inside it.
        /// `original` is the string `raw` was read from, lent down to where the fast path
        /// may share it (an optional copy of it was retained and released once more a link,
        /// issue 17); `fastPath` false: the full parser only.
        static func parse(raw: UnsafeBufferPointer<UInt8>, base: WebURL?, original: borrowing String,
                          fastPath: Bool, queryEncoder: (any URLQueryEncoder)?) -> WebURL? {
            var start = 0
            var end = raw.count
            while start < end, raw[start] <= 0x20 { start += 1 }
            while end > start, raw[end - 1] <= 0x20 { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: raw[start..<end])
            func isTabOrNewline(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D }
            // The fast path writes queries in UTF-8: with a document encoder it only takes
            // input that is printable ASCII, where every encoding agrees with UTF-8. It refuses
            // input holding a tab or newline, so it runs before the scan for them, which only
            // input left to the full parser pays (~125 instructions a link, issue 17).
            if fastPath, queryEncoder == nil || !trimmed.contains(where: { $0 >= 0x80 || $0 < 0x20 }) {
                // Untrimmed input can share the caller's string if it is already serialised.
                let untouched = start == 0 && end == raw.count
                if let url = parse(fast: trimmed, base: base, original: original, shares: untouched) { return url }
            }
            guard mayContainTabOrNewline(trimmed), trimmed.contains(where: isTabOrNewline) else {
                return parse(clean: trimmed, base: base, queryEncoder: queryEncoder)
            }
            let cleaned = trimmed.filter { !isTabOrNewline($0) }
            return cleaned.withUnsafeBufferPointer {
                parse(clean: $0, base: base, queryEncoder: queryEncoder)
            }
        }

        /// A cheap pre-check, eight bytes at a time: false means there is no byte below 0x0E
        /// (so no tab, LF or CR). Links almost never contain one, so the exact scan is rare.
        private static func mayContainTabOrNewline(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let start = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(start)
            let ones: UInt64 = 0x0101_0101_0101_0101
            var index = 0
            while index + 8 <= bytes.count {
                // The classic "has a byte less than n" word test (exact for n <= 128).
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if (word &- ones &* 0x0E) & ~word & (ones &* 0x80) != 0 { return true }
                index += 8
            }
            while index < bytes.count {
                if bytes[index] < 0x0E { return true }
                index += 1
            }
            return false
        }

        /// The one-pass parser alone on trimmed input (which may still hold a tab or newline:
        /// it refuses those); nil when it leaves the input to the full parser.
        private static func parse(fast input: UnsafeBufferPointer<UInt8>, base: WebURL?, original: borrowing String,
                                  shares: Bool) -> WebURL? {
            guard let base else {
                let noBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                return FastPath.parse(input, base: nil, baseBytes: noBytes, original: original, shares: shares)
            }
            if let result = base.href.utf8.withContiguousStorageIfAvailable({
                FastPath.parse(input, base: base.layout, baseBytes: $0, original: original, shares: shares)
            }) {
                return result
            }
            return Array(base.href.utf8).withUnsafeBufferPointer {
                FastPath.parse(input, base: base.layout, baseBytes: $0, original: original, shares: shares)
            }
        }

        /// The full state machine on clean input (trimmed, no tabs or newlines).
        private static func parse(
            clean input: UnsafeBufferPointer<UInt8>, base: WebURL?, queryEncoder: (any URLQueryEncoder)?
        ) -> WebURL? {
            guard let base else {
                let noBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                var parser = Parser(input: input, base: nil, baseBytes: noBytes, queryEncoder: queryEncoder)
                return parser.run() ? WebURL(parser.url) : nil
            }
            func parse(baseBytes: UnsafeBufferPointer<UInt8>) -> WebURL? {
                var parser = Parser(input: input, base: base.layout, baseBytes: baseBytes,
                                    queryEncoder: queryEncoder)
                return parser.run() ? WebURL(parser.url) : nil
            }
            if let result = base.href.utf8.withContiguousStorageIfAvailable(parse(baseBytes:)) {
                return result
            }
            return Array(base.href.utf8).withUnsafeBufferPointer(parse(baseBytes:))
        }

        /// A copy of one component of the base URL.
        func baseCopy(_ range: Range<Int>) -> [UInt8] {
            Array(UnsafeBufferPointer(rebasing: baseBytes[range]))
        }

        /// Runs the state machine; false means failure.
        mutating func run() -> Bool {
            while true {
                let c: UInt8? = pointer < input.count ? input[pointer] : nil
                let ok: Bool
                switch state {
                case .schemeStart: ok = schemeStartState(c)
                case .scheme: ok = schemeState(c)
                case .noScheme: ok = noSchemeState(c)
                case .specialRelativeOrAuthority: ok = specialRelativeOrAuthorityState(c)
                case .pathOrAuthority: ok = pathOrAuthorityState(c)
                case .relative: ok = relativeState(c)
                case .relativeSlash: ok = relativeSlashState(c)
                case .specialAuthoritySlashes: ok = specialAuthoritySlashesState(c)
                case .specialAuthorityIgnoreSlashes: ok = specialAuthorityIgnoreSlashesState(c)
                case .authority: ok = authorityState(c)
                case .host: ok = hostState(c)
                case .port: ok = portState(c)
                case .file: ok = fileState(c)
                case .fileSlash: ok = fileSlashState(c)
                case .fileHost: ok = fileHostState(c)
                case .pathStart: ok = pathStartState(c)
                case .path: ok = pathState(c)
                case .opaquePath: ok = opaquePathState(c)
                case .query: ok = queryState(c)
                case .fragment: ok = fragmentState(c)
                }
                if !ok { return false }
                if pointer >= input.count { return true }
                pointer += 1
            }
        }

        /// Moves to `next`; `reconsume` is the spec's "decrease pointer by 1". The buffer
        /// restarts at the next code point the new state will see.
        mutating func go(_ next: State, reconsume: Bool = false) {
            state = next
            if reconsume { pointer -= 1 }
            bufferStart = pointer + 1
        }

        /// The code point after the current one (the start of the spec's "remaining").
        var next: UInt8? { pointer + 1 < input.count ? input[pointer + 1] : nil }

        var isSpecial: Bool { url.kind.isSpecial }

        /// EOF, '/', '?', '#', or '\' in special URLs: the characters that end an authority.
        func endsAuthority(_ c: UInt8?) -> Bool {
            guard let c else { return true }
            return c == Byte.slash || c == Byte.question || c == Byte.hash
                || (isSpecial && c == Byte.backslash)
        }

        // MARK: - Scheme

        private mutating func schemeStartState(_ c: UInt8?) -> Bool {
            if let c, Byte.isAlpha(c) {
                go(.scheme)
            } else {
                go(.noScheme, reconsume: true)
            }
            return true
        }

        private mutating func schemeState(_ c: UInt8?) -> Bool {
            if let c, Byte.isAlpha(c) || Byte.isDigit(c) || c == Byte.plus || c == Byte.minus
                || c == Byte.dot {
                return true
            }
            guard c == Byte.colon else {
                // Not a scheme after all: start over as a relative reference.
                state = .noScheme
                pointer = -1
                return true
            }
            url.scheme = input[0..<pointer].map { Byte.isAlpha($0) ? $0 | 0x20 : $0 }
            url.kind = SchemeKind(url.scheme)
            if url.kind == .file {
                go(.file)
            } else if isSpecial, let base, base.kind == url.kind {
                go(.specialRelativeOrAuthority)
            } else if isSpecial {
                go(.specialAuthoritySlashes)
            } else if next == Byte.slash {
                go(.pathOrAuthority)
                pointer += 1
            } else {
                url.hasOpaquePath = true
                go(.opaquePath)
            }
            return true
        }

        private mutating func noSchemeState(_ c: UInt8?) -> Bool {
            guard let base else { return false }
            if base.hasOpaquePath {
                // Only a fragment can be resolved against "mailto:x" or "data:…".
                guard c == Byte.hash else { return false }
                url.scheme = baseCopy(base.schemeRange)
                url.kind = base.kind
                url.path = baseCopy(base.pathRange)
                url.hasOpaquePath = true
                url.query = base.queryRange.map(baseCopy)
                url.fragment = []
                go(.fragment)
            } else if base.kind != .file {
                go(.relative, reconsume: true)
            } else {
                go(.file, reconsume: true)
            }
            return true
        }

        // MARK: - Authority

        private mutating func specialRelativeOrAuthorityState(_ c: UInt8?) -> Bool {
            if c == Byte.slash && next == Byte.slash {
                go(.specialAuthorityIgnoreSlashes)
                pointer += 1
            } else {
                go(.relative, reconsume: true)
            }
            return true
        }

        private mutating func pathOrAuthorityState(_ c: UInt8?) -> Bool {
            if c == Byte.slash {
                go(.authority)
            } else {
                go(.path, reconsume: true)
            }
            return true
        }

        private mutating func relativeState(_ c: UInt8?) -> Bool {
            guard let base else { return false }
            url.scheme = baseCopy(base.schemeRange)
            url.kind = base.kind
            if c == Byte.slash || (isSpecial && c == Byte.backslash) {
                go(.relativeSlash)
                return true
            }
            copyAuthority(from: base)
            url.path = baseCopy(base.pathRange)
            if c == Byte.question {
                url.query = []
                go(.query)
            } else if c == Byte.hash {
                url.query = base.queryRange.map(baseCopy)
                url.fragment = []
                go(.fragment)
            } else if c != nil {
                url.shortenPath()
                go(.path, reconsume: true)
            } else {
                url.query = base.queryRange.map(baseCopy)
            }
            return true
        }

        private mutating func relativeSlashState(_ c: UInt8?) -> Bool {
            if isSpecial && (c == Byte.slash || c == Byte.backslash) {
                go(.specialAuthorityIgnoreSlashes)
            } else if c == Byte.slash {
                go(.authority)
            } else {
                if let base { copyAuthority(from: base) }
                go(.path, reconsume: true)
            }
            return true
        }

        private mutating func copyAuthority(from base: Layout) {
            url.username = baseCopy(base.usernameRange)
            url.password = baseCopy(base.passwordRange)
            url.host = base.hostRange.map(baseCopy)
            url.port = base.port
        }

        private mutating func specialAuthoritySlashesState(_ c: UInt8?) -> Bool {
            if c == Byte.slash && next == Byte.slash {
                go(.specialAuthorityIgnoreSlashes)
                pointer += 1
            } else {
                go(.specialAuthorityIgnoreSlashes, reconsume: true)
            }
            return true
        }

        private mutating func specialAuthorityIgnoreSlashesState(_ c: UInt8?) -> Bool {
            // Browsers skip any run of '/' and '\' here: "https:\\\\evil.com" is evil.com.
            if c != Byte.slash && c != Byte.backslash {
                go(.authority, reconsume: true)
            }
            return true
        }

        private mutating func authorityState(_ c: UInt8?) -> Bool {
            if c == Byte.at {
                // Everything before the last '@' is userinfo; earlier '@'s become "%40".
                if atSignSeen {
                    if passwordTokenSeen {
                        url.password.append(contentsOf: "%40".utf8)
                    } else {
                        url.username.append(contentsOf: "%40".utf8)
                    }
                }
                atSignSeen = true
                for byte in input[bufferStart..<pointer] {
                    if byte == Byte.colon && !passwordTokenSeen {
                        passwordTokenSeen = true
                    } else if passwordTokenSeen {
                        PercentEncoding.append(byte, .userinfo, to: &url.password)
                    } else {
                        PercentEncoding.append(byte, .userinfo, to: &url.username)
                    }
                }
                bufferStart = pointer + 1
            } else if endsAuthority(c) {
                if atSignSeen && bufferStart == pointer { return false }
                // Re-read the text after the userinfo as the host.
                pointer = bufferStart - 1
                go(.host)
            }
            return true
        }

        private mutating func hostState(_ c: UInt8?) -> Bool {
            if c == Byte.colon && !insideBrackets {
                if bufferStart == pointer { return false }
                guard setHostFromBuffer() else { return false }
                go(.port)
            } else if endsAuthority(c) {
                if isSpecial && bufferStart == pointer { return false }
                guard setHostFromBuffer() else { return false }
                go(.pathStart, reconsume: true)
            } else if c == Byte.leftBracket {
                insideBrackets = true
            } else if c == Byte.rightBracket {
                insideBrackets = false
            }
            return true
        }

        /// Host-parses the buffer (opaque host for non-special schemes) into `url.host`.
        private mutating func setHostFromBuffer() -> Bool {
            let buffer = UnsafeBufferPointer(rebasing: input[bufferStart..<pointer])
            guard let host = HostParser.parse(buffer, isOpaque: !isSpecial) else { return false }
            url.host = host
            return true
        }

        private mutating func portState(_ c: UInt8?) -> Bool {
            if let c, Byte.isDigit(c) { return true }
            guard endsAuthority(c) else { return false }
            if bufferStart != pointer {
                var port = 0
                for digit in input[bufferStart..<pointer] {
                    port = port * 10 + Int(digit - UInt8(ascii: "0"))
                    if port > 65535 { return false }
                }
                url.port = port == url.kind.defaultPort ? nil : port
            }
            go(.pathStart, reconsume: true)
            return true
        }
    }
}
