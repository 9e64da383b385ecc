/// One page to audit, before it is read: where its bytes are and the URL it is served at.
public struct PageInput: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// A file on disk (its absolute path, to read it by).
        case file(path: String)
        /// A WARC archive (`.warc`, `.warc.gz`): many pages, read as a stream.
        case archive(path: String)
        /// An input that exists but could not be listed (a folder without permission to
        /// read it): it still gets a page record, with this reason.
        case missing(reason: String)
    }

    /// The page URL (from `--base-url`, a `wget --mirror` layout, or the placeholder origin
    /// `https://dump.invalid/`).
    public var page: String
    public var origin: Origin
    /// Explicitly named (not found by walking a folder): a non-HTML file is reported,
    /// where a folder walk would pass it over.
    public var named: Bool
    /// The file as reports name it: relative, never the machine's absolute path
    /// (`ReportedPaths`). nil: the origin's own path.
    public var file: String?

    public init(page: String, origin: Origin, named: Bool = false, file: String? = nil) {
        self.page = page
        self.origin = origin
        self.named = named
        switch origin {
        case .file(let path), .archive(let path): self.file = file ?? path
        case .missing: self.file = file
        }
    }
}
