/// Appending to a report's pending bytes without building Strings first: the writers that
/// produce a few lines per finding (JUnit, findings.json) spend most of their time in
/// String interpolation and joins otherwise.
extension Array where Element == UInt8 {
    /// A literal's UTF-8 bytes, copied from the binary's constant data.
    @inline(__always)
    mutating func appendStatic(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string's UTF-8 bytes as they are.
    @inline(__always)
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// A severity's raw value (`error`, `warning`, `info`) without going through a String.
    mutating func appendSeverity(_ severity: Severity) {
        switch severity {
        case .error: appendStatic("error")
        case .warning: appendStatic("warning")
        case .info: appendStatic("info")
        }
    }
}
