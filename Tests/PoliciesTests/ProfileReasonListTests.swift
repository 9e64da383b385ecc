import XCTest

/// Each profile's doc comment lists the reasons it gives (an index a reader scans before
/// opening the `Reason+….swift` files, where each code is declared and explained). The
/// lists are prose, so this test keeps them true: every code a list names must be a
/// declared reason.
final class ProfileReasonListTests: XCTestCase {
    func testEveryReasonAProfileListsIsDeclared() throws {
        let sources = try SwiftSources.read(["Sources/Policies"])
        let declared = Set(sources.flatMap { ReasonLiterals.declarations(in: $0.text).map(\.code) })
        XCTAssertGreaterThan(declared.count, 50, "the scan reads the declarations")
        let profiles = sources.filter { $0.path.hasSuffix("Profile.swift") }
        XCTAssertGreaterThanOrEqual(profiles.count, 8, "the scan reads every profile file")
        var listed = 0
        for profile in profiles {
            for code in Self.listedCodes(in: profile.text) {
                listed += 1
                XCTAssertTrue(declared.contains(code), "\(profile.path) lists `\(code)`, which no Reason declares")
            }
        }
        XCTAssertGreaterThan(listed, 50, "the lists were found")
    }

    /// The backticked codes of the `Reasons…:` list items in a file's doc comments: `/// - `
    /// lines and their continuations, up to the next blank doc line. `-suffix` shorthands
    /// (`universal-link-subframe` / `-back-forward`) replace the last word of the item's first code.
    static func listedCodes(in text: String) -> [String] {
        var codes: [String] = []
        var inList = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let doc = line.trimmingCharacters(in: .whitespaces)
            guard doc.hasPrefix("///") else { inList = false; continue }
            let body = doc.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if body.hasPrefix("Reasons") || body.hasPrefix("The handler's branches") || body.hasPrefix("Launches") {
                inList = true
                continue
            }
            if body.isEmpty { inList = false }
            guard inList, body.hasPrefix("- ") else { continue }
            // The codes stand before the dash or parenthesis that explains them.
            let head = body.dropFirst(2).prefix { $0 != "—" && $0 != "(" && $0 != ":" }
            // A `-suffix` replaces the last word of the item's first code.
            var stem = ""
            for piece in head.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where piece.offset % 2 == 1 {
                var code = String(piece.element)
                guard code.range(of: #"^-?[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil else { continue }
                if code.hasPrefix("-") {
                    code = stem + code
                } else if stem.isEmpty {
                    stem = code.components(separatedBy: "-").dropLast().joined(separator: "-")
                }
                codes.append(code)
            }
        }
        return codes
    }

    func testTheListReaderExpandsShorthands() {
        let text = """
        /// Reasons:
        /// - `universal-link-subframe` / `-back-forward` / `-same-host` (loads): kept.
        /// - `custom-scheme-opened` / `custom-scheme-chooser` — opened.
        ///
        /// - `not-a-reason` — after the list.
        """
        XCTAssertEqual(Self.listedCodes(in: text), ["universal-link-subframe", "universal-link-back-forward",
                                                    "universal-link-same-host", "custom-scheme-opened",
                                                    "custom-scheme-chooser"])
    }
}
