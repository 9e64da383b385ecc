/// A small linear congruential generator for the generated-input tests: the same inputs on
/// every run and every machine, so a failure names a case that can be run again.
public struct SeededNumbers {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// A number in `0..<bound`.
    public mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    /// One of `pieces`.
    public mutating func pick(_ pieces: [String]) -> String { pieces[next(pieces.count)] }

    /// Up to `length` of `pieces`, joined.
    public mutating func string(from pieces: [String], length: Int) -> String {
        (0..<next(length + 1)).map { _ in pieces[next(pieces.count)] }.joined()
    }
}
