/// The pages' report fragments (`PageFragments`) between the worker that rendered them
/// and the end of the run: appended to an unlinked temporary file as pages are written
/// (memory stays flat however large the run), indexed by page, and read back in page
/// order by each format as its file is put together.
///
/// The fragments stand for the report only if every page came with them, once: a page
/// added without (a merged run), twice (two inputs with one URL — their findings would
/// interleave) or an association file makes the store `usable == false`, and the
/// formats are rendered from the findings instead.
final class FragmentStore: @unchecked Sendable {
    let formats: FragmentFormats
    private let directory: String
    private var file: SpillFile?
    /// Per page, where each format's bytes are in the file.
    private var index: [String: [Range<Int>]] = [:]
    private(set) var usable = true
    private var failure: String?

    init(formats: FragmentFormats, directory: String) {
        self.formats = formats
        self.directory = directory
    }

    /// Keeps a page's fragments (nil: the page came without, so the store is not usable).
    /// Called by the one writer of a run, in page order.
    func add(_ fragments: PageFragments?, page: String) {
        guard usable else { return }
        guard let fragments, fragments.page == page, index[page] == nil else {
            drop()
            return
        }
        do {
            if file == nil { file = try SpillFile(directory: directory) }
            var ranges: [Range<Int>] = []
            let all = try file!.appendRun { write in
                for format in FragmentFormat.allCases { try write(fragments[format]) }
            }
            var start = all.lowerBound
            for format in FragmentFormat.allCases {
                ranges.append(start..<start + fragments[format].count)
                start += fragments[format].count
            }
            index[page] = ranges
        } catch {
            // The findings are still kept: the formats are rendered from them instead.
            drop()
        }
    }

    /// The store cannot stand for the report (see the type's notes).
    func drop() {
        usable = false
        index = [:]
        file = nil
    }

    /// A page's bytes for `format`, read back from the file; nil when the page has none
    /// or they cannot be read (the report is then incomplete: see `readFailure`).
    func bytes(_ format: FragmentFormat, page: String) -> [UInt8]? {
        guard let range = index[page]?[format.rawValue], let file else { return nil }
        guard !range.isEmpty else { return [] }
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let count = out.withUnsafeMutableBytes { buffer in
                file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: range.lowerBound + done)
            }
            guard count > 0 else { return nil }
            done += count
        }
        return out
    }

    /// Whether every one of `pages` has its fragments here.
    func covers(_ pages: [PageStats]) -> Bool {
        usable && pages.count == index.count && pages.allSatisfy { index[$0.page] != nil }
    }

    /// Why fragments could not be read back, if that happened.
    var readFailure: String? { file?.failed }
}
