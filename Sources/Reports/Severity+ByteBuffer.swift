import LinkAuditModel

extension ByteBuffer {
    /// `error`, `warning` or `info`, without going through the raw value's String.
    mutating func append(severity: Severity) {
        switch severity {
        case .error: append("error")
        case .warning: append("warning")
        case .info: append("info")
        }
    }
}
