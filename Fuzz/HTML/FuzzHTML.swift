import Extraction
import LinkAudit
import LinkAuditModel
import PageSources
import Policies

/// The fuzzing harness for a page (issue 16): any bytes as an `.html` file, read as the
/// audit reads one — binary signatures, encoding sniffing (byte order mark, meta prescan)
/// and decoding, the tokenizer alignment, libxml2's SAX walk, the element rules, `srcdoc`
/// documents, the script scanner and the placement of its calls — then classified by every
/// runtime profile with the checks, as `audit` does. A crash, a hang or a broken bound is a
/// finding; each found becomes a test in Tests/ExtractionTests/Fuzz/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzHTML` (README, "Fuzzing"); built without
/// `FUZZING` it replays files instead (`FuzzDriver`).
enum HTMLFuzzing {
    static let page = "https://fuzz.example/shop/page.html"
    static let reader = PageReader(maxBytes: 1 << 20)
    static let classifier = Classifier(profiles: ProfileRegistry.all)

    static func run(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { (HTMLSniffer.isBinary($0), HTMLSniffer.looksLikeHTML($0)) }
        let result = reader.read(bytes: bytes, page: page, file: "page.html", declaredHTML: true)
        let navigations = result.navigations
        guard !navigations.isEmpty else { return }
        // Every record points into the page: a line it has, in order.
        let lines = lineCount(bytes)
        var last = 1
        for navigation in navigations {
            precondition(navigation.page == page, "a navigation of another page: \(navigation.page)")
            precondition(navigation.line >= last, "line \(navigation.line) after line \(last)")
            precondition(navigation.line <= lines, "line \(navigation.line) of a page of \(lines) lines")
            last = navigation.line
            if let delay = navigation.delayMs {
                precondition((0...PageClock.maxDelayMs).contains(delay), "a delay off the page clock: \(delay)")
            }
        }
        // The records a page yields are bounded by its text and the extraction's budgets.
        precondition(navigations.count <= maxNavigations(bytes.count),
                     "\(navigations.count) navigations from \(bytes.count) bytes")
        precondition(result.record.navigations == navigations.count, "the page record miscounts its navigations")
        let audited = classifier.audit(navigations)
        precondition(audited.count == navigations.count, "classification lost or added navigations")
    }

    /// Decoding makes at most 3 bytes of UTF-8 of a byte (a legacy encoding's letter), the
    /// page and its `srcdoc` documents (at most `maxSrcdocDepth` deep, each inside the one
    /// before) read at most 5 times that, and calls placed at their callers add at most the
    /// page's budget of steps (README Limits): a navigation needs a byte of its own
    /// otherwise. A page past this multiplies its text.
    static func maxNavigations(_ bytes: Int) -> Int {
        (HTMLExtractor.maxSrcdocDepth + 1) * 3 * bytes + ScriptPlacement.stepsPerPage
    }

    /// Lines as the extraction counts them, in the page as decoded: a line feed, a carriage
    /// return and a CR LF pair each end one (the HTML Standard's newline normalisation).
    /// Decoding never adds a line break (a legacy or UTF-16 byte pair that decodes to
    /// U+000A is one in the bytes too), so the bytes' count is an upper bound.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 1
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A && previous != 0x0D || byte == 0x0D { lines += 1 }
            previous = byte
        }
        return lines
    }
}
