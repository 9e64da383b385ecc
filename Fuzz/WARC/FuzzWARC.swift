import PageSources

/// The fuzzing harness for WARC and gzip reading (issue 16): any bytes, as a `.warc` or a
/// `.warc.gz` (by their first two bytes, as a real archive is opened), through the archive
/// scan — gzip members and their resynchronisation, record framing and the Content-Length
/// rule, HTTP responses with their transfer and content codings — and, on their own, as
/// an HTTP response block. A crash, a hang or a broken bound is a finding; each found
/// becomes a test in Tests/PageSourcesTests/WARC/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzWARC` (README, "Fuzzing"); built without
/// `FUZZING` it replays files instead (`FuzzDriver`).
enum WARCFuzzing {
    /// Small, so each input is quick; the bounds scale with it.
    static let maxBody = 64 << 10

    static func run(_ bytes: [UInt8]) {
        let scanner = ArchiveScanner(bytes: bytes, maxBody: maxBody, shown: "fuzz.warc")
        var items = 0
        while let page = scanner.next() {
            items += 1
            // Every page is cut at the limit, however its body was coded.
            precondition(page.body.count <= maxBody, "a page body over the limit: \(page.body.count) bytes")
            // Damage is named by a non-empty byte range or a record.
            if page.damage != nil { precondition(page.file.contains("#"), "damage without a place: \(page.file)") }
            _ = page.responseNavigations()
            // An archive yields at most one item per input byte, plus the end.
            precondition(items <= bytes.count + 2, "more items than bytes")
        }
        if let response = HTTPResponse.parse(bytes, maxBody: maxBody) {
            precondition(response.body.count <= maxBody, "a response body over the limit")
        }
    }
}
