import WHATWGURL

/// The HTTP facts about one fetch of an association file, as the crawler records them.
/// The serving rules (HTTPS, no redirect, status, size, content type) are judged on these;
/// the fetching itself happens elsewhere.
public struct AssociationResponse: Sendable, Equatable {
    /// Where the body finally came from (after any redirects the fetcher followed); for a
    /// redirect the fetcher did not follow (`redirected` with a 3xx `status`), where it points.
    public var finalURL: WebURL
    public var status: Int
    /// True when any redirect was followed to get here: both platforms refuse that.
    public var redirected: Bool
    /// The `Content-Type` header as sent, nil when absent.
    public var contentType: String?
    /// The body after content decoding (gzip etc.), uncut.
    public var body: [UInt8]

    public init(finalURL: WebURL, status: Int = 200, redirected: Bool = false, contentType: String? = "application/json",
                body: [UInt8]) {
        self.finalURL = finalURL
        self.status = status
        self.redirected = redirected
        self.contentType = contentType
        self.body = body
    }

    /// The media type without parameters, lower-cased ("application/json" for
    /// "Application/JSON; charset=utf-8"); nil without a header.
    var mediaType: String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(type.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
            .reversed()).lowercased()
    }
}
