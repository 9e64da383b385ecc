import XCTest
@testable import Policies

/// The strict iOS delegate's `AppRouteValidator` and `CustomSchemeValidator` with their default lists,
/// one row per rule.
final class IOSStrictValidatorsTests: XCTestCase {
    private let routes = AppRouteValidator(options: IOSStrictOptions())
    private let schemes = CustomSchemeValidator(options: IOSStrictOptions())

    private func routeRejection(_ url: String) -> ValidatorRejection? {
        if case .failure(let rejection) = routes.validate(.must(url)) { return rejection }
        return nil
    }

    private func schemeRejection(_ url: String) -> ValidatorRejection? {
        if case .failure(let rejection) = schemes.validate(.must(url)) { return rejection }
        return nil
    }

    func testDefaults_areTheStrictDelegatesLists() {
        let options = IOSStrictOptions()
        XCTAssertEqual(options.associatedDomain, "app.example.com")
        XCTAssertEqual(options.partnerHosts, ["partner.example.com"])
        XCTAssertEqual(options.allowedSchemes, ["myapp"])
        XCTAssertEqual(options.allowedPaths, ["/open/", "/product/", "/promo/", "/checkout/"])
        XCTAssertEqual(options.allowedQueryKeys, ["target", "id", "promo", "utm_source"])
        XCTAssertEqual(options.allowedSchemeHosts, ["open", "product", "event"])
        XCTAssertEqual(options.allowedSchemePaths, ["/detail/", "/view/", "/main/"])
        XCTAssertEqual(options.allowedSchemeQueryKeys, ["target", "id", "promo", "utm_source"])
    }

    func testAppRouteValidator_eachRule() {
        let long = String(repeating: "a", count: 65)
        let rows: [(name: String, url: String, expected: ValidatorRejection?)] = [
            ("allowed prefix, no query", "https://app.example.com/product/42", nil),
            ("every prefix", "https://app.example.com/checkout/x", nil),
            ("prefix alone: URL.path drops the trailing slash", "https://app.example.com/product/", .path),
            ("unlisted path", "https://app.example.com/admin/x", .path),
            ("root", "https://app.example.com/", .path),
            ("encoded slash decodes into the prefix", "https://app.example.com/product%2F1", nil),
            ("allowed keys", "https://app.example.com/open/x?id=5&promo=SALE_1&utm_source=mail-1&target=a", nil),
            ("empty query", "https://app.example.com/open/x?", nil),
            ("key without a value", "https://app.example.com/open/x?id", nil),
            ("empty value", "https://app.example.com/open/x?id=", nil),
            ("unlisted key", "https://app.example.com/open/x?ref=1", .queryKey),
            ("empty piece between ampersands", "https://app.example.com/open/x?id=1&&promo=2", .queryKey),
            ("duplicate key", "https://app.example.com/open/x?id=1&id=2", .duplicateKey),
            ("64 characters pass", "https://app.example.com/open/x?id=" + String(long.dropFirst()), nil),
            ("65 characters fail", "https://app.example.com/open/x?id=" + long, .queryValue),
            ("decoded space", "https://app.example.com/open/x?id=a%20b", .queryValue),
            ("plus is not a space but not allowed", "https://app.example.com/open/x?id=a+b", .queryValue),
            ("non-ASCII letter", "https://app.example.com/open/x?id=caf%C3%A9", .queryValue),
        ]
        for row in rows {
            XCTAssertEqual(routeRejection(row.url), row.expected, row.name)
        }
    }

    func testAppRouteValidator_returnsThePathAndParameters() {
        XCTAssertEqual(try routes.validate(.must("https://app.example.com/promo/a/?promo=X1&id")).get(),
                       ValidatedAppRoute(path: "/promo/a", queryParams: ["promo": "X1", "id": ""]))
    }

    func testCustomSchemeValidator_eachRule() {
        let rows: [(name: String, url: String, expected: ValidatorRejection?)] = [
            ("allowed scheme, host and path", "myapp://open/detail/1", nil),
            ("upper-case scheme is lower-cased by the parser", "MYAPP://open/view/1", nil),
            ("host compared in lower case", "myapp://OPEN/main/home", nil),
            ("prefix alone: URL.path drops the trailing slash", "myapp://open/main/", .path),
            ("empty path passes", "myapp://event", nil),
            ("unlisted scheme", "wallet://open/detail/1", .scheme),
            ("intent: is not listed", "intent://open/detail#Intent;end", .scheme),
            ("no host", "myapp:open/detail/1", .host),
            ("empty host", "myapp:///detail/1", .host),
            ("unlisted host", "myapp://pay/detail/1", .host),
            ("root path matches no prefix", "myapp://open/", .path),
            ("unlisted path", "myapp://open/admin", .path),
            ("allowed keys", "myapp://product/detail/9?id=9&utm_source=web", nil),
            ("unlisted key", "myapp://product/detail/9?redirect=x", .queryKey),
            ("duplicate key", "myapp://product/detail/9?id=1&id=1", .duplicateKey),
            ("unsafe value", "myapp://product/detail/9?target=https%3A%2F%2Fevil", .queryValue),
        ]
        for row in rows {
            XCTAssertEqual(schemeRejection(row.url), row.expected, row.name)
        }
        XCTAssertEqual(try schemes.validate(.must("myapp://open/detail/1")).get().href, "myapp://open/detail/1")
    }

    func testValidators_followTheirOptions() {
        var options = IOSStrictOptions()
        options.allowedPaths = ["/"]
        options.allowedQueryKeys = ["ref"]
        options.allowedSchemes = ["wallet"]
        options.allowedSchemeHosts = ["pay"]
        options.allowedSchemePaths = ["/"]
        options.allowedSchemeQueryKeys = ["amount"]
        XCTAssertNoThrow(try AppRouteValidator(options: options).validate(.must("https://a.com/x?ref=1")).get())
        XCTAssertNoThrow(try CustomSchemeValidator(options: options).validate(.must("wallet://pay/?amount=5")).get())
    }
}
