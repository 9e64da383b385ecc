import Associations
import WHATWGURL

extension Checks {
    static let walletAssetLinksURL = WebURL.parse("https://pay.wallet.example/.well-known/assetlinks.json")!
    static let walletAASAURL = WebURL.parse("https://pay.wallet.example/.well-known/apple-app-site-association")!

    static func walletAssetLinks(fingerprint: String) -> [UInt8] {
        Array(("[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": "
            + "\"android_app\", \"package_name\": \"com.wallet.app\", \"sha256_cert_fingerprints\": [\"\(fingerprint)\"]}}]").utf8)
    }

    static let walletFingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// A host's association file, fetched in a live crawl, breaks a rule of the platform
    /// that reads it. Page scope, on the file's own URL: one finding per file (so per host
    /// and platform), whatever page linked there first.
    static let associationInvalid = Check(
        code: "ASSOCIATION_INVALID", severity: .error, scope: .page,
        title: "App association file rejected by the platform",
        meaning: "A live crawl fetched the apple-app-site-association or assetlinks.json of a host the pages link "
            + "to (or are on), and iOS or Android would reject it, or part of it: not served over HTTPS, a redirect, "
            + "a status other than 200, over 128 KB (iOS), not JSON, no applinks details, an app ID that is not "
            + "TEAMID.bundle.id, a statement without handle_all_urls, a malformed or lower-case certificate "
            + "fingerprint. The finding's page and URL are the file's; its message lists each reason. A missing "
            + "file (4xx) is not a finding: most hosts have none.",
        impact: "Links to that host that should open the app — Universal Links, verified App Links — open the web "
            + "page instead, in every WebView and browser, and linkaudit classifies them that way.",
        advice: "Serve the file at the exact path over HTTPS with status 200 and Content-Type application/json, "
            + "without any redirect, and fix each reason given. Apple's CDN shows what iPhones receive "
            + "(https://app-site-association.cdn-apple.com/a/v1/HOST); Google's Statement List Tester checks "
            + "assetlinks.json.",
        triggering: [
            CheckExample(association: AssociationResponse(finalURL: walletAssetLinksURL,
                                                          body: walletAssetLinks(fingerprint: walletFingerprint.lowercased()))),
            CheckExample(association: AssociationResponse(finalURL: walletAASAURL, body: Array(
                #"{"applinks": {"details": [{"appIDs": ["com.wallet.app"], "components": [{"/": "/pay/*"}]}]}}"#.utf8))),
        ],
        nonTriggering: [
            CheckExample(association: AssociationResponse(finalURL: walletAssetLinksURL,
                                                          body: walletAssetLinks(fingerprint: walletFingerprint))),
            CheckExample(association: AssociationResponse(finalURL: walletAASAURL, body: Array(
                #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.wallet.app"], "components": [{"/": "/pay/*"}]}]}}"#.utf8))),
        ],
        firesOnPage: { !($0.problems ?? []).isEmpty },
        pageReasons: { $0.problems ?? [] })
}
