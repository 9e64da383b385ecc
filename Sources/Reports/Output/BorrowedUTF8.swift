import Foundation

extension String {
    /// The string's UTF-8 bytes read where they lie, inside `body`. `var copy = text;
    /// copy.withUTF8` (which may have to make the bytes contiguous) retained and released
    /// the string on every call: a string written into a report was two atomic reference
    /// counts (Benchmarks/README.md, issue 17). Native strings (every string a run makes)
    /// are read in place, small ones from a copy on the stack; a bridged one, never met on
    /// Linux, takes the copying way. Inlined, so a caller reading a field of a record in
    /// place (`UnsafePointer<Navigation>`) does not retain it either.
    @inline(__always)
    func withBorrowedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// The string's UTF-8 bytes where they lie, not retained, for a caller that holds the
    /// string's owner (a page's list of links) unchanged while it reads them; nil for a small
    /// string (15 bytes or fewer: its bytes are in the value) or one not stored as contiguous
    /// UTF-8. A field of a link read in place (`UnsafePointer<Navigation>`) and handed to a
    /// function not inlined (an escaper) was retained and released around the call (issue 17).
    @inline(__always)
    var heldUTF8: UnsafeBufferPointer<UInt8>? {
        guard utf8.count > 15 else { return nil }
        return utf8.withContiguousStorageIfAvailable { $0 }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The same bytes (`memcmp`; `elementsEqual` went through the generic sequence iterators,
    /// ~1,500 instructions a links.jsonl line).
    @inline(__always)
    func sameBytes(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        // The same bytes where they lie (one string's storage shared): nothing to compare.
        if baseAddress == other.baseAddress { return true }
        return count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0
    }
}
