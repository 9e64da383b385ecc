import Extraction
import Foundation
import LinkAudit
import LinkAuditModel
import Policies

/// The fuzzing harness for a refresh (issue 16): any bytes as the `content` of a
/// `<meta http-equiv=refresh>` (or a `Refresh` header's value), through the HTML Standard's
/// declarative refresh steps; then the same text inside a page, which must give the
/// navigation the parser gives, classified by every runtime profile with the page clock at
/// its default and at its limits. A crash, a hang or a broken bound is a finding; each
/// found becomes a test in Tests/ExtractionTests/Fuzz/.
///
/// Run with libFuzzer by `Scripts/fuzz.sh FuzzMetaRefresh` (README, "Fuzzing"); built
/// without `FUZZING` it replays files instead (`FuzzDriver`).
enum MetaRefreshFuzzing {
    static let page = "https://fuzz.example/pay/"
    static let classifiers: [Classifier] = {
        var latest = AuditSettings()
        latest.entry = .loadUrlByUser
        latest.pageLoadMs = PageClock.maxDelayMs
        latest.assumedAsyncDelayMs = PageClock.maxDelayMs
        return [Classifier(profiles: ProfileRegistry.all),
                Classifier(profiles: ProfileRegistry.all, settings: latest)]
    }()

    static func run(_ bytes: [UInt8]) {
        let content = String(decoding: bytes, as: UTF8.self)
        let parsed = MetaRefresh.parse(content)
        if let parsed {
            precondition(parsed.delaySeconds >= 0, "a negative delay: \(parsed.delaySeconds)")
            precondition((0...PageClock.maxDelayMs).contains(parsed.delayMs), "a delay off the page clock")
            precondition((parsed.url?.utf8.count ?? 0) <= content.utf8.count, "a URL longer than its content")
            _ = parsed.isJavaScriptURL
        }
        // In a page, the attribute's value reaches the parser as the HTML Standard's input
        // stream leaves it: CR LF and CR become LF, NUL becomes U+FFFD.
        let html = #"<meta http-equiv="refresh" content=""# + escaped(content) + #"">"#
        let navigations = HTMLExtractor.extract(html: html, pageURL: page)
        let refreshes = navigations.filter { $0.source == "meta[refresh]" }
        let expected = MetaRefresh.parse(inputStream(content))
        // (A refresh to a fragment of the page itself only scrolls it: no navigation.)
        if let expected, !expected.isJavaScriptURL, let refresh = refreshes.first {
            precondition(refreshes.count == 1, "the page gave \(refreshes.count) refreshes")
            precondition(refresh.delayMs == expected.delayMs,
                         "the page's refresh waits \(refresh.delayMs ?? -1) ms, the parser's \(expected.delayMs)")
            precondition(refresh.raw == (expected.url ?? ""), "the page's refresh goes elsewhere than the parser's")
        } else {
            precondition(refreshes.isEmpty, "the page refreshes where the parser says it does not")
        }
        for classifier in classifiers {
            precondition(classifier.audit(navigations).count == navigations.count, "classification lost navigations")
        }
    }

    /// The value as a double-quoted attribute writes it: its character references stand for
    /// the characters they replace.
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;", options: .literal)
            .replacingOccurrences(of: "\"", with: "&quot;", options: .literal)
    }

    /// (On scalars: a NUL or CR before a combining mark is one character to `String`.)
    static func inputStream(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": out.append("\n")
            case "\n" where afterCR: break
            case "\u{0}": out.append("\u{FFFD}")
            default: out.append(scalar)
            }
            afterCR = scalar == "\r"
        }
        return String(out)
    }
}
