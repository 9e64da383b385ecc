import LinkAuditModel

/// A stretch of an archive that could not be read whole: a corrupt gzip member, bytes
/// between records that are not WARC, the part of a record with a too-big `Content-Length`
/// that could not be held to recover the records inside it. Every one becomes a record in
/// `pages.jsonl`, so no part of an input goes unaccounted for (README, "Scale: WARC
/// archives").
public struct DamagedStretch: Sendable, Equatable {
    /// Which bytes `start` and `end` count: the file's own, or the inflated stream of a
    /// `.warc.gz` (where an offset inside a member has no place in the file).
    public enum Place: Sendable, Equatable {
        case file
        case inflated
    }

    /// First byte of the stretch.
    public var start: Int
    /// One past its last byte.
    public var end: Int
    public var place: Place
    /// What was wrong there and what became of it (`corrupt gzip member (invalid block
    /// type): read up to the damage, then skipped to the next member`).
    public var reason: String

    public var count: Int { end - start }

    /// The range with its last byte included, as an HTTP `Range` names it: `1200-5399`.
    private var range: String { "\(start)-\(max(start, end - 1))" }

    /// `archive#bytes=1200-5399` (or `#inflated-bytes=…`): how reports name the stretch.
    public func name(in archive: String) -> String {
        ArchiveRecordName.make(archive: archive, bytes: start, max(start, end - 1), inflated: place == .inflated)
    }

    /// The reason and where: `…: bytes 1200-5399 of the file`.
    public var description: String {
        "\(reason): bytes \(range) of " + (place == .file ? "the file" : "the inflated data")
    }
}
