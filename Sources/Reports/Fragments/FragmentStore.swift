/// The pages' report fragments (`PageFragments`) between the worker that rendered them
/// and the end of the run: appended to an unlinked temporary file as pages are written
/// (memory stays flat however large the run). Where a page's fragments went
/// (`FragmentPlace`) goes with its record to the page spill (`PageSpill`), so the store
/// holds no index: each format reads them back in page order from there.
///
/// The fragments stand for the report only if every page came with them, once: a page
/// added without (a merged run), twice (two inputs with one URL — their findings would
/// interleave; found when the page records are merged, `ReportPages`) or an association
/// file makes the store unusable, and the formats are rendered from the findings instead.
final class FragmentStore: @unchecked Sendable {
    let formats: FragmentFormats
    private let directory: String
    private var file: SpillFile?
    private(set) var usable = true

    init(formats: FragmentFormats, directory: String) {
        self.formats = formats
        self.directory = directory
    }

    /// Keeps a page's fragments and says where they went (nil: the page came without, so
    /// the store is not usable). Called by the one writer of a run, in page order.
    func add(_ fragments: PageFragments?, page: String) -> FragmentPlace? {
        guard usable else { return nil }
        guard let fragments, fragments.page == page else {
            drop()
            return nil
        }
        do {
            if file == nil { file = try SpillFile(directory: directory, name: "fragments") }
            let all = try file!.appendRun { write in
                for format in FragmentFormat.allCases { try write(fragments[format]) }
            }
            return FragmentPlace(start: all.lowerBound, lengths: FragmentFormat.allCases.map { fragments[$0].count })
        } catch {
            // The findings are still kept: the formats are rendered from them instead.
            drop()
            return nil
        }
    }

    /// The store cannot stand for the report (see the type's notes).
    func drop() {
        usable = false
        file = nil
    }

    /// A page's bytes for `format`, read back from the file; nil when the page has none
    /// or they cannot be read (the report is then incomplete: see `readFailure`).
    func bytes(_ format: FragmentFormat, at place: FragmentPlace?) -> [UInt8]? {
        guard let range = place?.range(format), let file else { return nil }
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

    /// Why fragments could not be read back, if that happened.
    var readFailure: String? { file?.failed }
}

/// Where one page's fragments are in the store's file: each format's bytes one after the
/// other from `start`, in `FragmentFormat` order.
struct FragmentPlace: Sendable, Equatable {
    var start: Int
    var lengths: [Int]

    func range(_ format: FragmentFormat) -> Range<Int> {
        let from = start + lengths[..<format.rawValue].reduce(0, +)
        return from..<from + lengths[format.rawValue]
    }
}
