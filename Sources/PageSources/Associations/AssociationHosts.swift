import Associations
import LinkAuditModel
import WHATWGURL

/// The hosts whose association files a fetched page needs: its own when it is `https`,
/// the host of every `https` navigation on it (links, redirects, scripts…), and the other
/// domains the device verifies such a host on (for a host an installed app's wildcard App
/// Link filter takes, `*.example.com`, Android verifies `example.com`). IP addresses are left out: associated domains are names.
/// In order of first appearance, each once, lower case.
enum AssociationHosts {
    static func collect(page: String, navigations: [Navigation], verificationDomains: (String) -> [String]) -> [String] {
        var hosts: [String] = []
        var seen = Set<String>()
        func add(_ host: String) {
            let key = SiteAssociations.key(host)
            guard isDomainName(key), seen.insert(key).inserted else { return }
            hosts.append(key)
        }
        for text in [page] + navigations.map(\.url) {
            guard let url = WebURL.parse(text), url.scheme == "https", let host = url.hostname else { continue }
            add(host)
            for domain in verificationDomains(host) { add(domain) }
        }
        return hosts
    }

    /// Not empty, not an IPv6 literal, and not an IPv4 address (a host whose last label is
    /// a number is one, once parsed).
    static func isDomainName(_ host: String) -> Bool {
        guard !host.isEmpty, !host.hasPrefix("["), let last = host.split(separator: ".").last else { return false }
        return !last.allSatisfy(\.isNumber)
    }
}
