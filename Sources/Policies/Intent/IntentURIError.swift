/// Why `Intent.parseUri` rejects a URI: the Java exception Android throws, its message, and a
/// plain-language reason a finding can quote ("unknown key 'x'", "missing end"…).
///
/// Chrome and WebView clients catch every `Exception` from `parseUri`, so both kinds mean the
/// link is dead; the kind is kept because Android reports them differently.
public struct IntentURIError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Exception: String, Sendable {
        case uriSyntax = "java.net.URISyntaxException"
        /// Unchecked, thrown by `Integer.parseInt` & co. and not wrapped by `parseUri`.
        case numberFormat = "java.lang.NumberFormatException"
    }

    public let exception: Exception
    /// The Java exception's own message (`unknown EXTRA type`, `uri end not found`,
    /// `illegal Intent URI format`, `For input string: "0.1"`…).
    public let javaMessage: String
    /// What is wrong, for people.
    public let reason: String
    /// The UTF-16 offset Android reports (URISyntaxException's index), when it reports one.
    public let index: Int?

    public init(_ exception: Exception, javaMessage: String, reason: String, index: Int? = nil) {
        self.exception = exception
        self.javaMessage = javaMessage
        self.reason = reason
        self.index = index
    }

    public var description: String {
        "\(reason) (\(exception.rawValue): \(javaMessage)\(index.map { " at index \($0)" } ?? ""))"
    }

    static func unknownKey(_ key: String, at index: Int) -> IntentURIError {
        IntentURIError(.uriSyntax, javaMessage: "unknown EXTRA type", reason: "unknown key '\(key)'", index: index)
    }

    static func missingEnd(at index: Int) -> IntentURIError {
        IntentURIError(.uriSyntax, javaMessage: "uri end not found", reason: "missing end (no ';' after item)", index: index)
    }

    static func illegalFormat(_ reason: String, at index: Int) -> IntentURIError {
        IntentURIError(.uriSyntax, javaMessage: "illegal Intent URI format", reason: reason, index: index)
    }

    static func badNumber(_ field: String, _ error: JavaNumbers.FormatError) -> IntentURIError {
        IntentURIError(.numberFormat, javaMessage: error.message, reason: "bad \(field)")
    }
}
