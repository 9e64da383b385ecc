/// Rejects unknown keys in configuration JSON: a misspelt key must be an error that names
/// it, not a setting silently ignored.
package enum StrictKeys {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    package static func check<Keys: CodingKey & CaseIterable>(_ decoder: Decoder, allowed: Keys.Type) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let known = Set(Keys.allCases.map(\.stringValue))
        // In name order: of several unknown keys, the same one is named each time.
        let keys = container.allKeys.sorted { $0.stringValue < $1.stringValue }
        for key in keys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)' (known: \(known.sorted().joined(separator: ", ")))"))
        }
    }
}

/// One line naming the field a JSON decoding error is about.
package enum JSONErrorText {
    package static func describe(_ error: Error) -> String {
        if let syntax = error as? ConfigJSON.SyntaxError { return syntax.description }
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return parts.isEmpty ? "(top level)" : parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "missing key '\(key.stringValue)'" + (at == "(top level)" ? "" : " in \(at)")
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(typeName(type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\(path(context)): \(enumMessage(context.debugDescription) ?? context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The allowed values of the enums configuration files use, for errors that list them.
    private static let enumValues: [String: [String]] = [
        "Trigger": Trigger.allCases.map(\.rawValue),
        "FrameKind": FrameKind.allCases.map(\.rawValue),
        "WKNavigationType": ["linkActivated", "formSubmitted", "backForward", "reload", "formResubmitted", "other"],
        "Platform": Platform.allCases.map(\.rawValue),
        "LinkHandling": ["allow", "ask"],
        "Entry": ["loadUrl", "loadUrlByUser"],
        "BrowserEntry": ["linkTap", "typed"],
        "Variant": ["swift", "objc"],
    ]

    /// "Cannot initialize Trigger from invalid String value tapp" → "'tapp' is not one of …".
    private static func enumMessage(_ text: String) -> String? {
        guard text.hasPrefix("Cannot initialize "), let from = text.range(of: " from invalid "),
              let value = text.range(of: " value ") else { return nil }
        let type = String(text[text.index(text.startIndex, offsetBy: 18)..<from.lowerBound])
        let given = String(text[value.upperBound...])
        guard let allowed = enumValues[type] else { return "'\(given)' is not a valid value" }
        return "'\(given)' is not one of " + allowed.joined(separator: ", ")
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        case is Double.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "a \(name) value"
        }
    }
}
