import WHATWGURL

/// `UIApplication.open(_:options:completionHandler:)` as the reference clients call it, answered at
/// once: the handler that took the URL (an app ID, or the scheme when the device names no
/// app), or nil when nothing opened. The iOS SDK's `URLOpening` protocol, kept so tests can
/// stand in for the device the way the SDK's own unit tests inject a mock.
public protocol IOSURLOpening: Sendable {
    func open(_ url: WebURL, universalLinksOnly: Bool) -> String?
}

/// The device answers: a Universal Link opens its app, `universalLinksOnly` stops there
/// (Docs/PLATFORM.md §D.5), any other web URL goes to Safari unless the device has no browser
/// (`IOSCapabilities.webBrowser`, §D.8), and a custom scheme opens when
/// `canOpen(customScheme:)` says an app takes it.
public struct DeviceURLOpener: IOSURLOpening {
    /// What a web URL with no Universal Link app opens in.
    public static let safari = "com.apple.mobilesafari"

    public let device: DeviceProfile

    public init(device: DeviceProfile) {
        self.device = device
    }

    public func open(_ url: WebURL, universalLinksOnly: Bool) -> String? {
        if let app = device.universalLinkApp(for: url) { return app.id }
        if universalLinksOnly { return nil }
        if url.scheme == "http" || url.scheme == "https" {
            return device.ios?.webBrowser == false ? nil : Self.safari
        }
        guard device.canOpen(customScheme: url.scheme) else { return nil }
        return device.app(forScheme: url.scheme)?.id ?? url.scheme
    }
}

/// The iOS SDK's `AppStoreSearch`: after a custom scheme fails to open, search the App Store
/// for the scheme's name, `itms-apps:` first and `https:` second.
public enum AppStoreSearch {
    /// `URLComponents` with scheme, host, path `/search` and one `term` query item.
    public static func searchURLs(term: String) -> [WebURL] {
        let query = "term=" + encodeQueryValue(term)
        return [
            WebURL.parse("itms-apps://itunes.apple.com/search?" + query),
            WebURL.parse("https://apps.apple.com/search?" + query),
        ].compactMap { $0 }
    }

    /// Opens the search URLs in order and returns the one that opened; nil when none did
    /// (the SDK then calls `onOpenFailed`).
    public static func search(term: String, opener: any IOSURLOpening) -> (url: WebURL, handler: String)? {
        for url in searchURLs(term: term) {
            if let handler = opener.open(url, universalLinksOnly: false) { return (url, handler) }
        }
        return nil
    }

    /// `URLQueryItem` values are percent-encoded by `URLComponents`, which leaves the
    /// query-safe characters alone (`+` included). A scheme name never needs more.
    static func encodeQueryValue(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return out
    }
}
