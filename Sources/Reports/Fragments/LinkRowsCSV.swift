import LinkAuditModel

/// One finding of a page's link as its findings.csv rows need it, in place of a `Finding`:
/// the link (its position in the page's list), its group (`FindingGroups`: verdict set,
/// finding text and suppression) and its line.
struct LinkRow {
    let link: Int32
    let group: Int32
    let line: Int
}

/// A page's findings.csv rows rendered straight from its links and its groups' texts, when
/// the rows are made for nothing else (`ReportParts.leavesCoveredRows`: findings.csv the only
/// listing format, its page share the file): no `Finding` a row, one a group. A `Finding`
/// boxed fifteen fields, retained each string, was put in order and freed on every finding of
/// every link: ~7,000 instructions of an `intent:` link's ~40,000 (Benchmarks/README.md,
/// issue 17). The bytes are those `FindingsCSV.page(_:_:origins:to:)` writes from the page's
/// findings (the plain version, `ReportParts(rowsFromLinks: false)`); `LinkRowsCSVTests`
/// compares the two.
enum LinkRowsCSV {
    /// The rows of `rows`, findings of `list`'s links on page `record` (every link's page
    /// is the record's), in report order: by line, code, then URL, ties as made
    /// (`Finding.ordered` and `PageRowOrder` on the same page).
    static func render(page record: PageRecord, links list: [Navigation], rows: [LinkRow], groups: FindingGroups,
                       memo: inout VerdictSetMemo, rules: ReportRules, layout: CSVLayout,
                       capacity: Int) -> OwnedBytes {
        var out = ByteBuffer(capacity: capacity)
        guard !rows.isEmpty else { return out.detach() }
        let order = self.order(rows, links: list, groups: groups, memo: memo)
        var cells = CSVCellsPool.shared.take(layout)
        cells.beginPage()
        var lead = ByteBuffer()
        var scratch = ByteBuffer()
        var leadLink: Int32 = -1
        let byKey = CSVRowCells.findsCellsByKey
        var pageEnd = 0
        list.withUnsafeBufferPointer { links in
            for i in order {
                let row = rows[i]
                if row.link != leadLink {
                    let link = Int(row.link)
                    if leadLink < 0 {
                        cells.appendPage(record.page, file: record.file, to: &lead)
                        pageEnd = lead.count
                    } else {
                        lead.truncate(to: pageEnd)
                    }
                    CSVRows.appendLink(links.baseAddress! + link, cells: &cells, to: &lead)
                    leadLink = row.link
                }
                if cells.appendRows(ofKnown: Int(row.group), link: lead.written, to: &out) { continue }
                let link = links.baseAddress! + Int(row.link)
                let group = groups.group(Int(row.group))
                // The outcomes made, and found by their buffer's address, read in place in the
                // memo (as are the group's suppression and text): copied out for each group
                // met, they were retained and released on nearly every row of a dense page,
                // whose groups are a row or two each (issue 17).
                let outcomes = memo.outcomesAddress(at: group.set)
                let key = memo.entries.withUnsafeBufferPointer { entries in
                    entries[group.set].findings.withUnsafeBufferPointer { texts in
                        CSVRowCells.LinkTextKey(outcomes: outcomes, text: ObjectIdentifier(texts[group.text].text),
                                                severity: texts[group.text].severity,
                                                suppression: group.suppression ?? -1)
                    }
                }
                cells.appendRows(group: Int(row.group), key: key, byKey: byKey,
                                 text: { memo.entries[group.set].findings[group.text].text },
                                 fits: { fits($0, memo.entries, group, rules: rules) },
                                 sample: { sample(link.pointee, file: record.file, group: group, memo: &memo, rules: rules) },
                                 link: lead.written, layout: layout, scratch: &scratch, to: &out)
            }
        }
        CSVCellsPool.shared.give(cells, layout: layout)
        return out.detach()
    }

