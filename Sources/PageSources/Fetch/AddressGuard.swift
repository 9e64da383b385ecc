import Glibc
import LinkAuditModel
import WHATWGURL

/// The private-address guard: before each request (every redirect hop included) the host
/// is resolved and refused when any of its addresses is not public. Any, not all: the HTTP
/// client resolves again and may pick another answer. That second resolution is a window
/// for DNS rebinding this guard cannot close without pinning the address in the client,
/// which URLSession does not offer.
public struct AddressGuard: Sendable {
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// `refused-address: 127.0.0.1 is loopback; --allow-private fetches it`
        case refused(String)
        case unresolvable(String)
    }

    public var allowPrivate: Bool
    /// `host:port` pairs exempt from the guard (a test's "public" origin on 127.0.0.1).
    var exemptions: Set<String>
    /// Name → addresses; the system resolver unless replaced.
    var resolve: @Sendable (String) -> Result<[[UInt8]], ResolveError>

    public init(allowPrivate: Bool) {
        self.allowPrivate = allowPrivate
        exemptions = []
        resolve = HostResolver.addresses
    }

    init(allowPrivate: Bool, exemptions: Set<String>,
         resolve: @escaping @Sendable (String) -> Result<[[UInt8]], ResolveError> = HostResolver.addresses) {
        self.allowPrivate = allowPrivate
        self.exemptions = exemptions
        self.resolve = resolve
    }

    /// Blocks on DNS: call it off the HTTP client's callback queue.
    public func check(_ url: WebURL) -> Verdict {
        guard !allowPrivate, let host = url.hostname, !host.isEmpty else { return .allowed }
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        if exemptions.contains("\(host):\(port)") { return .allowed }
        let addresses: [[UInt8]]
        if let literal = IPText.bytes(host) {
            addresses = [literal]
        } else {
            switch resolve(host) {
            case .failure(let error): return .unresolvable("dns-error: cannot resolve \(host) (\(error.message))")
            case .success(let found): addresses = found
            }
        }
        for address in addresses {
            let kind = AddressClass.of(address)
            if !kind.isPublic {
                let shown = HostResolver.text(address)
                let via = shown == host.trimmingCharacters(in: ["[", "]"]) ? "" : " (\(host))"
                return .refused("refused-address: \(shown)\(via) is \(kind.rawValue); --allow-private fetches it")
            }
        }
        return .allowed
    }
}

public struct ResolveError: Error, Sendable {
    public var message: String
}

/// getaddrinfo, the system resolver (as the HTTP client uses).
enum HostResolver {
    @Sendable static func addresses(_ host: String) -> Result<[[UInt8]], ResolveError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.trimmingCharacters(in: ["[", "]"])
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0 else { return .failure(ResolveError(message: String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var out: [[UInt8]] = []
        var node = list
        while let info = node?.pointee {
            if info.ai_family == AF_INET, let sa = info.ai_addr {
                sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                    out.append(withUnsafeBytes(of: sin.pointee.sin_addr.s_addr) { Array($0) })
                }
            } else if info.ai_family == AF_INET6, let sa = info.ai_addr {
                sa.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                    out.append(withUnsafeBytes(of: sin6.pointee.sin6_addr) { Array($0) })
                }
            }
            node = info.ai_next
        }
        return out.isEmpty ? .failure(ResolveError(message: "no addresses")) : .success(out)
    }

    static func text(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var raw = bytes
        _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
        return String(cString: buffer)
    }
}
