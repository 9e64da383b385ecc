import LinkAuditModel
import WHATWGURL

/// Which of a page's navigations the crawl follows: `http(s)` pages a visitor or the page
/// itself loads (links, frames, refreshes, script jumps). Not forms (the crawler submits
/// nothing), declared app links and data literals (an inventory), plugin content (`object`, `embed`), URLs a
/// script only partly builds, nor inert `<template>` content.
public enum CrawlLinks {
    public static func followable(_ navigation: Navigation) -> WebURL? {
        guard navigation.scheme == "http" || navigation.scheme == "https",
              navigation.partial != true, navigation.context != "template",
              navigation.source != "object[data]", navigation.source != "embed[src]" else { return nil }
        switch navigation.trigger {
        case .tap, .metaRefresh, .frameLoad, .scriptLoad, .scriptTimer, .scriptHandler, .scriptAsync: break
        case .formGet, .formPost, .metadata, .scriptLiteral, .serverRedirect: return nil
        }
        return WebURL.parse(navigation.url).map(CrawlURLForm.normalize)
    }
}
