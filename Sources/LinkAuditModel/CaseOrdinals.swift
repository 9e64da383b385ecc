/// Equality and hashing by case for the String-backed enums compared and hashed on
/// the hot path: a raw-value enum otherwise compares and hashes its raw string
/// (hundreds of instructions a time — measured), and the classifier hashes a trigger and
/// a frame for every link and profile. The switches are exhaustive, so a new case must
/// be numbered here.
extension Trigger {
    package var ordinal: Int {
        switch self {
        case .tap: 0
        case .formGet: 1
        case .formPost: 2
        case .metaRefresh: 3
        case .frameLoad: 4
        case .scriptLoad: 5
        case .scriptTimer: 6
        case .scriptHandler: 7
        case .scriptAsync: 8
        case .metadata: 9
        case .serverRedirect: 10
        case .scriptLiteral: 11
        }
    }

    public static func == (lhs: Trigger, rhs: Trigger) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}

extension FrameKind {
    package var ordinal: Int {
        switch self {
        case .main: 0
        case .sub: 1
        case .newWindow: 2
        }
    }

    public static func == (lhs: FrameKind, rhs: FrameKind) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}

extension Outcome {
    var ordinal: Int {
        switch self {
        case .loads: 0
        case .internal: 1
        case .opensApp: 2
        case .chooser: 3
        case .fallback: 4
        case .appStore: 5
        case .openFailed: 6
        case .blocked: 7
        case .errorPage: 8
        case .unreached: 9
        }
    }

    public static func == (lhs: Outcome, rhs: Outcome) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}

extension Severity {
    var ordinal: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func == (lhs: Severity, rhs: Severity) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}
