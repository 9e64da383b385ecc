import Foundation
import LinkAuditModel

/// URL inputs: `https://…` on the command line and `--urls FILE` (one URL a line, `#`
/// comments and blank lines passed over).
public enum URLInputs {
    /// An input naming a page on the web rather than a path.
    public static func isURL(_ input: String) -> Bool {
        let lower = input.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The URL lines of a `--urls` file; throws a usage error naming the flag and file.
    public static func read(file path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LinkAuditError.usage("--urls: cannot read \(path)")
        }
        return lines(String(decoding: data, as: UTF8.self))
    }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
