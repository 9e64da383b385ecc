/// The registrable domain ("eTLD+1") of a host: what "the same site" means for the crawl.
/// A small built-in suffix list, not the full Public Suffix List: every single-label TLD,
/// the second-level registries of the markets checkout pages come from (`co.id`, `co.uk`,
/// `com.sg`, …) and shared-hosting suffixes where each subdomain is a different owner
/// (`github.io`, `vercel.app`, …). A suffix missing here makes two owners one site; add it.
public enum RegistrableDomain {
    static let multiLabelSuffixes: Set<String> = [
        // Asia-Pacific
        "co.id", "or.id", "ac.id", "go.id", "web.id", "my.id", "biz.id", "sch.id",
        "com.sg", "edu.sg", "gov.sg", "net.sg", "org.sg",
        "com.my", "net.my", "org.my", "gov.my", "edu.my",
        "co.th", "in.th", "or.th", "ac.th", "go.th",
        "com.ph", "net.ph", "org.ph", "gov.ph", "edu.ph",
        "com.vn", "net.vn", "org.vn", "gov.vn", "edu.vn",
        "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp", "gr.jp", "ad.jp", "ed.jp", "lg.jp",
        "co.kr", "or.kr", "ne.kr", "go.kr", "ac.kr", "re.kr",
        "com.cn", "net.cn", "org.cn", "gov.cn", "edu.cn",
        "com.hk", "net.hk", "org.hk", "gov.hk", "edu.hk",
        "com.tw", "net.tw", "org.tw", "gov.tw", "edu.tw",
        "co.in", "net.in", "org.in", "firm.in", "gen.in", "ind.in", "gov.in", "ac.in",
        "com.au", "net.au", "org.au", "edu.au", "gov.au", "id.au",
        "co.nz", "net.nz", "org.nz", "govt.nz", "ac.nz",
        "com.pk", "com.bd", "com.np", "com.lk", "com.kh", "com.mm",
        // Europe, Americas, Africa, Middle East
        "co.uk", "org.uk", "me.uk", "ltd.uk", "plc.uk", "net.uk", "ac.uk", "gov.uk", "nhs.uk",
        "com.br", "net.br", "org.br", "gov.br", "com.mx", "org.mx", "gob.mx", "com.ar", "com.co", "com.pe",
        "com.tr", "co.za", "org.za", "gov.za", "co.ke", "com.ng", "com.eg", "co.il", "com.sa", "ae.org",
        // Shared hosting: each subdomain is its own site.
        "github.io", "gitlab.io", "vercel.app", "netlify.app", "pages.dev", "workers.dev", "web.app",
        "firebaseapp.com", "appspot.com", "herokuapp.com", "azurewebsites.net", "cloudfront.net",
        "blogspot.com", "myshopify.com", "onrender.com", "fly.dev", "ngrok.io", "ngrok-free.app",
        "s3.amazonaws.com", "amplifyapp.com", "glitch.me", "repl.co", "wixsite.com", "wordpress.com",
    ]

    /// The registrable domain, or the host itself for IP addresses, single labels and suffixes.
    public static func of(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        if host.hasPrefix("[") || IPText.bytes(host) != nil { return host }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 1 else { return host }
        // The longest listed suffix, else the TLD; then one more label.
        var suffixLength = 1
        for length in stride(from: min(3, labels.count - 1), through: 2, by: -1)
        where multiLabelSuffixes.contains(labels.suffix(length).joined(separator: ".")) {
            suffixLength = length
            break
        }
        return labels.suffix(suffixLength + 1).joined(separator: ".")
    }
}
