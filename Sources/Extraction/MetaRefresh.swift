import LinkAuditModel

/// The value of `<meta http-equiv=refresh content=…>` (and of a `Refresh` HTTP header),
/// parsed by the HTML Standard's "shared declarative refresh steps"
/// (https://html.spec.whatwg.org/multipage/document-lifecycle.html#shared-declarative-refresh-steps).
///
/// The steps up to "Parse" are done here; resolving `url` is the caller's, and so are the
/// steps after it: a URL that fails to parse means no refresh, and so does a `javascript:`
/// URL (see `isJavaScriptURL`).
public struct MetaRefresh: Equatable, Sendable {
    /// Whole seconds, as the spec computes them: digits before any `.`; anything after the
    /// dot is ignored, so `.9` is 0. Saturates at `Int.max` for absurdly long digit runs.
    public var delaySeconds: Int

    /// The delay on the page's clock, where it enters it: `delaySeconds` in milliseconds,
    /// held at `PageClock.maxDelayMs` (2,147,483,647). The spec sets no maximum, but
    /// Chromium (`HttpRefreshScheduler::Schedule`) and WebKit (`NavigationScheduler::
    /// scheduleRedirect`) never schedule a refresh longer than INT32_MAX / 1000 seconds
    /// (about 24.8 days), so a refresh held at the maximum is one no browser carries out;
    /// it stays listed for its URL (Docs/PLATFORM.md §F.13).
    public var delayMs: Int {
        PageClock.delay(PageClock.product(delaySeconds, 1000))
    }
    /// The URL string the spec hands to the URL parser, not yet resolved and not yet
    /// cleaned up (the URL parser strips leading/trailing C0 controls and spaces and drops
    /// tabs and newlines). `nil` means the content named no URL: refresh the page itself.
    /// An empty string (`0; url=`) also resolves to the page itself.
    public var url: String?

    public init(delaySeconds: Int, url: String?) {
        self.delaySeconds = delaySeconds
        self.url = url
    }

    /// Returns nil when the content is not a valid refresh (the spec's early "return").
    public static func parse(_ content: String) -> MetaRefresh? {
        // Every character the steps look at is ASCII, so working on UTF-8 bytes is exact
        // and every cut falls on a character boundary.
        let input = Array(content.utf8)
        guard !input.isEmpty else { return nil }
        var cursor = Cursor(input: input)

        cursor.skipWhitespace()
        // Time: the leading digits; a string starting with "." counts as 0 (".9" → 0).
        let digitsStart = cursor.position
        cursor.skip { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let timeDigits = input[digitsStart..<cursor.position]
        if timeDigits.isEmpty && cursor.current != UInt8(ascii: ".") { return nil }
        let delay = wholeSeconds(timeDigits)
        // Fractions (and stray dots, "1.9..5.") are collected and ignored.
        cursor.skip { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }

        if let next = cursor.current {
            // "1x", "1e0": the number must end at whitespace, ";" or ",".
            guard isWhitespace(next) || next == UInt8(ascii: ";") || next == UInt8(ascii: ",") else {
                return nil
            }
            cursor.skipWhitespace()
            if cursor.current == UInt8(ascii: ";") || cursor.current == UInt8(ascii: ",") {
                cursor.position += 1
            }
            cursor.skipWhitespace()
        }
        guard !cursor.atEnd else { return MetaRefresh(delaySeconds: delay, url: nil) }

        return MetaRefresh(delaySeconds: delay, url: urlString(input, from: cursor))
    }

    /// True when the URL string's scheme is `javascript` once the URL parser has cleaned it
    /// up. Browsers refuse such refreshes, and the HTML Standard says so since
    /// whatwg/html#11700 (2025): the caller should treat the refresh as inert. The scheme of
    /// a string does not depend on the base URL, so this needs no resolution.
    public var isJavaScriptURL: Bool {
        guard let url else { return false }
        var scheme: [UInt8] = []
        var sawLetter = false
        for byte in url.utf8 {
            switch byte {
            case 0x09, 0x0A, 0x0D: continue  // removed anywhere by the URL parser
            case 0x00...0x20 where !sawLetter: continue  // leading C0/space stripped
            case UInt8(ascii: ":"): return scheme == Array("javascript".utf8)
            default:
                let lower = byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)
                let isAlpha = lower >= 0x61 && lower <= 0x7A
                let isSchemeByte = isAlpha || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard sawLetter ? isSchemeByte : isAlpha else { return false }
                sawLetter = true
                scheme.append(lower)
                if scheme.count > 10 { return false }
            }
        }
        return false
    }

    /// Steps 11.1–11.10: an optional `url` `=` prefix, then an optional quote that ends
    /// the URL at its match.
    private static func urlString(_ input: [UInt8], from start: Cursor) -> String {
        var cursor = start
        let whole = String(decoding: input[cursor.position...], as: UTF8.self)
        if cursor.advance(ifLowercased: UInt8(ascii: "u")) {
            // After "u", a missing "r", "l" or "=" means the whole rest is the URL
            // ("1; urlfoo" → "urlfoo"); only a missing "u" still looks for a quote.
            guard cursor.advance(ifLowercased: UInt8(ascii: "r")),
                  cursor.advance(ifLowercased: UInt8(ascii: "l")) else { return whole }
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: "=") else { return whole }
            cursor.position += 1
            cursor.skipWhitespace()
        }
        var quote: UInt8?
        if let c = cursor.current, c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
            quote = c
            cursor.position += 1
        }
        var end = input.endIndex
        if let quote, let match = input[cursor.position...].firstIndex(of: quote) { end = match }
        return String(decoding: input[cursor.position..<end], as: UTF8.self)
    }

    /// "Rules for parsing non-negative integers" on a run of ASCII digits.
    private static func wholeSeconds(_ digits: ArraySlice<UInt8>) -> Int {
        var value = 0
        for digit in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if o1 || o2 { return Int.max }
            value = sum
        }
        return value
    }

    /// ASCII whitespace: TAB, LF, FF, CR, SPACE.
    fileprivate static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
    }

    private struct Cursor {
        let input: [UInt8]
        var position = 0

        var atEnd: Bool { position >= input.count }
        var current: UInt8? { atEnd ? nil : input[position] }

        mutating func skip(while predicate: (UInt8) -> Bool) {
            while let c = current, predicate(c) { position += 1 }
        }

        mutating func skipWhitespace() { skip(while: MetaRefresh.isWhitespace) }

        /// Advances past the current byte if it is `lower` or its ASCII uppercase.
        mutating func advance(ifLowercased lower: UInt8) -> Bool {
            guard let c = current, c == lower || c == lower - 0x20 else { return false }
            position += 1
            return true
        }
    }
}
