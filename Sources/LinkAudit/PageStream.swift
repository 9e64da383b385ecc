import Checks
import Extraction
import LinkAuditModel
import PageSources
import Policies
import Reports

/// The streamed way of a page with more navigations than a run keeps at once (README
/// Limits; Docs/ARCHITECTURE.md §3): the plain way for every page under the threshold, this
/// for the rest, the same reports byte for byte (`StreamedPageTests`).
///
/// The first pass (`PageReader`) held what page-wide decisions read. Here those are given
/// their framed pages and classified as the plain way classifies them, then the page is
/// parsed again and its plain links come in chunks: each is classified beside the page's
/// parser stops (`Classifier.PageWide`), merged with the held navigations into page order,
/// and written as lines and sorted finding rows to a temporary file (`StreamedPageParts`).
/// The writer gets the page's record, its definitions and counts: nothing of the page is
/// held whole.
enum PageStream {
    /// Adds to a page's navigations those of the pages its frames load, each after its frame.
    typealias FramesFollower = (_ navigations: [Navigation], _ record: inout PageRecord) -> [Navigation]

    /// Navigations a page may have before it is streamed, and the size of its chunks.
    static let defaultThreshold = 16_384

    /// The threshold a run uses; tests set it low, so that the streamed way reads small
    /// pages (task-local: parallel tests do not see each other's).
    @TaskLocal static var threshold = defaultThreshold

    /// Navigations classified and written at a time: a chunk's records, lines and rows are
    /// what a streamed page holds (about 2 KB each with the default formats).
    static func chunk(threshold: Int) -> Int { max(1, min(threshold, 4_096)) }

    /// The page's output, or nil when its temporary file could not be written (the caller
    /// then reads the page the plain way).
    /// `follow`: adds the navigations of the pages the page's frames load (a dump's files,
    /// an archive's records), as the plain way does; nil when there are none to follow.
    static func output(_ result: PageResult, source: StreamedPageSource, chunk: Int, classifier: Classifier,
                       follow: FramesFollower?, parts: ReportParts?, streaming: Bool, directory: String) -> PageOutput? {
        var record = result.record
        // The held navigations, each frame followed by the framed pages' own (on its key).
        var held = result.navigations
        var keys = source.page.keys
        if held.count > keys.count {
            // A response's own navigations (an archive's headers) come first.
            keys = Array(repeating: .first, count: held.count - keys.count) + keys
        }
        if let follow {
            let followed = follow(held, &record)
            if followed.count != held.count {
                var next = 0
                var aligned: [StreamKey] = []
                aligned.reserveCapacity(followed.count)
                for navigation in followed {
                    if navigation.framedPage != nil, let last = aligned.last {
                        aligned.append(last)
                    } else {
                        aligned.append(keys[next])
                        next += 1
                    }
                }
                held = followed
                keys = aligned
            }
        }
        let judge = CheckRun().judge
        classifier.classify(&held, judge: judge)
        let wide = classifier.pageWide(held)
        guard var out = try? StreamedPageParts(page: record, parts: parts, directory: directory) else { return nil }
        var failed = false
        var next = 0
        source.plainNavigations(chunk: chunk) { plain, plainKeys in
            guard !failed else { return }
            var plain = plain
            classifier.classify(&plain, judge: judge, alongside: wide)
            var merged: [Navigation] = []
            merged.reserveCapacity(plain.count)
            for (navigation, key) in zip(plain, plainKeys) {
                while next < held.count, keys[next] < key {
                    merged.append(held[next])
                    next += 1
                }
                merged.append(navigation)
            }
            do { try out.add(merged) } catch { failed = true }
        }
        if !failed, next < held.count {
            do { try out.add(Array(held[next...])) } catch { failed = true }
        }
        guard !failed else { return nil }
        record.navigations = out.navigations
        let (links, report) = out.finish(record: record)
        return PageOutput(record: record, recordLine: streaming ? record.streamedJSONBytes : record.jsonBytes,
                          navigations: out.navigations, links: nil, spooledLinks: links, report: report,
                          associationRecords: result.associationRecords)
    }
}
