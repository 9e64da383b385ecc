import XCTest
@testable import Associations
@testable import Policies
@testable import WHATWGURL

/// `caseSensitive`, `percentEncoded`, the three `defaults` levels, wildcards and
/// substitution variables, on inline files.
final class AppSiteAssociationFlagsTests: XCTestCase {
    func testCaseSensitiveByDefault() {
        let association = AASA.components(#"[{"/": "/Buy/*"}]"#)
        XCTAssertEqual(AASA.verdict(association, "/Buy/shoes"), "match")
        XCTAssertEqual(AASA.verdict(association, "/buy/shoes"), "unset")
    }

    func testCaseInsensitiveComponentAppliesToPathQueryAndFragment() {
        let association = AASA.components(##"[{"/": "/Buy/*", "?": {"Ref": "Mail"}, "#": "Top", "caseSensitive": false}]"##)
        XCTAssertEqual(AASA.verdict(association, "/BUY/shoes?ref=MAIL#TOP"), "match")
        XCTAssertEqual(AASA.verdict(association, "/buy/shoes?ref=web#top"), "unset")
    }

    /// URL level over app level over domain level; each unset level defers upward.
    func testDefaultsLevelsMostSpecificWins() {
        let domainOnly = AASA.components(#"[{"/": "/a"}]"#, defaults: #"{"caseSensitive": false}"#)
        XCTAssertEqual(AASA.verdict(domainOnly, "/A"), "match")
        let appOverDomain = AASA.components(#"[{"/": "/a"}]"#, defaults: #"{"caseSensitive": false}"#,
                                            detailDefaults: #"{"caseSensitive": true}"#)
        XCTAssertEqual(AASA.verdict(appOverDomain, "/A"), "unset")
        let urlOverApp = AASA.components(#"[{"/": "/a", "caseSensitive": false}]"#, detailDefaults: #"{"caseSensitive": true}"#)
        XCTAssertEqual(AASA.verdict(urlOverApp, "/A"), "match")
        let detail = urlOverApp.details[0]
        XCTAssertEqual(detail.defaults, AASAFlags(caseSensitive: true))
        XCTAssertEqual(detail.rules[0].caseSensitive, false)
        XCTAssertEqual(detail.rules[0].percentEncoded, true)
    }

    /// By default patterns see the URL percent-encoded, as the URL Standard serialises it.
    func testPercentEncodedTrueComparesTheEncodedURL() {
        let association = AASA.components(#"[{"/": "/caf%C3%A9/*"}, {"/": "/a%20b"}]"#)
        XCTAssertEqual(AASA.verdict(association, "/café/menu"), "match", "the link's é is serialised as %C3%A9")
        XCTAssertEqual(AASA.verdict(association, "/a b"), "match")
        let decodedPattern = AASA.components(#"[{"/": "/café/*"}]"#)
        XCTAssertEqual(AASA.verdict(decodedPattern, "/café/menu"), "unset")
    }

    func testPercentEncodedFalseComparesTheDecodedURL() {
        let association = AASA.components(#"[{"/": "/café/*", "?": {"q": "a b"}, "percentEncoded": false}]"#)
        XCTAssertEqual(AASA.verdict(association, "/caf%C3%A9/menu?q=a%20b"), "match")
        XCTAssertEqual(AASA.verdict(association, "/café/menu?q=a+b"), "unset", "'+' is not a space in a query item")
        let byDefaults = AASA.components(#"[{"/": "/50%/*"}]"#, detailDefaults: #"{"percentEncoded": false}"#)
        XCTAssertEqual(AASA.verdict(byDefaults, "/50%25/off"), "match")
    }

    func testWildcards() {
        let association = AASA.components(#"[{"/": "/v/?/*", "exclude": true}, {"/": "/v/*/end"}, {"/": "/p/?*"}]"#)
        XCTAssertEqual(AASA.verdict(association, "/v/1/anything/deeper"), "block", "? is one character, * crosses /")
        XCTAssertEqual(AASA.verdict(association, "/v/12/a/b/end"), "match")
        XCTAssertEqual(AASA.verdict(association, "/v/12/end"), "match")
        XCTAssertEqual(AASA.verdict(association, "/p/"), "unset", "?* needs at least one character")
        XCTAssertEqual(AASA.verdict(association, "/p/x"), "match")
    }

    func testQueryStringFormMatchesTheWholeQuery() {
        let association = AASA.components(#"[{"?": "id=?*"}]"#)
        XCTAssertEqual(AASA.verdict(association, "/x?id=7"), "match")
        XCTAssertEqual(AASA.verdict(association, "/x?id=7&y=1"), "match", "?* also spans '&'")
        XCTAssertEqual(AASA.verdict(association, "/x?ref=1&id=7"), "unset")
        XCTAssertEqual(AASA.verdict(association, "/x"), "unset")
    }

    func testCustomSubstitutionVariables() {
        let association = AASA.components(#"[{"/": "/$(food)/*"}]"#, variables: #"{"food": ["burrito", "taco", "pi?za"]}"#)
        XCTAssertEqual(AASA.verdict(association, "/taco/1"), "match")
        XCTAssertEqual(AASA.verdict(association, "/pizza/1"), "match", "values may hold wildcards")
        XCTAssertEqual(AASA.verdict(association, "/sushi/1"), "unset")
        XCTAssertEqual(AASA.verdict(association, "/TACO/1"), "unset", "values are case-sensitive by default")
        let folded = AASA.components(#"[{"/": "/$(food)/*", "caseSensitive": false}]"#, variables: #"{"food": ["Taco"]}"#)
        XCTAssertEqual(AASA.verdict(folded, "/tAcO/1"), "match")
    }

    /// The predefined variables this library models (see AASAPredefinedVariables.swift).
    func testPredefinedVariables() {
        let association = AASA.components(#"""
            [{"/": "/$(lang)_$(region)/*"}, {"/": "/d/$(digit)$(digit)"}, {"/": "/x/$(xdigit)"},
             {"/": "/u/$(upper)$(lower)"}, {"/": "/a/$(alnum)$(alpha)"}]
            """#)
        XCTAssertEqual(AASA.verdict(association, "/en_US/shop"), "match")
        XCTAssertEqual(AASA.verdict(association, "/zz_US/shop"), "unset", "zz is no ISO 639-1 code")
        XCTAssertEqual(AASA.verdict(association, "/en_ZZ/shop"), "unset", "ZZ is no ISO 3166-1 code")
        XCTAssertEqual(AASA.verdict(association, "/d/42"), "match")
        XCTAssertEqual(AASA.verdict(association, "/d/4a"), "unset")
        XCTAssertEqual(AASA.verdict(association, "/x/f"), "match")
        XCTAssertEqual(AASA.verdict(association, "/x/g"), "unset")
        XCTAssertEqual(AASA.verdict(association, "/u/Ab"), "match")
        XCTAssertEqual(AASA.verdict(association, "/u/aB"), "unset")
        XCTAssertEqual(AASA.verdict(association, "/a/1z"), "match")
        XCTAssertEqual(AASA.verdict(association, "/a/z1"), "unset")
        let folded = AASA.components(#"[{"/": "/u/$(upper)", "caseSensitive": false}]"#)
        XCTAssertEqual(AASA.verdict(folded, "/u/a"), "match", "folding applies to the variable's strings too")
    }

    /// A file's own variable takes precedence over a predefined one of the same name.
    func testCustomVariableShadowsPredefined() {
        let association = AASA.components(#"[{"/": "/$(digit)"}]"#, variables: #"{"digit": ["one"]}"#)
        XCTAssertEqual(AASA.verdict(association, "/one"), "match")
        XCTAssertEqual(AASA.verdict(association, "/1"), "unset")
    }

    /// Many `*` and a long variable list stay fast (no backtracking blow-up).
    func testPathologicalPatternIsFast() {
        let pattern = AASAPattern(String(repeating: "*a", count: 40) + "b", caseSensitive: true)
        XCTAssertFalse(pattern.matches(String(repeating: "a", count: 2_000)))
        XCTAssertTrue(pattern.matches(String(repeating: "a", count: 2_000) + "b"))
    }

    /// The device profile's `UniversalLinkAssociation(host, paths)` goes through the same matcher.
    func testDeviceProfileAssociation() {
        let association = UniversalLinkAssociation(host: "Shop.Example", paths: ["NOT /checkout/*", "/*"])
        XCTAssertEqual(association.verdict(for: WebURL.parse("https://shop.example./product/1")!), .match)
        XCTAssertEqual(association.verdict(for: WebURL.parse("https://shop.example/checkout/pay")!), .block)
        XCTAssertNil(association.verdict(for: WebURL.parse("http://shop.example/product/1")!), "universal links are https only")
        XCTAssertNil(association.verdict(for: WebURL.parse("https://other.example/product/1")!))
        let asAASA = association.siteAssociation(appID: "jp.example.shop")
        XCTAssertEqual(asAASA.match(WebURL.parse("https://shop.example/checkout/pay")!), ["jp.example.shop": .block])
        XCTAssertNil(UniversalLinkAssociation(host: "shop.example", paths: []).verdict(for: WebURL.parse("https://shop.example/")!))
    }
}
