import Associations
import LinkAudit
import LinkAuditModel
import Policies
import WHATWGURL

/// The fuzzing harness for association files (issue 16): any bytes as an
/// `apple-app-site-association` and as an `assetlinks.json` — strict JSON, validation,
/// the serving rules, pattern compilation with substitution variables — then matched as
/// the policies match them: URL paths against the AASA's rules (the input's own, after a
/// NUL byte, and a few fixed ones), the asset links' `handle_all_urls` grants, and links
/// to the file's host classified by every runtime profile with the files in hand. A crash,
/// a hang or a broken bound is a finding; each found becomes a test in
/// Tests/AssociationsTests/Fuzz/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzAssociations` (README, "Fuzzing"); built
/// without `FUZZING` it replays files instead (`FuzzDriver`).
enum AssociationsFuzzing {
    static let host = "fuzz.example"
    static let paths = ["/", "/pay/checkout?order=1#done", "/%E2%9C%93/a%20b?x=%25", "/NOT/Help/"]
    static let appleURL = WebURL.parse("https://fuzz.example/.well-known/apple-app-site-association")!
    static let androidURL = WebURL.parse("https://fuzz.example/.well-known/assetlinks.json")!
    static let classifier = Classifier(profiles: ProfileRegistry.all)

    static func run(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
        let body = Array(parts.first ?? [])
        let urls = (paths + parts.dropFirst().prefix(8).map { String(decoding: $0, as: UTF8.self) })
            .compactMap { WebURL.parse($0, base: WebURL.parse("https://" + host + "/")) }
        var sites = SiteAssociations()

        let apple = AppSiteAssociation.parse(body)
        if let association = apple.value {
            let rules = association.details.reduce(0) { $0 + ($1.components?.count ?? 0) + ($1.legacyPaths?.count ?? 0) }
            precondition(rules <= body.count, "\(rules) rules from \(body.count) bytes")
            for url in urls {
                let verdicts = association.match(url)
                precondition(verdicts.keys.allSatisfy { id in association.details.contains { $0.appIDs.contains(id) } },
                             "a verdict for an app the file does not name")
                if let (id, verdict) = verdicts.first {
                    precondition(association.verdict(for: url, appID: id) == verdict, "two verdicts for one app")
                }
            }
            sites.set(.usable(association), appleForHost: host)
        }
        let android = AssetLinks.parse(body)
        if let links = android.value {
            precondition(links.statements.count + links.includes.count <= body.count, "more statements than bytes")
            for app in links.appLinkApps {
                precondition(links.verifies(package: app.packageName), "a grant that does not verify its own app")
            }
            sites.set(.usable(links), androidForHost: host)
        }
        // As a crawl reads them: served well, and served as a redirect.
        for response in [AssociationResponse(finalURL: appleURL, body: body),
                         AssociationResponse(finalURL: appleURL, status: 301, redirected: true, body: body)] {
            _ = AssociationFile.read(.apple, url: appleURL, response)
            _ = AssociationFile.read(.android, url: androidURL, response)
        }

        var withFiles = classifier
        withFiles.associations = sites
        let links = urls.map { url in
            Navigation(page: "https://shop.example/pay/", line: 1, source: "a[href]", trigger: .tap, frame: .main,
                       raw: url.href, url: url.href, scheme: url.scheme)
        }
        precondition(withFiles.audit(links).count == links.count, "classification lost links")
    }
}
