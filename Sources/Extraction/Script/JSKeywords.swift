/// The JavaScript words the script scanner must not take for names.
enum JSKeywords {
    /// Whether `word` is in `all`. Most identifiers are ruled out by their length and first
    /// byte alone, without hashing (Benchmarks/README.md, issue 17): `all` is asked only
    /// when some keyword shares both, so the answer is always `all`'s (`JSKeywordTests`).
    static func isKeyword(_ word: String) -> Bool {
        // Read off the string each time: a `utf8` view bound once held the string, retained
        // and released at every identifier asked about (Benchmarks/README.md, issue 17).
        guard let first = word.utf8.first, first < 0x80 else { return false }
        let count = word.utf8.count
        guard count < 16, lengthsByFirstByte[Int(first)] & (1 << count) != 0 else { return false }
        return all.contains(word)
    }

    /// For each ASCII first byte, a bit per length of a keyword starting with it.
    /// Made from `all`, so the two cannot disagree.
    private static let lengthsByFirstByte: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 128)
        for word in all {
            let utf8 = word.utf8
            table[Int(utf8.first!)] |= 1 << utf8.count
        }
        return table
    }()

    static let all: Set<String> = [
        "if", "for", "while", "switch", "catch", "function", "return", "typeof", "new", "delete",
        "void", "in", "of", "do", "else", "case", "throw", "try", "var", "let", "const", "await",
        "async", "yield", "class", "super", "this", "import", "export", "with",
    ]
    /// Words that start a statement: an expression ends before them.
    static let statements: Set<String> = [
        "var", "let", "const", "if", "else", "for", "while", "do", "return", "switch", "case", "default",
        "break", "continue", "throw", "try", "catch", "finally", "function", "class",
    ]
}