    /// Whether `sample` shows what the rows of a group show past their link's cells, as
    /// `sample(_:file:group:memo:rules:)` would have them: the group's text read in place.
    /// The set's outcomes are made already (`VerdictSetMemo.outcomesAddress(at:)`).
    private static func fits(_ sample: Finding, _ entries: [VerdictSetMemo.Entry],
                             _ group: (set: Int, text: Int, suppression: Int?), rules: ReportRules) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            entries[group.set].findings.withUnsafeBufferPointer { texts in
                sample.code == texts[group.text].code && sample.severity == texts[group.text].severity
                    && sample.message == texts[group.text].message
                    && sample.suppressed == group.suppression.map { rules.suppressions[$0].reason }
                    && sample.baseline == nil && sample.profiles == texts[group.text].profiles
                    && sample.outcomes == entries[group.set].outcomes!
            }
        }
    }

    /// The finding a group's first row stands for: the cells of the group are made from it
    /// (`CSVRowCells`), as `ReportParts.collect` would have made it.
    private static func sample(_ link: Navigation, file: String?, group: (set: Int, text: Int, suppression: Int?),
                               memo: inout VerdictSetMemo, rules: ReportRules) -> Finding {
        let text = memo.entries[group.set].findings[group.text]
        return Finding(page: link.page, file: file, line: link.line, source: link.source,
                       trigger: link.trigger.rawValue, frame: link.frame.rawValue, raw: link.raw, url: link.url,
                       code: text.code, severity: text.severity, profiles: text.profiles,
                       outcomes: memo.outcomes(at: group.set), message: text.message,
                       suppressed: group.suppression.map { rules.suppressions[$0].reason })
    }

    /// The positions of `rows` in report order. Rows come in link order; each group's code
    /// is ranked once among the page's codes (as `PageRowOrder` ranks a page's codes).
    static func order(_ rows: [LinkRow], links list: [Navigation], groups: FindingGroups,
                      memo: VerdictSetMemo) -> [Int] {
        var order = Array(rows.indices)
        guard rows.count > 1 else { return order }
        // Each group's code among the page's codes, then each code's rank.
        var codes: [String] = []
        var codeOfGroup = [Int](repeating: -1, count: groups.count)
        var codeRank = [Int](repeating: 0, count: rows.count)
        // Rows, groups' codes and ranks read and written in place: indexed, each access was
        // checked for bounds and each write for a shared buffer, on every row (issue 17).
        rows.withUnsafeBufferPointer { rows in
            codeOfGroup.withUnsafeMutableBufferPointer { codeOfGroup in
                codeRank.withUnsafeMutableBufferPointer { codeRank in
                    memo.entries.withUnsafeBufferPointer { entries in
                        for i in rows.indices {
                            let group = Int(rows[i].group)
                            precondition(group >= 0 && group < codeOfGroup.count, "a group of the page")
                            if codeOfGroup[group] < 0 {
                                let place = groups.group(group)
                                let known = entries[place.set].findings.withUnsafeBufferPointer { texts in
                                    let code = texts[place.text].code
                                    return codes.firstIndex(where: { $0.isName(code) }) ?? codes.firstIndex(of: code)
                                }
                                if let known {
                                    codeOfGroup[group] = known
                                } else {
                                    codeOfGroup[group] = codes.count
                                    codes.append(entries[place.set].findings[place.text].code)
                                }
                            }
                            codeRank[i] = codeOfGroup[group]
                        }
                    }
                }
            }
        }
        let ranked = codes.indices.sorted { codes[$0] < codes[$1] }
        var rank = [Int](repeating: 0, count: codes.count)
        for (position, code) in ranked.enumerated() { rank[code] = position }
        rank.withUnsafeBufferPointer { rank in
            codeRank.withUnsafeMutableBufferPointer { codeRank in
                for i in codeRank.indices { codeRank[i] = rank[codeRank[i]] }
            }
        }
        // Read in place: the arrays captured and checked for exclusive access on each
        // comparison cost more than the comparison.
        list.withUnsafeBufferPointer { links in rows.withUnsafeBufferPointer { rows in
            codeRank.withUnsafeBufferPointer { codeRank in order.withUnsafeMutableBufferPointer { order in
                func before(_ a: Int, _ b: Int) -> Bool {
                    if rows[a].line != rows[b].line { return rows[a].line < rows[b].line }
                    if codeRank[a] != codeRank[b] { return codeRank[a] < codeRank[b] }
                    if rows[a].link != rows[b].link {
                        let urlA = links[Int(rows[a].link)].url, urlB = links[Int(rows[b].link)].url
                        if urlA != urlB { return urlA < urlB }
                    }
                    return a < b
                }
                // The order is a total one (ties by position): any way to it gives the sort's.
                // A link's rows (next to each other, a few) put in code order first.
                sortRuns(order, before) { rows[$0].link == rows[$1].link }
                // Then most pages' rows are in order already (links by line), and one pass
                // says so; when only rows of a line are out of order (two links on one line),
                // each line's rows are sorted on their own; else the whole page.
                if order.indices.dropFirst().allSatisfy({ before(order[$0 - 1], order[$0]) }) { return }
                if order.indices.dropFirst().allSatisfy({ rows[order[$0 - 1]].line <= rows[order[$0]].line }) {
                    sortRuns(order, before) { rows[$0].line == rows[$1].line }
                } else {
                    order.sort(by: before)
                }
            } }
        } }
        return order
    }

    /// Each run of `order` whose neighbours are `together` sorted by `before`: by insertion
    /// while short (a link's few rows, a line's), else by the library's sort.
    private static func sortRuns(_ order: UnsafeMutableBufferPointer<Int>, _ before: (Int, Int) -> Bool,
                                 together: (Int, Int) -> Bool) {
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, together(order[start], order[end]) { end += 1 }
            if end - start > 32 {
                var run = UnsafeMutableBufferPointer(rebasing: order[start..<end])
                run.sort(by: before)
            } else if end - start > 1 {
                for i in (start + 1)..<end {
                    let row = order[i]
                    var j = i
                    while j > start, before(row, order[j - 1]) {
                        order[j] = order[j - 1]
                        j -= 1
                    }
                    order[j] = row
                }
            }
            start = end
        }
    }
}
