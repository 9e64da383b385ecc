/// Words one edit away from a word a shortcut must know (`JSKeywordTests`,
/// `ScriptNameTests`): the same length and first byte, or one of them, or neither — the
/// cases a test by length and first byte could get wrong.
enum NearMisses {
    static func of(_ word: String) -> [String] {
        [String(word.dropLast()) + "x", word + "s", String(word.dropFirst()), word.uppercased(), "_" + word]
    }
}
