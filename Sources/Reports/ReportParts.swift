import LinkAuditModel

/// How a run makes each page's share of the report (`ReportPart`) on the worker that read the
/// page, so that the run's one in-order writer only adds up counts and hands bytes on:
///
/// - the page's findings are counted (`FindingTally`) whether or not any format lists them;
/// - finding rows are made only when a format lists findings or a baseline is compared
///   (`rows`): a run of `--format jsonl` or `md` needs the counts alone; the deep links are
///   counted for the scheme inventory only when summary.md or findings.json lists it
///   (`inventory`);
/// - a row's outcomes and message come from the page's `VerdictSetMemo`, made once per
///   verdict set and code instead of once per link (`FindingBuilder` is the plain way,
///   kept beside it: `ReportPartsTests` compares them);
/// - the rows are put in report order here (`FindingBlock`), and, with several
///   workers, the listing formats' shares rendered (`PageFragments`).
package struct ReportParts: Sendable {
    let rules: ReportRules
    let fragments: FragmentFormats
    /// Whether finding rows are made and kept.
    let rows: Bool
    /// Whether the page's deep links are counted for the scheme inventory (`needInventory`).
    let inventory: Bool

    /// Whether the page's CSV rows find their repeated cells by where each finding came
    /// from (`FindingOrigin`), or by its fields (`CSVRowCells`' lookup: the plain way).
    let originsKeyCSV: Bool
    /// Whether a part keeps the rows its fragments cover (false: they are left here, on the
    /// worker, and only a page without fragments brings its rows: `leavesCoveredRows`).
    let coveredRows: Bool
    /// Whether a page whose rows are left (`coveredRows` false) and listed by findings.csv
    /// alone has its CSV rows rendered from its links (`LinkRowsCSV`), or from findings
    /// made for them (the plain way).
    let rowsFromLinks: Bool

    package init(rules: ReportRules, fragments: FragmentFormats = .none, rows: Bool = true, inventory: Bool = true,
                 originsKeyCSV: Bool = true, coveredRows: Bool = true, rowsFromLinks: Bool = true) {
        self.originsKeyCSV = originsKeyCSV
        self.rowsFromLinks = rowsFromLinks
        self.coveredRows = coveredRows
        self.rules = rules
        self.fragments = rows ? fragments : .none
        self.rows = rows
        self.inventory = inventory
    }

    /// Whether a run writing `formats` reads the scheme inventory: summary.md and
    /// findings.json list it, nothing else does. Counting it reads every `intent:` link's
    /// package, which when no profile has parsed the URI already (extraction alone) was the
    /// largest cost after the parse of the page itself (Benchmarks/README.md, issue 17).
    package static func needInventory(_ formats: Set<ReportFormat>) -> Bool {
        !formats.isDisjoint(with: [.md, .json])
    }

    /// Whether a run writing `formats` (and comparing with a baseline, or not) reads finding
    /// rows: the formats that list findings do, and summary.md does with a baseline (its
    /// new and fixed findings); the counts serve everything else.
    package static func needRows(_ formats: Set<ReportFormat>, baseline: Bool) -> Bool {
        baseline || !formats.isDisjoint(with: [.csv, .json, .sarif, .junit])
    }

    /// Whether a run may leave out the finding rows its pages' fragments cover: when the
    /// only listing format it writes is findings.csv, rendered page by page (`fragments`),
    /// and every page comes once (`pagesOnce`: each input a file of its own URL, in report
    /// order). Kept, those rows were read by nothing: the CSV draft is the file. On the
    /// dense corpus they were held, encoded and spilled (~3,600 instructions a row of an
    /// `intent:` link) and freed by the run's one writer (Benchmarks/README.md, issue 17).
    /// A page without fragments (a streamed page) still brings its rows, and findings.csv
    /// renders its share from them where it falls (`ListingFile.writeFragments`).
    package static func leavesCoveredRows(_ formats: Set<ReportFormat>, fragments: FragmentFormats,
                                          pagesOnce: Bool) -> Bool {
        pagesOnce && fragments.csv && formats.contains(.csv) && formats.isDisjoint(with: [.json, .sarif, .junit])
    }

    /// A navigation with findings but no verdicts (a hand-made record) is judged on none.
    private static var noVerdicts: VerdictSet { VerdictSetMemo.noVerdicts }

    package func part(page: PageRecord, navigations list: [Navigation], memo: inout VerdictSetMemo) -> ReportPart {
        var part = counted(page: page, navigations: list, memo: &memo)
        // The inventory's counts by name made here, on the page's worker (`PageCounts.close`).
        part.deepLinks.close()
        return part
    }

    private func counted(page: PageRecord, navigations list: [Navigation], memo: inout VerdictSetMemo) -> ReportPart {
        var part = ReportPart(page: page, navigations: list.count, suppressions: rules.suppressions.count)
        part.pageFindings = FindingBuilder(rules: rules).pageFindings(page)
        if linkRows(page, list, pageFindings: part.pageFindings) {
            let made = collect(list, into: &part, file: page.file, memo: &memo, countsCSV: true, linkRows: true)
            let bytes = LinkRowsCSV.render(page: page, links: list, rows: made.linkRows, groups: made.groups,
                                           memo: &memo, rules: rules, layout: fragments.csvLayout,
                                           capacity: min(made.csvBytes + PageFragments.csvRoom(page: page), 8 << 20))
            part.fragments = PageFragments(page: page.page, csv: bytes)
            return part
        }
        var (findings, csvBytes, origins, footprint, _, _) = collect(list, into: &part, file: page.file, memo: &memo,
                                                                     countsCSV: fragments.csv)
        if rows {
            // Stable, as the report's own sort: ties keep the order the page gave them (its
            // page-scope findings first). In place: a page may have a million rows.
            findings.insert(contentsOf: part.pageFindings, at: 0)
            let keepsOrigins = fragments.csv && originsKeyCSV
            if keepsOrigins {
                origins.insert(contentsOf: repeatElement(FindingOrigin.none, count: part.pageFindings.count), at: 0)
            }
            // The findings' order (`PageRowOrder`: by line and code rank), then the
            // findings, and their origins, put in it.
            let order = findings.withUnsafeBufferPointer { PageRowOrder.order($0) }
            if !order.elementsEqual(findings.indices) {
                findings = order.map { findings[$0] }
                if keepsOrigins { origins = order.map { origins[$0] } }
            }
            if !fragments.isEmpty {
                // The page-scope findings' rows too (a few, short).
                csvBytes += part.pageFindings.count * PageFragments.csvRowBytes(rows: 1, link: 256, page: 0)
                part.fragments = PageFragments(page: page, navigations: list.count, sorted: findings, formats: fragments,
                                               csvBytes: fragments.csv ? csvBytes : nil,
                                               origins: fragments.csv && originsKeyCSV ? origins : nil)
            }
            footprint += part.pageFindings.reduce(0) { $0 + FindingSpill.footprint($1) }
            // Rows the fragments cover, left here: freed on the worker, not the writer.
            if coveredRows || part.fragments == nil {
                part.rows = FindingBlock(page: page.page, sorted: findings, footprint: footprint)
            }
        }
        return part
    }

    /// Whether `page`'s rows are made for its CSV fragment alone and can be rendered from its
    /// links (`LinkRowsCSV`): rows left to the fragments, findings.csv the only fragment
    /// (which `leavesCoveredRows` makes sure of), no page-scope findings, and every link
    /// with findings on the page itself (a fragment stands only for its own page's rows).
    func linkRows(_ page: PageRecord, _ list: [Navigation], pageFindings: [Finding]) -> Bool {
        guard rowsFromLinks, rows, !coveredRows, fragments.csv, originsKeyCSV, !fragments.json, !fragments.sarif,
              !fragments.junit, pageFindings.isEmpty else { return false }
        return list.withUnsafeBufferPointer { links in
            links.allSatisfy { ($0.findings?.isEmpty ?? true) || $0.page == page.page }
        }
    }

    /// A streamed page's part, before its navigations (README Limits): its chunks are
    /// counted in by `rows(of:into:memo:)`, whose rows go to disk as runs of their own.
    package func begin(page: PageRecord) -> ReportPart {
        ReportPart(page: page, navigations: 0, suppressions: rules.suppressions.count)
    }

    /// One chunk of a streamed page, in page order: counted into `part`, and its rows in
    /// report order (ties in the chunk's order; the spill's merge keeps chunks in order).
    /// Empty when the run keeps no rows.
    package func rows(of list: [Navigation], into part: inout ReportPart, memo: inout VerdictSetMemo) -> [Finding] {
        part.navigations += list.count
        var findings = collect(list, into: &part, file: part.page.file, memo: &memo, countsCSV: false).findings
        guard rows else { return [] }
        findings.sort(by: Finding.ordered)
        return findings
    }

    /// The end of a streamed page's part: its final record, its page-scope findings (a run
    /// before its chunks'), no fragments (the listing formats render such a page at the end).
    package func end(_ part: inout ReportPart, record: PageRecord, spilled: SpilledRows?) {
        part.page = record
        part.deepLinks.close()
        part.pageFindings = FindingBuilder(rules: rules).pageFindings(record)
        if rows {
            part.rows = FindingBlock(page: record.page, sorted: part.pageFindings.sorted(by: Finding.ordered))
            part.spilledRows = spilled
        }
    }

    /// Counts `list`'s findings into `part` (per verdict set and code: `FindingGroups`) and
    /// makes their rows (when the run keeps them). The navigations are read in place, not
    /// copied out of the list one by one.
    /// `countsCSV`: the room the rows take in findings.csv is counted as they are made
    /// (`PageFragments.csvRowBytes`), for a page whose CSV rows are rendered here.
    /// With `countsCSV`, also each finding's origin (`FindingOrigin`), for its CSV row.
    private func collect(_ list: [Navigation], into part: inout ReportPart, file: String?,
                         memo: inout VerdictSetMemo, countsCSV: Bool, linkRows keepsLinkRows: Bool = false)
        -> (findings: [Finding], csvBytes: Int, origins: [FindingOrigin], footprint: Int, linkRows: [LinkRow],
            groups: FindingGroups) {
        var csvBytes = 0
        // The rows' `FindingSpill.footprint`, summed from the sizes in hand.
        var footprint = 0
        let fileBytes = file?.utf8.count ?? 0
        var origins: [FindingOrigin] = []
        let keepsOrigins = countsCSV && originsKeyCSV && !keepsLinkRows
        // With `keepsLinkRows`, a `LinkRow` a finding instead of a `Finding` and its origin.
        var linkRows: [LinkRow] = []
        // Room for a few findings a link (a dense page has two or three; past the guess the
        // arrays grow): grown from empty, they were copied at each doubling.
        let room = min(2 * list.count, 1 << 16)
        if keepsOrigins { origins.reserveCapacity(room) }
        // The page's and file's cells, counted once for the page's rows.
        let pageBytes = (list.first?.page.utf8.count ?? 0) + (file?.utf8.count ?? 0)
        var findings: [Finding] = []
        if keepsLinkRows { linkRows.reserveCapacity(room) } else if rows { findings.reserveCapacity(room) }
        var groups = FindingGroups()
        // The page's URL as one string for all its rows: each navigation holds its own copy
        // of the same bytes, and the rows' sort (`Finding.ordered`) and writers compare pages
        // first — a comparison of two copies reads every byte, of one string none.
        var lastPage: String?
        // `lastPage`'s bytes where they lie (nil: a small string, or none) and its number among
        // the groups' pages (`FindingGroups.number(of:)`). A link's page is compared with it by
        // those bytes in place: copied out to be compared and handed to the groups as a
        // string, it was retained and released on every link (issue 17).
        var lastPageBytes: UnsafeBufferPointer<UInt8>?
        var pageNumber: Int32 = -1
        // Links and their findings read in place (`link.pointee`, `refs`): a finding
        // reference copied out of its list retained and released its code and profiles on
        // every finding, a link's fields on every link (Benchmarks/README.md, issue 17).
        list.withUnsafeBufferPointer { links in
        for position in links.indices {
            let link = links.baseAddress! + position
            if link.pointee.verdicts != nil { part.classified += 1 }
            if inventory { part.deepLinks.add(link) }
            // The link's findings where they lie, held by `list` (not changed here) while
            // read: the list copied out was a retain and a release a link.
            guard let refs = link.pointee.findings?.withUnsafeBufferPointer({ $0 }), !refs.isEmpty else { continue }
            let set = memo.index(ofSetOf: link, link: position, none: Self.noVerdicts)
            if let last = lastPageBytes, let bytes = link.pointee.page.heldUTF8, last.sameBytes(bytes) {
                // The page of the link before: the same bytes are `==`.
            } else if let last = lastPage, last == link.pointee.page {
                // Equal but written apart (a small string, or canonically equal): `last` kept.
            } else {
                lastPage = link.pointee.page
                lastPageBytes = lastPage!.heldUTF8
                pageNumber = groups.number(of: lastPage!)
            }
            // Lengths first (`String.isName`): `==` on a link's source ("href", …) was a
            // call through the standard library's comparison on every link (issue 17).
            let association = link.pointee.source.isName("association")
            if !rows || keepsLinkRows {
                // Counted, and with `keepsLinkRows` a `LinkRow` a finding: no outcomes read (an
                // empty list in their place was released on every link).
                // A link row's share of the CSV room but for its profiles, once a link.
                let linkBytes = keepsLinkRows ? link.pointee.url.utf8.count + link.pointee.raw.utf8.count : 0
                for k in refs.indices {
                    let ref = refs.baseAddress! + k
                    let index = memo.findingIndex(at: set, ref, rules: rules)
                    let suppression = rules.suppressions.isEmpty
                        ? nil : rules.firstSuppression(code: ref.pointee.code, page: lastPage!, url: link.pointee.url)
                    let group = groups.add(set: set, text: index, page: pageNumber, association: association,
                                           suppression: suppression)
                    guard rows else { continue }
                    csvBytes += PageFragments.csvRowBytes(
                        rows: fragments.csvLayout == .wide ? 1 : memo.profileCount(at: set, index), link: linkBytes,
                        page: pageBytes)
                    linkRows.append(LinkRow(link: Int32(truncatingIfNeeded: position),
                                            group: Int32(truncatingIfNeeded: group), line: link.pointee.line))
                }
                continue
            }
            // Once a link, not once a finding.
            let outcomes = memo.outcomes(at: set)
            // The text, suppression and group are found as in the loop above: one local
            // function for both cost 0.4 % more instructions on the dense corpus (callgrind,
            // Benchmarks/README.md, issue 17), so the few lines stay written twice.
            for k in refs.indices {
                let ref = refs.baseAddress! + k
                let index = memo.findingIndex(at: set, ref, rules: rules)
                let suppression = rules.suppressions.isEmpty
                    ? nil : rules.firstSuppression(code: ref.pointee.code, page: lastPage!, url: link.pointee.url)
                let group = groups.add(set: set, text: index, page: pageNumber, association: association,
                                       suppression: suppression)
                if keepsOrigins { origins.append(FindingOrigin(link: Int32(truncatingIfNeeded: position), group: group)) }
                let text = memo.entries[set].findings[index]
                let bytes = (url: link.pointee.url.utf8.count, raw: link.pointee.raw.utf8.count)
                if countsCSV {
                    csvBytes += PageFragments.csvRowBytes(
                        rows: fragments.csvLayout == .wide ? 1 : text.profiles.count, link: bytes.url + bytes.raw,
                        page: pageBytes)
                }
                footprint += FindingSpill.footprint(
                    page: lastPage!.utf8.count, file: fileBytes, raw: bytes.raw, url: bytes.url,
                    message: text.message.utf8.count, profiles: text.profiles.count, outcomes: outcomes.count)
                findings.append(Finding(
                    page: lastPage!, file: file, line: link.pointee.line, source: link.pointee.source,
                    trigger: link.pointee.trigger.rawValue, frame: link.pointee.frame.rawValue,
                    raw: link.pointee.raw, url: link.pointee.url, code: ref.pointee.code, severity: text.severity,
                    profiles: text.profiles, outcomes: outcomes, message: text.message,
                    suppressed: suppression.map { rules.suppressions[$0].reason }))
            }
        }
        }
        groups.count(into: &part.tally, memo: memo)
        return (findings, csvBytes, origins, footprint, linkRows, groups)
    }
}

