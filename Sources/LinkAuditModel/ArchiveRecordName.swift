import Foundation

/// How a page read from a WARC archive is named in reports' `file` fields:
/// `archive.warc.gz#record=N`, the archive as reports name files and the record's number
/// in it; and a damaged stretch of one, `archive.warc.gz#bytes=1200-5399` (bytes of the
/// file, the last one included as an HTTP `Range` names it) or `#inflated-bytes=…` (of the
/// inflated data of a `.warc.gz`). One definition for the reader that writes them and the
/// reports that read them back (SARIF points such a record at its URL or at the archive:
/// no file `#record=N` exists to open).
public enum ArchiveRecordName {
    static let marker = "#record="
    static let fileBytes = "#bytes="
    static let inflatedBytes = "#inflated-bytes="

    public static func make(archive: String, record: Int) -> String {
        archive + marker + String(record)
    }

    /// A stretch of `first...last` bytes, of the file or of the inflated data.
    public static func make(archive: String, bytes first: Int, _ last: Int, inflated: Bool) -> String {
        archive + (inflated ? inflatedBytes : fileBytes) + "\(first)-\(last)"
    }

    /// The archive's name when `file` names one of its records or stretches; nil for a
    /// plain file.
    public static func archive(of file: String) -> String? {
        // Every name has a `#`; most files have none, and Foundation's search below costs
        // as much as the rest of a SARIF result (Benchmarks/README.md, issue 17).
        guard file.utf8.contains(UInt8(ascii: "#")) else { return nil }
        for name in [marker, fileBytes, inflatedBytes] {
            guard let range = file.range(of: name, options: .backwards) else { continue }
            let tail = file[range.upperBound...]
            guard !tail.isEmpty, tail.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { continue }
            return String(file[..<range.lowerBound])
        }
        return nil
    }
}
