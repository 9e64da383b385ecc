import LinkAuditModel

/// How `findings.csv` is laid out (`--csv-layout`, `--csv-bom`; a pipeline's
/// `report.csvLayout`, `report.csvBom`).
public struct CSVOptions: Sendable, Equatable {
    public var layout: CSVLayout
    /// A UTF-8 byte order mark first, so Excel reads the file as UTF-8 (without one it
    /// takes the local code page). Off by default: to every other reader — `cut`, Python's
    /// `csv` without `utf-8-sig`, a byte comparison — the mark is part of the first
    /// header name.
    public var bom: Bool

    public init(layout: CSVLayout = .long, bom: Bool = false) {
        self.layout = layout
        self.bom = bom
    }

    /// `--csv-layout long|wide` (nil: the default) and `--csv-bom`. `flag` names the
    /// setting in the one-line error (a flag, or a pipeline config's key).
    public static func parse(layout: String?, bom: Bool, flag: String = "--csv-layout") throws -> CSVOptions {
        guard let layout else { return CSVOptions(bom: bom) }
        guard let chosen = CSVLayout(rawValue: layout.trimmingASCIIWhitespace.lowercased()) else {
            throw LinkAuditError.usage("\(flag): unknown layout '\(layout)' (long or wide)")
        }
        return CSVOptions(layout: chosen, bom: bom)
    }
}

/// Rows per finding in `findings.csv`.
public enum CSVLayout: String, Sendable, CaseIterable {
    /// One row per finding and profile it fires on, with that profile's `profile`,
    /// `outcome` and `reason`: a spreadsheet filter picks a profile by its value. A page
    /// finding (an unreadable page, a rejected association file) is one row with these
    /// empty. The default.
    case long
    /// One row per finding: `profiles` space-separated, `outcomes` and `reasons` as
    /// `profile=value` pairs for every profile that ran.
    case wide
}