/// One page's contribution to a report (`ReportParts.part`), added by `ReportAccumulator.add`.
public struct ReportPart: Sendable {
    var page: PageRecord
    var navigations: Int
    var classified = 0
    /// Page-scope findings (unreadable page, invalid association file): a few, counted
    /// only for the first record of its URL (a page's, once its records are merged:
    /// `ReportAccumulator.assemble`).
    var pageFindings: [Finding] = []
    /// The navigations' findings, counted.
    var tally: FindingTally
    var deepLinks = SchemeInventory.PageCounts()
    /// Every finding of the page (page-scope ones first among equals) in report order; nil
    /// when the run keeps no rows.
    var rows: FindingBlock?
    /// The page's report fragments, when the run renders them on its workers.
    var fragments: PageFragments?
    /// A streamed page's rows, chunk by chunk, as sorted runs on disk (after `rows`).
    var spilledRows: SpilledRows?

    init(page: PageRecord, navigations: Int, suppressions: Int) {
        self.page = page
        self.navigations = navigations
        tally = FindingTally(suppressions: suppressions)
    }

    /// A part of ready-made link findings (tests that build large or unusual runs directly),
    /// counted and kept as `ReportParts.part` would.
    init(page: PageRecord, navigations: Int, findings: [Finding], rules: ReportRules) {
        self.init(page: page, navigations: navigations, suppressions: rules.suppressions.count)
        for finding in findings { tally.add(finding, rules: rules) }
        rows = FindingBlock(page: page.page, sorted: findings.sorted(by: Finding.ordered))
    }
}

/// Where a finding row of a page came from: the link (its position in the page's list) and
/// its group (`FindingGroups`: one verdict set, code and suppression). Two rows of one link
/// have the same link cells; two of one group the same code, severity, profile, message
/// and suppression cells (`CSVRows.append(_:origin:cells:to:)`). Page-scope findings have
/// none (`FindingOrigin.none`).
struct FindingOrigin: Sendable, Equatable {
    var link: Int32
    var group: Int

    static let none = FindingOrigin(link: -1, group: -1)
}
