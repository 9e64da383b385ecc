/// What libxml2 makes of the elements the compactor writes, as far as it decides to drop a
/// run inside one or to fold an empty one (issue 17): tag names as numbers, the elements text
/// changes nothing in, and an end tag right after its own start tag.
extension TextRunCompactor {
    /// Whether a start tag named `name` (not ended by `/>`) leaves it libxml2's current
    /// element (`ctxt->name`), and that element is one where text changes nothing. With
    /// `characters` unset, what a text does in the content state is `htmlCheckParagraph`,
    /// for each piece `areBlanks` does not call blank and at each reference, and that opens a
    /// `<p>` only when the current element is none, `html` or `head`; `areBlanks` itself
    /// only reads. `htmlParseStartTag` pushes the element it reports, then `htmlParseTryOrFinish`
    /// pops it at once when it is void in its table (`area`, `base`, `basefont`, `br`, `col`,
    /// `frame`, `hr`, `img`, `input`, `isindex`, `link`, `meta`, `param`), and a misplaced
    /// `html`, `head` or `body` is not pushed at all: those are refused, with `html` and
    /// `head` themselves. Any other name, known to libxml2 or not, is the current element
    /// when the text after its tag is read. (The text's line breaks still count lines.)
    @inline(__always)
    static func opensQuietElement(_ key: NameKey) -> Bool {
        switch key {
        case .br, .hr, .col, .img, .html, .head, .body, .area, .base, .link, .meta, .frame, .input, .param,
             .isindex, .basefont:
            return false
        default:
            return true
        }
    }

    /// Whether the end tag at `lt` (ending at `end`) names the element the start tag at `start`
    /// opened (`opensQuietElement`; within `OpenElementBound.maxOpen`, the caller's bound)
    /// and holds no line break: libxml2 then reads `</X>` right
    /// after `<X …>` as it reads `<X … />` — `htmlParseEndTag` finds X current, closes
    /// nothing else and reports X's end, as `htmlParseTryOrFinish` does at `/>` — on the same
    /// line, without its end-tag state and name lookups. Not `form` or `template`, whose end
    /// tags `FormOwnership` looks for in the bytes libxml2 reads. Names compare as libxml2
    /// lower-cases them (`| 0x20` on name bytes changes only letters' case).
    static func closesOpened(_ s: MarkupScanner, endTag lt: Int, end: Int, startTag start: Int) -> Bool {
        guard let nameEnd = s.name(at: lt + 2), let openEnd = s.name(at: start + 1),
              nameEnd - (lt + 2) == openEnd - (start + 1) else { return false }
        for k in 0..<(openEnd - start - 1) where s.p[lt + 2 + k] | 0x20 != s.p[start + 1 + k] | 0x20 { return false }
        for k in nameEnd..<end where s.p[k] == 0x0A || s.p[k] == 0x0D { return false }
        let key = NameKey(s, (start + 1)..<openEnd)
        return key != .form && key != .template
    }

    /// A tag's name as one number, compared with the names the compactor looks for at once
    /// (where a byte-by-byte comparison a name was a call each, issue 17): its bytes, each
    /// `| 0x20`, the first in the lowest bits; 0 past 8 bytes. A name's bytes are letters,
    /// digits and `:-_.`, none 0, and `| 0x20` makes a byte a given lower-case letter only
    /// when it is that letter in either case: a name has the key of a name of letters exactly
    /// when it is that name in any case, as libxml2 lower-cases it. (The keys below are
    /// checked against their names in `TextRunCompactionTests`.)
    struct NameKey: Equatable {
        let bits: UInt64

        init(bits: UInt64) { self.bits = bits }

        @inline(__always)
        init(_ s: MarkupScanner, _ name: Range<Int>) {
            guard name.count <= 8 else {
                bits = 0
                return
            }
            var bits: UInt64 = 0
            var shift: UInt64 = 0
            for k in name {
                bits |= UInt64(s.p[k] | 0x20) &<< shift
                shift &+= 8
            }
            self.bits = bits
        }

        static var br: NameKey { NameKey(bits: 0x7262) }
        static var hr: NameKey { NameKey(bits: 0x7268) }
        static var col: NameKey { NameKey(bits: 0x6C6F63) }
        static var img: NameKey { NameKey(bits: 0x676D69) }
        static var html: NameKey { NameKey(bits: 0x6C6D_7468) }
        static var head: NameKey { NameKey(bits: 0x6461_6568) }
        static var body: NameKey { NameKey(bits: 0x7964_6F62) }
        static var area: NameKey { NameKey(bits: 0x6165_7261) }
        static var base: NameKey { NameKey(bits: 0x6573_6162) }
        static var link: NameKey { NameKey(bits: 0x6B6E_696C) }
        static var meta: NameKey { NameKey(bits: 0x6174_656D) }
        static var frame: NameKey { NameKey(bits: 0x65_6D61_7266) }
        static var input: NameKey { NameKey(bits: 0x74_7570_6E69) }
        static var param: NameKey { NameKey(bits: 0x6D_6172_6170) }
        static var isindex: NameKey { NameKey(bits: 0x78_6564_6E69_7369) }
        static var basefont: NameKey { NameKey(bits: 0x746E_6F66_6573_6162) }
        static var script: NameKey { NameKey(bits: 0x7470_6972_6373) }
        static var style: NameKey { NameKey(bits: 0x65_6C79_7473) }
        static var form: NameKey { NameKey(bits: 0x6D72_6F66) }
        static var template: NameKey { NameKey(bits: 0x6574_616C_706D_6574) }
    }
}
