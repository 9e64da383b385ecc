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
}
