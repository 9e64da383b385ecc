/// One scheme's (or an `intent://` package's) count over a stretch of a run, as the scheme
/// inventory holds it for a run that lists each name's first pages
/// (`SchemeInventory.Listing.firstPages`): its links, how many pages, the first three and
/// the last. When the inventory holds more names than `SchemeInventory.tallyLimit`, its
/// tallies go to a spill of these, sorted by name, and the table starts again; after the
/// last page the spill is merged back and each name's tallies made one (`absorb`), in the
/// order they were flushed. A page made to hold a scheme per link kept ~330 bytes a name to
/// the end of the run (1,000,000 names: 494 MB; issue 17).
struct NameTally: SpillRecord, Equatable {
    var package: Bool
    var name: String
    var links: Int
    /// How many pages, each once.
    var pages: Int
    /// The first pages, at most `SchemeInventory.firstPagesLimit`, in the order they came.
    var first: [String]
    var last: String?
    /// Which flush of the table it came from: a name's tallies are made one in this order.
    var flush: Int

    static func ordered(_ a: NameTally, _ b: NameTally) -> Bool {
        if a.package != b.package { return !a.package }
        if a.name != b.name { return a.name < b.name }
        return a.flush < b.flush
    }

    /// Whether `other` is a tally of the same name (the same kind and `==` names).
    func isSameName(as other: NameTally) -> Bool {
        package == other.package && name == other.name
    }

    /// `later`, a tally of the same name from a later flush, added to this one. Pages come
    /// once each in rising order, a page's parts one after another: a page both count is the
    /// page `later` starts with, when this one ended with it (a flush between two parts).
    mutating func absorb(_ later: NameTally) {
        links += later.links
        var laterFirst = later.first[...]
        var laterPages = later.pages
        if let last, laterFirst.first == last {
            laterFirst = laterFirst.dropFirst()
            laterPages -= 1
        }
        pages += laterPages
        first += laterFirst.prefix(max(0, SchemeInventory.firstPagesLimit - first.count))
        if later.last != nil { last = later.last }
    }

    func encode(into out: inout [UInt8]) {
        out.append(package ? 1 : 0)
        SpillBytes.appendString(name, to: &out)
        SpillBytes.appendInt(links, to: &out)
        SpillBytes.appendInt(pages, to: &out)
        SpillBytes.appendInt(flush, to: &out)
        SpillBytes.appendInt(first.count, to: &out)
        for page in first { SpillBytes.appendString(page, to: &out) }
        out.append(last == nil ? 0 : 1)
        if let last { SpillBytes.appendString(last, to: &out) }
    }

    static func decode(_ body: UnsafeBufferPointer<UInt8>) -> NameTally {
        var reader = SpillBytes.Reader(body)
        let package = reader.byte() != 0
        let name = reader.string()
        let links = reader.int(), pages = reader.int(), flush = reader.int()
        // Written by this run (SpillRecord): the count is at most `firstPagesLimit`.
        let first = (0..<min(max(0, reader.int()), SchemeInventory.firstPagesLimit)).map { _ in reader.string() }
        let last = reader.byte() != 0 ? reader.string() : nil
        return NameTally(package: package, name: name, links: links, pages: pages, first: first, last: last,
                         flush: flush)
    }
}
