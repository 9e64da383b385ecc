import XCTest
@testable import Reports
import TestSupport

/// Findings per profile counted by the profile's number (`ProfileCounts`) read back as the
/// table counting by name gives (the plain version), with names the registry does not know
/// among them, counts added one by one, by group, and tally to tally.
final class ProfileCountsTests: XCTestCase {
    func testCountsByNumberEqualCountsByName() {
        let names = ProfileOrder.known + ["older-profile", "zz-newer"]
        XCTAssertGreaterThan(ProfileOrder.known.count, 3)
        var numbers = SeededNumbers(state: 5)
        for _ in 0..<200 {
            var byNumber = ProfileCounts(), merged = ProfileCounts(), other = ProfileCounts()
            var byName: [String: Int] = [:]
            for step in 0..<numbers.next(40) {
                let profiles = (0..<numbers.next(5)).map { _ in numbers.pick(names) }
                let count = 1 + numbers.next(3)
                byNumber.add(profiles, mask: ProfileCounts.mask(of: profiles), count: count)
                if step % 2 == 0 {
                    merged.add(profiles, mask: ProfileCounts.mask(of: profiles), count: count)
                } else {
                    other.add(profiles, mask: ProfileCounts.mask(of: profiles), count: count)
                }
                for profile in profiles { byName[profile, default: 0] += count }
            }
            merged.add(other)
            XCTAssertEqual(byNumber.table, byName)
            XCTAssertEqual(merged.table, byName)
            XCTAssertEqual(byNumber.isEmpty, byName.isEmpty)
        }
        XCTAssertEqual(ProfileCounts.number(of: "older-profile"), -1)
        XCTAssertEqual(ProfileCounts.number(of: ProfileOrder.known[2]), 2)
        XCTAssertEqual(ProfileCounts.mask(of: [ProfileOrder.known[0], ProfileOrder.known[2]]), 0b101)
        XCTAssertEqual(ProfileCounts.mask(of: [ProfileOrder.known[0], "older-profile"]), 0, "a name it does not know")
        XCTAssertEqual(ProfileCounts.mask(of: [ProfileOrder.known[1], ProfileOrder.known[1]]), 0, "a name twice")
    }

    /// A tally counts a code's profiles by number: the table by code and profile is the one
    /// counting finding by finding by name gives.
    func testATallyReadsProfilesByName() {
        var tally = FindingTally(suppressions: 0)
        let known = ProfileOrder.known
        tally.add(code: "A", page: "p", association: false, severity: .error, suppressed: false, suppression: nil,
                  profiles: [known[0], known[1]], hasLine: true, count: 2)
        tally.add(code: "A", page: "p", association: false, severity: .error, suppressed: false, suppression: nil,
                  profiles: [known[1], "unknown-one"], profileMask: ProfileCounts.mask(of: [known[1], "unknown-one"]),
                  hasLine: true)
        tally.add(code: "A", page: "p", association: false, severity: .error, suppressed: false, suppression: nil,
                  profiles: [known[0]], profileMask: ProfileCounts.mask(of: [known[0]]), hasLine: true)
        tally.add(code: "B", page: "p", association: false, severity: .error, suppressed: true, suppression: nil,
                  profiles: [known[0]], hasLine: true)
        XCTAssertEqual(tally.codeProfiles, ["A": [known[0]: 3, known[1]: 3, "unknown-one": 1]])
    }
}
