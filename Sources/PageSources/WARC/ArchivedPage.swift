import Extraction
import LinkAuditModel
import WHATWGURL

/// A page found in a WARC archive: the HTTP response as archived, ready to be read like a
/// page from disk, plus what the response itself says (a redirect, a Refresh header).
public struct ArchivedPage: Sendable {
    public var page: String
    /// `archive.warc.gz#record=N` (`ArchiveRecordName`): where to find it again.
    public var file: String
    public var status: Int
    public var body: [UInt8]
    public var charset: String?
    public var location: String?
    public var refresh: String?
    public var isHTML: Bool
    /// Its `Content-Type` says HTML (not only sniffed): read without the binary-byte rule (§F.7).
    public var declaredHTML = false
    /// Why the record or its body is damaged, if it is.
    public var problem: String?
    /// The body was over the page size limit and holds what came before the cut: it is
    /// read, and reported `too-large`, as a fetched page cut at the limit is.
    public var cut = false
    /// Not a page: a stretch of the archive that could not be read, or a record that could
    /// not (its header too long): the whole `pages.jsonl` status to report for it.
    public var damage: String?
    /// For a damaged stretch: how many bytes it spans.
    public var damageBytes = 0
    /// The archive's index of its pages, to follow the page's frames into other records of
    /// the same archive (README, "Framed pages"); nil for an archive read from memory.
    public var frames: ArchiveFrames?

    /// The status of a page whose body was cut at the size limit (fetched or archived).
    public static func cutStatus(bytes: Int) -> String {
        "too-large: the body is over \(bytes) bytes and was cut there; links after the cut are missing"
    }

    /// Navigations the response starts by itself: a 3xx `Location` (a server redirect:
    /// Android offers it with `isRedirect`) and a `Refresh` header (a refresh without a
    /// gesture, like the meta tag).
    public func responseNavigations() -> [Navigation] {
        var out: [Navigation] = []
        let base = WebURL.parse(page)
        if (300...399).contains(status), let location {
            let url = WebURL.parse(location, base: base)
            out.append(Navigation(page: page, line: 0, source: "http[Location]", trigger: .serverRedirect, frame: .main,
                                  raw: location, url: url?.href ?? location,
                                  scheme: url?.scheme ?? WebURL.schemeOf(location) ?? ""))
        }
        if let refresh, let parsed = MetaRefresh.parse(refresh), !parsed.isJavaScriptURL {
            let raw = parsed.url ?? ""
            let url = WebURL.parse(raw, base: base)
            out.append(Navigation(page: page, line: 0, source: "http[Refresh]", trigger: .metaRefresh, frame: .main,
                                  delayMs: parsed.delayMs, raw: raw, url: url?.href ?? raw,
                                  scheme: url?.scheme ?? WebURL.schemeOf(raw) ?? ""))
        }
        return out
    }
}

/// Pulls the pages out of one WARC file: `response` (and `resource`) records with HTML,
/// and responses that redirect; every other record is counted and passed over. Damage
/// comes out in order among the pages, as items of its own (`damage` set): every stretch
/// the reader skipped, and every record it could not read, so each byte of the archive is
/// either read or reported.
public final class ArchiveScanner {
    private let open: () throws -> WARCReader
    /// The archive as reports and notes name it (relative: `ReportedPaths`).
    private let shown: String
    private var reader: WARCReader?
    public private(set) var counts: [String: Int] = [:]
    public private(set) var notes: [String] = []
    private let maxBody: Int
    private var finished = false
    private var ready: [ArchivedPage] = []
    /// Shared by the archive's pages: built only when one of them frames a page.
    private let frames: ArchiveFrames?

    /// `shown`: the archive as reports and notes name it (relative: `ReportedPaths`); damage
    /// items are named after it.
    public init(path: String, maxBody: Int, shown: String? = nil) {
        open = { try WARCReader(path: path) }
        self.shown = shown ?? path
        self.maxBody = maxBody
        frames = ArchiveFrames(path: path, shown: shown ?? path, maxBody: maxBody)
    }

    /// An archive already in memory, named `shown` (the fuzzing harness, `Fuzz/`).
    public init(bytes: [UInt8], maxBody: Int, shown: String) {
        open = { try WARCReader(bytes: bytes) }
        self.shown = shown
        self.maxBody = maxBody
        frames = nil
    }

    /// How far into the archive file reading is, in bytes of the file (for progress).
    public var bytesRead: Int { reader?.fileBytesRead ?? 0 }

