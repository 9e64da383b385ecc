import Extraction
import Foundation
import LinkAuditModel

/// Reads one page: checks size and content, decodes it to UTF-8 and extracts its
/// navigations. Never throws: a page that cannot be read becomes a record with the
/// reason, so the run goes on and the report still lists it.
public struct PageReader: Sendable {
    /// Pages larger than this are reported `too-large` and not parsed.
    public var maxBytes: Int

    public static let defaultMaxBytes = 64 << 20

    public init(maxBytes: Int = PageReader.defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    public func read(_ input: PageInput) -> PageResult {
        read(input, streamAbove: nil)
    }

    /// As `read(_:)`; past `streamAbove` navigations (nil: never) the page is read in two
    /// passes and its plain links are left to the second (`PageResult.streamed`).
    /// `spillDirectory`: where a huge page waits for its second pass (`HTMLExtractor.extractPage(owning:…)`).
    public func read(_ input: PageInput, streamAbove: Int?, spillDirectory: String? = nil) -> PageResult {
        guard case .file(let path) = input.origin else {
            if case .missing(let reason) = input.origin {
                return PageResult(record: PageRecord(page: input.page, file: input.file, bytes: 0, status: reason))
            }
            return PageResult(record: PageRecord(page: input.page, file: input.file, bytes: 0, status: "unreadable"))
        }
        let bytes: [UInt8]
        switch FileBytes.read(path, maxBytes: maxBytes) {
        case .bytes(let read)?:
            bytes = read
        case .tooLarge(let size)?:
            return tooLarge(input, path: path, size: size)
        case nil:
            if let status = FileKind.notRegularStatus(path) ?? FileKind.danglingLinkStatus(path) {
                return PageResult(record: PageRecord(page: input.page, file: input.file, bytes: 0, status: status))
            }
            switch readThroughFoundation(input, path: path) {
            case .success(let read): bytes = read
            case .failure(let unreadable): return unreadable.result
            }
        }
        // A file named on the command line with another extension must look like HTML.
        if input.named {
            let ext = InputCollector.pathExtension(path).lowercased()
            if !ext.isEmpty, !InputCollector.pageExtensions.contains(ext),
               !bytes.withUnsafeBytes({ HTMLSniffer.looksLikeHTML($0) }) {
                return PageResult(record: PageRecord(page: input.page, file: input.file, bytes: bytes.count,
                                                     status: "not-html: .\(ext) file does not look like HTML"))
            }
        }
        // Handed over: a huge page's first copy goes once it is read as the tokenizer reads it.
        return read(bytes: consume bytes, page: input.page, file: input.file,
                    declaredHTML: InputCollector.isPageFile(path), streamAbove: streamAbove,
                    spillDirectory: spillDirectory)
    }

    private struct Unreadable: Error {
        let result: PageResult
    }

    /// The slow path, for files `FileBytes` could not read: Foundation's error says why.
    private func readThroughFoundation(_ input: PageInput, path: String) -> Result<[UInt8], Unreadable> {
        // The target's size, not a symbolic link's own (a dangling link has none).
        let target = (path as NSString).resolvingSymlinksInPath
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? nil
        if let size, size > maxBytes {
            return .failure(Unreadable(result: tooLarge(input, path: path, size: size)))
        }
        do {
            return .success([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? String(describing: error)
            return .failure(Unreadable(result: PageResult(record: PageRecord(
                page: input.page, file: input.file, bytes: size ?? 0, status: "unreadable: \(Self.oneLine(reason))"))))
        }
    }

    private func tooLarge(_ input: PageInput, path: String, size: Int) -> PageResult {
        PageResult(record: PageRecord(page: input.page, file: input.file, bytes: size,
                                      status: "too-large: \(size) bytes, limit \(maxBytes)"))
    }

    /// Reads a page from bytes already in memory (a WARC record, a fetched body).
    /// `declaredHTML`: its type is known to be HTML (a `.html` file, a `Content-Type: text/html`
    /// response). A browser does not sniff a declared type (§F.7), so the binary-byte rule of
    /// the MIME Sniffing Standard, which is for unknown types, is not applied to it.
    public func read(bytes: consuming [UInt8], page: String, file: String?, transportCharset: String? = nil,
                     declaredHTML: Bool = false, streamAbove: Int? = nil, spillDirectory: String? = nil) -> PageResult {
        var record = PageRecord(page: page, file: file, bytes: bytes.count, status: "ok")
        if bytes.count > maxBytes {
            record.status = "too-large: \(bytes.count) bytes, limit \(maxBytes)"
            return PageResult(record: record)
        }
        if bytes.isEmpty {
            record.status = "empty"
            return PageResult(record: record)
        }
        if declaredHTML {
            // A browser parses even this as HTML; the only links it could find are noise,
            // and the file was almost surely named by mistake: reported, not parsed (§F.7).
            if let format = bytes.withUnsafeBytes({ BinarySignature.format(of: $0) }) {
                record.status = "not-html: binary data (\(format))"
                return PageResult(record: record)
            }
        } else if bytes.withUnsafeBytes({ HTMLSniffer.isBinary($0) }) {
            record.status = "not-html: binary data"
            return PageResult(record: record)
        }
        let encoding = EncodingSniffer.sniff(bytes, transportCharset: transportCharset)
        record.encoding = encoding.name
        guard var decoded = PageDecoder.utf8(bytes, from: encoding) else {
            record.status = "invalid-encoding: \(encoding.name) is not supported"
            return PageResult(record: record)
        }
        // A page that is mostly replacement characters was not written in that encoding.
        if decoded.replacements > 16, decoded.replacements * 5 > bytes.count {
            record.status = "invalid-encoding: \(decoded.replacements) bytes are not \(encoding.name)"
            return PageResult(record: record)
        }
        let cutLine = Self.truncatedTagLine(decoded.utf8)
        var navigations: [Navigation]
        var warnings: [String]
        var streamed: StreamedPage?
        var prepared: [UInt8] = []
        if let streamAbove {
            // The page's only reference, so that reading it as the tokenizer does replaces it.
            prepared = decoded.utf8
            decoded.utf8 = []
            _ = consume bytes
            let (extraction, cut) = HTMLExtractor.extractPage(owning: &prepared, pageURL: page, encoding: encoding.name,
                                                              streamAbove: streamAbove, spillDirectory: spillDirectory)
            warnings = cut
            switch extraction {
            case .whole(let list):
                navigations = list
                prepared = []
            case .streamed(let page):
                navigations = page.held
                streamed = page
            }
        } else {
            (navigations, warnings) = decoded.utf8.withUnsafeBytes {
                HTMLExtractor.extractPage(utf8: $0, pageURL: page, encoding: encoding.name)
            }
        }
        if let cutLine {
            // A file cut inside a tag (an interrupted download or mirror): the parser
            // recovers what it can, but a URL on that tag may be cut short.
            warnings.insert("truncated: the file ends inside a tag on line \(cutLine)", at: 0)
            for i in navigations.indices where navigations[i].line >= cutLine { navigations[i].partial = true }
        }
        // What the extraction's limits cut (README Limits) is said on the page's record.
        if !warnings.isEmpty { record.warning = warnings.joined(separator: "; ") }
        record.navigations = navigations.count
        var result = PageResult(record: record, navigations: navigations)
        if let streamed {
            result.streamed = StreamedPageSource(page: streamed, utf8: prepared, cutLine: cutLine)
        }
        return result
    }

    /// The line of the last `<` when no `>` follows it: the input ends inside a tag. Lines
    /// end at LF, CR LF and a lone CR, as the extraction counts them (`InputStream`).
    static func truncatedTagLine(_ bytes: [UInt8]) -> Int? {
        guard let open = bytes.lastIndex(of: 0x3C), !bytes[open...].contains(0x3E) else { return nil }
        var line = 1
        for i in 0..<open where bytes[i] == 0x0D || (bytes[i] == 0x0A && (i == 0 || bytes[i - 1] != 0x0D)) { line += 1 }
        return line
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// A page read: its record for `pages.jsonl` and its navigations for `links.jsonl`.
public struct PageResult: Sendable {
    public var record: PageRecord
    public var navigations: [Navigation]
    /// The records of the association files its links were classified with (live crawls).
    public var associationRecords: [PageRecord] = []
    /// A page past the streaming threshold: `navigations` holds only what page-wide
    /// decisions read, and its plain links come from here, chunk by chunk.
    public var streamed: StreamedPageSource?

    public init(record: PageRecord, navigations: [Navigation] = []) {
        self.record = record
        self.navigations = navigations
    }
}

/// The second pass of a page read in two (`StreamedPage`): the page's bytes as the tokenizer
/// reads them, kept for it (in memory, or in the page's file: `utf8` is then empty), and
/// what the first pass marks on every navigation.
public struct StreamedPageSource: @unchecked Sendable {
    public let page: StreamedPage
    let utf8: [UInt8]
    /// The line a truncated file's last tag starts on: its navigations there and after are
    /// `partial`, as the plain way marks them.
    let cutLine: Int?

    /// The page's plain navigations in page order, `chunk` at a time, with their places.
    public func plainNavigations(chunk: Int, _ body: ([Navigation], [StreamKey]) -> Void) {
        utf8.withUnsafeBytes { html in
            page.plainNavigations(utf8: html, chunk: chunk) { navigations, keys in
                guard let cutLine, navigations.contains(where: { $0.line >= cutLine }) else {
                    body(navigations, keys)
                    return
                }
                var marked = navigations
                for i in marked.indices where marked[i].line >= cutLine { marked[i].partial = true }
                body(marked, keys)
            }
        }
    }
}
