import Foundation
import TestSupport
import XCTest

/// Words users know: nothing linkaudit says may point at what users do not have — the
/// background files this project was written from, or the word that stood for the
/// reference clients (both spelt in pieces below). Users know those clients as the
/// PayerMax integration guide's `DeepLinkWebViewClient` and iOS SDK, and platform facts are
/// cited from the repository's own Docs/PLATFORM.md.
final class UserFacingWordsTests: XCTestCase {
    /// The background files in every way they were once cited (the upper-case name with or
    /// without `.md` and a section, the folder beside the repository), and every way the
    /// reference code was once called (after "the", as a possessive, with a number). Regular
    /// expressions, spelt so that this file does not match them itself.
    static let citations = [#"\bPOLIC[Y]\b"#, #"\bDESIG[N]\b"#, #"(?i)(policy|design)\.m[d]\b"#, #"\.\./share[d]"#]
    /// For the code: a path into that folder is a citation; a test's own folder of that name
    /// (a symbolic link target in a temporary tree) is not.
    static let codeCitations = Array(citations.dropLast()) + [#"\.\./share[d]/"#]
    static let referenceNames = [#"(?i)\bthe see[d]"#, #"(?i)\bsee[d]s?'"#, #"(?i)\bsee[d] [0-9]"#]
    /// What users may never read: all of the above, and the word itself in any form.
    static let banned = citations + [#"(?i)see[d]"#]

    /// Each match of a `banned` pattern in `text`, with the words around it, unless the
    /// words around it contain one of the `allowed` phrases.
    static func offences(_ text: String, banned: [String] = banned, allowed: [String] = []) -> [String] {
        var found: [String] = []
        let range = NSRange(text.startIndex..., in: text)
        for pattern in banned {
            for match in try! NSRegularExpression(pattern: pattern).matches(in: text, range: range) {
                let hit = Range(match.range, in: text)!
                let context = String(text[..<hit.lowerBound].suffix(40) + text[hit] + text[hit.upperBound...].prefix(40))
                if allowed.contains(where: { context.localizedCaseInsensitiveContains($0) }) { continue }
                found.append("'\(text[hit])' in …\(context.replacingOccurrences(of: "\n", with: "⏎"))…")
            }
        }
        return found
    }

    /// The catalogue, the reports of every pipeline, explain, help and every string literal.
    func testNothingLinkauditSaysNamesWhatUsersDoNotHave() throws {
        let pieces = try UserFacingText.all.get()
        XCTAssertGreaterThan(pieces.count, 500, "the gathering found too little to judge")
        for piece in pieces {
            for offence in Self.offences(piece.text) { XCTFail("\(piece.origin): \(offence)") }
        }
    }

    /// The guide's clients are named as users know them wherever the catalogue and the help
    /// speak of them.
    func testTheReferenceClientsAreNamedAsUsersKnowThem() throws {
        let pieces = try UserFacingText.all.get()
        let catalogue = pieces.filter { $0.origin.hasPrefix("check ") }.map(\.text).joined(separator: "\n")
        XCTAssertTrue(catalogue.contains("the PayerMax guide's DeepLinkWebViewClient"))
        XCTAssertTrue(catalogue.contains("the PayerMax guide's iOS SDK"))
        XCTAssertTrue(catalogue.contains("the PayerMax guide's DeepLinkDecisionEngine"))
        let help = try XCTUnwrap(pieces.first { $0.origin == "linkaudit --help (stdout)" }).text
        XCTAssertTrue(help.contains("the PayerMax guide's"), help)
    }

    /// The documentation users read: the README, Docs/ and the notes beside the pipelines,
    /// devices and benchmarks. A random generator's "fixed seed" is not the reference code.
    func testTheDocumentationNamesNothingUsersDoNotHave() throws {
        let root = Repository.root.path
        var files = ["README.md"]
        for folder in ["Docs", "Pipelines", "Benchmarks", "Reports"] {
            let names = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            files += names.filter { $0.hasSuffix(".md") }.map { folder + "/" + $0 }
        }
        XCTAssertTrue(files.contains("Docs/PLATFORM.md"))
        for file in files.sorted() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for offence in Self.offences(text, allowed: ["fixed seed", "(seeded)"]) { XCTFail("\(file): \(offence)") }
        }
    }

    /// Code comments cite the repository's documents too, never the background files, and
    /// name the reference clients as the docs do: every text file of the repository but the
    /// third-party fixtures. (The word alone is allowed here: tests seed random generators.)
    func testNoFileOfTheRepositoryCitesTheBackgroundFiles() throws {
        let root = Repository.root.path
        var checked = 0
        for folder in ["Sources", "Tests", "Scripts", "Pipelines", "Benchmarks", "Docs"] {
            let names = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            for name in names where !name.hasPrefix("Fixtures/") || folder != "Tests" {
                let path = root + "/" + folder + "/" + name
                guard let data = FileManager.default.contents(atPath: path), data.count < 4 << 20,
                      let text = String(data: data, encoding: .utf8) else { continue }
                checked += 1
                for offence in Self.offences(text, banned: Self.codeCitations + Self.referenceNames) {
                    XCTFail("\(folder)/\(name): \(offence)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }

    /// The string-literal scanner the first test relies on.
    func testTheLiteralScannerReadsLiteralsOnly() {
        let source = ##"""
        // a comment "not a literal"
        /* a block /* nested "no" */ "still no" */
        let a = "plain \"quoted\" \(value("inner")) end" // "no"
        let b = #"raw \(x) "quotes" \#(y)"#
        let c = """
            multi "line"
            """
        let url = "https://x" + "y"
        """##
        XCTAssertEqual(SwiftLiterals.texts(in: source), [
            "inner", #"plain "quoted"   end"#, #"raw \(x) "quotes"  "#,
            "\n    multi \"line\"\n    ", "https://x", "y",
        ])
    }
}
