import Foundation

/// A finding's message as `findings.csv` writes it: linkaudit's own wording in ASCII, so
/// a spreadsheet that guesses the local code page (Excel opening a CSV without a byte
/// order mark) shows no `â€”`. The one non-ASCII character linkaudit itself writes into a
/// message is the dash between the check's title and the reasons
/// (`FindingBuilder.titleSeparator`); it becomes " - ". Titles and reasons are ASCII
/// (`ReportCSVTests` holds every check's title to it). What came from a page or a file —
/// a page status naming a path, an association file's problem quoting a key — is kept
/// byte for byte, whatever it holds: only the separator at its known place is replaced.
enum CSVMessage {
    static let separator = " - "

    /// Once per finding row: the title and separator compared as bytes in place, with no
    /// string made for the comparison (Docs/ARCHITECTURE.md §3); `plainText` is the plain
    /// version, and `ReportCSVTests` compares the two.
    static func text(_ finding: Finding) -> String {
        let title = FindingBuilder.title(finding.code)
        var message = finding.message
        var head = title
        return message.withUTF8 { bytes in
            head.withUTF8 { titleBytes in
                separatorBytes.withUnsafeBufferPointer { dash in
                    let start = titleBytes.count, end = titleBytes.count + dash.count
                    guard bytes.count >= end,
                          titleBytes.isEmpty || memcmp(bytes.baseAddress!, titleBytes.baseAddress!, start) == 0,
                          memcmp(bytes.baseAddress! + start, dash.baseAddress!, dash.count) == 0
                    else { return finding.message }
                    return title + separator + String(decoding: UnsafeBufferPointer(rebasing: bytes[end...]), as: UTF8.self)
                }
            }
        }
    }

    /// `text(finding)` written as one CSV cell (`CSVCell`), put together in `scratch` without
    /// a string in between: once per finding row.
    static func appendCell(_ finding: Finding, to out: inout ByteBuffer, scratch: inout ByteBuffer) {
        let title = FindingBuilder.title(finding.code)
        var message = finding.message
        var head = title
        scratch.removeAll()
        message.withUTF8 { bytes in
            head.withUTF8 { titleBytes in
                separatorBytes.withUnsafeBufferPointer { dash in
                    let start = titleBytes.count, end = titleBytes.count + dash.count
                    if bytes.count >= end,
                       titleBytes.isEmpty || memcmp(bytes.baseAddress!, titleBytes.baseAddress!, start) == 0,
                       memcmp(bytes.baseAddress! + start, dash.baseAddress!, dash.count) == 0 {
                        scratch.append(titleBytes)
                        scratch.append(" - ")
                        scratch.append(UnsafeBufferPointer(rebasing: bytes[end...]))
                    } else {
                        scratch.append(bytes)
                    }
                }
            }
        }
        CSVCell.append(bytes: scratch.written, to: &out)
    }

    /// `FindingBuilder.titleSeparator`'s bytes.
    private static let separatorBytes = Array(FindingBuilder.titleSeparator.utf8)

    /// `text` as first written: the message's UTF-8 compared with the title and separator
    /// joined.
    static func plainText(_ finding: Finding) -> String {
        let title = FindingBuilder.title(finding.code)
        let message = finding.message.utf8
        guard message.starts(with: (title + FindingBuilder.titleSeparator).utf8) else { return finding.message }
        let reasons = message.dropFirst(title.utf8.count + FindingBuilder.titleSeparator.utf8.count)
        return title + separator + String(decoding: reasons, as: UTF8.self)
    }
}