    /// The next page (or damage item), nil when the archive is done. Never throws: an
    /// archive that cannot be opened or read on is an item too.
    public func next() -> ArchivedPage? {
        if !ready.isEmpty { return ready.removeFirst() }
        guard !finished else { return nil }
        do {
            if reader == nil { reader = try open() }
            // Keep a whole page, the header in front of it and a little slack.
            let maxBlock = maxBody.addingReportingOverflow(HeaderFields.sizeLimit + (64 << 10))
            while let record = try reader!.next(keep: Self.mayBePage, maxBlock: maxBlock.overflow ? Int.max : maxBlock.partialValue) {
                takeDamage()
                let type = record.type.isEmpty ? "unknown" : record.type
                counts[type, default: 0] += 1
                if let page = page(from: record) {
                    ready.append(page)
                } else if record.unreadable, let problem = record.problem {
                    report(damage: "record \(record.number)" + (record.type.isEmpty ? "" : " (\(record.type))") + ": \(problem)",
                           name: ArchiveRecordName.make(archive: shown, record: record.number), bytes: 0)
                } else if let problem = record.problem {
                    notes.append("\(ArchiveRecordName.make(archive: shown, record: record.number)) (\(type)): \(problem)")
                }
                if !ready.isEmpty { return ready.removeFirst() }
            }
            takeDamage()
        } catch {
            // The archive cannot be opened (not a regular file, no permission) or read on.
            takeDamage()
            notes.append("\(shown): \(error)")
            ready.append(ArchivedPage(page: shown, file: shown, status: 0, body: [], charset: nil, location: nil,
                                      refresh: nil, isHTML: false, problem: "\(error)"))
        }
        finished = true
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    private func takeDamage() {
        for stretch in reader?.takeDamage() ?? [] {
            report(damage: stretch.description, name: stretch.name(in: shown), bytes: stretch.count)
        }
    }

    /// A damage item: named after the archive, with what is wrong where.
    private func report(damage: String, name: String, bytes: Int) {
        notes.append("\(name): \(damage)")
        ready.append(ArchivedPage(page: name, file: name, status: 0, body: [],
                                  charset: nil, location: nil, refresh: nil, isHTML: false, problem: damage,
                                  damage: PageRecord.damagedArchiveStatus(damage), damageBytes: bytes))
    }

    /// The body's problem first: a body that cannot be decoded makes the page unreadable,
    /// whatever else is wrong with its record.
    static func joined(_ body: String?, _ record: String?) -> String? {
        guard let body else { return record }
        return record.map { body + "; " + $0 } ?? body
    }

    /// Only responses and resources can be pages: other blocks are not kept.
    static func mayBePage(_ fields: HeaderFields) -> Bool {
        let type = fields["WARC-Type"]?.lowercased()
        return type == "response" || type == "resource"
    }

    private func page(from record: WARCRecord) -> ArchivedPage? {
        switch ArchivedPage.from(record, file: ArchiveRecordName.make(archive: shown, record: record.number),
                                 maxBody: maxBody) {
        case .page(var page)?:
            page.frames = frames
            return page
        case .skipped(let count)?:
            counts[count, default: 0] += 1
            return nil
        case nil:
            return nil
        }
    }
}

extension ArchivedPage {
    /// A record as a page, or the count it is passed over under (`skipped-not-html`,
    /// `skipped-not-http`); nil when it cannot be a page at all (not a response or resource,
    /// no target URI).
    enum Reading {
        case page(ArchivedPage)
        case skipped(String)
    }

    static func from(_ record: WARCRecord, file: String, maxBody: Int) -> Reading? {
        guard ArchiveScanner.mayBePage(record.fields), let uri = record.targetURI else { return nil }
        if record.type == "resource" {
            let mime = record.fields["Content-Type"]?.lowercased() ?? ""
            let html = mime.hasPrefix("text/html") || mime.hasPrefix("application/xhtml")
            guard html || record.unreadable else { return .skipped("skipped-not-html") }
            let cut = record.blockCut || record.block.count > maxBody
            return .page(ArchivedPage(page: uri, file: file, status: 200, body: Array(record.block.prefix(maxBody)),
                                      charset: nil, location: nil, refresh: nil, isHTML: true, declaredHTML: true,
                                      problem: record.problem, cut: cut))
        }
        guard let response = HTTPResponse.parse(record.block, maxBody: maxBody, blockCut: record.blockCut) else {
            if let problem = record.problem {
                return .page(ArchivedPage(page: uri, file: file, status: 0, body: [], charset: nil, location: nil,
                                          refresh: nil, isHTML: true, problem: problem))
            }
            return .skipped("skipped-not-http")
        }
        let redirects = (300...399).contains(response.status) && response.headers["Location"] != nil
        guard response.isHTML || redirects || response.headers["Refresh"] != nil || response.headerTooLong else {
            return .skipped("skipped-not-html")
        }
        return .page(ArchivedPage(page: uri, file: file, status: response.status, body: response.body,
                                  charset: response.charset, location: response.headers["Location"],
                                  refresh: response.headers["Refresh"], isHTML: response.isHTML,
                                  declaredHTML: response.declaresHTML,
                                  problem: ArchiveScanner.joined(response.problem, record.problem), cut: response.cut))
    }
}
