/// The pages' report fragments (`PageFragments`) between the worker that rendered them
/// and the end of the run: appended to an unlinked temporary file as pages are written
/// (memory stays flat however large the run), the CSV rows to a draft of findings.csv
/// that becomes the file when the pages came in report order (`CSVDraft`). Where a page's fragments went
/// (`FragmentPlace`) goes with its record to the page spill (`PageSpill`), so the store
/// holds no index: each format reads them back in page order from there.
///
/// The fragments stand for the report only if every page came with them, once: a page
/// added without (a merged run), twice (two inputs with one URL — their findings would
/// interleave; found when the page records are merged, `ReportPages`) or an association
/// file makes the store unusable, and the formats are rendered from the findings instead.
/// A store that takes `gaps` (a run that keeps finding rows only for the pages its
/// fragments do not cover: `ReportAccumulator`) stays usable when a page comes without
/// (a streamed page): it is then not `complete`, and that page's share is rendered from
/// its rows where it falls (`ListingFile.writeFragments`).
final class FragmentStore: @unchecked Sendable {
    let formats: FragmentFormats
    private let directory: String
    /// Whether a page may come without fragments and leave the store usable.
    let gaps: Bool
    /// Every page so far came with its fragments.
    private(set) var complete = true
    /// The fragments of findings.json, findings.sarif and junit.xml.
    private var file: SpillFile?
    /// findings.csv's rows (`CSVDraft`).
    private var csv: CSVDraft?
    private(set) var usable = true

    init(formats: FragmentFormats, directory: String, gaps: Bool = false) {
        self.formats = formats
        self.directory = directory
        self.gaps = gaps
    }

    /// Keeps a page's fragments and says where they went (nil: the page came without, so
    /// the store is not usable). Called by the one writer of a run, in page order.
    func add(_ fragments: PageFragments?, page: String) -> FragmentPlace? {
        guard usable else { return nil }
        guard let fragments, fragments.page == page else {
            if gaps, fragments == nil {
                complete = false
            } else {
                drop()
            }
            return nil
        }
        do {
            var place = FragmentPlace(csvStart: 0, start: 0, lengths: FragmentFormat.allCases.map { fragments.count($0) })
            if formats.csv {
                if csv == nil { csv = try CSVDraft(directory: directory, prologue: Self.csvPrologue(formats)) }
                let draft = csv!
                place.csvStart = try draft.append(fragments.owned(.csv), page: page)
            }
            if formats.json || formats.sarif || formats.junit {
                if file == nil { file = try SpillFile(directory: directory, name: "fragments") }
                let file = file!
                // One after the other: only this store's writer appends to its file.
                place.start = file.count
                for format in FragmentFormat.allCases where format != .csv {
                    if let owned = fragments.owned(format) { _ = try file.append(gathering: owned) }
                }
            }
            return place
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
        csv = nil
    }

    /// The header the CSV draft begins with: the file's when it has no byte order mark
    /// (`CSVDraft.adopt` compares).
    private static func csvPrologue(_ formats: FragmentFormats) -> [UInt8] {
        var out = ByteBuffer()
        FindingsCSV(fragments: formats).prologue(to: &out)
        return out.bytes
    }

    /// findings.csv whole, when the CSV draft stands for it (`CSVDraft.adopt`): it must be
    /// in `outDir` (renamed there) and begin as `format` begins the file.
    func csvFile(_ format: FindingsCSV, in outDir: String) -> AtomicFile? {
        guard usable, complete, outDir == directory, let csv else { return nil }
        var prologue = ByteBuffer()
        format.prologue(to: &prologue)
        return csv.adopt(as: outDir + "/" + ReportFormat.csv.fileName, prologue: prologue.bytes)
    }

    /// A page's bytes for `format`, read back from the file; nil when the page has none
    /// or they cannot be read (the report is then incomplete: see `readFailure`).
    /// Owned, so that a file that gathers its writes keeps them rather than copying them
    /// (`ByteBuffer.append(passing:)`).
    func bytes(_ format: FragmentFormat, at place: FragmentPlace?) -> OwnedBytes? {
        guard let range = place?.range(format), let file = format == .csv ? csv?.file : file else { return nil }
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: range.count)
        var done = 0
        while done < range.count {
            let count = file.read(into: UnsafeMutableRawBufferPointer(start: out + done, count: range.count - done),
                                  at: range.lowerBound + done)
            guard count > 0 else {
                out.deallocate()
                return nil
            }
            done += count
        }
        return OwnedBytes(taking: out, count: range.count)
    }

    /// Why fragments could not be read back, if that happened.
    var readFailure: String? { file?.failed ?? csv?.file.failed }
}

/// Where one page's fragments are: its CSV rows in the CSV draft from `csvStart`, the
/// other formats' bytes in the store's file one after the other from `start`, in
/// `FragmentFormat` order.
struct FragmentPlace: Sendable, Equatable {
    var csvStart: Int
    var start: Int
    var lengths: [Int]

    func range(_ format: FragmentFormat) -> Range<Int> {
        let length = lengths[format.rawValue]
        guard format != .csv else { return csvStart..<csvStart + length }
        let from = start + lengths[FragmentFormat.csv.rawValue + 1..<format.rawValue].reduce(0, +)
        return from..<from + length
    }
}
