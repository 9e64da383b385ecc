import LinkAuditModel
import Reports

/// The answer `linkaudit explain` prints: the navigation as classified, one verdict per
/// profile (outcome, reason, details) and the findings they raise, pretty-printed JSON
/// with a stable key order.
public enum ExplainOutput {
    public static func json(_ navigation: Navigation) -> String {
        var lines = ["{"]
        lines.append("  \"url\": \(string(navigation.url)),")
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
