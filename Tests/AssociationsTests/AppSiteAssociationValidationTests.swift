import XCTest
@testable import Associations

/// Each validation problem an AASA can have, with its severity and wording.
final class AppSiteAssociationValidationTests: XCTestCase {
    private func problems(_ json: String) -> [String] { AASA.json(json).problems.map(\.description) }

    private func problems(details: String) -> [String] { problems(#"{"applinks": {"details": \#(details)}}"#) }

    private let app = #""appIDs": ["ABCDE12345.com.example.app"]"#

    func testNotJSON() {
        let result = AASA.json("{[]}")
        XCTAssertNil(result.value)
        XCTAssertEqual(result.problems.map(\.description), ["error: not valid JSON: expected a string key at byte 1"])
        XCTAssertEqual(problems("<html>Not found</html>"), ["error: not valid JSON: the top level must be an object or an array at byte 0"])
        XCTAssertEqual(problems(#"{"applinks": {"details": [],}}"#), ["error: not valid JSON: expected a string key at byte 28"],
                       "strict: no trailing commas")
        XCTAssertEqual(problems("42"), ["error: not valid JSON: the top level must be an object or an array at byte 0"])
        XCTAssertEqual(problems(#"["x"]"#), ["error: the top level is an array, not an object"])
        XCTAssertNil(AppSiteAssociation.parse([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).value, "invalid UTF-8 is not JSON")
    }

    func testNoApplinks() {
        XCTAssertEqual(problems("{}"), ["error: no applinks section: the file declares no universal links"])
        XCTAssertNotNil(AASA.json("{}").value, "still read: it matches nothing, as swcutil's empty-file vector says")
        XCTAssertEqual(problems(#"{"applinks": []}"#), ["error: applinks is an array, not an object"])
        XCTAssertEqual(problems(#"{"applinks": {}}"#), ["error: applinks has no details array: no app gets universal links"])
    }

    func testDetailsNotAnArray() {
        // The early iOS 9 beta shape keyed details by app ID.
        XCTAssertEqual(problems(details: #"{"ABCDE12345.com.example.app": {"paths": ["*"]}}"#),
                       ["error: applinks.details is an object, not an array"])
        XCTAssertEqual(problems(details: #"["*"]"#), ["error: applinks.details[0] is a string, not an object (entry ignored)"])
    }

    func testAppIDShape() {
        XCTAssertEqual(problems(details: #"[{"appID": "HOGE.com.example.app", "paths": ["*"]}]"#), [
            "error: applinks.details[0].appID: \"HOGE.com.example.app\" is not an app ID of the form TEAMID.bundle.id (10-character team ID): it matches no installed app",
        ])
        for bad in ["abcde12345.com.example.app", "ABCDE12345", "ABCDE12345.", "ABCDE12345.com..app", "ABCDE123456.com.app", "ABCDE12345.com/app"] {
            XCTAssertNil(AppleAppID(bad), bad)
        }
        XCTAssertEqual(AppleAppID("9JA89QQLNQ.com.apple.wwdc")?.teamID, "9JA89QQLNQ")
        XCTAssertEqual(AppleAppID("9JA89QQLNQ.com.apple.wwdc")?.bundleID, "com.apple.wwdc")
    }

    func testAppIDsShapes() {
        XCTAssertEqual(problems(details: #"[{"appIDs": "ABCDE12345.com.example.app", "paths": ["*"]}]"#),
                       ["error: applinks.details[0].appIDs is a string, not an array of app IDs (entry applies to no app)"])
        XCTAssertEqual(problems(details: #"[{"appIDs": [7], "paths": ["*"]}]"#),
                       ["error: applinks.details[0].appIDs[0] is a number, not a string"])
        XCTAssertEqual(problems(details: #"[{"appIDs": [], "appID": "ABCDE12345.com.example.app", "paths": ["*"]}]"#),
                       ["warning: applinks.details[0].appIDs is empty: the entry applies to no app"])
        XCTAssertEqual(problems(details: #"[{"appID": true, "paths": ["*"]}]"#),
                       ["error: applinks.details[0].appID is a boolean, not a string (entry applies to no app)"])
        XCTAssertEqual(problems(details: #"[{"paths": ["*"]}]"#),
                       ["error: applinks.details[0] has no appID or appIDs: the entry applies to no app"])
    }

    func testRulesShapes() {
        XCTAssertEqual(problems(details: "[{\(app)}]"),
                       ["warning: applinks.details[0] has neither components nor paths: it matches no URL"])
        XCTAssertEqual(problems(details: "[{\(app), \"components\": []}]"), ["warning: applinks.details[0] has no rules: it matches no URL"])
        XCTAssertEqual(problems(details: "[{\(app), \"components\": {\"/\": \"*\"}}]"), [
            "error: applinks.details[0].components is an object, not an array (no rules)",
            "warning: applinks.details[0] has no rules: it matches no URL",
        ])
        XCTAssertEqual(problems(details: "[{\(app), \"paths\": \"*\"}]"), [
            "error: applinks.details[0].paths is a string, not an array of strings (no rules)",
            "warning: applinks.details[0] has no rules: it matches no URL",
        ])
        XCTAssertEqual(problems(details: "[{\(app), \"paths\": [\"/a\", 3]}]"),
                       ["error: applinks.details[0].paths[1] is a number, not a string (ignored)"])
        XCTAssertEqual(problems(details: "[{\(app), \"paths\": [\"*\"], \"path\": [\"/x\"]}]"),
                       ["warning: applinks.details[0]: unknown key \"path\" (ignored)"])
    }

    func testComponentShapes() {
        func component(_ json: String) -> [String] { problems(details: "[{\(app), \"components\": [\(json), {\"/\": \"/ok\"}]}]") }
        XCTAssertEqual(component(#""/x""#), ["error: applinks.details[0].components[0] is a string, not an object (rule ignored)"])
        XCTAssertEqual(component(#"{"/": ["/x"]}"#),
                       ["error: applinks.details[0].components[0].\"/\" is an array, not a pattern string (rule ignored)"])
        XCTAssertEqual(component(#"{"?": 1}"#),
                       ["error: applinks.details[0].components[0].\"?\" is a number, not a pattern string or an object of query items (rule ignored)"])
        XCTAssertEqual(component(#"{"?": {"id": 1}}"#),
                       ["error: applinks.details[0].components[0].\"?\".id is a number, not a pattern string (rule ignored)"])
        XCTAssertEqual(component(#"{"/": "/x", "exclude": "true"}"#),
                       ["error: applinks.details[0].components[0].exclude is a string, not a boolean (rule ignored)"])
        XCTAssertEqual(component(#"{"/": "/x", "caseSensitive": 0}"#),
                       ["error: applinks.details[0].components[0].caseSensitive is a number, not a boolean (rule ignored)"])
        XCTAssertEqual(component(#"{"path": "/x"}"#),
                       ["warning: applinks.details[0].components[0]: unknown key \"path\" (ignored; patterns use \"/\", \"?\" and \"#\")"])
        XCTAssertEqual(component(#"{"/": "/x", "comment": ["a"]}"#),
                       ["warning: applinks.details[0].components[0].comment is an array, not a string (ignored)"])
        // A skipped exclude no longer protects its path: the next rule decides.
        let association = AASA.json(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x", "exclude": "yes"}, {"/": "*"}]}]}}"#).value!
        XCTAssertEqual(AASA.verdict(association, "/x"), "match")
    }

    func testDefaultsShapes() {
        XCTAssertEqual(problems(#"{"applinks": {"defaults": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["*"]}]}}"#),
                       ["error: applinks.defaults is an array, not an object (ignored)"])
        XCTAssertEqual(problems(details: "[{\(app), \"defaults\": {\"caseSensitive\": \"no\", \"percentencoded\": false}, \"paths\": [\"*\"]}]"), [
            "warning: applinks.details[0].defaults: unknown key \"percentencoded\" (ignored)",
            "error: applinks.details[0].defaults.caseSensitive is a string, not a boolean (ignored)",
        ])
    }

    func testSubstitutionVariableShapes() {
        let paths = #""details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(food)/$(drink)"}]}]"#
        XCTAssertEqual(problems(#"{"applinks": {"substitutionVariables": {"food": ["taco"]}, \#(paths)}}"#),
                       ["warning: applinks.details[0].components[0].\"/\": \"$(drink)\" is not a defined substitution variable (matched as text)"])
        XCTAssertEqual(problems(#"{"applinks": {"substitutionVariables": {"fo(od": ["taco"], "drink": "tea", "food": ["$(drink)"]}, \#(paths)}}"#), [
            "error: applinks.substitutionVariables.fo(od: a variable name cannot contain '$', '(' or ')' (ignored)",
            "error: applinks.substitutionVariables.drink is not an array of strings (ignored)",
            "error: applinks.substitutionVariables.food: value \"$(drink)\" refers to another variable, which is not allowed (read as text)",
            "warning: applinks.details[0].components[0].\"/\": \"$(drink)\" is not a defined substitution variable (matched as text)",
        ])
        XCTAssertEqual(problems(#"{"applinks": {"substitutionVariables": [], \#(paths)}}"#).first,
                       "error: applinks.substitutionVariables is an array, not an object (ignored)")
    }

    func testLegacyAppsKey() {
        XCTAssertEqual(problems(#"{"applinks": {"apps": ["ABCDE12345.com.example.app"], "details": []}}"#),
                       ["warning: applinks.apps should be an empty array (the legacy key), not a non-empty array"])
        XCTAssertEqual(problems(#"{"applinks": {"apps": [], "details": []}}"#), [])
    }

    func testWebcredentialsAndAppclipsShapesAreWarnings() {
        let links = #""applinks": {"details": []}"#
        XCTAssertEqual(problems(#"{\#(links), "webcredentials": ["ABCDE12345.com.example.app"]}"#),
                       ["warning: webcredentials is an array, not an object with an apps array: the platform ignores it"])
        XCTAssertEqual(problems(#"{\#(links), "webcredentials": {"apps": "ABCDE12345.com.example.app"}}"#),
                       ["warning: webcredentials.apps is missing or not an array of strings: the platform ignores the section"])
        XCTAssertEqual(problems(#"{\#(links), "appclips": {"apps": ["clip.only.bundle"]}}"#),
                       ["warning: appclips.apps[0]: \"clip.only.bundle\" is not an app ID of the form TEAMID.bundle.id (10-character team ID)"])
        XCTAssertEqual(problems(#"{\#(links), "activitycontinuation": {"apps": []}}"#), [], "other sections are tolerated")
    }

    func testRepeatedKeyReadsAsTheLastValue() {
        let association = AASA.json(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/a"], "paths": ["/b"]}]}}"#).value!
        XCTAssertEqual(AASA.verdict(association, "/b"), "match")
        XCTAssertEqual(AASA.verdict(association, "/a"), "unset")
    }
}
