import LinkAuditModel
import TestSupport
import XCTest

/// `form.submit()` and `form.requestSubmit()` from script (issue 18): the form's `action`,
/// found as the scanner finds elements for `href` writes, becomes the script's navigation
/// with its trigger and timing, by the form's target (Docs/PLATFORM.md §F.16).
final class FormSubmitTests: XCTestCase {
    /// The script records (the form's own `form[action]` record aside).
    private func submitted(_ html: String) -> [String] {
        Extract.all(html).filter { $0.source == "script" }.map {
            "\($0.trigger.rawValue) \($0.frame.rawValue) \($0.url)" + ($0.delayMs.map { " \($0)ms" } ?? "")
        }
    }

    func testTheFormsActionIsTheScriptsNavigation() {
        XCTAssertEqual(submitted("""
        <form id="pay" action="ovo://pay?order=1"><button>OVO</button></form>
        <script>document.getElementById('pay').submit();</script>
        """), ["script-load main ovo://pay?order=1"])
        // By selector and through a variable, in a timer; jQuery's `.submit()` with no handler.
        XCTAssertEqual(submitted("""
        <form class="dana" action="dana://pay" target="_blank"></form>
        <script>var f = document.querySelector('form.dana'); setTimeout(function () { f.submit(); }, 800);</script>
        """), ["script-timer new-window dana://pay 800ms"])
        XCTAssertEqual(submitted("""
        <form id="go" action="gojek://pay" method="post"></form>
        <button id="b">GoPay</button>
        <script>$('#b').click(function () { $('#go').submit(); });</script>
        """), ["script-handler main gojek://pay"])
    }

    func testRequestSubmitWithOrWithoutItsSubmitter() {
        XCTAssertEqual(submitted("""
        <form id="pay" action="linkaja://pay"><button id="ok">Pay</button></form>
        <script>
          var form = document.getElementById('pay');
          document.getElementById('ok').addEventListener('click', function () { form.requestSubmit(); });
          window.addEventListener('load', function () { form.requestSubmit(ok); });
        </script>
        """).sorted(), ["script-handler main linkaja://pay", "script-load main linkaja://pay"])
    }

    func testAnActionTheScriptWritesIsSubmittedOnce() {
        // Written, then submitted: the written URL, submitted by the script (and by a user).
        XCTAssertEqual(submitted("""
        <form id="pay" action="/fallback"></form>
        <script>var f = document.getElementById('pay'); f.action = 'shopeeid://pay'; f.submit();</script>
        """).sorted(), ["form-get main shopeeid://pay", "script-load main shopeeid://pay"])
    }

    func testWhatSubmitsNothingItCanList() {
        // No action: the document's own URL. A javascript: action, a dialog form, a form made
        // by script without an action written, an element that is no form: nothing.
        XCTAssertEqual(submitted(#"<form id="f"></form><script>document.getElementById('f').submit()</script>"#),
                       ["script-load main " + Extract.page])
        XCTAssertEqual(submitted("""
        <form id="j" action="javascript:void(0)"></form><form id="d" method="dialog" action="x://d"></form>
        <a id="a" href="x://a">a</a>
        <script>
          document.getElementById('j').submit(); document.getElementById('d').submit();
          document.getElementById('a').submit();
          var made = document.createElement('form'); made.submit();
        </script>
        """), [])
    }
}
