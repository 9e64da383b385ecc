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

    /// One finding: text `text` of the memo's set `set`, on `page`. Returns its group's
    /// number on the page (findings of one group have one row text: `FindingOrigin`).
    @discardableResult
    mutating func add(set: Int, text: Int, page: String, association: Bool, suppression: Int?) -> Int {
        if set >= heads.count { heads += repeatElement(-1, count: set + 1 - heads.count) }
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
    func count(into tally: inout FindingTally, memo: VerdictSetMemo) {
        var merged: [(text: VerdictSetMemo.FindingText, group: Group)] = []
        for group in groups {
            let text = memo.entries[group.set].findings[group.text]
            if let i = merged.firstIndex(where: { $0.group.suppression == group.suppression
                    && $0.group.association == group.association && $0.text.severity == text.severity
                    && VerdictSetMemo.same($0.text.code, text.code) && $0.text.sameProfiles(text)
                    && $0.group.page == group.page }) {
                merged[i].group.count += group.count
            } else {
                // Past a page's usual handful, what is held goes first (order kept).
                if merged.count == 64 {
                    for item in merged { add(item.text, item.group, to: &tally) }
                    merged.removeAll(keepingCapacity: true)
                }
                merged.append((text, group))
            }
        }
        for item in merged { add(item.text, item.group, to: &tally) }
    }

    private func add(_ text: VerdictSetMemo.FindingText, _ group: Group, to tally: inout FindingTally) {
        tally.add(code: text.code, page: group.page, association: group.association, severity: text.severity,
                  suppressed: group.suppression != nil, suppression: group.suppression, profiles: text.profiles,
                  profileMask: text.profileMask, hasLine: true, count: group.count)
    }
}
