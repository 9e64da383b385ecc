/// The verdicts of one navigation: profile name → verdict, kept in profile-name order
/// (the order `links.jsonl` writes them in).
///
/// Immutable and shared: the classifier hands the same set to every navigation it decided
/// alike, on any page of a run (see `Policies/Core/DecisionMemo.swift`), so a corpus's
/// thousands of links cost a handful of sets, not one dictionary each, and storing one on a
/// navigation is one retain; writers tell shared sets apart with `isShared(with:)` or
/// `identity` and render each once (`Reports/Links/VerdictSetMemo.swift`).
public struct VerdictSet: Sendable {
    /// Profile names in the order a classifier decides them, sorted once for all the sets
    /// it makes.
    public struct Names: Sendable {
        let sorted: [String]
        /// For each sorted name, the index of its (last) verdict in decision order.
        let order: [Int]

        public init(_ names: [String]) {
            var last: [String: Int] = [:]
            for (i, name) in names.enumerated() { last[name] = i }
            sorted = last.keys.sorted()
            order = sorted.map { last[$0]! }
        }
    }

    /// Internal but inlinable (`@usableFromInline`), so that `isShared(with:)` and `identity`
    /// compile into the writers: read there, a set held in a page's navigations was copied
    /// out (a retain and a release) for each lookup of its identity (issue 17).
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let names: [String]
        @usableFromInline let verdicts: [Verdict]

        init(_ names: Names, verdicts: [Verdict]) {
            self.names = names.sorted
            self.verdicts = verdicts
        }
    }

    @usableFromInline
    let storage: Storage

    /// Verdicts in the order of the names given to `names`.
    public init(_ names: Names, _ verdicts: [Verdict]) {
        storage = Storage(names, verdicts: names.order.map { verdicts[$0] })
    }

    /// Pairs in any order; a name given twice keeps its last verdict (as a dictionary would).
    public init(_ pairs: [(String, Verdict)]) {
        self.init(Names(pairs.map(\.0)), pairs.map(\.1))
    }

    public init(_ dictionary: [String: Verdict]) {
        self.init(dictionary.map { ($0.key, $0.value) })
    }

    public subscript(_ profile: String) -> Verdict? {
        guard let i = storage.names.firstIndex(of: profile) else { return nil }
        return storage.verdicts[i]
    }

    /// The names of the verdicts `test` passes, in name order. Read where they lie, inlined into
    /// the checks: through `keys` and `values` each check copied both arrays out of the set (a
    /// retain and a release each) for every row it judged (issue 17).
    @inlinable
    public func names(where test: (String, Verdict) -> Bool) -> [String] {
        var found: [String] = []
        storage.names.withUnsafeBufferPointer { names in
            storage.verdicts.withUnsafeBufferPointer { verdicts in
                for i in verdicts.indices where test(names[i], verdicts[i]) {
                    // Room for every name left at the first: grown one by one, the list was made
                    // again at two and four names (issue 17).
                    if found.isEmpty { found.reserveCapacity(verdicts.count - i) }
                    found.append(names[i])
                }
            }
        }
        return found
    }

    /// Profile names, sorted.
    public var keys: [String] { storage.names }
    /// Verdicts in the order of `keys`.
    public var values: [Verdict] { storage.verdicts }
    public var count: Int { storage.names.count }
    public var isEmpty: Bool { storage.names.isEmpty }
    public var dictionary: [String: Verdict] { Dictionary(uniqueKeysWithValues: zip(storage.names, storage.verdicts)) }

    /// True when both are the very same shared set (cheap; equal sets need not be): a
    /// writer can render a shared set once.
    @inlinable
    public func isShared(with other: VerdictSet) -> Bool { storage === other.storage }

    /// The shared set's identity, for a writer that remembers what it made of a set (its
    /// JSON, say) in a dictionary: the same for every navigation holding the very same set.
    /// Only as long as the set lives — keep the set beside what is remembered of it, and the
    /// identity cannot pass to another.
    @inlinable
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }
}

extension VerdictSet: Sequence {
    public struct Iterator: IteratorProtocol {
        fileprivate let set: VerdictSet
        fileprivate var index = 0

        public mutating func next() -> (key: String, value: Verdict)? {
            guard index < set.count else { return nil }
            defer { index += 1 }
            return (set.keys[index], set.values[index])
        }
    }

    public func makeIterator() -> Iterator { Iterator(set: self) }
    public var underestimatedCount: Int { count }
}

extension VerdictSet: Equatable {
    public static func == (lhs: VerdictSet, rhs: VerdictSet) -> Bool {
        lhs.isShared(with: rhs) || (lhs.keys == rhs.keys && lhs.values == rhs.values)
    }
}

extension VerdictSet: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Verdict)...) {
        self.init(elements)
    }
}

extension VerdictSet: Codable {
    /// Profile by profile in name order, so that of several bad verdicts the same one is
    /// named each time (a dictionary decodes in no fixed order; found by FuzzLinksJSONL).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: ProfileKey.self)
        self.init(try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
            ($0.stringValue, try container.decode(Verdict.self, forKey: $0))
        })
    }

    private struct ProfileKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    public func encode(to encoder: Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}
