/// Findings per profile for one code, counted by the profile's number (its place in
/// `ProfileOrder.known`) rather than by its name: a tally added a count per profile of each
/// finding group, and hashing the name was ~4,200 instructions a group of an `intent:` page
/// (Benchmarks/README.md, issue 17). Names become keys only when a report reads the counts
/// (`table`). A name the registry does not know (an older or newer run's) is counted by name.
/// `FindingTally` counting names one by one is the plain version it replaces;
/// `ProfileCountsTests` compares the tables.
struct ProfileCounts: Sendable, Equatable {
    private var byNumber: [Int] = []
    private var byName: [String: Int] = [:]

    var isEmpty: Bool { byName.isEmpty && !byNumber.contains { $0 > 0 } }

    /// `count` findings of the profile numbered `number` (`ProfileCounts.number(of:)`, -1 for
    /// a name it does not know), named `name`.
    mutating func add(number: Int, name: String, count: Int) {
        guard number >= 0 else {
            byName[name, default: 0] += count
            return
        }
        if number >= byNumber.count { byNumber += repeatElement(0, count: number + 1 - byNumber.count) }
        byNumber[number] += count
    }

    /// `count` findings of each of `names`, whose numbers are the bits of `mask`
    /// (`ProfileCounts.mask(of:)`; 0: each name looked up).
    mutating func add(_ names: [String], mask: UInt64, count: Int) {
        guard mask != 0 else {
            for name in names { add(number: Self.number(of: name), name: name, count: count) }
            return
        }
        var bits = mask
        while bits != 0 {
            add(number: bits.trailingZeroBitCount, name: "", count: count)
            bits &= bits - 1
        }
    }

    mutating func add(_ other: ProfileCounts) {
        for (number, count) in other.byNumber.enumerated() where count > 0 {
            add(number: number, name: "", count: count)
        }
        for (name, count) in other.byName { byName[name, default: 0] += count }
    }

    /// profile → findings, as the reports read it.
    var table: [String: Int] {
        var table = byName
        for (number, count) in byNumber.enumerated() where count > 0 { table[ProfileOrder.known[number]] = count }
        return table
    }

    /// The number `name` is counted by, -1 for a name the registry does not know.
    static func number(of name: String) -> Int {
        ProfileOrder.known.firstIndex(of: name) ?? -1
    }

    /// `names` as one bit each, by number: 0 unless the registry knows every name, each once
    /// (then the mask stands for the list: a finding's profiles come in profile order).
    static func mask(of names: [String]) -> UInt64 {
        var mask: UInt64 = 0
        for name in names {
            let number = number(of: name)
            guard number >= 0, number < 64, mask & (1 << number) == 0 else { return 0 }
            mask |= 1 << number
        }
        return mask
    }
}
