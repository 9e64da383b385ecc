import Glibc

/// The HTML Standard's character reference states (§13.2.5.72–80,
/// https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state) as they run
/// inside an attribute value, on the value as written. libxml2 2.9.14 decodes only HTML 4's
/// 253 names, never without `;`, and turns an invalid numeric reference into a NUL that cuts
/// the value short; `RawStartTag` hands the written text here instead (Docs/PLATFORM.md §F).
enum CharacterReferences {
    /// Decodes the references in an attribute value (UTF-8 as written between the quotes).
    static func decodeAttribute(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        return decodeAttribute(raw, into: &out)
    }

    /// The same, the bytes decoded in `out` (emptied first, its room kept): a caller decoding
    /// one value after another hands the same buffer, made once rather than for each value
    /// (issue 17).
    static func decodeAttribute(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> String {
        if !out.isEmpty { out.removeAll(keepingCapacity: true) }
        out.reserveCapacity(raw.count)
        let n = raw.count
        var i = 0
        while i < n {
            // The text up to the next `&` goes over at once (a byte at a time, an append
            // each, cost more than the references), found with `memchr` (issue 17).
            guard let found = memchr(raw.baseAddress! + i, 0x26, n - i) else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: raw[i..<n]))
                break
            }
            let amp = UnsafeRawPointer(found) - UnsafeRawPointer(raw.baseAddress!)
            if amp > i {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: raw[i..<amp]))
                i = amp
            }
            let b = raw[i]
            guard i + 1 < n else {
                out.append(b)
                i += 1
                continue
            }
            let next = raw[i + 1]
            if next == 0x23 {
                i = numeric(raw, at: i, into: &out)
            } else if isAlphanumeric(next) {
                i = named(raw, at: i, into: &out)
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `&` + name at `amp`: the longest name in the table; returns where reading goes on.
    private static func named(_ raw: UnsafeBufferPointer<UInt8>, at amp: Int, into out: inout [UInt8]) -> Int {
        let n = raw.count
        let start = amp + 1
        var end = start
        while end < n, end - start < NamedCharacterReferences.longestName, isAlphanumeric(raw[end]) { end += 1 }
        // `&amp;`, nearly every reference in a link's query, and the escapes of markup in a
        // `srcdoc` (`&lt;`, `&gt;`, `&quot;`, `&apos;`), without the table.
        if end < n, raw[end] == 0x3B, let byte = common(UnsafeBufferPointer(rebasing: raw[start...end])) {
            out.append(byte)
            return end + 1
        }
        if end < n, raw[end] == 0x3B,
           let value = NamedCharacterReferences.value(UnsafeBufferPointer(rebasing: raw[start...end])) {
            out.append(contentsOf: value)
            return end + 1
        }
        // Only the legacy names (without `;`) can match a shorter prefix.
        var length = min(end - start, NamedCharacterReferences.longestLegacyName)
        while length > 0 {
            let name = UnsafeBufferPointer(rebasing: raw[start..<(start + length)])
            if let value = NamedCharacterReferences.value(name) {
                let after = start + length
                // "For historical reasons": in an attribute, `&not` followed by an
                // alphanumeric or `=` stays as written (`?a=1&notify=2`).
                if after < n, isAlphanumeric(raw[after]) || raw[after] == 0x3D {
                    out.append(contentsOf: raw[amp..<after])
                } else {
                    out.append(contentsOf: value)
                }
                return after
            }
            length -= 1
        }
        // No match: the `&` and the name are text (the ambiguous ampersand state).
        out.append(0x26)
        return start
    }

    /// The one-byte value of `amp;`, `lt;`, `gt;`, `quot;` or `apos;` (a name with its `;`),
    /// else nil: the table's values for them (`NamedCharacterReferences.value`), found without
    /// its search and the array each value is built into — on the dense corpus, a `srcdoc`'s
    /// markup is written with them (Benchmarks/README.md, issue 17). `AttributeReferenceTests`
    /// holds it to the table for every name.
    static func common(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch name.count {
        case 3:
            guard name[2] == 0x3B, name[1] == 0x74 else { return nil }  // "?t;"
            return name[0] == 0x6C ? 0x3C : name[0] == 0x67 ? 0x3E : nil  // lt; gt;
        case 4:
            return name[0] == 0x61 && name[1] == 0x6D && name[2] == 0x70 && name[3] == 0x3B ? 0x26 : nil  // amp;
        case 5:
            guard name[4] == 0x3B else { return nil }
            if name[0] == 0x71 && name[1] == 0x75 && name[2] == 0x6F && name[3] == 0x74 { return 0x22 }  // quot;
            if name[0] == 0x61 && name[1] == 0x70 && name[2] == 0x6F && name[3] == 0x73 { return 0x27 }  // apos;
            return nil
        default:
            return nil
        }
    }

    /// `&#` at `amp`: decimal or `x`/`X` hexadecimal digits, an optional `;`.
    private static func numeric(_ raw: UnsafeBufferPointer<UInt8>, at amp: Int, into out: inout [UInt8]) -> Int {
        let n = raw.count
        var i = amp + 2
        let hex = i < n && raw[i] | 0x20 == 0x78
        if hex { i += 1 }
        let digitsStart = i
        var value: UInt32 = 0
        while i < n, let digit = digitValue(raw[i], hex: hex) {
            // Past U+10FFFF the value only needs to stay out of range.
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
            i += 1
        }
        if i == digitsStart {
            // "Absence of digits": `&#` (or `&#x`) is text.
            out.append(contentsOf: raw[amp..<digitsStart])
            return digitsStart
        }
        if i < n, raw[i] == 0x3B { i += 1 }
        append(scalar(forReference: value), to: &out)
        return i
    }

    /// The numeric character reference end state's substitutions.
    static func scalar(forReference value: UInt32) -> Unicode.Scalar {
        if value == 0 || value > 0x10FFFF { return "\u{FFFD}" }
        if value >= 0x80 && value <= 0x9F, let mapped = c1Replacement[Int(value - 0x80)], mapped != 0 {
            return Unicode.Scalar(mapped)!
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"  // surrogates
    }

    /// 0x80–0x9F → the windows-1252 characters the Standard's table gives; 0 where it keeps
    /// the control (0x81, 0x8D, 0x8F, 0x90, 0x9D).
    private static let c1Replacement: [UInt32?] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    @inline(__always) static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
    }

    @inline(__always) private static func digitValue(_ b: UInt8, hex: Bool) -> UInt32? {
        if b >= 0x30 && b <= 0x39 { return UInt32(b - 0x30) }
        guard hex else { return nil }
        let lower = b | 0x20
        return lower >= 0x61 && lower <= 0x66 ? UInt32(lower - 0x61 + 10) : nil
    }
}

