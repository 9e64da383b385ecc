extension StaticString {
    /// Whether `bytes` (`count` of them) are this literal's UTF-8, byte for byte: how a name
    /// read off a page is matched with the literal it can be given as instead of a string made
    /// of its bytes (`WebURL.scheme`, `JSTokenizer.knownName`; issue 17). Inlinable: called
    /// from another module per constant tried, it was a call each (~50 instructions a name).
    @inlinable @inline(__always)
    package func isSpelled(by bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard utf8CodeUnitCount == count else { return false }
        let expected = utf8Start
        for i in 0..<count where bytes[i] != expected[i] { return false }
        return true
    }
}
