/// One typed extra from an `intent:` URI (`S.key=…`, `i.key=…`…), as Android's `Bundle` holds it.
public enum IntentExtra: Sendable, CustomStringConvertible {
    case string(String)     // S.
    case boolean(Bool)      // B.
    case byte(Int8)         // b.
    /// `c.`: a Java `char`, i.e. one UTF-16 code unit (the first of the decoded value).
    case char(UInt16)
    case double(Double)     // d.
    case float(Float)       // f.
    case int(Int32)         // i.
    case long(Int64)        // l.
    case short(Int16)       // s.

    /// The boxed Java type name (`String`, `Integer`…), as test vectors and logs name it.
    public var javaType: String {
        switch self {
        case .string: "String"
        case .boolean: "Boolean"
        case .byte: "Byte"
        case .char: "Character"
        case .double: "Double"
        case .float: "Float"
        case .int: "Integer"
        case .long: "Long"
        case .short: "Short"
        }
    }

    /// The value if this is a `String` extra: `Intent.getStringExtra` returns null for any other type.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var description: String {
        switch self {
        case .string(let v): "(String)\(v)"
        case .boolean(let v): "(Boolean)\(v)"
        case .byte(let v): "(Byte)\(v)"
        case .char(let v): "(Character)U+\(String(v, radix: 16, uppercase: true))"
        case .double(let v): "(Double)\(v)"
        case .float(let v): "(Float)\(v)"
        case .int(let v): "(Integer)\(v)"
        case .long(let v): "(Long)\(v)"
        case .short(let v): "(Short)\(v)"
        }
    }
}

extension IntentExtra: Equatable {
    /// Java's boxed `equals`: floating values compare by bits, so NaN equals NaN and 0.0 != -0.0.
    public static func == (a: IntentExtra, b: IntentExtra) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): x == y
        case let (.boolean(x), .boolean(y)): x == y
        case let (.byte(x), .byte(y)): x == y
        case let (.char(x), .char(y)): x == y
        case let (.double(x), .double(y)): x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern
        case let (.float(x), .float(y)): x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern
        case let (.int(x), .int(y)): x == y
        case let (.long(x), .long(y)): x == y
        case let (.short(x), .short(y)): x == y
        default: false
        }
    }
}
