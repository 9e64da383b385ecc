/// A page's findings counted per verdict set and code rather than one by one: the links of a
/// page share a handful of verdict sets, so a page of 120 deep links with 250 findings adds a
/// few dozen groups to its tally (`FindingTally.add(…count:)`), where each finding was a
/// lookup by code, by page and by profile (Benchmarks/README.md, issue 17).
///
/// A group is one finding text of one set (`VerdictSetMemo.FindingText`) on one page, with
/// one suppression; groups are added in the order first met, so codes and JUnit cases come
/// in the order finding-by-finding counting gives them. `ReportPartsTests` compares the
/// counts with counting finding by finding.
struct FindingGroups {
    private struct Group {
        let set: Int
        let text: Int
        /// The group's page, by its place in `pages`.
        let page: Int32
        let association: Bool
        let suppression: Int?
        var count = 1
        /// The next group of the same set (-1: none).
        var next = -1
    }

    private var groups: [Group] = []
    /// The pages of the groups, each once (`==`): a part's links are on its page but for a
    /// few framed ones. A group held its page's string, retained and released with every
    /// group and compared as one (issue 17); two groups are on one page exactly when their
    /// numbers are equal.
    private var pages: [String] = []
    /// Each set's first group (-1: none), by the set's entry in the page's memo.
    private var heads: [Int] = []

    /// One finding: text `text` of the memo's set `set`, on `page`. Returns its group's
    /// number on the page (findings of one group have one row text: `FindingOrigin`).
    @discardableResult
    mutating func add(set: Int, text: Int, page: String, association: Bool, suppression: Int?) -> Int {
        add(set: set, text: text, page: number(of: page), association: association, suppression: suppression)
    }

    /// `add(set:text:page:association:suppression:)` with the page given by its number
    /// (`number(of:)`), found once for a run of a page's links rather than a finding at a time.
    @discardableResult
    mutating func add(set: Int, text: Int, page: Int32, association: Bool, suppression: Int?) -> Int {
        // Grown a chunk at a time (a set at a time, it was extended on most findings).
        if set >= heads.count { heads += repeatElement(-1, count: max(set + 1 - heads.count, heads.count, 32)) }
        var i = heads[set], last = -1
        while i >= 0 {
            if groups[i].text == text, groups[i].association == association, groups[i].suppression == suppression,
               groups[i].page == page {
                groups[i].count += 1
                return i
            }
            last = i
            i = groups[i].next
        }
        // A page's few dozen groups: room for them from the first.
        if groups.isEmpty { groups.reserveCapacity(64) }
        groups.append(Group(set: set, text: text, page: page, association: association, suppression: suppression))
        if last < 0 { heads[set] = groups.count - 1 } else { groups[last].next = groups.count - 1 }
        return groups.count - 1
    }

    /// `page`'s place in `pages`, added on first sight (the last page first: a page's links
    /// come in runs of their page).
    mutating func number(of page: String) -> Int32 {
        if let last = pages.indices.last, pages[last] == page { return Int32(truncatingIfNeeded: last) }
        if let known = pages.firstIndex(of: page) { return Int32(truncatingIfNeeded: known) }
        pages.append(page)
        return Int32(truncatingIfNeeded: pages.count - 1)
    }

    /// How many groups the page has.
    var count: Int { groups.count }

    /// Group `group`'s verdict set (its entry in the page's memo), finding text among the
    /// set's, and suppression.
    func group(_ group: Int) -> (set: Int, text: Int, suppression: Int?) {
        (groups[group].set, groups[group].text, groups[group].suppression)
    }

