import Foundation
import TestSupport
import XCTest

/// Every "Docs/PLATFORM.md §…" a user can read — in reports, explain answers, help, the
/// catalogue, any string literal — and every one in the repository's code and documents
/// points at a section Docs/PLATFORM.md has; every "rule N" at a rule of its §R.
final class PlatformCitationTests: XCTestCase {
    /// Docs/PLATFORM.md's sections (`P`, `A.1`, `B.4a`, …) and the numbers of its §R rules.
    static func platform() throws -> (sections: Set<String>, rules: Set<Int>) {
        let text = try String(contentsOf: Repository.url("Docs/PLATFORM.md"), encoding: .utf8)
        var sections: Set<String> = [], rules: Set<Int> = []
        var inRules = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                let id = line.dropFirst(3).prefix { $0 != "." && $0 != " " }
                sections.insert(String(id))
                inRules = id == "R"
            } else if line.hasPrefix("### ") {
                sections.insert(String(line.dropFirst(4).prefix { $0 != " " }))
            } else if inRules, let number = Int(line.prefix { $0.isNumber }), line.dropFirst(String(number).count).hasPrefix(". ") {
                rules.insert(number)
            }
        }
        return (sections, rules)
    }

    /// One cited section or range: `A.1`, `D.4–D.6`, `B.1-B.2` (the end may leave the letter out: `P.2–4`).
    static let sectionPattern = #"([A-Z](?:\.[0-9]+[a-z]?)?)(?:[–-]([A-Z](?:\.[0-9]+[a-z]?)?|[0-9]+[a-z]?))?"#

    /// The sections cited as "PLATFORM.md §…" in `text` (or as any "§…" when `bare`), and the
    /// rules cited as "PLATFORM.md rule N" / "rules N–M".
    static func citations(in text: String, bare: Bool = false) -> (sections: [String], rules: [Int]) {
        let prefix = bare ? "" : #"PLATFORM\.md,?\s+"#
        var sections: [String] = [], rules: [Int] = []
        let range = NSRange(text.startIndex..., in: text)
        let sectionRegex = try! NSRegularExpression(pattern: prefix + "§ ?" + sectionPattern)
        for match in sectionRegex.matches(in: text, range: range) {
            let first = String(text[Range(match.range(at: 1), in: text)!])
            sections.append(first)
            if let end = Range(match.range(at: 2), in: text) {
                let last = String(text[end])
                sections.append(last.first!.isNumber ? String(first.prefix { $0 != "." }) + "." + last : last)
            }
        }
        let ruleRegex = try! NSRegularExpression(pattern: #"PLATFORM\.md,?\s+rules?\s+([0-9]+)(?:[–-]([0-9]+))?"#)
        for match in ruleRegex.matches(in: text, range: range) {
            for group in 1...2 {
                if let r = Range(match.range(at: group), in: text), let n = Int(text[r]) { rules.append(n) }
            }
        }
        return (sections, rules)
    }

    private func check(_ text: String, origin: String, bare: Bool = false,
                       against platform: (sections: Set<String>, rules: Set<Int>)) -> Int {
        let cited = Self.citations(in: text, bare: bare)
        for section in cited.sections where !platform.sections.contains(section) {
            XCTFail("\(origin): cites Docs/PLATFORM.md §\(section), which has no such section")
        }
        for rule in cited.rules where !platform.rules.contains(rule) {
            XCTFail("\(origin): cites Docs/PLATFORM.md rule \(rule), which §R does not have")
        }
        return cited.sections.count + cited.rules.count
    }

    func testWhatUsersReadCitesSectionsThatExist() throws {
        let platform = try Self.platform()
        var cited: [String] = []
        for piece in try UserFacingText.all.get() {
            _ = check(piece.text, origin: piece.origin, against: platform)
            cited += Self.citations(in: piece.text).sections
        }
        // The verdicts' assumption texts reach users through links.jsonl and explain.
        XCTAssertTrue(Set(cited).isSuperset(of: ["A.1", "A.3", "A.5", "B.2", "D.2", "D.6"]), "\(Set(cited).sorted())")
    }

    func testTheRepositoryCitesSectionsThatExist() throws {
        let platform = try Self.platform()
        let root = Repository.root.path
        var files = ["README.md"]
        for folder in ["Sources", "Tests", "Docs", "Pipelines", "Scripts", "Benchmarks"] {
            let names = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            files += names.filter { name in
                !name.hasPrefix("Fixtures/") && [".swift", ".md", ".py", ".sh", ".json"].contains { name.hasSuffix($0) }
            }.map { folder + "/" + $0 }
        }
        var count = 0
        for file in files {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            count += check(text, origin: file, bare: file == "Docs/PLATFORM.md", against: platform)
        }
        XCTAssertGreaterThan(count, 100, "too few citations found: the pattern no longer matches how they are written")
    }

    func testTheCitationReader() throws {
        let cited = Self.citations(in: "see Docs/PLATFORM.md §D.4–D.6 and PLATFORM.md §B.4a, Docs/PLATFORM.md §P.2–4, "
            + "Docs/PLATFORM.md §U; (§F.9); Docs/PLATFORM.md rules 10-15, Docs/PLATFORM.md rule 23")
        XCTAssertEqual(cited.sections, ["D.4", "D.6", "B.4a", "P.2", "P.4", "U"])
        XCTAssertEqual(cited.rules, [10, 15, 23])
        let platform = try Self.platform()
        XCTAssertTrue(platform.sections.isSuperset(of: ["P", "P.1", "A.1", "B.4a", "F.1a", "F.12", "R", "U", "S"]))
        XCTAssertFalse(platform.sections.contains("Contents:"))
        XCTAssertTrue(platform.rules.contains(1) && platform.rules.contains(23))
    }
}
