import CLibXML2
import Glibc

/// A huge page as the tokenizer reads it (`HTMLExtractor.prepare`), kept in an unlinked
/// temporary file instead of memory, so that the page is held once while libxml2 parses it,
/// not twice (README Limits; Docs/ARCHITECTURE.md §3): libxml2's input buffer is filled
/// straight from the file (`fill`), and the extractor's own reads of the page (the search
/// for `</form`, `FormOwnership`) go through a read-only mapping, whose pages count in the
/// process's memory only once touched. The file goes when the last holder lets go (a
/// streamed page keeps it for its second pass).
final class SpilledPage: @unchecked Sendable {
    private let descriptor: Int32
    private let mapping: UnsafeMutableRawPointer
    /// The page's length in bytes.
    let count: Int
    /// The ids and classes the page's scripts look elements up by (`ElementIndex.wanted`),
    /// read from the page before it went to the file: reading them from the mapping would
    /// touch the whole page.
    let wanted: ElementIndex.Wanted

    /// The page in a new, already unlinked file in `directory`; nil when the file cannot be
    /// made, written or mapped (the caller then keeps the page in memory).
    init?(_ page: UnsafeRawBufferPointer, directory: String) {
        guard let base = page.baseAddress, page.count > 0 else { return nil }
        var template = Array((directory + "/.linkaudit-page-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var written = 0
        while written < page.count {
            let n = write(descriptor, base + written, page.count - written)
            if n > 0 {
                written += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                close(descriptor)
                return nil
            }
        }
        guard let mapped = mmap(nil, page.count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        mapping = mapped
        count = page.count
        wanted = ElementIndex.wanted(in: page)
    }

    deinit {
        munmap(mapping, count)
        close(descriptor)
    }

    /// The page, mapped: read it sparingly (each page of it touched counts as memory).
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: mapping, count: count) }

    /// Where `fill` has read to, for libxml2's read callback.
    private struct Cursor {
        let descriptor: Int32
        let count: Int
        var offset = 0
    }

    /// Reads the whole page into libxml2's input buffer `input` (a push parser's, before it
    /// parses), as pushing it in one chunk would leave it, but with no copy of the page
    /// between: libxml2 grows its buffer to the page's length and calls back to read into
    /// it (`xmlParserInputBufferGrow`). False when the file cannot be read.
    func fill(_ input: xmlParserInputBufferPtr) -> Bool {
        var cursor = Cursor(descriptor: descriptor, count: count)
        let filled = withUnsafeMutablePointer(to: &cursor) { cursor -> Bool in
            input.pointee.context = UnsafeMutableRawPointer(cursor)
            input.pointee.readcallback = { context, buffer, length in
                guard let context, let buffer, length > 0 else { return 0 }
                let cursor = context.assumingMemoryBound(to: Cursor.self)
                let wanted = min(Int(length), cursor.pointee.count - cursor.pointee.offset)
                var n: Int
                repeat {
                    n = pread(cursor.pointee.descriptor, buffer, wanted, off_t(cursor.pointee.offset))
                } while n < 0 && errno == EINTR
                // The file never shrinks: no bytes where there should be some is a failure.
                guard n > 0 else { return -1 }
                cursor.pointee.offset += n
                return Int32(n)
            }
            defer {
                // A push parser's buffer has no callback: libxml2 must not read past the page.
                input.pointee.readcallback = nil
                input.pointee.context = nil
            }
            while cursor.pointee.offset < count {
                let length = Int32(clamping: count - cursor.pointee.offset)
                guard xmlParserInputBufferGrow(input, length) > 0 else { return false }
            }
            return true
        }
        return filled && input.pointee.error == 0
    }
}
