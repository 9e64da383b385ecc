extension Array {
    /// `count` copies of `value`: the array `Array(repeating:count:)` makes. That one takes its
    /// buffer from the standard library's unspecialized allocator, which looks the storage
    /// class up at run time for every array (~850 instructions each; three arrays a script on
    /// the dense corpus, Benchmarks/README.md, issue 17); room reserved in an empty array comes
    /// through code specialized for the element, whose storage class is found once.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
