// Eight bytes at a time through the one-pass parser's long runs. A deep link's query
// (`?order=…&return=…`), an `intent:` URI's fragment (`#Intent;scheme=…;package=…;end`) and a
// `tel:`/`mailto:` opaque path are most of the bytes of the links on a checkout page, and the
// byte loop (`copyRun(from:while:)`) spends about ten instructions on each (Benchmarks/README.md,
// issue 17). Each of those classes is printable ASCII less a few bytes, which a word test
// checks for eight bytes at once; the byte loop, with its `ASCIISet`, stays the reference.

extension WebURL {
    /// A byte class as printable ASCII (0x21–0x7E) less up to five bytes (a byte may repeat to
    /// fill the five). It must equal the `ASCIISet` it stands beside: tests compare the two.
    struct WordClass {
        let excluded: (UInt8, UInt8, UInt8, UInt8, UInt8)

        /// Whether all eight bytes of `word` are in the class. Each term is a classic
        /// "has a byte less than n" / "more than n" / "zero byte" word test, exact as a
        /// yes-or-no for the whole word (a borrow or carry only spreads from a byte that
        /// already answers yes).
        @inline(__always)
        func containsAll(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            // A byte below 0x21; a byte above 0x7E (or non-ASCII).
            var bad = ((word &- ones &* 0x21) & ~word) | (word &+ ones) | word
            bad |= Self.hasByte(excluded.0, in: word)
            bad |= Self.hasByte(excluded.1, in: word)
            bad |= Self.hasByte(excluded.2, in: word)
            bad |= Self.hasByte(excluded.3, in: word)
            bad |= Self.hasByte(excluded.4, in: word)
            return bad & highs == 0
        }

        /// High bits set where `word` may hold `byte` (the high bit of a lane is set for
        /// some lane exactly when one holds it).
        @inline(__always)
        private static func hasByte(_ byte: UInt8, in word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let lanes = word ^ (ones &* UInt64(byte))
            return (lanes &- ones) & ~lanes
        }
    }
}

extension WebURL.FastPath {
    /// `plainFragmentBytes`: printable ASCII but `"`, `<`, `>`, `` ` ``.
    static var fragmentWords: WebURL.WordClass { WebURL.WordClass(excluded: (0x22, 0x3C, 0x3E, 0x60, 0x60)) }
    /// `plainQueryBytes`: printable ASCII but `"`, `#`, `<`, `>`.
    static var queryWords: WebURL.WordClass { WebURL.WordClass(excluded: (0x22, 0x23, 0x3C, 0x3E, 0x3E)) }
    /// `plainSpecialQueryBytes`: printable ASCII but `"`, `#`, `'`, `<`, `>`.
    static var specialQueryWords: WebURL.WordClass {
        WebURL.WordClass(excluded: (0x22, 0x23, 0x27, 0x3C, 0x3E))
    }
    /// `plainOpaquePathBytes`: printable ASCII but `#`, `?`.
    static var opaquePathWords: WebURL.WordClass { WebURL.WordClass(excluded: (0x23, 0x3F, 0x3F, 0x3F, 0x3F)) }

    /// `copyRun(from:while:)` with whole words of `words` first: eight bytes copied at a time
    /// while all eight are in the class, then byte by byte to the run's end (which lies within
    /// the first word that is not all in it). `words` must equal `plain`.
    @inline(__always)
    mutating func copyRun(from start: Int, while plain: WebURL.ASCIISet, words: WebURL.WordClass) -> Int {
        let source = UnsafeRawPointer(input.baseAddress!)
        let end = input.count
        var index = start
        var written = count
        while end &- index >= 8 {
            let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            guard words.containsAll(word) else { break }
            // Each byte written is one read, so the scratch buffer's bound holds.
            UnsafeMutableRawPointer(output + written).storeBytes(of: word, as: UInt64.self)
            index &+= 8
            written &+= 8
        }
        count = written
        return copyRun(from: index, while: plain)
    }
}
