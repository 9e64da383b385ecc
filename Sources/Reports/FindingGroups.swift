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
        let page: String
        let association: Bool
        let suppression: Int?
        var count = 1
        /// The next group of the same set (-1: none).
        var next = -1
    }

    private var groups: [Group] = []
    /// Each set's first group (-1: none), by the set's entry in the page's memo.
    private var heads: [Int] = []

    /// One finding: text `text` of the memo's set `set`, on `page`.
    mutating func add(set: Int, text: Int, page: String, association: Bool, suppression: Int?) {
        if set >= heads.count { heads += repeatElement(-1, count: set + 1 - heads.count) }
        var i = heads[set], last = -1
        while i >= 0 {
            if groups[i].text == text, groups[i].association == association, groups[i].suppression == suppression,
               groups[i].page == page {
                groups[i].count += 1
                return
            }
            last = i
            i = groups[i].next
        }
        groups.append(Group(set: set, text: text, page: page, association: association, suppression: suppression))
        if last < 0 { heads[set] = groups.count - 1 } else { groups[last].next = groups.count - 1 }
    }

    /// Every group counted into `tally`, in the order first met.
    func count(into tally: inout FindingTally, memo: VerdictSetMemo) {
        for group in groups {
            let text = memo.entries[group.set].findings[group.text]
            tally.add(code: text.code, page: group.page, association: group.association, severity: text.severity,
                      suppressed: group.suppression != nil, suppression: group.suppression, profiles: text.profiles,
                      hasLine: true, count: group.count)
        }
    }
}
