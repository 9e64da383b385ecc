/// Content sniffing for files with no telling extension, after the WHATWG MIME Sniffing
/// Standard: the "text/html" patterns and the "binary data byte" test.
public enum HTMLSniffer {
    /// Tags whose presence at the start (after whitespace) marks a file as HTML; each
    /// must be followed by a space or `>`.
    private static let patterns: [[UInt8]] = [
        "<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT", "<TABLE",
        "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--",
    ].map { Array($0.utf8) }

    public static func looksLikeHTML(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(bytes[i]) { i += 1 }
        for pattern in patterns where i + pattern.count < bytes.count {
            var matched = true
            for (k, p) in pattern.enumerated() {
                let b = bytes[i + k]
                let upper = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
                if upper != p { matched = false; break }
            }
            let next = bytes[i + pattern.count]
            if matched, next == 0x20 || next == 0x3E { return true }
        }
        return false
    }

    /// The MIME Sniffing Standard's "rules for identifying an unknown MIME type" (§7.1,
    /// https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type), as far
    /// as they decide between a page and binary data: an HTML pattern at the start wins
    /// (step 1, before any byte is judged), then a byte order mark makes it text (step 2),
    /// and only then does a "binary data byte" in the first 1445 bytes (NUL and most C0
    /// controls) make it binary. So `<!DOCTYPE html>` followed by a stray NUL or vertical tab
    /// is still a page, as it is in a browser.
    public static func isBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return false
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return false }
        // Indexed loop: iterating `prefix` of a raw buffer cost ~25 instructions a byte.
        var i = 0
        let end = min(bytes.count, 1445)
        while i < end {
            let b = bytes[i]
            // Binary data bytes: 0x00–0x08, 0x0B, 0x0E–0x1A, 0x1C–0x1F.
            // The HTML patterns were step 1: looked at only now, as almost no page has such a byte.
            if b < 0x20, b != 0x09, b != 0x0A, b != 0x0C, b != 0x0D, b != 0x1B { return !looksLikeHTML(bytes) }
            i += 1
        }
        return false
    }
}
