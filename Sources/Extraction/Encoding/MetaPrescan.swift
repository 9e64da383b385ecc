/// The HTML Standard's "prescan a byte stream to determine its encoding"
/// (https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding),
/// step by step, including its fallback "get an XML encoding". It only ever looks at ASCII
/// bytes, so it works on any ASCII-compatible page whatever its real encoding.
///
/// The Standard leaves the end condition to the browser. Chromium's (`HTMLMetaCharsetParser`,
/// Docs/PLATFORM.md §F.7): the first 1024 bytes always, then on for as long as only elements
/// that may sit in `<head>` have been seen (`script`, `noscript`, `style`, `link`, `meta`,
/// `object`, `title`, `base`, and the end tags of `head` and `html`). So a `<meta charset>`
/// after a long comment or inline script in the head still counts (html5lib encoding tests).
/// Bytes are scanned as the Standard's prescan scans them: a `<meta` inside a script's
/// text counts too (html5lib `tests1.dat` expects it).
enum MetaPrescan {
    /// The bytes always scanned.
    static let limit = 1024

    static func encoding(in bytes: UnsafeRawBufferPointer) -> PageEncoding? {
        let scanned = UnsafeRawBufferPointer(rebasing: bytes.prefix(limit))
        // "<?x" in UTF-16 without a BOM (the spec's prefix is two bytes longer than XML's).
        if scanned.starts(with: [0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00] as [UInt8]) {
            return PageEncoding(name: "UTF-16LE", source: .xmlDeclaration)
        }
        if scanned.starts(with: [0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78] as [UInt8]) {
            return PageEncoding(name: "UTF-16BE", source: .xmlDeclaration)
        }
        var scanner = Scanner(bytes: bytes)
        do {
            return PageEncoding(name: try scanner.run(), source: .meta)
        } catch {
            // Running out of bytes (the normal end when nothing usable was declared)
            // aborts the prescan; the spec then tries an XML declaration.
            return xmlEncoding(scanned).map { PageEncoding(name: $0, source: .xmlDeclaration) }
        }
    }

