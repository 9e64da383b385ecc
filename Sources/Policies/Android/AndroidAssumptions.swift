import LinkAuditModel

/// The facts Docs/PLATFORM.md marks UNCONFIRMED (its §U lists them) that the Android profiles
/// rest on, named once so a verdict can cite them and a reader can change them in one place.
enum AndroidAssumptions {
    static let javascriptNotOffered =
        "javascript: URLs run in the page and are not offered to shouldOverrideUrlLoading "
        + "(UNCONFIRMED, Docs/PLATFORM.md §A.1)"
    static let subframeErrorPage =
        "the iframe shows net::ERR_UNKNOWN_URL_SCHEME while the top page stays; exact rendering "
        + "UNCONFIRMED (Docs/PLATFORM.md §A.3)"
    static let newWindowInTopFrame =
        "without setSupportMultipleWindows(true) a new-window navigation loads in the top frame (UNCONFIRMED, Docs/PLATFORM.md §A.5)"
    static let localFileAccess =
        "file:/content: load only when WebSettings allow file/content access (allowFileAccess is off by default "
        + "for apps targeting API 30+) and the page may reach local resources (UNCONFIRMED)"
    static let nonBrowserDefinition =
        "FLAG_ACTIVITY_REQUIRE_NON_BROWSER refuses handlers whose filter handles all web data (handleAllWebDataURI); "
        + "which non-browser handler starts without a chooser under each link setting is linkaudit's model "
        + "(Derived, Docs/PLATFORM.md §B.5)"
    static let chromeNoOverrideResult =
        "Chrome's visible result of NO_OVERRIDE for a link it cannot load is believed to be nothing: the page stays, "
        + "no error page (UNCONFIRMED, Docs/PLATFORM.md §B.2)"
    static let unsignedLaunchFlags =
        "launchFlags= above 0x7FFFFFFF parses (unsigned) from API 35 and fails (signed, Integer.decode) below it; "
        + "the API level of the change is UNCONFIRMED (Docs/PLATFORM.md §B.4a)"

    /// Whether `Intent.parseUri`'s answer for `uri` with a device's `intentParseFlags`
    /// (`parsed`: it returned an intent) rests on `AndroidResolution.apiUnsignedLaunchFlags`: it
    /// parsed unsigned where a signed read fails, or failed signed where an unsigned read
    /// parses. Parses a second time only for a URI with `launchFlags=` on the side of the
    /// boundary where that can matter.
    static func launchFlagsBoundary(_ uri: String, flags: IntentParseFlags, parsed: Bool) -> Bool {
        guard parsed != flags.contains(.signedLaunchFlags), uri.contains("aunchFlags=") else { return false }
        let other = (try? IntentURIParser.parse(uri, flags: flags.symmetricDifference(.signedLaunchFlags))) != nil
        return other != parsed
    }
}

extension Verdict {
    /// The verdict, naming `AndroidAssumptions.unsignedLaunchFlags` when `parseUri`'s answer
    /// for the request's URL rests on that boundary.
    func assumingLaunchFlags(_ parse: ParsedIntent) -> Verdict {
        parse.restsOnLaunchFlags ? assuming(AndroidAssumptions.unsignedLaunchFlags) : self
    }
}
