/// findings.csv written while the pages come: its header first, then each page's rows
/// (`PageFragments`) as the run's writer adds them, in a file beside the report's. When
/// every page came once, in report order (each page's URL after the one before it), the
/// draft is the file and is renamed into place (`adopt`). Otherwise the rows are read back
/// from it in page order and written again, as the other listing formats' fragments are.
///
/// On the dense corpus that second writing was 230 MB of rows read back, copied and written
/// again after the last page, on one thread (Benchmarks/README.md, issue 17); pages listed
/// from a sorted folder walk or a sorted list come in report order. `FragmentStore.bytes`
/// reading the rows back is the plain version; `CSVDraftTests` compares the two.
final class CSVDraft: @unchecked Sendable {
    /// Beside findings.csv, named apart from the `.partial` file of a CSV written the
    /// other way.
    static let fileName = ".findings.csv.draft"

    let file: SpillFile
    /// The header the draft begins with (never a byte order mark: a file asked with one
    /// does not match it, and is written from the rows read back).
    let prologue: [UInt8]
    private var lastPage: String?
    /// Every page so far came after the one before it.
    private(set) var inOrder = true

    init(directory: String, prologue: [UInt8]) throws {
        file = try SpillFile(path: directory + "/" + Self.fileName, name: "findings.csv draft")
        self.prologue = prologue
        _ = try file.appendRun { write in try write(prologue) }
    }

    /// Appends a page's rows (nil: it has none); where they start. Called by the one writer,
    /// in the order pages come. The file may keep them and write them with the next pages'
    /// (`GatheredWrites`).
    func append(_ rows: OwnedBytes?, page: String) throws -> Int {
        note(page)
        guard let rows else { return file.count }
        return try file.append(gathering: rows).lowerBound
    }

    private func note(_ page: String) {
        if let lastPage, !(lastPage < page) { inOrder = false }
        lastPage = page
    }

    /// The draft as `path`'s file, when it stands for it: the pages came in order and the
    /// file begins with `prologue`. The draft's file is then the returned file's to rename
    /// into place or to remove; nil leaves it to be read back.
    func adopt(as path: String, prologue: [UInt8]) -> AtomicFile? {
        file.settle()
        guard inOrder, prologue == self.prologue, file.failed == nil, let draft = file.handOver() else { return nil }
        return AtomicFile(written: draft, path: path)
    }
}
