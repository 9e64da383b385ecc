/// A script's tokens with what every reader over them shares: where each bracket closes
/// (so a reader steps over a group in one look-up instead of reading into it), the
/// script's bytes (a condition is reported as written) and, in debug builds, the work
/// counter the linearity tests read (Docs/ARCHITECTURE.md §5).
struct ScriptTokens {
    let tokens: [JSToken]
    /// For each `(`, `[` or `{`, the index of the token that closes it; -1 when none does.
    let closers: [Int]
    /// The script itself, for a condition as written (read only then: no copy of its bytes).
    let source: String
    #if DEBUG
    let work: WorkCounter
    #endif

    #if DEBUG
    init(_ source: String, work: WorkCounter) {
        self.work = work
        tokens = JSTokenizer.tokens(source)
        self.source = source
        closers = Self.matchBrackets(tokens)
    }
    #else
    init(_ source: String) {
        tokens = JSTokenizer.tokens(source)
        self.source = source
        closers = Self.matchBrackets(tokens)
    }
    #endif

    var count: Int { tokens.count }

    func token(_ i: Int) -> JSToken? {
        #if DEBUG
        work.count += 1
        #endif
        return i >= 0 && i < tokens.count ? tokens[i] : nil
    }

    /// Whether there is a token at `i`, counted as `token(i)` is: for a reader that then
    /// reads it in place (`tokens[i]`) instead of copying it out (issue 17).
    @inline(__always)
    func isToken(_ i: Int) -> Bool {
        #if DEBUG
        work.count += 1
        #endif
        return i >= 0 && i < tokens.count
    }

    /// The index of the token closing the bracket at `i`, if one does.
    func closer(of i: Int) -> Int? {
        guard i >= 0, i < closers.count, closers[i] >= 0 else { return nil }
        return closers[i]
    }

    /// The script's text from byte `from` up to `to`, its runs of white space made one
    /// space and cut at `maxLength` characters: a condition as a reader will recognise it.
    func text(from: Int, to: Int, maxLength: Int = ScriptCondition.maxLength) -> String {
        source.withUTF8Bytes { bytes in
            guard from < to, from >= 0, to <= bytes.count else { return "" }
            var out: [UInt8] = []
            out.reserveCapacity(min(to - from, maxLength * 4))
            var space = false
            // Past this many bytes a condition is cut anyway: a long run of spaces costs no more.
            for b in bytes[from..<min(to, from + maxLength * 8)] {
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
                    space = !out.isEmpty
                    continue
                }
                if space { out.append(0x20); space = false }
                out.append(b)
                if out.count >= maxLength * 4 { break }
            }
            let text = ScriptCondition.cut(String(decoding: out, as: UTF8.self))
            return to > from + maxLength * 8 && !text.hasSuffix("…") ? text + "…" : text
        }
    }

    /// Brackets matched as the scanner closes its frames: a closer closes the innermost
    /// open bracket of its kind, and every bracket opened inside it and left open
    /// (`f(a, {b)`) stays unmatched; a closer with no open bracket of its kind closes
    /// nothing. One pass with explicit stacks, each bracket pushed and popped once.
    static func matchBrackets(_ tokens: [JSToken]) -> [Int] {
        var closers = [Int](filledWith: -1, count: tokens.count)
        // The open brackets, innermost last, each with the position in `open` of the open
        // bracket of its kind before it (-1: none); `innermost` holds each kind's last. One
        // list, where three flat stacks beside it were three more allocations (and their
        // growth) per script (issue 17).
        var open: [(index: Int, kind: Int, previous: Int)] = []
        var innermost = (-1, -1, -1)
        for i in tokens.indices {
            // Brackets are one byte: decided on it (`JSToken.byte`), read in place.
            let byte = tokens[i].byte
            guard byte != 0 else { continue }
            let kind: Int
            let opens: Bool
            switch byte {
            case 0x28: (kind, opens) = (0, true)   // (
            case 0x5B: (kind, opens) = (1, true)   // [
            case 0x7B: (kind, opens) = (2, true)   // {
            case 0x29: (kind, opens) = (0, false)  // )
            case 0x5D: (kind, opens) = (1, false)  // ]
            case 0x7D: (kind, opens) = (2, false)  // }
            default: continue
            }
            if opens {
                switch kind {
                case 0: open.append((i, kind, innermost.0)); innermost.0 = open.count - 1
                case 1: open.append((i, kind, innermost.1)); innermost.1 = open.count - 1
                default: open.append((i, kind, innermost.2)); innermost.2 = open.count - 1
                }
                continue
            }
            let position: Int
            switch kind {
            case 0: position = innermost.0
            case 1: position = innermost.1
            default: position = innermost.2
            }
            guard position >= 0 else { continue }
            let opener = open[position].index
            while open.count > position {
                let removed = open.removeLast()
                switch removed.kind {
                case 0: innermost.0 = removed.previous
                case 1: innermost.1 = removed.previous
                default: innermost.2 = removed.previous
                }
            }
            closers[opener] = i
        }
        return closers
    }
}
