/// Puts a listing format's file together: its prologue, the pages' shares in page order,
/// its epilogue. This is where it is decided whether the shares come from the page
/// fragments the workers rendered (when the report has them for this format: see
/// `ReportAccumulator.report` and `FragmentFormats.listing`) or are rendered here from the
/// findings; either way each share comes from the format's own `page`.
enum ListingFile {
    /// Returns the format's note on what it left out, if any.
    @discardableResult
    static func write<Format: ListingFormat>(_: Format.Type, _ report: Report, to out: inout ByteBuffer) -> String? {
        write(Format(report), report, to: &out)
    }

    /// The same with the format made already (`report`'s).
    @discardableResult
    static func write<Format: ListingFormat>(_ format: Format, _ report: Report, to out: inout ByteBuffer) -> String? {
        var format = format
        format.prologue(to: &out)
        var listed = false
        if takesFragments(format, report) {
            writeFragments(&format, report, listed: &listed, to: &out)
        } else {
            func render(_ page: PageStats?, _ findings: [Finding]) {
                share(&format, page, findings, listed: &listed, to: &out)
            }
            let piece = Format.takesPagesInPieces ? PageGroups.pieceFindings : Int.max
            if Format.listsFixed {
                PageGroups.walk(report.pages, report.rows.makeIterator(), piece: piece, render)
            } else {
                PageGroups.walk(report.pages, report.findings.makeIterator(), piece: piece, render)
            }
        }
        format.epilogue(listed: listed, to: &out)
        return format.note
    }

    /// Whether `format`'s file is put together from the pages' fragments.
    static func takesFragments<Format: ListingFormat>(_ format: Format, _ report: Report) -> Bool {
        guard format.takesPageFragments, let fragments = report.fragments else { return false }
        return fragments.formats.contains(Format.fragment) && Format.fragmentsFit(fragments.formats, report)
    }

    /// Every page's share, from the fragments the workers rendered; in a store with gaps
    /// (`FragmentStore.complete` false), a page without fragments from its rows, which are
    /// then the only rows the report kept (`ReportAccumulator`), as `write` renders them.
    /// `pieces`: `PageGroups.pieceFindings` as the caller's thread reads it.
    static func writeFragments<Format: ListingFormat>(_ format: inout Format, _ report: Report, listed: inout Bool,
                                                      pieces: Int = PageGroups.pieceFindings, to out: inout ByteBuffer) {
        guard let fragments = report.fragments else { return }
        guard fragments.complete else {
            let piece = Format.takesPagesInPieces ? pieces : Int.max
            PageGroups.walk(report.pages, report.findings.makeIterator(), piece: piece) { page, findings in
                if let page, let place = page.fragments {
                    // Its rows went with its fragments: none come from the findings.
                    guard let bytes = fragments.bytes(Format.fragment, at: place), bytes.count > 0 else { return }
                    format.joint(first: !listed, to: &out)
                    out.append(passing: bytes)
                    listed = true
                } else {
                    share(&format, page, findings, listed: &listed, to: &out)
                }
            }
            return
        }
        for page in report.pages {
            guard let share = fragments.bytes(Format.fragment, at: page.fragments), share.count > 0 else { continue }
            format.joint(first: !listed, to: &out)
            out.append(passing: share)
            listed = true
        }
    }

    /// One page's share, straight after its joint; the joint is taken back when the share
    /// comes out empty (no copy of the share through a buffer of its own). `findings` may
    /// hold fixed ones for a format that does not list them (a pass over the report's rows
    /// shared with CSV or SARIF, `ListingPass`): they are left out, and so is a page that
    /// is not an input page and had only those, as a pass over the current findings would.
    static func share<Format: ListingFormat>(_ format: inout Format, _ page: PageStats?, _ findings: [Finding],
                                             listed: inout Bool, to out: inout ByteBuffer) {
        var findings = findings
        if !Format.listsFixed, findings.contains(where: { $0.baseline == .fixed }) {
            findings.removeAll { $0.baseline == .fixed }
            if page == nil, findings.isEmpty { return }
        }
        let start = out.count
        format.joint(first: !listed, to: &out)
        let shareStart = out.count
        format.page(page, findings, to: &out)
        guard out.count > shareStart else {
            out.truncate(to: start)
            return
        }
        listed = true
        out.drainIfFull()
    }
}

/// A report's findings a page at a time, beside its input pages.
enum PageGroups {
    /// Calls `body` in page order with every input page and its findings (none for a page
    /// without), and with the findings of each page that is not an input (nil page)
    /// where it falls in that order. Both lists are in page order.
    /// `piece`: at most this many findings a call, a page's findings in as many calls as
    /// that takes (only for formats whose share is its findings' texts one after another:
    /// `ListingFormat.takesPagesInPieces`).
    static func walk<Pages: Sequence, Findings: IteratorProtocol>(_ pages: Pages, _ findings: Findings,
                                                                  piece: Int = .max,
                                                                  _ body: (PageStats?, [Finding]) -> Void)
        where Pages.Element == PageStats, Findings.Element == Finding {
        var findings = findings
        var next = findings.next()
        var group: [Finding] = []
        var inputs = pages.makeIterator()
        var upcoming = inputs.next()
        while upcoming != nil || next != nil {
            // The next group's page, unless an input page comes first.
            if let first = next, upcoming.map({ first.page < $0.page }) ?? true {
                repeat {
                    takeGroup(&group, &next, &findings, piece: piece)
                    body(nil, group)
                } while next?.page == first.page
                continue
            }
            let page = upcoming!
            upcoming = inputs.next()
            if let first = next, first.page == page.page {
                repeat {
                    takeGroup(&group, &next, &findings, piece: piece)
                    body(page, group)
                } while next?.page == page.page
            } else {
                body(page, [])
            }
        }
    }

    /// Findings a listing format that takes pages in pieces gets at a time; task-local so
    /// that tests can cut pages finely (`ListingPiecesTests`).
    @TaskLocal static var pieceFindings = 4_096

    /// Moves the findings of `next`'s page into `group`, up to `piece` of them, leaving
    /// `next` at the first finding not taken.
    private static func takeGroup<Findings: IteratorProtocol>(_ group: inout [Finding], _ next: inout Finding?,
                                                              _ findings: inout Findings, piece: Int)
        where Findings.Element == Finding {
        group.removeAll(keepingCapacity: true)
        guard let first = next.take() else { return }
        let page = first.page
        group.append(first)
        next = findings.next()
        while next?.page == page, group.count < piece {
            group.append(next.take()!)
            next = findings.next()
        }
    }
}
