import WHATWGURL

/// The constants the tokenizer hands its tokens' text as: punctuators and the names scripts
/// are mostly made of, literals rather than strings made of a token's bytes (issue 17).
extension JSTokenizer {
    /// Each ASCII byte as a one-character punctuator, made once (a String made from a
    /// scalar per punctuator cost more than reading it).
    /// (`singleBytePuncts` in a test the tokenizer's tests compare `punct` with.)
    static let singleBytePuncts: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// The punctuators scripts are made of as literals (constants: no table look-up, with
    /// its initialization check and retain, per punctuator); any other byte from the table.
    static func punct(_ b: UInt8) -> String {
        switch b {
        case 0x28: return "("
        case 0x29: return ")"
        case 0x7B: return "{"
        case 0x7D: return "}"
        case 0x5B: return "["
        case 0x5D: return "]"
        case 0x3B: return ";"
        case 0x2C: return ","
        case 0x2E: return "."
        case 0x3D: return "="
        case 0x3A: return ":"
        case 0x2B: return "+"
        case 0x2D: return "-"
        case 0x21: return "!"
        case 0x3F: return "?"
        default: return singleBytePuncts[Int(b)]
        }
    }

    /// The names the scanner asks about and scripts are mostly made of, as constants: the
    /// bytes of `name` compared with each of its length. A name made from its bytes was
    /// checked as UTF-8 and built a byte at a time, some 160 instructions a name (one in
    /// four tokens on a page of deep links in scripts), and past 15 bytes allocated
    /// (`addEventListener`) (issue 17). nil: any other name, made from its bytes.
    static func knownName(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        guard let start = name.baseAddress else { return nil }
        let count = name.count
        // (Each constant's length is its case's: `isSpelled`'s length test folds away, and
        // keeps the read within the constant should one be put under the wrong case.)
        @inline(__always) func equals(_ constant: StaticString) -> Bool { constant.isSpelled(by: start, count: count) }
        switch name.count {
        case 2:
            if equals("if") { return "if" }
        case 3:
            if equals("var") { return "var" }
            if equals("let") { return "let" }
            if equals("new") { return "new" }
            if equals("src") { return "src" }
            if equals("top") { return "top" }
        case 4:
            if equals("href") { return "href" }
            if equals("open") { return "open" }
            if equals("else") { return "else" }
            if equals("this") { return "this" }
            if equals("true") { return "true" }
            if equals("null") { return "null" }
            if equals("then") { return "then" }
            if equals("self") { return "self" }
        case 5:
            if equals("false") { return "false" }
            if equals("const") { return "const" }
            if equals("click") { return "click" }
            if equals("await") { return "await" }
            if equals("async") { return "async" }
        case 6:
            if equals("window") { return "window" }
            if equals("return") { return "return" }
            if equals("assign") { return "assign" }
            if equals("typeof") { return "typeof" }
            if equals("action") { return "action" }
            if equals("submit") { return "submit" }
            if equals("parent") { return "parent" }
        case 7:
            if equals("replace") { return "replace" }
        case 8:
            if equals("location") { return "location" }
            if equals("function") { return "function" }
            if equals("document") { return "document" }
        case 9:
            if equals("navigator") { return "navigator" }
            if equals("userAgent") { return "userAgent" }
        case 10:
            if equals("setTimeout") { return "setTimeout" }
        case 11:
            if equals("setInterval") { return "setInterval" }
            if equals("appendChild") { return "appendChild" }
        case 12:
            if equals("setAttribute") { return "setAttribute" }
        case 13:
            if equals("querySelector") { return "querySelector" }
            if equals("createElement") { return "createElement" }
            if equals("contentWindow") { return "contentWindow" }
        case 14:
            if equals("getElementById") { return "getElementById" }
        case 16:
            if equals("addEventListener") { return "addEventListener" }
        default:
            break
        }
        return nil
    }
}
