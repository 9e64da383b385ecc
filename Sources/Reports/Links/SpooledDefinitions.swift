/// A streamed page's verdict-set definitions in order of first use (README Limits): the
/// first `keptLimit` in memory, the rest in the page's temporary file, each as its key and
/// where its verdicts lie. `links.jsonl` puts a page's definitions before its lines, so a
/// page keeps them all until it ends; held in memory, a page whose every deep link has a
/// set of its own (a custom scheme each) held ~3 KB a link — 200,000 such links took
/// 600 MB (Benchmarks/README.md, issue 17). Spilled, a definition costs 16 bytes here.
///
/// Made on the worker that reads the page (`StreamedPageSets`), read by the writer
/// (`LinksOutput.write(_: SpooledPageLinks)`).
struct SpooledDefinitions: Sendable {
    /// Where the definitions past `keptLimit` are (the page's lines' file).
    let file: SpillFile
    /// How many are kept in memory: a page with no more than `LinksFormat.setsInForce`
    /// writes them all before its lines, and one with more defines them line by line.
    let keptLimit: Int
    private(set) var kept: [VerdictSetDefinition] = []
    private var spilled: [Spilled] = []

    /// A definition past `keptLimit`: its key, and where its verdicts are in `file`.
    private struct Spilled {
        let key: VerdictSetKey
        let count: UInt32
        let offset: Int
    }

    static let defaultKeptLimit = LinksFormat.setsInForce

    init(file: SpillFile, keptLimit: Int = Self.defaultKeptLimit) {
        self.file = file
        self.keptLimit = max(0, keptLimit)
    }

    var count: Int { kept.count + spilled.count }

    /// Adds `definition` as the next one; its verdicts go to `file` past `keptLimit`.
    /// Throws when they cannot be written.
    mutating func append(_ definition: VerdictSetDefinition) throws {
        guard kept.count >= keptLimit else {
            kept.append(definition)
            return
        }
        let range = try definition.verdicts.withUnsafeBytes { try file.append($0) }
        spilled.append(Spilled(key: definition.key, count: UInt32(truncatingIfNeeded: range.count),
                               offset: range.lowerBound))
    }

    /// The key of definition `index`.
    func key(at index: Int) -> VerdictSetKey {
        index < kept.count ? kept[index].key : spilled[index - kept.count].key
    }

    /// The key of definition `index` quoted, as a link line writes it.
    func reference(at index: Int) -> [UInt8] {
        index < kept.count ? kept[index].reference : VerdictSetDefinition.quoted(spilled[index - kept.count].key)
    }

    /// Definition `index`; nil when its verdicts cannot be read back (`file.failed` says why).
    func definition(at index: Int) -> VerdictSetDefinition? {
        if index < kept.count { return kept[index] }
        return verdicts(at: index).map { VerdictSetDefinition(key: key(at: index), verdicts: $0) }
    }

    /// Definition `index`, its verdicts read already (`verdicts(at:)`).
    func definition(at index: Int, verdicts: [UInt8]) -> VerdictSetDefinition {
        index < kept.count ? kept[index] : VerdictSetDefinition(key: key(at: index), verdicts: verdicts)
    }

    /// The verdicts of definition `index` as written; nil when they cannot be read back.
    func verdicts(at index: Int) -> [UInt8]? {
        if index < kept.count { return kept[index].verdicts }
        let spilled = spilled[index - kept.count]
        let count = Int(spilled.count)
        var bytes = [UInt8](repeating: 0, count: count)
        var read = 0
        while read < count {
            let got = bytes.withUnsafeMutableBytes {
                file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[read...]), at: spilled.offset + read)
            }
            guard got > 0 else { return nil }
            read += got
        }
        return bytes
    }

    /// Every definition in order; nil when one cannot be read back.
    func all() -> [VerdictSetDefinition]? {
        guard !spilled.isEmpty else { return kept }
        var all = kept
        all.reserveCapacity(count)
        for index in kept.count..<count {
            guard let definition = definition(at: index) else { return nil }
            all.append(definition)
        }
        return all
    }
}
