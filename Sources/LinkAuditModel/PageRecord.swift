/// One input page and whether it could be read: the record of `pages.jsonl`.
/// Every input page gets one, read or not, so nothing is dropped silently.
public struct PageRecord: Codable, Sendable, Equatable {
    public var page: String
    public var file: String?
    public var bytes: Int
    /// `ok`, or why it could not be read (`unreadable: …`, `not-html`, `too-large`, `invalid-encoding: …`).
    public var status: String
    /// The encoding the page was decoded from, when read.
    public var encoding: String?
    /// Navigations extracted from the page.
    public var navigations: Int
    /// Read, but something about it is worth knowing (`truncated: …`).
    public var warning: String?
    /// The HTTP status the page was served with (fetched or archived pages).
    public var httpStatus: Int?
    /// Set on the record of a host's association file (`apple-app-site-association` or
    /// `assetlinks.json`), which a live crawl writes beside the pages: `page` is the file's
    /// URL, `status` is `ok`, `invalid`, `absent: …` or `unreachable: …`.
    public var association: String?
    /// What the platform rejects in that file: the reasons of its `ASSOCIATION_INVALID`
    /// finding (its warnings are in `warning`).
    public var problems: [String]?

    public init(page: String, file: String?, bytes: Int, status: String,
                encoding: String? = nil, navigations: Int = 0) {
        self.page = page
        self.file = file
        self.bytes = bytes
        self.status = status
        self.encoding = encoding
        self.navigations = navigations
    }

    public var isOK: Bool { status == "ok" }

    /// The record of an association file, not of a page.
    public var isAssociation: Bool { association != nil }

    /// The status of a stretch of a WARC archive that could not be read (corrupt gzip, bytes
    /// that are not WARC, a record that could not be read): `unreadable: damaged archive: …`.
    public static func damagedArchiveStatus(_ what: String) -> String {
        damagedArchivePrefix + what
    }

    public static let damagedArchivePrefix = "unreadable: damaged archive: "

    /// The record of a damaged stretch of an archive, not of a page.
    public static func isDamagedArchive(status: String) -> Bool { status.hasPrefix(damagedArchivePrefix) }
}
