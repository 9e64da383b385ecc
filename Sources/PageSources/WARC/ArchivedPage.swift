import Extraction
import LinkAuditModel
import WHATWGURL

/// A page found in a WARC archive: the HTTP response as archived, ready to be read like a
/// page from disk, plus what the response itself says (a redirect, a Refresh header).
public struct ArchivedPage: Sendable {
    public var page: String
    /// `archive.warc.gz#record=N`: where to find it again.
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
/// and responses that redirect; every other record is counted and passed over.
public final class ArchiveScanner {
    private let path: String
    /// The archive as reports and notes name it (relative: `ReportedPaths`).
    private let shown: String
    private var reader: WARCReader?
    public private(set) var counts: [String: Int] = [:]
    public private(set) var notes: [String] = []
    private let maxBody: Int
    private var finished = false

    public init(path: String, maxBody: Int, shown: String? = nil) {
        self.path = path
        self.shown = shown ?? path
        self.maxBody = maxBody
    }

    /// How far into the archive file reading is, in bytes of the file (for progress).
    public var bytesRead: Int { reader?.fileBytesRead ?? 0 }

    /// The next page, nil when the archive is done. Never throws: damage becomes notes,
    /// or a page whose problem says why it could not be read.
    public func next() -> ArchivedPage? {
        guard !finished else { return nil }
        do {
            if reader == nil { reader = try WARCReader(path: path) }
            while let record = try reader!.next(keep: Self.mayBePage, maxBlock: maxBody + (64 << 10)) {
                let type = record.type.isEmpty ? "unknown" : record.type
                counts[type, default: 0] += 1
                if let page = page(from: record) { return page }
                if let problem = record.problem { notes.append("\(shown)#record=\(record.number) (\(type)): \(problem)") }
            }
        } catch {
            notes.append("\(shown): \(error)")
        }
        notes += reader?.notes.map { "\(shown): \($0)" } ?? []
        finished = true
        return nil
    }

    /// Only responses and resources can be pages: other blocks are not kept.
    private static func mayBePage(_ fields: HeaderFields) -> Bool {
        let type = fields["WARC-Type"]?.lowercased()
        return type == "response" || type == "resource"
    }

    private func page(from record: WARCRecord) -> ArchivedPage? {
        guard Self.mayBePage(record.fields), let uri = record.targetURI else { return nil }
        let file = "\(shown)#record=\(record.number)"
        if record.type == "resource" {
            let mime = record.fields["Content-Type"]?.lowercased() ?? ""
            let html = mime.hasPrefix("text/html") || mime.hasPrefix("application/xhtml")
            guard html else { counts["skipped-not-html", default: 0] += 1; return nil }
            return ArchivedPage(page: uri, file: file, status: 200, body: record.block, charset: nil, location: nil,
                                refresh: nil, isHTML: true, declaredHTML: true, problem: record.problem)
        }
        guard let response = HTTPResponse.parse(record.block) else {
            if let problem = record.problem {
                return ArchivedPage(page: uri, file: file, status: 0, body: [], charset: nil, location: nil, refresh: nil,
                                    isHTML: true, problem: problem)
            }
            counts["skipped-not-http", default: 0] += 1
            return nil
        }
        let redirects = (300...399).contains(response.status) && response.headers["Location"] != nil
        guard response.isHTML || redirects || response.headers["Refresh"] != nil else {
            counts["skipped-not-html", default: 0] += 1
            return nil
        }
        return ArchivedPage(page: uri, file: file, status: response.status, body: response.body, charset: response.charset,
                            location: response.headers["Location"], refresh: response.headers["Refresh"],
                            isHTML: response.isHTML, declaredHTML: response.declaresHTML,
                            problem: record.problem ?? response.problem)
    }
}
