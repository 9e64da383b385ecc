import LinkAuditModel

/// What the local inputs hold: the pages to read, what the walk had to say, and which
/// inputs held no page.
public struct InputCollection: Sendable {
    /// In order: inputs as given, each folder's files sorted by path (held compactly:
    /// `PageInputs`).
    public var pages = PageInputs()
    /// One line each: folders skipped as a symbolic-link loop or met twice.
    public var notes: [String] = []
    /// Pages given the placeholder origin (no `--base-url`, no `wget --mirror` layout).
    public var placeholderPages = 0
    /// The inputs (quoted as given) that held no page at all.
    public var empty: [String] = []

    public init() {}

    /// The error of a run that found no page: one line naming the inputs (exit 2).
    public static func noPages(in inputs: [String]) -> LinkAuditError {
        .usage("no pages in \(inputs.joined(separator: ", ")): looked for .html, .htm, .xhtml, .warc and .warc.gz "
            + "files and extension-less files that look like HTML, following symbolic links")
    }

    /// The error of a run whose only inputs, archives, held no page.
    public static func noArchivedPages(in inputs: [String]) -> LinkAuditError {
        .usage("no pages in \(inputs.joined(separator: ", ")): no HTML response, resource or redirect in the archives")
    }

    /// The warning for one input that held no page while others did.
    public static func noPagesNote(_ input: String) -> String {
        "no pages in \(input)"
    }
}
