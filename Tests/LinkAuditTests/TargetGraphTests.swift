import Foundation
import TestSupport
import XCTest

/// The stages' direction, as a test: `Package.swift` may give a target only the
/// dependencies its stage allows (the compiler then refuses any other import), so widening
/// the graph — a policy that reads pages, a check that writes files — fails here first,
/// with the reason, instead of passing review unnoticed.
final class TargetGraphTests: XCTestCase {
    /// What each stage may use, at most (Docs/ARCHITECTURE.md §1).
    static let allowed: [String: Set<String>] = [
        "WHATWGURL": ["CIDN2"],
        "LinkAuditModel": ["WHATWGURL"],
        "Associations": ["LinkAuditModel", "WHATWGURL"],
        "Extraction": ["LinkAuditModel", "WHATWGURL", "CLibXML2"],
        "PageSources": ["Extraction", "Associations", "LinkAuditModel", "WHATWGURL", "CZlib", "CPSL", "CCurl"],
        "Policies": ["Associations", "LinkAuditModel", "WHATWGURL"],
        "Checks": ["Policies", "Associations", "LinkAuditModel", "WHATWGURL"],
        "Reports": ["Checks", "Policies", "Associations", "LinkAuditModel", "WHATWGURL"],
        "LinkAudit": ["PageSources", "Extraction", "Policies", "Checks", "Reports", "Associations", "LinkAuditModel",
                      "WHATWGURL"],
    ]

    func testEveryStageUsesOnlyWhatItsStageAllows() throws {
        // Fuzzing harnesses (`Fuzz*`, under Fuzz/) are no stage: they call into one and
        // nothing uses them.
        let declared = try Self.sourceTargets().filter { !$0.key.hasPrefix("Fuzz") }
        XCTAssertEqual(Set(declared.keys), Set(Self.allowed.keys).union(["linkaudit"]), "a stage was added or renamed")
        for (target, dependencies) in declared where target != "linkaudit" {
            let extra = dependencies.subtracting(Self.allowed[target] ?? [])
            XCTAssertTrue(extra.isEmpty, "\(target) may not depend on \(extra.sorted()) (Docs/ARCHITECTURE.md §1)")
        }
        XCTAssertFalse(declared["linkaudit"]?.isEmpty ?? true)
    }

    func testTheReadmeDrawsEveryStage() throws {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        for target in Self.allowed.keys {
            XCTAssertNotNil(readme.range(of: #"(?m)(^|[│└├─ ])"# + target + " ", options: .regularExpression),
                            "README's target graph does not show \(target)")
        }
    }

    /// The source targets of `Package.swift` with their dependencies (test targets and the
    /// test support target are left out).
    static func sourceTargets() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(target|executableTarget)\(name: "(\w+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        var targets: [String: Set<String>] = [:]
        let range = NSRange(manifest.startIndex..., in: manifest)
        for match in pattern.matches(in: manifest, range: range) {
            guard let name = Range(match.range(at: 2), in: manifest).map({ String(manifest[$0]) }),
                  name != "TestSupport" else { continue }
            let list = Range(match.range(at: 3), in: manifest).map { String(manifest[$0]) } ?? ""
            targets[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.filter { !$0.isEmpty })
        }
        return targets
    }
}
