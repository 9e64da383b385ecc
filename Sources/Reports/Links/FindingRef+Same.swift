import LinkAuditModel

extension FindingRef {
    /// `a == b`, the lists read where they lie. The derived `==` copied each finding out of
    /// its list, retaining and releasing its code and profiles (eight calls a finding), and a
    /// link's findings list is equal to the one it is looked up by, not the same buffer, on
    /// most lines (`LinkLineCells.tail`, issue 17). The same test as `Array.==` and the
    /// derived `==`: counts, then buffers, then each code and profile by `String.==`.
    static func sameList(_ a: [FindingRef]?, _ b: [FindingRef]?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (a?, b?):
            guard a.count == b.count else { return false }
            return a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in
                    if x.baseAddress == y.baseAddress { return true }
                    for i in x.indices {
                        guard x[i].code == y[i].code, sameNames(x[i].profiles, y[i].profiles) else { return false }
                    }
                    return true
                }
            }
        }
    }

    /// `a == b` for two lists of names (a finding's profiles), read where they lie.
    static func sameNames(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                if x.baseAddress == y.baseAddress { return true }
                for i in x.indices where x[i] != y[i] { return false }
                return true
            }
        }
    }
}
