import XCTest
@testable import Extraction
import TestSupport

/// `srcdoc` documents inside `srcdoc` documents are read `HTMLExtractor.maxSrcdocDepth`
/// deep: each level is parsed by a child document, so the depth is bounded, not the input's
/// (Docs/ARCHITECTURE.md §5).
final class SrcdocNestingTests: XCTestCase {
    private func nested(_ depth: Int) -> String {
        var html = "<a href=\"x://\(depth)\">deep</a>"
        for level in stride(from: depth - 1, through: 0, by: -1) {
            let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            html = "<a href=\"x://\(level)\">l</a><iframe srcdoc=\"\(escaped)\"></iframe>"
        }
        return html
    }

    func testNestedSrcdocsAreReadToTheBound() {
        let raws = Extract.all(nested(40)).map(\.raw).filter { $0.hasPrefix("x://") }
        XCTAssertEqual(raws, (0...HTMLExtractor.maxSrcdocDepth).map { "x://\($0)" })
    }
}
