import Foundation
import Glibc

/// The private-address guard. It judges the address a connection is about to be opened
/// to — every connection libcurl makes, for every redirect hop, each address it tries —
/// not a name resolved beforehand, so a DNS answer that changes between a check and the
/// connect (rebinding) cannot reach a private address: the transport asks this guard from
/// libcurl's open-socket callback (`Transport/TransferCallbacks.swift`), and a refused
/// address is never connected to. Pure: the address in, a verdict out.
public struct AddressGuard: Sendable {
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// `refused-address: 127.0.0.1 is loopback; --allow-private fetches it`
        case refused(String)
    }

    public var allowPrivate: Bool
    /// `host:port` pairs exempt from the guard (a test's "public" origin on 127.0.0.1).
    var exemptions: Set<String>

    public init(allowPrivate: Bool) {
        self.init(allowPrivate: allowPrivate, exemptions: [])
    }

    init(allowPrivate: Bool, exemptions: Set<String>) {
        self.allowPrivate = allowPrivate
        self.exemptions = exemptions
    }

    /// A connection to `address` (4 or 16 bytes) for a request to `host:port`.
    public func check(address: [UInt8], host: String, port: Int) -> Verdict {
        guard !allowPrivate, !exemptions.contains("\(host):\(port)") else { return .allowed }
        let kind = AddressClass.of(address)
        guard !kind.isPublic else { return .allowed }
        let shown = Self.text(address)
        let via = shown == host.trimmingCharacters(in: ["[", "]"]) ? "" : " (\(host))"
        return .refused("refused-address: \(shown)\(via) is \(kind.rawValue); --allow-private fetches it")
    }

    /// Dotted IPv4, or IPv6 as inet_ntop writes it.
    static func text(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var raw = bytes
        _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
        return String(cString: buffer)
    }
}
