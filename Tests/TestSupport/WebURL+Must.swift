import WHATWGURL

extension WebURL {
    /// Test shorthand: a URL that must parse.
    package static func must(_ string: String) -> WebURL {
        guard let url = WebURL.parse(string) else { fatalError("unparseable test URL \(string)") }
        return url
    }
}
