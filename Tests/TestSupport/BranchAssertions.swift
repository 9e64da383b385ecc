import XCTest
import LinkAuditModel
import Policies

extension XCTestCase {
    /// Runs each row through `profile` and checks outcome, reason and the listed details
    /// (a detail expected as "" must be absent).
    package func assertBranches(_ profile: RuntimeProfile, _ rows: [BranchCase], file: StaticString = #filePath,
                        line: UInt = #line) {
        for row in rows {
            let verdict = profile.decide(row.request)
            XCTAssertEqual(verdict.outcome, row.outcome, "\(row.name): outcome (\(verdict))", file: file, line: line)
            XCTAssertEqual(verdict.reason.rawValue, row.reason, "\(row.name): reason (\(verdict))", file: file, line: line)
            for (key, value) in row.details {
                let actual = verdict.details?[key]
                if value.isEmpty {
                    XCTAssertNil(actual, "\(row.name): \(key) should be absent", file: file, line: line)
                } else if value.hasPrefix("~") {
                    XCTAssertTrue(actual?.contains(value.dropFirst()) ?? false,
                                  "\(row.name): \(key) = \(actual ?? "nil"), wanted it to contain \(value.dropFirst())",
                                  file: file, line: line)
                } else {
                    XCTAssertEqual(actual, value, "\(row.name): \(key)", file: file, line: line)
                }
            }
        }
    }
}

/// One row of a branch table: a name for failure messages, the request, and what must come out.
package struct BranchCase {
    let name: String
    let request: PolicyRequest
    let outcome: Outcome
    let reason: String
    var details: [String: String] = [:]

    package init(_ name: String, _ request: PolicyRequest, _ outcome: Outcome, _ reason: String,
         _ details: [String: String] = [:]) {
        self.name = name
        self.request = request
        self.outcome = outcome
        self.reason = reason
        self.details = details
    }
}
