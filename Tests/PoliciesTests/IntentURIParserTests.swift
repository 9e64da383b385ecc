import XCTest
@testable import Policies

/// Named behaviours of `IntentURIParser` (AOSP `Intent.parseUriInternal`).
final class IntentURIParserTests: XCTestCase {
    private func parse(_ uri: String, _ flags: IntentParseFlags = .intentScheme,
                       file: StaticString = #filePath, line: UInt = #line) -> AndroidIntent? {
        do { return try IntentURIParser.parse(uri, flags: flags) } catch {
            XCTFail("\(uri): \(error)", file: file, line: line)
            return nil
        }
    }

    private func failure(_ uri: String, _ flags: IntentParseFlags = .intentScheme,
                         file: StaticString = #filePath, line: UInt = #line) -> IntentURIError? {
        do {
            let intent = try IntentURIParser.parse(uri, flags: flags)
            XCTFail("\(uri) parsed: \(intent)", file: file, line: line)
        } catch let error as IntentURIError {
            return error
        } catch {
            XCTFail("\(uri): unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    private func extra(_ item: String) -> IntentExtra? {
        parse("intent:#Intent;\(item);end")?.extras["k"]
    }

    // MARK: typed extras

    func testStringExtra() {
        XCTAssertEqual(extra("S.k=hello%20world"), .string("hello world"))
        XCTAssertEqual(extra("S.k="), .string(""))
    }

    func testBooleanExtraIsTrueOnlyForTrueIgnoringCase() {
        for yes in ["true", "TRUE", "True", "tRuE"] { XCTAssertEqual(extra("B.k=\(yes)"), .boolean(true), yes) }
        for no in ["false", "1", "yes", "truee", " true", ""] { XCTAssertEqual(extra("B.k=\(no)"), .boolean(false), no) }
    }

    func testByteExtra() {
        XCTAssertEqual(extra("b.k=127"), .byte(127))
        XCTAssertEqual(extra("b.k=-128"), .byte(-128))
        XCTAssertEqual(failure("intent:#Intent;b.k=128;end")?.exception, .numberFormat)
    }

    func testCharExtraIsTheFirstUTF16UnitOfTheDecodedValue() {
        XCTAssertEqual(extra("c.k=ab"), .char(0x61))
        XCTAssertEqual(extra("c.k=%E2%82%AC"), .char(0x20AC))          // €
        XCTAssertEqual(extra("c.k=%F0%9F%98%80"), .char(0xD83D))       // 😀: high surrogate only
    }

    func testEmptyCharExtraIsAnIllegalFormat() {
        let error = failure("intent:#Intent;c.k=;end")
        XCTAssertEqual(error?.exception, .uriSyntax)
        XCTAssertEqual(error?.javaMessage, "illegal Intent URI format")
        XCTAssertEqual(error?.reason, "char extra 'k' has an empty value")
    }

    func testDoubleExtraFollowsJavaGrammar() {
        let ok: [(String, Double)] = [("10.4", 10.4), ("-0.5", -0.5), ("1e3", 1000), (".5", 0.5),
                                      ("1.", 1), ("0x1p3", 8), ("2d", 2), ("+7F", 7), (" 3 ", 3),
                                      ("Infinity", .infinity), ("-Infinity", -.infinity)]
        for (text, value) in ok { XCTAssertEqual(extra("d.k=\(text)"), .double(value), text) }
        XCTAssertEqual(extra("d.k=NaN"), .double(.nan))
        for bad in ["inf", "nan", "1e", "0x1.8", "", "1,5", "1_0", "--1", "1.0.0", "infinity"] {
            XCTAssertEqual(failure("intent:#Intent;d.k=\(bad);end")?.exception, .numberFormat, bad)
        }
    }

    func testFloatExtraRoundsToFloat() {
        XCTAssertEqual(extra("f.k=10.4"), .float(10.4))
        XCTAssertEqual(extra("f.k=1e39"), .float(.infinity))
        XCTAssertEqual(failure("intent:#Intent;f.k=x;end")?.reason, "bad float extra 'k'")
    }

    func testIntExtra() {
        XCTAssertEqual(extra("i.k=+7"), .int(7))
        XCTAssertEqual(extra("i.k=-2147483648"), .int(.min))
        XCTAssertEqual(extra("i.k=%D9%A3"), .int(3))   // Arabic-Indic digit: Character.digit accepts it
        for bad in ["2147483648", "0x10", "1.0", "%205", "", "-", "0.1"] {
            let error = failure("intent:#Intent;i.k=\(bad);end")
            XCTAssertEqual(error?.exception, .numberFormat, bad)
            XCTAssertEqual(error?.reason, "bad int extra 'k'", bad)
        }
    }

    func testLongAndShortExtras() {
        XCTAssertEqual(extra("l.k=9223372036854775807"), .long(.max))
        XCTAssertEqual(failure("intent:#Intent;l.k=9223372036854775808;end")?.exception, .numberFormat)
        XCTAssertEqual(extra("s.k=-32768"), .short(.min))
        XCTAssertEqual(failure("intent:#Intent;s.k=32768;end")?.exception, .numberFormat)
    }

    func testExtraKeysAreDecodedAndLaterValuesWin() {
        let intent = parse("intent:#Intent;S.my%20key=a;S.my%20key=b;i.n=1;end")
        XCTAssertEqual(intent?.extras, ["my key": .string("b"), "n": .int(1)])
    }

    // MARK: selector

    func testSELMovesTheFollowingKeysToTheSelector() {
        let intent = parse("intent://h/p#Intent;scheme=https;action=A;SEL;scheme=app;action=B;category=C;S.x=y;end")
        XCTAssertEqual(intent?.action, "A")
        XCTAssertEqual(intent?.data, "https://h/p")
        XCTAssertEqual(intent?.selector, AndroidIntent(action: "B", data: "app:", categories: ["C"],
                                                       extras: ["x": .string("y")]))
    }

    func testSelectorIsDroppedWhenTheBaseNamesAPackage() {
        let intent = parse("intent:#Intent;package=com.a;SEL;action=B;end")
        XCTAssertEqual(intent?.package, "com.a")
        XCTAssertNil(intent?.selector)
    }

    func testASecondSELStartsTheSelectorOverAndSELMustBeExact() {
        XCTAssertEqual(parse("intent:#Intent;SEL;action=B;SEL;category=C;end")?.selector,
                       AndroidIntent(categories: ["C"]))
        // "SEL=…" is not "SEL;": it falls through to the extras and names no extra type.
        XCTAssertEqual(failure("intent:#Intent;SEL=1;end")?.reason, "unknown key 'SEL'")
        XCTAssertEqual(failure("intent:#Intent;SELX;end")?.javaMessage, "illegal Intent URI format")
    }

    // MARK: launchFlags

    func testLaunchFlagsAcceptIntegerDecodeForms() {
        XCTAssertEqual(parse("intent:#Intent;launchFlags=0x10000000;end")?.flags, IntentFlags.activityNewTask)
        XCTAssertEqual(parse("intent:#Intent;launchFlags=268435456;end")?.flags, IntentFlags.activityNewTask)
        XCTAssertEqual(parse("intent:#Intent;launchFlags=0X20;end")?.flags, 0x20)
        XCTAssertEqual(parse("intent:#Intent;launchFlags=%2310;end")?.flags, 0x10)   // "#10" after decoding
        XCTAssertEqual(parse("intent:#Intent;launchFlags=010;end")?.flags, 8)         // octal
        XCTAssertEqual(parse("intent:#Intent;launchFlags=0x80000000;end")?.flags, .min)
        for bad in ["0xZ", "", "1.0", "0x-1", "4294967296"] {
            let error = failure("intent:#Intent;launchFlags=\(bad);end")
            XCTAssertEqual(error?.exception, .numberFormat, bad)
            XCTAssertEqual(error?.reason, "bad launchFlags", bad)
        }
    }

    func testLaunchFlagsLoseURIGrantBitsUnlessAllowUnsafe() {
        XCTAssertEqual(parse("intent:#Intent;launchFlags=0x100000C3;end")?.flags, 0x1000_0000)
        XCTAssertEqual(parse("intent:#Intent;launchFlags=-1;end")?.flags, ~0xC3)
        XCTAssertEqual(parse("intent:#Intent;launchFlags=0xC3;end", [.intentScheme, .allowUnsafe])?.flags, 0xC3)
        XCTAssertEqual(parse("intent:#Intent;extendedLaunchFlags=0x3;end")?.extendedFlags, 3)
    }

    // MARK: other keys

    func testComponentShortFormAndInvalidComponents() {
        XCTAssertEqual(parse("intent:#Intent;component=com.a/.ui.Main;end")?.component, "com.a/com.a.ui.Main")
        XCTAssertEqual(parse("intent:#Intent;component=com.a/b.Main;end")?.component, "com.a/b.Main")
        XCTAssertEqual(parse("intent:#Intent;component=com.a%2F.M;end")?.component, "com.a/com.a.M")
        // No '/' or nothing after it: dropped silently, not an error.
        XCTAssertNil(parse("intent:#Intent;component=com.a;end")?.component)
        XCTAssertNil(parse("intent:#Intent;component=com.a/;end")?.component)
    }

    func testTypeIdentifierCategoryAndSourceBounds() {
        let intent = parse("intent:#Intent;type=image/*;identifier=id1;category=a;category=b;category=a;sourceBounds=1%20-2%203%204;end")
        XCTAssertEqual(intent?.type, "image/*")
        XCTAssertEqual(intent?.identifier, "id1")
        XCTAssertEqual(intent?.categories, ["a", "b"])
        XCTAssertEqual(intent?.sourceBounds, SourceBounds(left: 1, top: -2, right: 3, bottom: 4))
        XCTAssertNil(parse("intent:#Intent;sourceBounds=1 2 3;end")?.sourceBounds)
        XCTAssertEqual(failure("intent:#Intent;sourceBounds=1 2 3 9999999999;end")?.exception, .numberFormat)
    }

    // MARK: malformed

    func testMissingEndFails() {
        for uri in ["intent:#Intent;action=a;", "intent:#Intent;action=a", "intent:#Intent;S.k=v;en"] {
            let error = failure(uri)
            XCTAssertEqual(error?.javaMessage, "uri end not found", uri)
            XCTAssertEqual(error?.reason, "missing end (no ';' after item)", uri)
        }
    }

    func testUnknownKeyFails() {
        let error = failure("intent://x#Intent;scheme=https;invalid=asdf;end")
        XCTAssertEqual(error?.exception, .uriSyntax)
        XCTAssertEqual(error?.javaMessage, "unknown EXTRA type")
        XCTAssertEqual(error?.reason, "unknown key 'invalid'")
        XCTAssertEqual(error?.index, 31)
        // Keys are case-sensitive prefixes.
        XCTAssertEqual(failure("intent:#Intent;Action=a;end")?.reason, "unknown key 'Action'")
    }

    func testItemWithoutEqualsReadsAnEmptyValue() {
        // The key runs to the next '=' — across the ';' — exactly as Android reads it.
        XCTAssertEqual(parse("intent:#Intent;S.k;action=a;end")?.extras, ["k;action": .string("")])
        XCTAssertEqual(parse("intent:#Intent;S.k;action=a;end")?.action, "a")
        let error = failure("intent://foo#Intent;scheme=https;c.%;end")
        XCTAssertEqual(error?.javaMessage, "illegal Intent URI format")
        XCTAssertEqual(error?.reason, "item 'c.%' has no '=' so its extra key cannot be read")
        XCTAssertEqual(error?.index, 33)   // Java reports the item's start
    }

    func testAnythingStartingWithEndStopsTheItems() {
        let intent = parse("intent:#Intent;action=a;endpoint=x;garbage")
        XCTAssertEqual(intent?.action, "a")
        XCTAssertEqual(intent?.extras, [:])
    }

    func testRawHashInsideAValueFallsBackToTheLegacyParser() {
        // The last '#' is the fallback URL's; its tail is not "#Intent;", so getIntentOld runs
        // and the whole intent: string becomes the data of a VIEW intent nothing handles.
        let uri = "intent://scan/#Intent;scheme=zxing;S.browser_fallback_url=https://x.com/#top;end"
        XCTAssertEqual(parse(uri), AndroidIntent(action: AndroidIntent.actionView, data: uri))
        let encoded = "intent://scan/#Intent;scheme=zxing;S.browser_fallback_url=https://x.com/%23top;end"
        XCTAssertEqual(parse(encoded)?.stringExtra("browser_fallback_url"), "https://x.com/#top")
    }

    // MARK: decoding of values

    func testFallbackURLIsPercentDecoded() {
        let intent = parse("intent://p#Intent;scheme=app;S.browser_fallback_url=https%3A%2F%2Fshop.example%2Fpay%3Fa%3D1%26b%3D2;end")
        XCTAssertEqual(intent?.stringExtra("browser_fallback_url"), "https://shop.example/pay?a=1&b=2")
    }

    func testPlusIsNotASpace() {
        let intent = parse("intent:#Intent;S.q=a+b%2Bc%20d;action=x+y;end")
        XCTAssertEqual(intent?.stringExtra("q"), "a+b+c d")
        XCTAssertEqual(intent?.action, "x+y")
    }

    // MARK: forms and flags

    func testDataIsBuiltFromThePartBeforeTheFragment() {
        XCTAssertEqual(parse("intent://h/p?q#Intent;scheme=w3irD;end")?.data, "w3irD://h/p?q")
        XCTAssertEqual(parse("intent://h/p#Intent;end")?.data, "//h/p")            // no scheme=: stays scheme-less
        XCTAssertEqual(parse("intent:#Intent;scheme=mailto;end")?.data, "mailto:")
        XCTAssertNil(parse("intent:#Intent;end")?.data)
    }

    func testIntentPrefixIsCaseSensitive() {
        let uri = "Intent://h#Intent;action=a;end"
        XCTAssertEqual(parse(uri), AndroidIntent(action: AndroidIntent.actionView, data: uri))
        // With flags 0 the fragment is parsed but "Intent:" is not stripped from the data.
        XCTAssertEqual(parse(uri, []), AndroidIntent(action: "a", data: "Intent://h"))
    }

    func testOtherURIs() {
        XCTAssertEqual(parse("https://a/b#c"), AndroidIntent(action: AndroidIntent.actionView, data: "https://a/b#c"))
        XCTAssertEqual(parse("https://a/b", []), AndroidIntent(action: AndroidIntent.actionView, data: "https://a/b"))
        XCTAssertEqual(parse("https://a/b#Intent;action=X;end", [])?.data, "https://a/b")
    }

    func testAndroidAppForms() {
        XCTAssertEqual(parse("android-app://com.a"), AndroidIntent(action: AndroidIntent.actionMain, package: "com.a"))
        XCTAssertEqual(parse("android-app://com.a/https/h.example/p?q#f"),
                       AndroidIntent(action: AndroidIntent.actionView, data: "https://h.example/p?q#f", package: "com.a"))
        XCTAssertEqual(parse("android-app://com.a/mailto")?.data, "mailto:")
        // Code, not Javadoc: a host with no '/' after it is dropped.
        XCTAssertEqual(parse("android-app://com.a/http/h.example")?.data, "http:")
        XCTAssertEqual(parse("android-app://com.a/#Intent;action=X;end")?.action, "X")
        XCTAssertNil(parse("android-app:com.a")?.package)
        XCTAssertEqual(failure("android-app:/")?.javaMessage, "illegal Intent URI format")
    }

    func testLegacyFormat() {
        let intent = parse("http://x/#action(FOO)categories(a!b)type(t/u)launchFlags(0x100000C3)component(p!c.D)extras(Sk=v%20w!in=5)", [])
        XCTAssertEqual(intent, AndroidIntent(action: "FOO", data: "http://x/", type: "t/u", component: "p/c.D",
                                             categories: ["a", "b"], flags: IntentFlags.activityNewTask,
                                             extras: ["k": .string("v w"), "n": .int(5)]))
        XCTAssertEqual(failure("x#extras(in=z)", [])?.javaMessage, "EXTRA value can't be parsed")
        XCTAssertEqual(failure("x#extras(Sk=v", [])?.javaMessage, "EXTRA missing trailing ')'")
        XCTAssertEqual(failure("x#action(FOO", [])?.javaMessage, "illegal Intent URI format")
    }

    func testDataHelpersReadLikeAndroidUri() {
        let intent = parse("intent://user@Shop.Example:8080/a%20b?x#Intent;scheme=App;end")
        XCTAssertEqual(intent?.scheme, "App")
        XCTAssertEqual(intent?.host, "Shop.Example")
        XCTAssertEqual(intent?.path, "/a b")
        XCTAssertEqual(AndroidIntent(data: "mailto:x@y").path, nil)
        XCTAssertEqual(AndroidIntent(data: ":///x.mhtml").scheme, "")
        XCTAssertNil(AndroidIntent(data: "///x.mhtml").scheme)
    }
}
