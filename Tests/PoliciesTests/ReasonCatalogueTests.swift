import Foundation
import XCTest
@testable import LinkAuditModel
@testable import Policies
import TestSupport

/// A reason's code is written once, where its constant is declared
/// (`static let noGesture = Reason("no-gesture")` in a `Reason+….swift` file of the
/// policies); profiles and checks use the constant. These tests read the sources to keep
/// it so: a literal in a verdict or a comparison is the renamed-code-silences-a-check bug
/// the constants are there to prevent.
final class ReasonCatalogueTests: XCTestCase {
    func testNoReasonIsWrittenAsALiteralInPoliciesOrChecks() throws {
        let files = try SwiftSources.read(["Sources/Policies", "Sources/Checks"])
        XCTAssertTrue(files.contains { $0.path.hasSuffix("Checks/BlockedNoGesture.swift") }, "the scan reads the checks")
        XCTAssertTrue(files.contains { $0.path.hasSuffix("Android/DeepLinkClient+Schemes.swift") },
                      "the scan reads the policies")
        let found = files.flatMap { file in
            ReasonLiterals.misuses(in: file.text, path: file.path).map { "\(file.path):\($0.line): \($0.text)" }
        }
        XCTAssertEqual(found, [], "use the Reason constant, or declare one in a Reason+….swift file")
    }

    /// The scan itself: it must see each way a literal could stand in for a reason, and
    /// nothing else.
    func testTheScanSeesEachWayALiteralCanBeAReason() {
        let misuses = [
            #"return Verdict(.blocked, "no-gesture")"#,
            #"return Verdict(outcome, "no-gesture", details: details)"#,
            "return .cancel(Verdict(\n    .blocked, \"no-gesture\"))",
            #"Check.profiles(of: nav) { $1.reason == "landing-page" }"#,
            #"if "landing-page" != verdict.reason { return }"#,
            #"if verdict.reason.rawValue == "landing-page" { return }"#,
            #"WebViewLoad.verdict(request, reason: "post-not-intercepted")"#,
            #"WebKitNavigation.verdict(result, loadsReason: "web-page")"#,
            #"verdict = verdict.withReason("redirect-counts-as-intent")"#,
            #"static let noGestureReasons: Set<Reason> = [Reason("no-gesture")]"#,
            #"let reason = Reason(rawValue: "no-gesture")"#,
        ]
        for text in misuses {
            XCTAssertEqual(ReasonLiterals.misuses(in: text).count, 1, text)
        }
        let fine = [
            "return Verdict(.blocked, .noGesture)",
            #"    public static let noGesture = Reason("no-gesture")"#,
            #"if scheme == "javascript" { return Verdict(.internal, .javascriptURL) }"#,
            #"Verdict(.blocked, .notAllowlisted, details: [VerdictDetail.rejectedBy: "\(validator): \(rejection)"])"#,
            #"Check.profiles(of: nav) { $1.reason == .landingPage }"#,
            "/// `Verdict(.blocked, \"no-gesture\")` in a comment is prose",
            #"XCTAssertEqual(error?.reason, "bad launchFlags")"#,
        ]
        for text in fine {
            XCTAssertEqual(ReasonLiterals.misuses(in: text).map(\.text), [], text)
        }
    }

    func testEveryDeclaredReasonHasACodeOfItsOwn() throws {
        let declarations = try SwiftSources.read(["Sources/Policies", "Sources/Checks"]).flatMap { file in
            ReasonLiterals.declarations(in: file.text).map { (file: file.path, name: $0.name, code: $0.code) }
        }
        XCTAssertGreaterThan(declarations.count, 90, "the scan finds the declarations")
        for declaration in declarations {
            XCTAssertTrue(declaration.file.contains("/Sources/Policies/")
                          && (declaration.file as NSString).lastPathComponent.hasPrefix("Reason+"),
                          "\(declaration.name) is declared in \(declaration.file), not a Reason+….swift of the policies")
        }
        let byCode = Dictionary(grouping: declarations, by: \.code).filter { $0.value.count > 1 }
        XCTAssertEqual(byCode.mapValues { $0.map(\.name) }, [:], "one constant per code")
        let byName = Dictionary(grouping: declarations, by: \.name).filter { $0.value.count > 1 }
        XCTAssertEqual(byName.mapValues { $0.map(\.code) }, [:], "one code per constant")
    }

