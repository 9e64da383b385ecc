import Foundation

/// How a page read from a WARC archive is named in reports' `file` fields:
/// `archive.warc.gz#record=N`, the archive as reports name files and the record's number
/// in it. One definition for the reader that writes it and the reports that read it back
/// (SARIF points such a page at its URL: no file `#record=N` exists to open).
public enum ArchiveRecordName {
    static let marker = "#record="

    public static func make(archive: String, record: Int) -> String {
        archive + marker + String(record)
    }

    /// The archive's name when `file` names one of its records; nil for a plain file.
    public static func archive(of file: String) -> String? {
        guard let range = file.range(of: marker, options: .backwards) else { return nil }
        return String(file[..<range.lowerBound])
    }
}
