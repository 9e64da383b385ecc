import Foundation

/// Decodes a configuration file (pipeline config, device profile, report config, explain
/// request) after a strict syntax check: Foundation's parser on Linux lets a trailing comma
/// through, which in a hand-edited config usually means something was cut.
package enum ConfigJSON {
    struct SyntaxError: Error, CustomStringConvertible {
        let detail: String
        var description: String { "not valid JSON (\(detail))" }
    }

    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            _ = try StrictJSON.parse([UInt8](data))
        } catch let error as StrictJSON.SyntaxError {
            throw SyntaxError(detail: lineAndColumn(error, in: data))
        }
        return try JSONDecoder().decode(type, from: data)
    }

    private static func lineAndColumn(_ error: StrictJSON.SyntaxError, in data: Data) -> String {
        let prefix = data.prefix(error.offset)
        let line = prefix.filter { $0 == 0x0A }.count + 1
        let column = prefix.count - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return "\(error.message) at line \(line), column \(column)"
    }
}
