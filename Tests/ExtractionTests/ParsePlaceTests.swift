import XCTest
@testable import Extraction
@testable import LinkAuditModel
import TestSupport

/// Where each navigation stands in its document's parse (`ParsePlace`, Docs/PLATFORM.md
/// §F.15): the page visit reads it to know what a stopped parser or a cancelled refresh
/// leaves unreached.
final class ParsePlaceTests: XCTestCase {
    private func place(_ navs: [Navigation], _ url: String, file: StaticString = #filePath,
                       line: UInt = #line) throws -> ParsePlace {
        let nav = try XCTUnwrap(navs.first { $0.url == url }, "no record of \(url)", file: file, line: line)
        return try XCTUnwrap(nav.place.value, "no place on \(url)", file: file, line: line)
    }

    func testAScriptsTopLevelCodeStartsWhileTheParserWaitsAtItsEnd() throws {
        let navs = Extract.all("""
        <p>intro</p>
        <script>
          location.href = 'dana://now';
          setTimeout(function () { location.href = 'dana://timer'; }, 100);
          document.getElementById('b').addEventListener('click', function () { location.href = 'dana://tap'; });
          fetch('/x').then(function () { location.href = 'dana://promise'; });
        </script>
        """)
        XCTAssertEqual(try place(navs, "dana://now"),
                       ParsePlace(document: 0, parserLine: 7, startsWhileParsing: true, ownFrame: true))
        // Set up while parsing, started later: they exist from line 7 on.
        for url in ["dana://timer", "dana://tap", "dana://promise"] {
            XCTAssertEqual(try place(navs, url),
                           ParsePlace(document: 0, parserLine: 7, startsWhileParsing: false, ownFrame: true), url)
        }
    }

    func testCodeWaitingForTheParseToEndHasNoParserLine() throws {
        let navs = Extract.all("""
        <script>
          document.addEventListener('DOMContentLoaded', function () {
            location.href = 'dana://dcl';
            setTimeout(function () { location.href = 'dana://timer-in-dcl'; }, 10);
          });
          window.onload = function () {};
        </script>
        <script type="module">location.href = 'dana://module';</script>
        <body onload="location.href='dana://body-onload'">
        """)
        for url in ["dana://dcl", "dana://timer-in-dcl", "dana://module", "dana://body-onload"] {
            XCTAssertEqual(try place(navs, url),
                           ParsePlace(document: 0, parserLine: nil, startsWhileParsing: false, ownFrame: true), url)
        }
    }

    func testElementsStandOnTheirOwnLine() throws {
        let navs = Extract.all("""
        <a href="ovo://a">a</a>
        <a href="ovo://blank" target="_blank">b</a>
        <iframe src="ovo://frame"></iframe>
        <meta http-equiv="refresh" content="1; url=ovo://refresh">
        <a href="ovo://top" target="_top">c</a>
        """)
        XCTAssertEqual(try place(navs, "ovo://a"), ParsePlace(document: 0, parserLine: 1, ownFrame: true))
        XCTAssertEqual(try place(navs, "ovo://blank"), ParsePlace(document: 0, parserLine: 2, ownFrame: false))
        XCTAssertEqual(try place(navs, "ovo://frame"), ParsePlace(document: 0, parserLine: 3, ownFrame: false))
        XCTAssertEqual(try place(navs, "ovo://refresh"), ParsePlace(document: 0, parserLine: 4, ownFrame: true))
        // The top by name: the same frame here, but not once the page is framed.
        XCTAssertEqual(try place(navs, "ovo://top"), ParsePlace(document: 0, parserLine: 5, ownFrame: false))
    }

    func testFrameDocumentsAreNumberedInTheOrderTheirTextComes() throws {
        let navs = Extract.all("""
        <iframe srcdoc="<script>location.href='dana://one'</script>
        <iframe srcdoc='<a href=&quot;dana://nested&quot; target=_top>x</a>'></iframe>"></iframe>
        <iframe srcdoc="<a href='dana://two'>y</a>"></iframe>
        """)
        XCTAssertEqual(try place(navs, "dana://one"),
                       ParsePlace(document: 1, parserLine: 1, startsWhileParsing: true, ownFrame: true))
        // `_top` from a frame document goes to the main frame, not its own.
        XCTAssertEqual(try place(navs, "dana://nested").document, 2)
        XCTAssertEqual(try place(navs, "dana://nested").ownFrame, false)
        XCTAssertEqual(try place(navs, "dana://two").document, 3)
    }

    func testAPlaceIsNotPartOfTheRecord() throws {
        let nav = try XCTUnwrap(Extract.one("<script>location.href = 'dana://now';</script>"))
        var bare = nav
        bare.place = Carried()
        XCTAssertEqual(nav, bare)
    }
}
