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
}
