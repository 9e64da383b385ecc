import Foundation
import LinkAuditModel

/// An archive's own framed pages: an iframe or frame whose `src` is another page of the same
/// WARC archive loads that record's page as a sub-frame, so its navigations are sub-frame
/// navigations of the framing page too, as for a dump's files (`FramedPages`; README,
/// "Framed pages").
///
/// The framed record may come anywhere in the archive, later than the page framing it too.
/// Nothing is built until a page of the archive has a frame: then an index of target URI →
/// where the record starts (`RecordPosition`: the file offset, or the gzip member's) is read
/// ahead, record by record and without keeping any block, only as far as the URL asked for
/// (to the end for a URL the archive does not hold: at most one more pass over the archive,
/// shared by all its pages). A framed record is read again from its position when a page
/// frames it, one gzip member inflated, and nothing of it is kept after. The index holds 16
/// bytes and a key hash per record, for at most `maxIndexedRecords` records.
public final class ArchiveFrames: @unchecked Sendable {
    /// Records the index holds at most (24 bytes a slot in the dictionary, about 50 MB at the
    /// cap); frames loading records past it are not followed, and the page says so.
    public static let maxIndexedRecords = 1 << 20
    /// In a `.warc.gz` gzipped whole (one member), a record is found again by inflating from
    /// the start: records further in than this are not followed.
    public static let maxSkip = 64 << 20

    private struct Entry {
        var file: Int
        var skip: UInt32
        var number: UInt32
    }

    private let path: String
    private let shown: String
    private let maxBody: Int
    /// Guards the index and the reader building it: the pages of one archive are read on
    /// several workers at once.
    private let lock = NSLock()
    private var index: [UInt64: Entry] = [:]
    private var indexer: WARCReader?
    private var gzip = false
    /// The whole archive is indexed (or could not be read on, or the index is full).
    private var done = false
    private var full = false

    /// At most this many records indexed (`maxIndexedRecords`; smaller in tests).
    private let cap: Int

    init(path: String, shown: String, maxBody: Int, cap: Int = ArchiveFrames.maxIndexedRecords) {
        self.path = path
        self.shown = shown
        self.maxBody = maxBody
        self.cap = cap
    }

    /// Adds to a page of this archive the navigations of the archive's pages its frames load
    /// (`FrameWalk`), with what kept any of them out said on the page's record.
    public func follow(_ result: inout PageResult, reader: PageReader) {
        guard result.record.isOK, result.navigations.contains(where: FramedPages.loadsAFrame) else { return }
        let own = FramedPages.key(result.record.page)
        var missedPastCap = false
        let walk = FrameWalk(known: { key in
            if key == own { return key }
            let found = self.find(key)
            if found.entry == nil, found.full { missedPastCap = true }
            return found.entry == nil ? nil : key
        }, read: { self.document($0, reader: reader) }, pagesName: "the archive's pages")
        result.navigations = walk.follow(result.navigations, page: result.record.page, warning: &result.record.warning)
        if missedPastCap {
            let note = "framed-pages-index-full: the archive holds more than \(cap) pages; frames "
                + "loading pages past them are not followed"
            result.record.warning = result.record.warning.map { $0 + "; " + note } ?? note
        }
        result.record.navigations = result.navigations.count
    }

    /// The framed page at `key`, read again from its record.
    private func document(_ key: String, reader: PageReader) -> FrameWalk.Document {
        guard let entry = find(key).entry else { return .skipped(nil) }
        let name = ArchiveRecordName.make(archive: shown, record: Int(entry.number))
        func skipped(_ why: String) -> FrameWalk.Document {
            .skipped("framed-page-not-followed: \(key) (\(name)) \(why)")
        }
        guard entry.skip <= Self.maxSkip else {
            return skipped("starts more than \(Self.maxSkip) bytes into a gzip member holding many records")
        }
        let record: WARCRecord
        do {
            let again = try WARCReader(path: path, at: RecordPosition(file: entry.file, skip: Int(entry.skip)), gzip: gzip)
            let maxBlock = maxBody.addingReportingOverflow(HeaderFields.sizeLimit + (64 << 10))
            guard let read = try again.next(keep: ArchiveScanner.mayBePage,
                                            maxBlock: maxBlock.overflow ? Int.max : maxBlock.partialValue) else {
                return skipped("could not be read again: the archive ends before it")
            }
            record = read
        } catch {
            return skipped("could not be read again: \(error)")
        }
        // The index keeps a hash of each URL: the record read again must be the one asked for.
        guard record.targetURI.flatMap(FramedPages.key) == key else {
            return skipped("could not be read again: another record is where it was")
        }
        if record.type == "revisit" {
            return skipped("is a revisit record (its content is an earlier capture's, which is not looked up)")
        }
        if let problem = record.problem { return skipped("is damaged: \(problem)") }
        guard case .page(let page)? = ArchivedPage.from(record, file: name, maxBody: maxBody) else {
            return .skipped(nil)  // not HTML, not HTTP: a frame showing an image or a PDF starts nothing
        }
        if let problem = page.problem { return skipped("is damaged: \(problem)") }
        if page.cut { return skipped("is over the page size limit (\(maxBody) bytes)") }
        // A redirect is not followed to its target, and its own navigations are the
        // response's, which a framed page does not add (`FrameWalk`).
        guard page.isHTML else { return .skipped(nil) }
        let read = reader.read(page)
        guard read.record.isOK else { return skipped("could not be read: \(read.record.status)") }
        return .navigations(read.navigations)
    }

    /// Where the record of `key` is, reading the archive on until it is found (or its end);
    /// `full`: the index stopped at its cap.
    private func find(_ key: String) -> (entry: Entry?, full: Bool) {
        let hash = Self.hash(key)
        lock.lock()
        defer { lock.unlock() }
        if let entry = index[hash] { return (entry, full) }
        while !done {
            if let added = indexNext(), added == hash { return (index[hash], full) }
        }
        return (nil, full)
    }

    /// Reads the next record into the index: the hash it was indexed under, if any.
    private func indexNext() -> UInt64? {
        do {
            if indexer == nil {
                indexer = try WARCReader(path: path, positions: true)
                gzip = indexer!.isGzip
            }
            guard let record = try indexer!.next(keep: { _ in false }, maxBlock: 0) else {
                finish()
                return nil
            }
            _ = indexer!.takeDamage()
            let type = record.type
            guard type == "response" || type == "resource" || type == "revisit", !record.unreadable,
                  let position = record.position, let key = record.targetURI.flatMap(FramedPages.key),
                  record.number <= Int(UInt32.max) else { return nil }
            let hash = Self.hash(key)
            // The first record of a URL is the page a frame loads (a later capture of it, a
            // revisit among them, is not).
            guard index[hash] == nil else { return nil }
            guard index.count < cap else {
                full = true
                finish()
                return nil
            }
            index[hash] = Entry(file: position.file, skip: UInt32(min(position.skip, Int(UInt32.max))),
                                number: UInt32(record.number))
            return hash
        } catch {
            // The archive cannot be read on: what is indexed stays; its scanner reports the damage.
            finish()
            return nil
        }
    }

    private func finish() {
        done = true
        indexer = nil
    }

    /// FNV-1a, 64 bits: the same in every run (Swift's `hashValue` is seeded per process).
    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
