import LinkAuditModel
import Policies

extension Checks {
    /// A deep link's query written in characters on a page in a legacy encoding: the
    /// engine sends it in that encoding, and the app gets bytes that are not UTF-8
    /// (Docs/PLATFORM.md §F.12).
    static let queryNotUTF8 = Check(
        code: "QUERY_NOT_UTF8", severity: .warning,
        title: "Deep link's query reaches the app in the page's encoding, not UTF-8",
        meaning: "The page is in a legacy encoding (Shift_JIS, EUC-KR, windows-874, GBK, …) and the query of a "
            + "custom-scheme or intent:// link holds characters outside ASCII. Browsers percent-encode the query of every URL on the page "
            + "in the page's encoding — custom schemes and intent:// included (Chromium measured) — so the "
            + "wallet app receives memo=%83R%81[%83q%81[ for コーヒー on a Shift_JIS page, bytes that are not UTF-8.",
        impact: "An app that decodes its query as UTF-8 (Android's Uri.getQueryParameter, iOS's URLComponents) "
            + "reads garbage or nothing: the order note, the shop name or the amount label arrives broken, and a "
            + "signed query may fail its check.",
        advice: "Percent-encode the query in UTF-8 yourself (encodeURIComponent in script, or write %E3%82%B3… "
            + "in the markup), or serve the page in UTF-8; keep non-ASCII out of deep-link queries.",
        triggering: [
            CheckExample(#"<meta charset="shift_jis"><a href="paypay://payment?memo=&#x30B3;&#x30FC;&#x30D2;&#x30FC;">PayPay</a>"#,
                         raisedBy: ["android-sdk", "chrome-android", "ios-sdk", "safari-ios"]),
        ],
        nonTriggering: [
            CheckExample(#"<meta charset="utf-8"><a href="paypay://payment?memo=&#x30B3;&#x30FC;&#x30D2;&#x30FC;">PayPay</a>"#),
            CheckExample(#"<meta charset="shift_jis"><a href="paypay://payment?memo=%E3%82%B3">PayPay</a>"#),
            CheckExample(#"<meta charset="shift_jis"><a href="merpay:pay?memo=&#x30B3;&#x30FC;&#x30D2;&#x30FC;">Merpay</a>"#),
        ],
        fires: { nav in
            // A wallet's own link: a custom scheme or intent:. (An https link's verdicts are
            // shared among a page's ordinary web links, which this could not tell apart.)
            guard nav.scheme != "http", nav.scheme != "https", sendsLegacyQuery(nav) else { return [] }
            return Check.profiles(of: nav) { _, verdict in verdict.outcome == .opensApp || verdict.outcome == .chooser }
        })

    /// Whether the engine sends the navigation's query in bytes that are not UTF-8 because
    /// the page wrote characters there: its query as written holds a character outside
    /// ASCII, and the query it is sent with does not decode as UTF-8. (A query the page
    /// wrote percent-encoded already is sent as written, whatever it holds.)
    ///
    /// Asked of every navigation (`CheckRun.judge`'s `judgedAlone`), so the usual answer is
    /// found first: a `raw` text all in ASCII has no character outside ASCII in its query —
    /// one pass over its bytes instead of a walk over its Characters (Docs/ARCHITECTURE.md §3).
    /// `sendsLegacyQueryAsWritten` is the plain version; `QueryNotUTF8Tests` compares them.
    static func sendsLegacyQuery(_ nav: Navigation) -> Bool {
        if isASCII(nav.raw) { return false }
        return sendsLegacyQueryAsWritten(nav)
    }

    /// Whether every byte of `text` is ASCII (so is every character).
    static func isASCII(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            return any < 0x80
        }) {
            return answer
        }
        return text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `sendsLegacyQuery` as the rule reads, without the ASCII shortcut.
    static func sendsLegacyQueryAsWritten(_ nav: Navigation) -> Bool {
        guard let written = query(of: nav.raw), written.unicodeScalars.contains(where: { !$0.isASCII }),
              let sent = query(of: nav.url) else { return false }
        return String(validating: percentDecoded(sent), as: UTF8.self) == nil
    }

    /// `%XX` as the byte, the rest as written (the URL Standard's percent-decode).
    private static func percentDecoded(_ text: Substring) -> [UInt8] {
        let input = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            if input[i] == 0x25, i + 2 < input.count, let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(input[i])
                i += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// The text between the first `?` and the `#` after it.
    private static func query(of url: String) -> Substring? {
        guard let mark = url.firstIndex(of: "?") else { return nil }
        let rest = url[url.index(after: mark)...]
        return rest.firstIndex(of: "#").map { rest[..<$0] } ?? rest
    }
}
