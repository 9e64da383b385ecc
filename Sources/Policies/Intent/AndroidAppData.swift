/// The data and package of an `android-app://package[/scheme[/host[/path]]]` URI
/// (the `android-app:` branch at the end of `Intent.parseUriInternal`).
enum AndroidAppData {
    /// Sets the package (and ACTION_MAIN when only a package is named and no `action=` was
    /// given) on `intent`; returns the data string ("" for none).
    ///
    /// Kept as the platform codes it, quirks included: `scheme` is shared with a `scheme=` item
    /// of the fragment, and a host with no `/` after it is dropped, so
    /// `android-app://pkg/http/example.com` gives data `http:` (the Javadoc's table says
    /// otherwise). Segments are not percent-decoded (AOSP at 426c3132).
    static func apply(_ data: JavaString, scheme fragmentScheme: String?, explicitAction: Bool,
                      to intent: inout AndroidIntent) throws -> String {
        // charAt throws on "android-app:" or "android-app:/": the whole parse then fails.
        guard try data.charAt(12) == 0x2F, try data.charAt(13) == 0x2F else { return "" }
        var end = data.indexOf("/", from: 14)
        if end < 0 {
            intent.package = try data.substring(14)
            if !explicitAction { intent.action = AndroidIntent.actionMain }
            return ""
        }
        intent.package = try data.substring(14, end)
        var scheme = fragmentScheme
        var authority: String?
        if end + 1 < data.count {
            var next = data.indexOf("/", from: end + 1)
            if next >= 0 {
                scheme = try data.substring(end + 1, next)
                end = next
                next = data.indexOf("/", from: end + 1)
                if end < data.count, next >= 0 {
                    authority = try data.substring(end + 1, next)
                    end = next
                }
            } else {
                scheme = try data.substring(end + 1)
            }
        }
        guard let scheme else {
            if !explicitAction { intent.action = AndroidIntent.actionMain }
            return ""
        }
        guard let authority else { return scheme + ":" }
        return scheme + "://" + authority + (try data.substring(end))
    }
}