    /// "Get an XML encoding". The searches stay inside the declaration (before its `>`),
    /// which is what xmlDeclarationEnd is for and what WebKit does.
    static func xmlEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)),
              let end = bytes.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = bytes[..<end]
        let word = Array("encoding".utf8)
        guard var position = declaration.indices.first(where: { declaration[$0...].starts(with: word) })
        else { return nil }
        position += word.count
        func skipSpacesAndControls() { while position < end, bytes[position] <= 0x20 { position += 1 } }
        skipSpacesAndControls()
        guard position < end, bytes[position] == UInt8(ascii: "=") else { return nil }
        position += 1
        skipSpacesAndControls()
        guard position < end, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else { return nil }
        let quote = bytes[position]
        position += 1
        guard let close = bytes[position..<end].firstIndex(of: quote) else { return nil }
        let label = bytes[position..<close]
        guard !label.contains(where: { $0 <= 0x20 }), let name = EncodingLabels.name(forLabel: label)
        else { return nil }
        return name == "UTF-16LE" || name == "UTF-16BE" ? "UTF-8" : name
    }

    /// "Extracting a character encoding from a meta element" on a `content` value:
    /// the label after the first `charset` that is followed by `=`. Nil for no label or
    /// an unknown one.
    static func charsetFromContent(_ value: [UInt8]) -> String? {
        let word = Array("charset".utf8)
        var position = 0
        while true {
            guard let match = (position..<max(position, value.count - word.count + 1)).first(where: { i in
                zip(value[i..<(i + word.count)], word).allSatisfy { lowercased($0) == $1 }
            }) else { return nil }
            position = match + word.count
            while position < value.count, EncodingLabels.isASCIIWhitespace(value[position]) { position += 1 }
            guard position < value.count, value[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < value.count, EncodingLabels.isASCIIWhitespace(value[position]) { position += 1 }
            guard position < value.count else { return nil }
            let first = value[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let close = value[(position + 1)...].firstIndex(of: first) else { return nil }
                return EncodingLabels.name(forLabel: value[(position + 1)..<close])
            }
            let end = value[position...].firstIndex {
                EncodingLabels.isASCIIWhitespace($0) || $0 == UInt8(ascii: ";")
            } ?? value.count
            return EncodingLabels.name(forLabel: value[position..<end])
        }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// The byte-by-byte part. Reading past the end throws, which is the spec's abort.
    private struct Scanner {
        struct OutOfBytes: Error {}

        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// False once a tag that has no place in `<head>` was seen: the scan then ends at
        /// `limit`.
        var inHead = true

        func byte(at index: Int) throws -> UInt8 {
            guard index < bytes.count, index < MetaPrescan.limit || inHead else { throw OutOfBytes() }
            return bytes[index]
        }

        static let headElements: Set<[UInt8]> = Set(
            ["script", "noscript", "style", "link", "meta", "object", "title", "base"].map { Array($0.utf8) })

        /// The lower-cased tag name from `start` to the first whitespace, `/` or `>`.
        func tagName(from start: Int) -> [UInt8] {
            var name: [UInt8] = []
            var i = start
            while i < bytes.count, name.count < 16 {
                let b = bytes[i]
                if EncodingLabels.isASCIIWhitespace(b) || b == UInt8(ascii: "/") || b == UInt8(ascii: ">") { break }
                name.append(lowercased(b))
                i += 1
            }
            return name
        }

        /// Chromium's head-section rule for one tag.
        mutating func passTag(start: Int, isEnd: Bool) {
            let name = tagName(from: start)
            if !Self.headElements.contains(name)
                && !(isEnd && (name == Array("head".utf8) || name == Array("html".utf8))) {
                inHead = false
            }
        }

        var current: UInt8 { get throws { try byte(at: position) } }

        /// Whether the bytes from `position` start with `pattern` (lower-case ASCII). Asked at
        /// every byte up to the charset: a byte loop, where `zip` over a slice and a String's
        /// UTF-8 was generic code (~30,000 instructions a page, Benchmarks/README.md, issue 17).
        func matches(_ pattern: StaticString, caseInsensitive: Bool = false) -> Bool {
            let count = pattern.utf8CodeUnitCount
            guard position >= 0, bytes.count - position >= count else { return false }
            let expected = pattern.utf8Start
            for k in 0..<count {
                let b = bytes[position + k]
                if (caseInsensitive ? lowercased(b) : b) != expected[k] { return false }
            }
            return true
        }

        /// Moves to the first `target` at or after `index`.
        mutating func advance(toFirst target: (UInt8) -> Bool, from index: Int) throws {
            position = index
            while try !target(current) { position += 1 }
        }

        /// Returns the encoding name, or throws when the bytes run out first.
        mutating func run() throws -> String {
            while true {
                if matches("<!--") {
                    // To the first ">" that ends a "-->", whose dashes may be those of "<!--".
                    position += 4
                    while try !(current == UInt8(ascii: ">") && bytes[position - 1] == UInt8(ascii: "-")
                                && bytes[position - 2] == UInt8(ascii: "-")) {
                        position += 1
                    }
                } else if matches("<meta", caseInsensitive: true),
                          let next = try? byte(at: position + 5), isSpaceOrSlash(next) {
                    position += 5
                    if let name = try metaCharset() { return name }
                } else if try current == UInt8(ascii: "<"), startsTag(at: position + 1) {
                    // Any other start or end tag: skip its attributes, which may hold a
                    // quoted "<meta" that must not count.
                    let isEnd = bytes[position + 1] == UInt8(ascii: "/")
                    let nameStart = position + (isEnd ? 2 : 1)
                    try advance(toFirst: { EncodingLabels.isASCIIWhitespace($0) || $0 == UInt8(ascii: ">") },
                                from: position)
                    while try attribute() != nil {}
                    passTag(start: nameStart, isEnd: isEnd)
                } else if matches("<!") || matches("</") || matches("<?") {
                    try advance(toFirst: { $0 == UInt8(ascii: ">") }, from: position + 1)
                }
                position += 1  // "Next byte"
            }
        }

        private func isSpaceOrSlash(_ byte: UInt8) -> Bool {
            EncodingLabels.isASCIIWhitespace(byte) || byte == UInt8(ascii: "/")
        }

        private func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        /// "<" followed by a letter or by "/" and a letter.
        private func startsTag(at index: Int) -> Bool {
            guard index < bytes.count else { return false }
            if isLetter(bytes[index]) { return true }
            return bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && isLetter(bytes[index + 1])
        }

        /// The attributes of one `<meta …>`: returns the encoding it declares, or nil to
        /// go on scanning (no charset, unknown label, or a `content` charset without
        /// `http-equiv="content-type"`).
        private mutating func metaCharset() throws -> String? {
            var seen: [[UInt8]] = []
            var gotPragma = false
            var needPragma: Bool?
            var charset: String??  // nil: none yet; .some(nil): an unknown label
            while let (name, value) = try attribute() {
                guard !seen.contains(name) else { continue }  // the first of a duplicate wins
                seen.append(name)
                switch String(decoding: name, as: UTF8.self) {
                case "http-equiv":
                    if value == Array("content-type".utf8) { gotPragma = true }
                case "content":
                    if charset == nil, let found = charsetFromContent(value) {
                        charset = .some(found)
                        needPragma = true
                    }
                case "charset":
                    charset = .some(EncodingLabels.name(forLabel: value))
                    needPragma = false
                default:
                    break
                }
            }
            guard let needPragma, !(needPragma && !gotPragma), let found = charset ?? nil else { return nil }
            switch found {
            case "UTF-16LE", "UTF-16BE": return "UTF-8"  // a page that can say so in ASCII is not UTF-16
            case "x-user-defined": return "windows-1252"
            default: return found
            }
        }

        /// "Get an attribute": name and value, ASCII-lowercased; nil at the tag's `>`.
        private mutating func attribute() throws -> (name: [UInt8], value: [UInt8])? {
            while try isSpaceOrSlash(current) { position += 1 }
            if try current == UInt8(ascii: ">") { return nil }
            var name: [UInt8] = []
            var value: [UInt8] = []
            // Name, up to "=", whitespace, "/" or ">" ("=" as the first byte is part of it).
            while true {
                let b = try current
                if b == UInt8(ascii: "="), !name.isEmpty { break }
                if EncodingLabels.isASCIIWhitespace(b) {
                    // Spaces: only an "=" after them gives the attribute a value.
                    while try EncodingLabels.isASCIIWhitespace(current) { position += 1 }
                    guard try current == UInt8(ascii: "=") else { return (name, []) }
                    break
                }
                if b == UInt8(ascii: "/") || b == UInt8(ascii: ">") { return (name, []) }
                name.append(lowercased(b))
                position += 1
            }
            position += 1  // past "="
            while try EncodingLabels.isASCIIWhitespace(current) { position += 1 }
            let first = try current
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                while true {
                    position += 1
                    let b = try current
                    if b == first {
                        position += 1
                        return (name, value)
                    }
                    value.append(lowercased(b))
                }
            }
            if first == UInt8(ascii: ">") { return (name, []) }
            while true {
                let b = try current
                if EncodingLabels.isASCIIWhitespace(b) || b == UInt8(ascii: ">") { return (name, value) }
                value.append(lowercased(b))
                position += 1
            }
        }
    }
}
