/// The pages to audit, in order, held compactly: a page found by walking a folder is kept
/// as its path relative to the folder (bytes in one shared buffer), and its `PageInput` —
/// URL, path, the file as reports name it — made again from the folder when it is asked
/// for (`PageURLMapper` and `ReportedPaths` are pure). Other inputs (named files, archives,
/// what could not be read) are kept whole. So a folder of a million pages holds about its
/// relative paths, not a million structs of three strings each (`Docs/ARCHITECTURE.md` §3).
public struct PageInputs: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable, Equatable {
    /// What makes a walked page's input again. A class, so that reading it for a page
    /// retains one reference: the struct's copy retained eight (its strings and the
    /// mapper's), a few times a page (issue 17).
    final class Folder: Sendable {
        let root: String
        let rootShown: String
        let frame: String
        let paths: ReportedPaths
        let mapper: PageURLMapper

        init(root: String, rootShown: String, frame: String, paths: ReportedPaths, mapper: PageURLMapper) {
            self.root = root
            self.rootShown = rootShown
            self.frame = frame
            self.paths = paths
            self.mapper = mapper
        }

        func input(_ relative: String) -> PageInput {
            let full = root + "/" + relative
            return PageInput(page: page(full), origin: .file(path: full), file: shown(relative))
        }

        func page(_ full: String) -> String {
            mapper.served(root: root, path: full).url
        }

        func shown(_ relative: String) -> String {
            relative.isEmpty ? rootShown : paths.shown(root + "/" + relative, frame: frame)
        }
    }

    /// Per page: where its relative path starts in `bytes` (ended by a NUL, which no path
    /// holds), or `-1 - k` for `whole[k]`.
    private var slots: [Int] = []
    private var bytes: [UInt8] = []
    private var whole: [PageInput] = []
    private var folders: [Folder] = []
    /// (first page, folder): the folder of the walked pages from that page on.
    private var runs: [(start: Int, folder: Int)] = []

    public init() {}

    public init(_ inputs: [PageInput]) {
        for input in inputs { append(input) }
    }

    public init(arrayLiteral inputs: PageInput...) {
        self.init(inputs)
    }

    /// Whether any page is a file page (every walked page is).
    var hasFilePages: Bool {
        walked > 0 || whole.contains { if case .file = $0.origin { return true } else { return false } }
    }

    /// How many pages are held by their relative path (the rest are held whole).
    var walked: Int { slots.count - whole.count }

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    public subscript(position: Int) -> PageInput {
        let slot = slots[position]
        if slot < 0 { return whole[-1 - slot] }
        return folders[folder(of: position)].input(relative(at: slot))
    }

    /// `self[position].page` when that input is a file, else nil; without the path reports
    /// name it by, which only the page's own record needs.
    public func filePage(at position: Int) -> String? {
        let slot = slots[position]
        if slot < 0 {
            let input = whole[-1 - slot]
            if case .file = input.origin { return input.page }
            return nil
        }
        let folder = folders[folder(of: position)]
        return folder.page(folder.root + "/" + relative(at: slot))
    }

    /// `self[position]`'s page and path when that input is a file, else nil; without the
    /// path reports name it by, which the framed-page index never reads (issue 17).
    func fileURL(at position: Int) -> (page: String, path: String)? {
        let slot = slots[position]
        if slot < 0 {
            let input = whole[-1 - slot]
            if case .file(let path) = input.origin { return (input.page, path) }
            return nil
        }
        let folder = folders[folder(of: position)]
        let full = folder.root + "/" + relative(at: slot)
        return (folder.page(full), full)
    }

    private func relative(at slot: Int) -> String {
        var end = slot
        while bytes[end] != 0 { end += 1 }
        return String(decoding: bytes[slot..<end], as: UTF8.self)
    }

    public static func == (a: PageInputs, b: PageInputs) -> Bool {
        a.elementsEqual(b)
    }

    /// Appends an input kept whole.
    public mutating func append(_ input: PageInput) {
        slots.append(-1 - whole.count)
        whole.append(input)
    }

    /// Starts a folder whose walked pages follow (`appendWalked`).
    mutating func startFolder(_ folder: Folder) {
        folders.append(folder)
        runs.append((slots.count, folders.count - 1))
    }

    /// Appends a page of the folder started last, by its relative path: its input is the
    /// folder's `input(relative)`.
    mutating func appendWalked(_ relative: String) {
        slots.append(bytes.count)
        bytes.append(contentsOf: relative.utf8)
        bytes.append(0)
    }

    private func folder(of position: Int) -> Int {
        // The last run starting at or before `position`.
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].start <= position { low = mid + 1 } else { high = mid }
        }
        return runs[low - 1].folder
    }
}
