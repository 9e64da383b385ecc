import Glibc

/// The tokenizer's alignment (`TokenizerAlignment`) made in the page while `TextRunCompactor`
/// reads it, so that a tag both passes would scan is scanned once: on the docs corpus the
/// alignment's own pass over every tag was ~24 M instructions of 100 pages (Benchmarks/README.md,
/// issue 17; Docs/ARCHITECTURE.md §3). The compactor reads the page's constructs in order, and
/// the alignment keeps pace:
/// - a construct the alignment may rewrite (`<!`, `<?`, `svg`, `math`, a text-only element,
///   `</body>`, `</html>`, anything in foreign content) is aligned first, then read;
/// - any other start or end tag (`readsFirst`) is read first. The compactor having read it
///   whole, the alignment would end it at the same `>` and rewrite nothing (its name is
///   libxml2's, so `keepNameWhole` has nothing to do; no `/` or form feed lies between its
///   attributes), unless a form feed lies in a value, it ends `/>` and is not void, or it is
///   long enough to hold too many attributes (`passes`): such a tag is aligned and read again;
/// - whatever the alignment would read inside what the compactor read (the end tag of a
///   script) is aligned before the compactor goes on (`catchUp`). Should that rewrite a byte
///   the compactor has read, or the alignment end past the next construct (`reach`),
///   compaction stops there, as it does on anything it does not understand;
/// - where compaction stops, the alignment runs over the rest of the page (`finish`).
/// So the page ends as `TokenizerAlignment.alignInPlace` leaves it, and libxml2 reads what the
/// compactor made of those bytes. The plain way is the two passes, `HTMLExtractor.fusesAlignment`
/// off; `FusedAlignmentTests` compares the bytes, the navigations and the warnings.
struct FusedAlignment: ConstructAlignment {
    private var pass: TokenizerAlignment.Pass
    /// Where the alignment goes on: every construct before it is aligned.
    private(set) var at = 0
    /// The alignment has stopped (the page ends inside a construct, or it ran to the end):
    /// it rewrites nothing more.
    private(set) var done = false

    /// Whether a form feed lies anywhere in the page (one `memchr`): without one, no tag
    /// the compactor reads needs looking at for it.
    private let formFeeds: Bool

    init(_ page: UnsafeMutablePointer<UInt8>, count: Int) {
        pass = TokenizerAlignment.Pass(direct: page, n: count)
        formFeeds = memchr(page, 0x0C, count) != nil
    }

    /// Before the compactor reads the construct at `lt`, having read a text run without `<`
    /// from where the alignment is: false when the alignment is past `lt` already.
    @inline(__always)
    mutating func reach(_ lt: Int) -> Bool {
        guard !done else { return true }
        if at > lt { return false }
        at = lt
        return true
    }

    /// Aligns the construct at `lt` (reached).
    mutating func align(_ lt: Int) {
        guard !done else { return }
        if let next = pass.step(at: lt), next < pass.n {
            at = next
        } else {
            at = pass.n
            done = true
        }
    }

    /// Whether the construct at `lt` (reached) is read before it is aligned: a start or end
    /// tag outside foreign content, named by a letter, that the alignment rewrites nothing of
    /// but for a `/>` or a form feed (`passes`) — not `svg`, `math` or a text-only element
    /// (`TextOnly`), not `</body>` or `</html>` (`TokenizerAlignment.Pass.startTag`,
    /// `endTag`). Its name is measured as libxml2 reads names: should the tokenizer read a
    /// longer one, the compactor refuses the tag (and compaction stops there).
    @inline(__always)
    func readsFirst(_ s: MarkupScanner, at lt: Int) -> Bool {
        guard !done else { return true }
        guard pass.foreign == 0, lt + 2 < s.end else { return false }
        let p = s.p
        if p[lt + 1] == MarkupScanner.slash {
            guard MarkupScanner.isLetter(p[lt + 2]) else { return false }
            let first = p[lt + 2] | 0x20
            guard first == 0x62 || first == 0x68 else { return true }  // b h
            let name = (lt + 2)..<nameEnd(s, from: lt + 3)
            return !StandardTag.named(p, name, "body") && !StandardTag.named(p, name, "html")
        }
        guard MarkupScanner.isLetter(p[lt + 1]) else { return false }
        // Only names of these first letters can matter (`AlignmentTagNames.firstLetters`).
        switch p[lt + 1] | 0x20 {
        case 0x73, 0x78, 0x6D, 0x74, 0x69, 0x6E, 0x70:  // s x m t i n p
            let name = (lt + 1)..<nameEnd(s, from: lt + 2)
            guard AlignmentTagNames.startMayMatter(p, name) else { return true }
            return !StandardTag.named(p, name, "svg") && !StandardTag.named(p, name, "math") && TextOnly.kind(p, name) == nil
        default:
            return true
        }
    }

