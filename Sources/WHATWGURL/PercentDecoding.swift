/// Percent-decoding of a string as the URL Standard defines it (`%XX` becomes the byte,
/// anything else stays as written), read back as UTF-8. Browsers decode a `javascript:`
/// URL's body this way before running it.
package enum PercentDecoding {
    package static func decode(_ input: String) -> String {
        guard input.utf8.contains(0x25) else { return input }
        return String(decoding: WebURL.PercentEncoding.decode(Array(input.utf8)), as: UTF8.self)
    }
}
