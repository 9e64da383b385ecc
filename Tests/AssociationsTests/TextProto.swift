/// A reader for the protobuf text format as the Digital Asset Links compatibility suite
/// writes its `.pb` test groups: `name: value` and `name { … }` / `name: { … }` fields,
/// single- or double-quoted strings (adjacent ones concatenated), enum identifiers,
/// `[a, b]` lists and `#` comments. Just enough for those files; not a general parser.
struct TextProtoMessage {
    enum Value {
        case string(String)
        case identifier(String)
        case message(TextProtoMessage)
        case list([Value])
    }

    var fields: [(name: String, value: Value)] = []

    func all(_ name: String) -> [Value] { fields.filter { $0.name == name }.map(\.value) }

    func messages(_ name: String) -> [TextProtoMessage] {
        all(name).compactMap { if case .message(let message) = $0 { return message } else { return nil } }
    }

    func message(_ name: String) -> TextProtoMessage? { messages(name).first }

    /// A string or identifier field's text (`SUCCESS`, `true` and `'…'` alike).
    func text(_ name: String) -> String? {
        for value in all(name) {
            switch value {
            case .string(let text), .identifier(let text): return text
            default: continue
            }
        }
        return nil
    }

    struct SyntaxError: Error, CustomStringConvertible {
        let message: String
        let line: Int
        var description: String { "line \(line): \(message)" }
    }

    static func parse(_ text: String) throws -> TextProtoMessage {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        let message = try reader.fields(until: nil)
        return message
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var line: Int { scalars[..<index].filter { $0 == "\n" }.count + 1 }
        func fail(_ message: String) -> SyntaxError { SyntaxError(message: message, line: line) }

        mutating func skipSpace() {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "#" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else if scalar.properties.isWhitespace || scalar == "," || scalar == ";" {
                    index += 1
                } else {
                    return
                }
            }
        }

        mutating func fields(until close: Unicode.Scalar?) throws -> TextProtoMessage {
            var message = TextProtoMessage()
            while true {
                skipSpace()
                guard index < scalars.count else {
                    if close != nil { throw fail("unclosed message") }
                    return message
                }
                if let close, scalars[index] == close {
                    index += 1
                    return message
                }
                let name = identifier()
                guard !name.isEmpty else { throw fail("expected a field name") }
                skipSpace()
                if index < scalars.count, scalars[index] == ":" {
                    index += 1
                    skipSpace()
                }
                message.fields.append((name, try value()))
            }
        }

        mutating func identifier() -> String {
            let start = index
            while index < scalars.count, scalars[index] == "_" || scalars[index] == "." || scalars[index] == "-"
                || scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
                index += 1
            }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        mutating func value() throws -> Value {
            guard index < scalars.count else { throw fail("expected a value") }
            switch scalars[index] {
            case "{":
                index += 1
                return .message(try fields(until: "}"))
            case "[":
                index += 1
                var values: [Value] = []
                while true {
                    skipSpace()
                    guard index < scalars.count else { throw fail("unclosed list") }
                    if scalars[index] == "]" {
                        index += 1
                        return .list(values)
                    }
                    values.append(try value())
                }
            case "'", "\"":
                var text = ""
                repeat {
                    text += try string()
                    skipSpace()
                } while index < scalars.count && (scalars[index] == "'" || scalars[index] == "\"")
                return .string(text)
            default:
                let word = identifier()
                guard !word.isEmpty else { throw fail("unexpected \"\(scalars[index])\"") }
                return .identifier(word)
            }
        }

        mutating func string() throws -> String {
            let quote = scalars[index]
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != quote {
                if scalars[index] == "\\", index + 1 < scalars.count {
                    index += 1
                    switch scalars[index] {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    default: text.append(scalars[index])
                    }
                } else {
                    text.append(scalars[index])
                }
                index += 1
            }
            guard index < scalars.count else { throw fail("unterminated string") }
            index += 1
            return String(text)
        }
    }
}
