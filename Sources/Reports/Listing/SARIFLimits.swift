/// What GitHub code scanning accepts in an uploaded SARIF file, from GitHub's "SARIF
/// support for code scanning" (its table of maximum values, and the lengths its
/// `reportingDescriptor` properties are limited to). A file over a maximum is rejected
/// whole, so findings.sarif keeps within each one a large run could reach:
///
/// | limit | GitHub's maximum | findings.sarif |
/// |---|---|---|
/// | runs per file | 20 | 1 |
/// | results per run | 25,000 | the most severe 25,000 (`SARIFSelection`), the rest counted in the run |
/// | rules per run | 25,000 | one per code: the known ones, then unknown codes read back, cut at 25,000 |
/// | locations per result | 1,000 (10 shown) | 1 |
/// | tags per rule | 20 (10 shown) | 3 |
/// | tool extensions per run | 100 | none |
/// | thread flow locations per result | 10,000 | none |
/// | rule `name` | 255 characters | clipped |
/// | rule `shortDescription`, `fullDescription` | 1,024 characters | clipped |
/// | the file, gzip-compressed | 10 MB | 25,000 results of linkaudit's size stay far below (tested) |
enum SARIFLimits {
    static let resultsPerRun = 25_000
    static let rulesPerRun = 25_000
    static let locationsPerResult = 1_000
    static let tagsPerRule = 20
    static let runsPerFile = 20
    static let ruleNameCharacters = 255
    static let descriptionCharacters = 1_024
    static let gzipBytes = 10 * 1_000_000

    /// `text` cut to at most `limit` characters, at a word with `…` when it is cut.
    static func clipped(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(limit - 1)
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = cut[..<space]
        }
        return cut + "…"
    }
}
