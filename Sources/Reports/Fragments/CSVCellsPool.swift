import Foundation
import LinkAuditModel

/// findings.csv's repeated cells (`CSVRowCells`) kept from page to page while the workers
/// render the pages' rows (`PageFragments`): a page's rows rendered with cells of their own
/// made its ~52 verdict sets' cells again on every page, three times what the same rows
/// cost rendered at the end with one set of cells for the file (Benchmarks/README.md,
/// issue 17). A page takes a set and gives it back, so each worker has one at a time; the
/// cells are found by their outcomes array and checked field by field, so cells made on
/// any page fit any other. One pool per layout (the cells are the layout's). Fresh cells
/// for every page are the plain version: `ReportFragmentsTests` compares the files.
final class CSVCellsPool: @unchecked Sendable {
    static let shared = CSVCellsPool()

    /// Sets kept idle at most (a set is bounded by `CSVRowCells.limit`).
    static let limit = 16

    /// Per layout, each set taken up by the worker that set it down (`WorkerShelf`).
    private let idle = Dictionary(uniqueKeysWithValues: CSVLayout.allCases.map { ($0, WorkerShelf<CSVRowCells>(limit: CSVCellsPool.limit)) })

    func take(_ layout: CSVLayout) -> CSVRowCells {
        idle[layout]!.take() ?? CSVRowCells()
    }

    func give(_ cells: CSVRowCells, layout: CSVLayout) {
        idle[layout]!.give(cells)
    }
}
