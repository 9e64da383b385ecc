import XCTest
@testable import Reports
import TestSupport

/// A listing format whose page share is its findings' own texts takes a page's findings in
/// pieces (`PageGroups.walk(…piece:)`, `ListingFormat.takesPagesInPieces`), so a page of a
/// million findings is never held whole at the end of a run (README Limits). The file must
/// be the same bytes however the pages are cut.
final class ListingPiecesTests: XCTestCase {
    private let formats = Set(ReportFormat.allCases)

    func testCSVInPiecesIsTheWholePagesFile() throws {
        let report = ReportFixture.accumulate(ReportFixture.run1).report(toolVersion: "0.1.0")
        for layout in CSVLayout.allCases {
            var laid = report
            laid.csv = CSVOptions(layout: layout)
            let whole = PageGroups.$pieceFindings.withValue(.max) { ReportFiles.render(.csv, laid) }
            XCTAssertGreaterThan(whole.utf8.filter { $0 == 0x0A }.count, 10, "pages of several findings each")
            for piece in [1, 2, 3, 7] {
                XCTAssertEqual(PageGroups.$pieceFindings.withValue(piece) { ReportFiles.render(.csv, laid) }, whole,
                               "\(layout), pieces of \(piece)")
            }
        }
    }

    /// The pass that writes the files side by side (`ListingPass`): CSV alone goes in
    /// pieces, CSV with other formats whole; every file the same either way.
    func testTheListingPassInPiecesWritesTheSameFiles() throws {
        for formats in [Set([ReportFormat.csv, .md]), formats] {
            var outputs: [[String: Data]] = []
            for piece in [Int.max, 1, 3] {
                let dir = TempDir()
                _ = try PageGroups.$pieceFindings.withValue(piece) {
                    try ReportFixture.accumulate(ReportFixture.run1).finish(into: dir.path, formats: formats)
                }
                let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
                outputs.append(Dictionary(uniqueKeysWithValues: try names.map {
                    ($0, try Data(contentsOf: URL(fileURLWithPath: dir.path + "/" + $0)))
                }))
            }
            for other in outputs.dropFirst() { XCTAssertEqual(other, outputs[0], "\(formats.sorted { $0.rawValue < $1.rawValue })") }
        }
    }

    /// Pages cut in pieces still come in page order, each page's findings in report order.
    func testPiecesOfOnePageFollowEachOther() {
        let finding = { (page: String, line: Int) in
            Finding(page: page, file: nil, line: line, source: "a[href]", trigger: "tap", frame: "main", url: "app://x",
                    code: "X", severity: .error, profiles: [], outcomes: [], message: "")
        }
        let findings = [finding("a", 1), finding("a", 2), finding("a", 3), finding("b", 1), finding("c", 1), finding("c", 2)]
        let pages = [PageStats(page: "a", file: nil, status: "ok", navigations: 3),
                     PageStats(page: "c", file: nil, status: "ok", navigations: 2)]
        var calls: [String] = []
        PageGroups.walk(pages, findings.makeIterator(), piece: 2) { page, group in
            calls.append("\(page?.page ?? "-"):" + group.map { "\($0.page)\($0.line!)" }.joined(separator: ","))
        }
        XCTAssertEqual(calls, ["a:a1,a2", "a:a3", "-:b1", "c:c1,c2"])
    }
}
