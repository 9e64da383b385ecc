import LinkAuditModel
import Policies
import Reports

/// The answer `linkaudit explain` prints: the navigation as classified, one verdict per
/// profile (outcome, reason, details) and the findings they raise, pretty-printed JSON
/// with a stable key order.
/// With a host entry, `hostEntry` lists the host's loads before the page's navigation, each
/// with the verdicts of the profiles that model it (`ios-sdk`).
public enum ExplainOutput {
    /// One host load and what the profiles did with it.
    public struct HostStep {
        public var step: HostEntry.Step
        public var verdicts: [String: Verdict]
    }

    public static func json(_ navigation: Navigation, hostEntry: [HostStep] = []) -> String {
        var lines = ["{"]
        if !hostEntry.isEmpty {
            lines.append("  \"hostEntry\": [")
            for (i, host) in hostEntry.enumerated() {
                let verdicts = host.verdicts.sorted { $0.key < $1.key }.map {
                    "\(string($0.key)): \(String(decoding: $0.value.jsonBytes, as: UTF8.self))"
                }
                let comma = i == hostEntry.count - 1 ? "" : ","
                lines.append("    {\(string(host.step.name)): \(string(host.step.url)), \"verdicts\": {"
                             + verdicts.joined(separator: ", ") + "}}\(comma)")
            }
            lines.append("  ],")
        }
        lines.append("  \"url\": \(string(navigation.url)),")
        if !hostEntry.isEmpty { lines.append("  \"page\": \(string(navigation.page)),") }
        lines.append("  \"scheme\": \(string(navigation.scheme)),")
        lines.append("  \"trigger\": \(string(navigation.trigger.rawValue)),")
        lines.append("  \"frame\": \(string(navigation.frame.rawValue)),")
        lines.append("  \"verdicts\": {")
        let verdicts = Array(navigation.verdicts ?? [:])
        for (i, entry) in verdicts.enumerated() {
            let comma = i == verdicts.count - 1 ? "" : ","
            lines.append("    \(string(entry.key)): \(String(decoding: entry.value.jsonBytes, as: UTF8.self))\(comma)")
        }
        lines.append("  },")
        let findings = (navigation.findings ?? []).map { ref in
            "    {\"code\": \(string(ref.code)), \"profiles\": [\(ref.profiles.map(string).joined(separator: ", "))]}"
        }
        lines.append("  \"findings\": [" + (findings.isEmpty ? "]" : "\n" + findings.joined(separator: ",\n") + "\n  ]"))
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private static func string(_ value: String) -> String {
        String(decoding: JSONString.bytes(value), as: UTF8.self)
    }
}
