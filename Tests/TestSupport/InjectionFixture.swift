import LinkAuditModel
import Reports

/// Links an attacker controls, on a page whose own address is hostile too: each one
/// raises a finding, so it reaches every report format.
package enum InjectionFixture {
    package static let page = "https://shop.example/promo|x/<b>`id`</b>"
    package static let urls = [
        "=cmd|' /C calc'!A0",
        "+SUM(1+1)*cmd|' /C calc'!A0",
        "-2+3+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
        "\t=1+1",
        "\r=1+1",
        "＝1+1",
        "https://shop.example/a|b|c",
        "javascript:`rm -rf /`",
        "https://shop.example/x\n| injected | row |\n# heading",
        "<script>alert(document.cookie)</script>",
        "https://shop.example/\"quoted\",comma",
        "https://shop.example/[link](javascript:alert(1))",
        "https://shop.example/ctl\u{1}\u{7}\u{1B}end",
    ]

    static var navigations: [Navigation] {
        urls.enumerated().map { index, url in
            var navigation = Navigation(page: page, line: index + 1, source: "a[href]", trigger: .tap, frame: .main,
                                        raw: url, url: url, scheme: "weird|<scheme>`")
            navigation.verdicts = ["android-webview": Verdict(.errorPage, Reason(rawValue: "unknown|<b>`reason`</b>"))]
            navigation.findings = [FindingRef(code: "ERR_UNKNOWN_URL_SCHEME", profiles: ["android-webview"])]
            return navigation
        }
    }

    /// Against an empty baseline every finding is new, so the summary lists each URL.
    package static var report: Report {
        var accumulator = ReportAccumulator()
        accumulator.add(page: PageRecord(page: page, file: "site/promo|x/<b>.html", bytes: 1, status: "ok",
                                         navigations: urls.count), navigations: navigations)
        accumulator.add(page: PageRecord(page: page + "/broken", file: nil, bytes: 0,
                                         status: "unreadable: <img src=x onerror=alert(1)>|`x`\nline"), navigations: [])
        return accumulator.report(baseline: Baseline(label: "Reports/<script>|`night`", findings: []))
    }
}