    @inline(__always)
    private func nameEnd(_ s: MarkupScanner, from start: Int) -> Int {
        var k = start
        while k < s.end && MarkupScanner.isNameChar(s.p[k]) { k += 1 }
        return k
    }

    /// A tag read first, from `lt` to `end`: true when the alignment leaves it as it is (it
    /// is passed over), false when it must be aligned and read again: a form feed in it, `/>`
    /// on an element that is not void (the alignment may blank the `/`), or room for too many
    /// attributes. An end tag the compactor read holds only its name and blanks.
    @inline(__always)
    mutating func passes(_ s: MarkupScanner, from lt: Int, to end: Int) -> Bool {
        guard !done else { return true }
        let p = s.p
        if p[lt + 1] != MarkupScanner.slash {
            guard end - lt <= 2 * TokenizerAlignment.maxAttributesPerTag else { return false }
            if p[end - 2] == MarkupScanner.slash && !AlignmentTagNames.isVoid(p, (lt + 1)..<nameEnd(s, from: lt + 2)) {
                return false
            }
            if formFeeds {
                var k = lt + 1
                while k + 8 <= end {
                    let w = UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
                    if MarkupScanner.byte(w, 0x0C) != 0 { return false }
                    k += 8
                }
                while k < end {
                    if p[k] == 0x0C { return false }
                    k += 1
                }
            }
        }
        at = end
        return true
    }

    /// After the compactor read a construct to `end`: the alignment reads on to there. False
    /// when it rewrote a byte on the way (the compactor's reading is then not the aligned
    /// page's: compaction must stop).
    @inline(__always)
    mutating func catchUp(to end: Int) -> Bool {
        guard at < end else { return true }
        return catchUpSlowly(to: end)
    }

    private mutating func catchUpSlowly(to end: Int) -> Bool {
        while !done && at < end {
            guard let lt = StandardTag.find(0x3C, pass.p, from: at, end) else {
                at = end
                return true
            }
            let before = pass.rewrites
            align(lt)
            if pass.rewrites != before { return false }
        }
        return true
    }

    /// The alignment over the rest of the page, before it is copied as it stands.
    mutating func finish() {
        guard !done else { return }
        pass.run(from: at)
        at = pass.n
        done = true
    }

    /// Tags cut to `maxAttributesPerTag`, counted in `limits` (the page's own document).
    func count(into limits: ExtractionLimits?) {
        pass.count(into: limits, lineOffset: 0)
    }
}

/// What `TextRunCompactor` does about the alignment around each construct it reads: nothing
/// (`NoAlignment`: the page was aligned before) or the alignment's own steps (`FusedAlignment`).
/// The compactor's loop is written once for both, specialised for each.
protocol ConstructAlignment {
    /// False when compaction must stop before the construct at `lt`.
    mutating func reach(_ lt: Int) -> Bool
    mutating func align(_ lt: Int)
    func readsFirst(_ s: MarkupScanner, at lt: Int) -> Bool
    mutating func passes(_ s: MarkupScanner, from lt: Int, to end: Int) -> Bool
    mutating func catchUp(to end: Int) -> Bool
    mutating func finish()
}

/// The page was aligned before it was compacted (`HTMLExtractor.prepare`).
struct NoAlignment: ConstructAlignment {
    @inline(__always) mutating func reach(_ lt: Int) -> Bool { true }
    @inline(__always) mutating func align(_ lt: Int) {}
    @inline(__always) func readsFirst(_ s: MarkupScanner, at lt: Int) -> Bool { true }
    @inline(__always) mutating func passes(_ s: MarkupScanner, from lt: Int, to end: Int) -> Bool { true }
    @inline(__always) mutating func catchUp(to end: Int) -> Bool { true }
    @inline(__always) mutating func finish() {}
}
