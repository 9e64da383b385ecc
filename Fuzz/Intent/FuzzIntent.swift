import LinkAudit
import LinkAuditModel
import Policies
import WHATWGURL

/// The fuzzing harness for `intent:` and `android-app:` URIs (issue 16): any bytes as a URI,
/// through the model of Android's `Intent.parseUri` under each set of flags the profiles
/// use, then what each client does with the intent — the PayerMax guide's
/// `DeepLinkWebViewClient` (`IntentSanitizer`), Chrome for Android (`ChromeIntentFields`,
/// its Play Store URL), WebView without a client (`AwContentsClientIntent`) — and the URI
/// as a link on a page, classified by every runtime profile. A crash, a hang or a broken
/// bound is a finding; each found becomes a test in Tests/PoliciesTests/Intent/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzIntent` (README, "Fuzzing"); built without
/// `FUZZING` it replays files instead (`FuzzDriver`).
enum IntentFuzzing {
    static let flagSets: [IntentParseFlags] = [
        [], .intentScheme, .androidAppScheme, [.intentScheme, .allowUnsafe], [.intentScheme, .signedLaunchFlags],
    ]
    static let classifier = Classifier(profiles: ProfileRegistry.all)
    static let embedder = "com.example.shop"

    static func run(_ bytes: [UInt8]) {
        let uri = String(decoding: bytes, as: UTF8.self)
        for flags in flagSets {
            guard let intent = try? IntentURIParser.parse(uri, flags: flags) else { continue }
            precondition((try? IntentURIParser.parse(uri, flags: flags)) == intent, "parsing twice gave two intents")
            _ = (intent.scheme, intent.host, intent.path)
            let launch = IntentSanitizer.sanitize(intent)
            precondition(launch.intent.flags & ~(IntentFlags.allowedIntentFlags | IntentFlags.activityNewTask) == 0,
                         "the guide's client launches with flags it masks")
            precondition(launch.intent.component == nil && launch.intent.selector == nil,
                         "the guide's client launches a component or a selector")
            let chrome = ChromeIntentFields(intent)
            precondition(chrome.launchIntent.flags & ~IntentFlags.allowedIntentFlags == 0, "Chrome launches masked flags")
            _ = chrome.marketURL(embedderPackage: embedder)
            _ = chrome.browserFallbackURL.map { ChromeIntentFields.marketURL(forFallback: $0, embedderPackage: embedder) }
            let webView = AwContentsClientIntent.launchIntent(intent, embedderPackage: embedder)
            precondition(webView.intent.hasCategory(AndroidIntent.categoryBrowsable), "WebView launches unbrowsable")
        }
        // As a link the page's script follows at load, where every profile meets it.
        let link = Navigation(page: "https://fuzz.example/pay/", line: 1, source: "script", trigger: .scriptLoad,
                              frame: .main, raw: uri, url: uri, scheme: WebURL.schemeOf(uri) ?? "")
        let audited = classifier.audit([link])
        precondition(audited.count == 1 && audited[0].verdicts != nil, "a link without verdicts")
    }
}
