/// The dump's file pages by URL, for `FramedPages`: the URL without its fragment (the
/// page's key), and for `a/index.html` also `a/index.html` beside `a/`; the first page of a
/// URL wins. Held compactly, as the pages are (`PageInputs`): 16 bytes a URL — its hash and
/// the page's place — sorted by hash; a lookup makes the few inputs of that hash again and
/// compares their URLs, so a hash shared by two URLs never confuses them.
struct FramedIndex: Sendable {
    private let inputs: PageInputs
    /// (hash of the URL, place << 1 | 1 when it is an `index.*` page's own name), sorted:
    /// among equal hashes, by place, its key before its own name — the order a table
    /// filled page by page would keep the first of.
    private let entries: [(hash: Int, place: Int)]

    init(_ inputs: PageInputs) {
        var entries: [(hash: Int, place: Int)] = []
        for place in inputs.indices {
            guard let (key, alias) = Self.urls(inputs, place) else { continue }
            entries.append((key.hashValue, place << 1))
            if let alias { entries.append((alias.hashValue, place << 1 | 1)) }
        }
        entries.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.place < $1.place }
        self.inputs = inputs
        self.entries = entries
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The page at `url` (without fragment), and the key it is known by.
    subscript(url: String) -> (key: String, input: PageInput)? {
        find(url).map { ($0.key, inputs[$0.place]) }
    }

    /// The key the page at `url` is known by: the walk asks it of every frame and of each
    /// page itself, and making the page's whole input (its name as reports give it) for it
    /// cost ~14,000 instructions a page (issue 17).
    func key(_ url: String) -> String? {
        find(url)?.key
    }

    private func find(_ url: String) -> (key: String, place: Int)? {
        let hash = url.hashValue
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].hash < hash { low = mid + 1 } else { high = mid }
        }
        while low < entries.count, entries[low].hash == hash {
            let place = entries[low].place >> 1
            if let (key, alias) = Self.urls(inputs, place), (entries[low].place & 1 == 0 ? key : alias) == url {
                return (key, place)
            }
            low += 1
        }
        return nil
    }

    /// A file page's key, and its own name's URL when it is an `index.*` page served at
    /// its folder; nil for inputs that are not file pages with an http(s) URL.
    /// (Read through `fileURL(at:)`: the whole input also named the file as reports do,
    /// which only the page found needs; issue 17.)
    private static func urls(_ inputs: PageInputs, _ place: Int) -> (key: String, alias: String?)? {
        guard let (page, path) = inputs.fileURL(at: place), let key = FramedPages.key(page) else { return nil }
        // `a/index.html` is served at `a/`, and by its own name too.
        guard key.utf8.last == UInt8(ascii: "/") else { return (key, nil) }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return (key, name.lowercased().hasPrefix("index.") ? key + name : nil)
    }
}
