/// Errors that stop a command; each carries a one-line message naming what is wrong
/// (the flag, the file, the field).
public enum LinkAuditError: Error, CustomStringConvertible, Equatable {
    /// Bad command-line usage or configuration: exit code 2.
    case usage(String)
    /// Output could not be written.
    case io(String)

    public var description: String {
        switch self {
        case .usage(let message), .io(let message): return message
        }
    }
}