/// The table behind `CharacterReferences`: the generated listing itself, searched by name.
/// The listing is sorted by the names' bytes (`Scripts/generate-named-references.py` writes it
/// so), so a name is found by a binary search over its lines, after one pass that notes where
/// each line's name ends. Building a dictionary of the 2,231 names instead cost every run that
/// met one reference (an `&amp;` in a link) 29 million instructions, more than reading a
/// hundred pages' links (Benchmarks/README.md, issue 17); that dictionary stays as the
/// reference (`plainValue`), and `AttributeReferenceTests` holds the two equal.
enum NamedCharacterReferences {
    /// "AElig;" is 6 bytes; the longest name, "CounterClockwiseContourIntegral;", 32.
    static let longestName = 32
    /// The legacy names without `;` are at most 6 bytes ("frac34", "middot").
    static let longestLegacyName = 6

    /// A line of the listing: its name `start..<nameEnd`, its code points up to `end`.
    private struct Line {
        var start: Int32
        var nameEnd: Int32
        var end: Int32
    }

    /// The listing's lines in order (one pass over its 48 KB, once per run).
    private static let lines: [Line] = listing.withUTF8Buffer { text in
        var lines: [Line] = []
        lines.reserveCapacity(2231)
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x0A { end += 1 }
            var nameEnd = start
            while nameEnd < end, text[nameEnd] != 0x20 { nameEnd += 1 }
            if nameEnd > start { lines.append(Line(start: Int32(start), nameEnd: Int32(nameEnd), end: Int32(end))) }
            start = end + 1
        }
        return lines
    }

    /// Name (with its `;` where it has one) → the value's UTF-8.
    static func value(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        listing.withUTF8Buffer { text -> [UInt8]? in
            var low = 0, high = lines.count
            while low < high {
                let mid = (low + high) / 2
                let line = lines[mid]
                let order = compare(UnsafeBufferPointer(rebasing: text[Int(line.start)..<Int(line.nameEnd)]), name)
                if order == 0 { return codePoints(UnsafeBufferPointer(rebasing: text[Int(line.nameEnd)..<Int(line.end)])) }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }
    }

    static var count: Int { lines.count }

    /// Byte order, as Python sorts the ASCII names: negative when `a` comes first.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        for i in 0..<min(a.count, b.count) where a[i] != b[i] {
            return a[i] < b[i] ? -1 : 1
        }
        return a.count - b.count
    }

    /// " C6" or " 2242 338": hexadecimal code points, each after a space, as UTF-8 (a field
    /// that is no scalar is skipped, as the reference does).
    private static func codePoints(_ fields: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var value: [UInt8] = []
        var code: UInt32 = 0
        var digits = 0
        func flush() {
            if digits > 0, let scalar = Unicode.Scalar(code) { UTF8.encode(scalar) { value.append($0) } }
            code = 0
            digits = 0
        }
        for byte in fields {
            if byte == 0x20 {
                flush()
                continue
            }
            let digit = byte <= 0x39 ? byte &- 0x30 : (byte | 0x20) &- 0x61 &+ 10
            code = code << 4 | UInt32(digit)
            digits += 1
        }
        flush()
        return value
    }

    /// The reference: the listing read into a dictionary, as it was before the search
    /// (built only where a test asks).
    static func plainValue(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        plainTable[String(decoding: name, as: UTF8.self)]
    }

    private static let plainTable: [String: [UInt8]] = {
        var table: [String: [UInt8]] = [:]
        table.reserveCapacity(2231)
        let text = listing.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let name = fields.first else { continue }
            var value: [UInt8] = []
            for field in fields.dropFirst() {
                guard let code = UInt32(field, radix: 16), let scalar = Unicode.Scalar(code) else { continue }
                UTF8.encode(scalar) { value.append($0) }
            }
            table[String(name)] = value
        }
        return table
    }()

    /// Every name of the reference, for the tests that compare the two.
    static var plainNames: [String] { Array(plainTable.keys) }
}