    /// Every group counted into `tally`, in the order first met; groups of different sets
    /// that a tally cannot tell apart (the same code, profiles, severity, page and
    /// suppression) are added as one, where the first of them stood.
    ///
    /// The groups merged so far are kept by their first group, with their counts and a
    /// signature of what a tally tells apart in numbers (suppression, association, the code's
    /// length, the profiles' mask): a group is compared field by field only with those of its
    /// signature, and groups and texts are read in place. A group and its text copied out for
    /// every comparison retained a page, four strings and two arrays (an `intent:` page's
    /// ~160 groups, ~500 instructions each: issue 17). `countPlain` is the plain version.
    func count(into tally: inout FindingTally, memo: VerdictSetMemo) {
        var merged: [(first: Int, count: Int, signature: UInt64)] = []
        merged.reserveCapacity(min(groups.count, 64))
        groups.withUnsafeBufferPointer { groups in
            memo.entries.withUnsafeBufferPointer { entries in
                for g in groups.indices {
                    let set = groups[g].set, text = groups[g].text
                    let signature = Self.signature(entries[set].findings[text], groups[g])
                    var found = -1
                    for i in merged.indices where merged[i].signature == signature {
                        let first = merged[i].first
                        if Self.sameTally(entries[groups[first].set].findings[groups[first].text], groups[first],
                                          entries[set].findings[text], groups[g]) {
                            found = i
                            break
                        }
                    }
                    if found >= 0 {
                        merged[found].count += groups[g].count
                        continue
                    }
                    // Past a page's usual handful, what is held goes first (order kept).
                    if merged.count == 64 {
                        for item in merged { add(item, groups: groups, entries: entries, to: &tally) }
                        merged.removeAll(keepingCapacity: true)
                    }
                    merged.append((g, groups[g].count, signature))
                }
                for item in merged { add(item, groups: groups, entries: entries, to: &tally) }
            }
        }
    }

    /// `count(into:memo:)` the plain way: each group and its text copied out and compared with
    /// every merged one, field by field. The reference `ReportPartsTests` holds the other to.
    func countPlain(into tally: inout FindingTally, memo: VerdictSetMemo) {
        var merged: [(text: VerdictSetMemo.FindingText, group: Group)] = []
        for group in groups {
            let text = memo.entries[group.set].findings[group.text]
            if let i = merged.firstIndex(where: { Self.sameTally($0.text, $0.group, text, group) }) {
                merged[i].group.count += group.count
            } else {
                if merged.count == 64 {
                    for item in merged { add(item.text, item.group, to: &tally) }
                    merged.removeAll(keepingCapacity: true)
                }
                merged.append((text, group))
            }
        }
        for item in merged { add(item.text, item.group, to: &tally) }
    }

    /// Whether a tally tells the two apart: suppression, association, severity, code, profiles, page.
    private static func sameTally(_ a: VerdictSetMemo.FindingText, _ groupA: Group,
                                  _ b: VerdictSetMemo.FindingText, _ groupB: Group) -> Bool {
        groupA.suppression == groupB.suppression && groupA.association == groupB.association
            && a.severity == b.severity && a.code.isName(b.code) && a.sameProfiles(b)
            && groupA.page == groupB.page
    }

    /// What `sameTally` compares that is a number, folded: equal for any two it finds the same
    /// (a mask differs only where the profiles do: `FindingText.sameProfiles`).
    private static func signature(_ text: VerdictSetMemo.FindingText, _ group: Group) -> UInt64 {
        var signature = UInt64(truncatingIfNeeded: text.code.utf8.count) &* 0x9E37_79B9_7F4A_7C15 ^ text.profileMask
        signature = signature &* 0x0000_0100_0000_01B3 ^ UInt64(bitPattern: Int64(group.suppression ?? -1))
        return signature << 1 | (group.association ? 1 : 0)
    }

    private func add(_ item: (first: Int, count: Int, signature: UInt64), groups: UnsafeBufferPointer<Group>,
                     entries: UnsafeBufferPointer<VerdictSetMemo.Entry>, to tally: inout FindingTally) {
        var group = groups[item.first]
        group.count = item.count
        add(entries[group.set].findings[group.text], group, to: &tally)
    }

    private func add(_ text: VerdictSetMemo.FindingText, _ group: Group, to tally: inout FindingTally) {
        tally.add(code: text.code, page: pages[Int(group.page)], association: group.association, severity: text.severity,
                  suppressed: group.suppression != nil, suppression: group.suppression, profiles: text.profiles,
                  profileMask: text.profileMask, hasLine: true, count: group.count)
    }
}
