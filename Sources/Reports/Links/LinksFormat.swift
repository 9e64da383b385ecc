/// The form of `links.jsonl` (README, "Output"). Format 2 names each distinct verdict set
/// once, on a line of its own, and the navigations refer to it by key — a run's links share
/// a handful of verdict sets (five over the first 1,500 pages of Debian's libstdc++
/// manual), which format 1 spelled out again on every line (630 bytes a link there; 283 now):
///
///     {"linksFormat":2}
///     {"verdictSet":"5e0c2b1a","verdicts":{"android-sdk":{"outcome":"loads",…},…}}
///     {"page":"https://…","line":30,…,"scheme":"https","verdictSet":"5e0c2b1a","findings":[]}
///
/// - The format line comes first. It comes again where a writer lets go of the sets it
///   had defined (after `setsInForce` of them), and where two files were concatenated: a
///   reader forgets every definition there.
/// - A `verdictSet` line defines its key for the lines after it, until the key is defined
///   again. A writer defines a key before the first line that uses it, and again whenever
///   the set it stands for changes: keys are a hash of the verdicts (`VerdictSetKey`), the
///   same for the same set in every run and on every machine, so the parts of a Spark run
///   merge into the single machine's file without renumbering.
/// - A navigation line is format 1's record with `"verdictSet":KEY` where format 1 had
///   `"verdicts":{…}` (a line may still carry its verdicts itself: readers take both).
/// - Format 1 has no format line; `LinksJSONLReader` reads both.
enum LinksFormat {
    static let version = 2

    /// `{"linksFormat":2}`.
    static let formatLine = Array(#"{"linksFormat":2}"#.utf8)

    /// The most verdict sets a writer keeps defined between two format lines, and so the
    /// most a reader holds: memory stays bounded on a corpus where nearly every deep link
    /// has a set of its own.
    static let setsInForce = 4096
}
