import LinkAuditModel
import WHATWGURL

/// Navigations that only scroll: the HTML Standard's *navigate* algorithm goes "to a
/// fragment" — no load, no request, nothing a WebView client or an app is asked about —
/// when the resolved URL equals the document's URL with fragments excluded and has a
/// fragment (§F.11). Decided on the resolved URL, so `faq.html#x` on `faq.html` scrolls
/// and `#x` under a `<base href>` elsewhere loads that other document.
extension DocumentState {
    /// (Handed the two fields it reads: the pending navigation passed by value was copied whole.)
    func onlyScrolls(_ trigger: Trigger, _ target: borrowing TargetRule, to url: WebURL) -> Bool {
        guard let documentURLExcludingFragment, let fragment = url.layout.fragmentRange,
              Self.scrolls(trigger), navigatesItself(target)
        else { return false }
        // Of another length, it is another URL: both are URL serialisations, all ASCII (URL
        // Standard), which are equal only byte for byte. Asked first, most links (an `intent:`
        // link's `#Intent;…` on a page) are told apart without the text made and compared, its
        // serialisation retained and released (issue 17).
        guard fragment.lowerBound - 1 == documentURLExcludingFragment.utf8.count else { return false }
        return url.hrefExcludingFragment == documentURLExcludingFragment
    }

    /// Links, script navigations and refreshes; never form submissions (a GET replaces the
    /// query, a POST carries a body), frame loads (another navigable) or metadata. A switch:
    /// a `Set<Trigger>` hashed the trigger's raw string for every link with a fragment, ~200
    /// instructions each `intent:` link (issue 17).
    static func scrolls(_ trigger: Trigger) -> Bool {
        switch trigger {
        case .tap, .metaRefresh, .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync: return true
        case .formGet, .formPost, .frameLoad, .metadata, .scriptLiteral, .serverRedirect: return false
        }
    }

    /// Whether the navigation targets this document's own navigable: another window, a
    /// named iframe or (from a `srcdoc` document) the top one load a document there.
    private func navigatesItself(_ rule: borrowing TargetRule) -> Bool {
        switch rule {
        case .document: return true
        case .main: return frame == .main
        case .sub, .newWindow: return false
        case .named(let name):
            switch name.trimmingASCIIWhitespace.lowercased() {
            case "", "_self": return true
            case "_top", "_parent": return frame == .main
            default: return false
            }
        }
    }
}

extension WebURL {
    /// The serialisation without `#` and the fragment (URL Standard, "exclude fragments").
    var hrefExcludingFragment: Substring {
        guard let fragment = layout.fragmentRange else { return href[...] }
        let utf8 = href.utf8
        return Substring(utf8[utf8.startIndex..<utf8.index(utf8.startIndex, offsetBy: fragment.lowerBound - 1)])
    }
}
