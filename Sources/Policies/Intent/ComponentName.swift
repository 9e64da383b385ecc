/// `ComponentName.unflattenFromString` and `flattenToString`, kept as a `pkg/cls` string.
enum ComponentName {
    /// `pkg/cls`, `pkg/.Cls` (class relative to the package). No `/`, or nothing after it,
    /// gives nil — Android drops the component silently rather than failing the parse.
    static func unflatten(_ value: String) -> String? {
        let s = JavaString(value)
        let sep = s.indexOf("/")
        guard sep >= 0, sep + 1 < s.count,
              let pkg = try? s.substring(0, sep), var cls = try? s.substring(sep + 1) else { return nil }
        if cls.utf16.first == 0x2E { cls = pkg + cls }   // "pkg/.Cls"
        return pkg + "/" + cls
    }
}
