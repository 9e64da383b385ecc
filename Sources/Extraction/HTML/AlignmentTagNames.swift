/// Which tag names `TokenizerAlignment` must look at closely, decided from a name's length and
/// first letter alone. Outside foreign content a start tag without `/>` matters only when it
/// opens `<svg>`, `<math>` or a text-only element (`TextOnly`), and an end tag only when it is
/// `</body>` or `</html>`; every other tag (nearly all of them: `<a>`, `<span>`, `<td>`) is
/// passed over here instead of being compared with each of those names in turn.
/// A name these answer false for is none of those names (a name matching one, in any case,
/// has its length and first letter), so the pass rewrites the same bytes; the full checks stay
/// the reference (`TokenizerAlignment.align(_:plain: true)`, AlignmentShortcutTests).
enum AlignmentTagNames {
    /// Whether a start tag named `name` may be `svg`, `math` or a `TextOnly` element.
    @inline(__always)
    static func startMayMatter(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> Bool {
        let letter = (p[name.lowerBound] | 0x20) &- 0x61
        guard letter < 26 else { return false }
        return firstLetters(length: name.count) >> UInt32(letter) & 1 != 0
    }

    /// Whether an end tag named `name` may be `body` or `html`.
    @inline(__always)
    static func endMayMatter(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> Bool {
        guard name.count == 4 else { return false }
        let letter = p[name.lowerBound] | 0x20
        return letter == 0x62 || letter == 0x68
    }

    /// `VoidElements.contains` on the name's bytes, where the reference makes a lower-cased
    /// String of it and looks that up in a Set (an allocation and a hash for every `/>`):
    /// the names of that length compared byte for byte, in any case.
    @inline(__always)
    static func isVoid(_ p: UnsafePointer<UInt8>, _ name: Range<Int>) -> Bool {
        func named(_ word: StaticString) -> Bool { StandardTag.named(p, name, word) }
        switch name.count {
        case 2: return named("br") || named("hr")
        case 3: return named("img") || named("col") || named("wbr")
        case 4: return named("meta") || named("link") || named("area") || named("base")
        case 5: return named("input") || named("embed") || named("param") || named("track") || named("frame")
            || named("image")
        case 6: return named("source") || named("keygen")
        case 7: return named("bgsound")
        case 8: return named("basefont")
        default: return false
        }
    }

    /// The first letters (bit 0: `a`) of the names of that length that matter at a start tag:
    /// svg, xmp (3); math (4); title, style (5); iframe, script (6); noembed (7); textarea,
    /// noframes (8); plaintext (9).
    @inline(__always)
    static func firstLetters(length: Int) -> UInt32 {
        switch length {
        case 3: return bit("s") | bit("x")
        case 4: return bit("m")
        case 5: return bit("t") | bit("s")
        case 6: return bit("i") | bit("s")
        case 7: return bit("n")
        case 8: return bit("t") | bit("n")
        case 9: return bit("p")
        default: return 0
        }
    }

    @inline(__always)
    private static func bit(_ letter: Unicode.Scalar) -> UInt32 {
        1 << (letter.value - 0x61)
    }
}
