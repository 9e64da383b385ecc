/// A value a record carries from one stage to the next that is not part of the record:
/// never encoded, and every two are equal, so the record's synthesized `==` compares only
/// what it writes out. (A navigation carries its parsed target from extraction to
/// classification this way.)
public struct Carried<Value: Sendable>: Sendable, Equatable {
    public var value: Value?

    public init(_ value: Value? = nil) {
        self.value = value
    }

    public static func == (lhs: Carried, rhs: Carried) -> Bool { true }
}
