/// One page to audit, before it is read: where its bytes are and the URL it is served at.
public struct PageInput: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// A file on disk.
        case file(path: String)
        /// A WARC archive (`.warc`, `.warc.gz`): many pages, read as a stream.
        case archive(path: String)
        /// An input that could not be listed (missing path, unreadable folder): it still
        /// gets a page record, with this reason.
        case missing(reason: String)
    }

    /// The page URL (from `--base-url`, a `wget --mirror` layout, or `file://`).
    public var page: String
    public var origin: Origin
    /// Explicitly named (not found by walking a folder): a non-HTML file is reported,
    /// where a folder walk would pass it over.
    public var named: Bool

    public init(page: String, origin: Origin, named: Bool = false) {
        self.page = page
        self.origin = origin
        self.named = named
    }

    public var file: String? {
        switch origin {
        case .file(let path), .archive(let path): return path
        case .missing: return nil
        }
    }
}
