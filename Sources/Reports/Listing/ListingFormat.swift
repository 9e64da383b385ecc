/// A report file that lists findings page by page — findings.csv, findings.json,
/// findings.sarif, junit.xml — told in three parts: what comes before the pages, one
/// page's share (its findings in report order), and what comes after. One file per
/// format, as SwiftLint has one file per `Reporter`.
///
/// A page's share is rendered in one of two places, and both call the same `page`: on the
/// worker that read the page, while pages are still being read (`PageFragments`, with an
/// instance made by `init(fragments:)`), or at the end from the report's findings (`ListingFile`,
/// with an instance made by `init(_:)`). `ListingFile` alone decides which, and puts the
/// file together from the shares.
protocol ListingFormat {
    /// The format's slot in a page's fragments.
    static var fragment: FragmentFormat { get }
    /// Whether fixed findings (with a baseline) are listed among the current ones, in
    /// report order (CSV rows, SARIF results), or not by `page` (findings.json lists them
    /// apart, JUnit not at all).
    static var listsFixed: Bool { get }

    /// For page shares alone, before the report exists (on the workers).
    init()
    /// For page shares alone, with the run's settings for them (the CSV's layout).
    init(fragments: FragmentFormats)
    /// For the whole file of `report`.
    init(_ report: Report)

    /// What comes before the first page's share.
    func prologue(to out: inout ByteBuffer)
    /// The text that joins a share that is not empty to what came before it (`first`: no
    /// share came before).
    func joint(first: Bool, to out: inout ByteBuffer)
    /// One page's share. `page` is nil for findings of a page that is not an input page
    /// (an association file, a page fixed since the baseline).
    mutating func page(_ page: PageStats?, _ findings: [Finding], to out: inout ByteBuffer)
    /// What comes after the last page's share (`listed`: some share was not empty).
    func epilogue(listed: Bool, to out: inout ByteBuffer)

    /// Whether the pages' fragments can stand for this file's shares: not when the file
    /// lists only some of each page's findings (SARIF over code scanning's limits).
    var takesPageFragments: Bool { get }
    /// One line for stderr about what the file left out, once it is written.
    var note: String? { get }
    /// Whether page fragments made with `fragments` can stand for `report`'s file.
    static func fragmentsFit(_ fragments: FragmentFormats, _ report: Report) -> Bool
    /// Whether a page's share is its findings' own texts, one after another, so that the
    /// page can be handed over in pieces (`PageGroups`): a page of a million findings is
    /// then never held whole (README Limits).
    static var takesPagesInPieces: Bool { get }
}

extension ListingFormat {
    static var listsFixed: Bool { false }

    static var takesPagesInPieces: Bool { false }

    init(fragments: FragmentFormats) { self.init() }

    static func fragmentsFit(_ fragments: FragmentFormats, _ report: Report) -> Bool { true }

    func joint(first: Bool, to out: inout ByteBuffer) {}

    var takesPageFragments: Bool { true }

    var note: String? { nil }
}
