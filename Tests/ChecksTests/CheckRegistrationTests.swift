import Foundation
import XCTest
@testable import Checks
import TestSupport

/// A check declared in `Sources/Checks/` but missing from `Checks.all` is never run, never
/// documented and never tested: every declared check is registered exactly once, and no two
/// checks share a code.
final class CheckRegistrationTests: XCTestCase {
    /// A check declared in a source file: `static let name = Check(code: "CODE", …`.
    struct Declaration {
        var name: String
        var code: String?
        var place: String
    }

    /// Every `static let name = Check(` in `Sources/Checks/*.swift`, with the code it declares.
    static func declarations() throws -> [Declaration] {
        let folder = Repository.url("Sources/Checks")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let declaration = try NSRegularExpression(pattern: #"static\s+let\s+(\w+)\s*=\s*Check\("#)
        let code = try NSRegularExpression(pattern: #"^\s*code:\s*"([^"]*)""#)
        var found: [Declaration] = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in declaration.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                let end = Range(match.range, in: source)!.upperBound
                let rest = String(source[end...])
                let codeMatch = code.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest))
                let line = source[..<end].filter { $0 == "\n" }.count + 1
                found.append(Declaration(
                    name: String(source[Range(match.range(at: 1), in: source)!]),
                    code: codeMatch.map { String(rest[Range($0.range(at: 1), in: rest)!]) },
                    place: "Sources/Checks/\(file):\(line)"))
            }
        }
        return found
    }

    func testEveryDeclaredCheckIsRegisteredOnce() throws {
        let declared = try Self.declarations()
        XCTAssertEqual(declared.count, Checks.all.count,
                       "Sources/Checks declares \(declared.count) checks, Checks.all registers \(Checks.all.count)")
        let registered = Checks.all.map(\.code)
        for check in declared {
            guard let code = check.code else {
                XCTFail("\(check.place): cannot read the code of \(check.name) (expected `code: \"…\"` first)")
                continue
            }
            let times = registered.filter { $0 == code }.count
            XCTAssertEqual(times, 1, "\(check.place): \(check.name) (\(code)) appears \(times) times in Checks.all "
                           + "(Sources/Checks/Checks.swift); register it exactly once")
        }
    }

    func testCodesAreUnique() throws {
        let registered = Checks.all.map(\.code)
        XCTAssertEqual(registered.count, Set(registered).count,
                       "codes registered twice: \(Dictionary(grouping: registered, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
        let declared = try Self.declarations()
        for (code, checks) in Dictionary(grouping: declared, by: { $0.code ?? "" }) where checks.count > 1 {
            XCTFail("\(code) is declared \(checks.count) times: \(checks.map(\.place).joined(separator: ", "))")
        }
    }
}
