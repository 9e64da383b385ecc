import Foundation
import Reports
import XCTest

/// Golden files under `Fixtures/report/`: compared byte for byte. After a deliberate
/// change (a check's wording, a new column), regenerate them with
/// `LINKAUDIT_UPDATE_GOLDENS=1 swift test --filter Report` and review the diff by eye.
package enum Golden {
    static var updating: Bool { ProcessInfo.processInfo.environment["LINKAUDIT_UPDATE_GOLDENS"] == "1" }

    package static func check(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = Fixture.url("report/" + name)
        if updating {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            XCTFail("no golden file \(name): run with LINKAUDIT_UPDATE_GOLDENS=1 and review it", file: file, line: line)
            return
        }
        guard Data(text.utf8) != expected else { return }
        let actualLines = text.components(separatedBy: "\n")
        let expectedLines = String(decoding: expected, as: UTF8.self).components(separatedBy: "\n")
        let index = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let got = index < actualLines.count ? actualLines[index] : "(end of output)"
        let want = index < expectedLines.count ? expectedLines[index] : "(end of golden)"
        XCTFail("\(name) differs from its golden at line \(index + 1):\n  got:  \(got)\n  want: \(want)\n"
            + "(LINKAUDIT_UPDATE_GOLDENS=1 regenerates after a deliberate change)", file: file, line: line)
    }
}

extension ReportFixture {
    /// Writes a run as `audit` does: `links.jsonl` and `pages.jsonl` in `dir`.
    @discardableResult
    package static func write(_ pages: [Page], to dir: String) -> String {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var records = ""
        let file = try! LineWriter(path: dir + "/links.jsonl")
        let links = LinksOutput(file)
        for page in pages {
            records += page.record.jsonLine + "\n"
            var memo = VerdictSetMemo()
            links.write(PageLinks(page.navigations, memo: &memo))
        }
        try! file.commit()
        _ = FileManager.default.createFile(atPath: dir + "/pages.jsonl", contents: Data(records.utf8))
        return dir + "/links.jsonl"
    }
}