    /// Spot checks that the text scan and the compiled constants agree.
    func testDeclarationsAreTheConstants() throws {
        let codes = Dictionary(uniqueKeysWithValues: try SwiftSources.read(["Sources/Policies"]).flatMap { file in
            ReasonLiterals.declarations(in: file.text).map { ($0.name, $0.code) }
        })
        XCTAssertEqual(codes["noGesture"], Reason.noGesture.rawValue)
        XCTAssertEqual(codes["universalLinkSameHost"], Reason.universalLinkSameHost.rawValue)
        XCTAssertEqual(codes["appStoreSearch"], Reason.appStoreSearch.rawValue)
    }
}

/// The Swift files under some folders of the repository.
enum SwiftSources {
    static func read(_ folders: [String]) throws -> [(path: String, text: String)] {
        try folders.flatMap { folder -> [(path: String, text: String)] in
            let root = Repository.url(folder)
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                throw CocoaError(.fileReadNoSuchFile)
            }
            return try walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
                .sorted { $0.path < $1.path }
                .map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }
        }
    }
}

/// Where Swift source writes a reason as a string literal.
enum ReasonLiterals {
    /// `\b` between word and non-word characters: Unicode's default sees `verdict.reason`
    /// as one word.
    static func pattern(_ text: String) -> Regex<AnyRegexOutput> {
        try! Regex(text).wordBoundaryKind(.simple)
    }

    /// `static let name = Reason("code")`, alone on its line.
    static let declaration = try! Regex(#"^\s*(?:public |package )?static let (\w+) = Reason\("([^"\\]+)"\)\s*$"#)

    /// Each way a literal can stand in for a reason.
    static let patterns = [
        // A verdict made with a literal reason: `Verdict(.blocked, "no-gesture"`.
        #"\bVerdict\(\s*[^,()"]*,\s*""#,
        // A reason compared with a literal, either way round, or by its raw string.
        #"\breason\s*[!=]=\s*""#,
        #""\s*[!=]=\s*[\w.$?]*\breason\b"#,
        #"\breason\.rawValue\b"#,
        // A literal made into a reason anywhere but its declaration (`withReason("…")` too).
        #"Reason\((?:rawValue:\s*)?""#,
    ].map(pattern)

    /// A literal handed to a parameter that takes a reason (`reason:`, `loadsReason:`).
    static let reasonArgument = pattern(#"[rR]eason:\s*""#)
    /// The `intent:` parser's errors have a `reason` of their own: text, not a verdict's code.
    static let intentParser = "/Policies/Intent/"

    /// The misuses in `text` (from the file at `path`), comments left out, by line number
    /// (1-based).
    static func misuses(in text: String, path: String = "") -> [(line: Int, text: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Comment lines become blank, so a match's line number is still the file's.
        let code = lines.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : $0 }
        let joined = code.joined(separator: "\n")
        var found: [(line: Int, text: String)] = []
        for pattern in patterns + (path.contains(intentParser) ? [] : [reasonArgument]) {
            for match in joined.matches(of: pattern) {
                let number = joined[..<match.range.lowerBound].filter { $0 == "\n" }.count
                let line = code[number]
                if (try? declaration.wholeMatch(in: line)) != nil { continue }
                found.append((number + 1, line.trimmingCharacters(in: .whitespaces)))
            }
        }
        return found.sorted { $0.line < $1.line }
    }

    /// The reason constants declared in `text`.
    static func declarations(in text: String) -> [(name: String, code: String)] {
        text.split(separator: "\n").compactMap { line in
            guard let match = try? declaration.wholeMatch(in: String(line)),
                  let name = match.output[1].substring, let code = match.output[2].substring else { return nil }
            return (String(name), String(code))
        }
    }
}
