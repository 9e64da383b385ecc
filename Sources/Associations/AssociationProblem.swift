import LinkAuditModel

/// One thing wrong with a site's association file (`apple-app-site-association` or
/// `assetlinks.json`), as a one-line reason. The crawl turns errors into
/// `ASSOCIATION_INVALID` findings on the host; warnings are reported but the platform
/// still uses the file.
public struct AssociationProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        /// The platform rejects the file or the part named (that part grants nothing).
        case error
        /// Worth fixing, but does not change which links open apps.
        case warning
    }

    public var severity: Severity
    /// One line, no JSON: "applinks.details[0].appIDs[1]: … is not an app ID …".
    public var reason: String

    public init(_ severity: Severity, _ reason: String) {
        self.severity = severity
        self.reason = reason
    }

    package static func error(_ reason: String) -> AssociationProblem { AssociationProblem(.error, reason) }
    package static func warning(_ reason: String) -> AssociationProblem { AssociationProblem(.warning, reason) }

    public var description: String { "\(severity.rawValue): \(reason)" }
}

/// A parsed association file and what is wrong with it. `value` is nil when the platform
/// would not use the file at all (not served as required, not JSON, wrong top-level shape).
public struct AssociationResult<Value: Sendable>: Sendable {
    public var value: Value?
    public var problems: [AssociationProblem]

    public init(value: Value?, problems: [AssociationProblem]) {
        self.value = value
        self.problems = problems
    }

    public var errors: [AssociationProblem] { problems.filter { $0.severity == .error } }
    public var warnings: [AssociationProblem] { problems.filter { $0.severity == .warning } }
    /// Usable and nothing the platform would reject.
    public var isValid: Bool { value != nil && errors.isEmpty }
}
