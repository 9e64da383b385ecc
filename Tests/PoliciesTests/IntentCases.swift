import Foundation
@testable import Policies
import TestSupport

/// `Fixtures/intent/cases.json`, read into expectations the intent tests can compare against.
struct IntentCase {
    enum Expectation {
        case parsed(AndroidIntent)
        case error(exception: String, detail: String?)
    }

    let id: String
    let uri: String
    /// `parse_flags` of CTS cases ("0", "URI_INTENT_SCHEME").
    let parseFlags: [IntentParseFlags]
    /// Asserted upstream (CTS).
    let expected: Expectation?
    /// `derived_parse`: secondary, from an independent re-implementation.
    let derived: Expectation?
    let androidAppURI: String?
    let behavior: [String: Any]

    static func all() throws -> [IntentCase] {
        let data = try Fixture.data("intent/cases.json")
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (root["cases"] as! [[String: Any]]).map(IntentCase.init)
    }

    private init(_ json: [String: Any]) {
        id = json["id"] as! String
        uri = json["uri"] as! String
        parseFlags = (json["parse_flags"] as? [String] ?? []).map {
            $0.hasPrefix("URI_INTENT_SCHEME") ? .intentScheme : []
        }
        expected = (json["expected"] as? [String: Any]).map(Self.expectation)
        derived = (json["derived_parse"] as? [String: Any]).map(Self.expectation)
        androidAppURI = json["android_app_uri"] as? String
        behavior = json["expected_behavior"] as? [String: Any] ?? [:]
    }

    private static func expectation(_ json: [String: Any]) -> Expectation {
        if let intent = json["intent"] as? [String: Any] { return .parsed(Self.intent(intent)) }
        return .error(exception: json["exception"] as! String, detail: json["detail"] as? String)
    }

    static func intent(_ json: [String: Any]) -> AndroidIntent {
        var extras: [String: IntentExtra] = [:]
        for (key, any) in json["extras"] as? [String: [String: Any]] ?? [:] {
            extras[key] = extra(type: any["type"] as! String, value: any["value"]!)
        }
        return AndroidIntent(
            action: json["action"] as? String, data: json["data"] as? String,
            type: json["type"] as? String, identifier: json["identifier"] as? String,
            package: json["package"] as? String, component: json["component"] as? String,
            categories: json["categories"] as? [String] ?? [],
            flags: Int32(truncatingIfNeeded: (json["flags"] as? NSNumber)?.int64Value ?? 0),
            extras: extras,
            selector: (json["selector"] as? [String: Any]).map(intent))
    }

    private static func extra(type: String, value: Any) -> IntentExtra {
        let number = value as? NSNumber
        switch type {
        case "String": return .string(value as! String)
        case "Boolean": return .boolean(number!.boolValue)
        case "Byte": return .byte(number!.int8Value)
        case "Character": return .char((value as! String).utf16.first!)
        case "Double": return .double(number!.doubleValue)
        case "Float": return .float(Float(number!.doubleValue))
        case "Integer": return .int(number!.int32Value)
        case "Long": return .long(number!.int64Value)
        case "Short": return .short(number!.int16Value)
        default: fatalError("unknown extra type \(type) in cases.json")
        }
    }
}
