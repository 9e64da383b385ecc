// The substitution variables Apple predefines for AASA patterns.
//
// Apple's `applinks.SubstitutionVariables` page lists them with examples; the copy read for
// Docs/PLATFORM.md (§E.1) was cut after `$(alpha)` ("All upper- and lowercase ASCII letters"), so the
// rest is modelled from the variable names and a third-party reading (blazingly-aasa):
// - `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)`, `$(xdigit)`: one ASCII
//   character of that class (each is a list of one-character strings).
// - `$(region)`: ISO 3166-1 alpha-2 country codes ("US"). Apple's list is reportedly
//   `Locale.isoRegionCodes`, which may add a few CLDR codes (e.g. "XK"): UNCONFIRMED, so a
//   path using such a code is reported as not matching here.
// - `$(lang)`: ISO 639-1 two-letter language codes ("en"). Apple's list is reportedly
//   `Locale.isoLanguageCodes`, which also has three-letter codes: UNCONFIRMED, not modelled.
// The code tables are ISO 3166-1 and ISO 639-1 as Debian's iso-codes 4.15 lists them.

/// A predefined one-character class.
enum AASACharacterClass: String, Sendable, CaseIterable {
    case alpha, upper, lower, alnum, digit, xdigit

    /// With `caseSensitive: false` the text is lower-cased before matching, and a class is
    /// a list of strings folded like any other, so `$(upper)` then accepts any letter.
    func contains(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        let isLower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        switch self {
        case .alpha: return isUpper || isLower
        case .upper: return isUpper || (!caseSensitive && isLower)
        case .lower: return isLower || (!caseSensitive && isUpper)
        case .alnum: return isUpper || isLower || isDigit
        case .digit: return isDigit
        case .xdigit:
            return isDigit || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
    }
}

enum AASAPredefinedVariables {
    static let names: [String] = AASACharacterClass.allCases.map(\.rawValue) + ["region", "lang"]

    /// ISO 3166-1 alpha-2.
    static let regions: [String] = """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY \
        BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK \
        FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR \
        IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK \
        ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM \
        PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF \
        TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init)

    /// ISO 639-1.
    static let languages: [String] = """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee \
        el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is \
        it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms \
        mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk \
        sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi \
        yo za zh zu
        """.split(separator: " ").map(String.init)

    /// The alternatives a predefined variable stands for; nil for other names.
    static func alternatives(_ name: String, caseSensitive: Bool) -> [[AASAPattern.Token]]? {
        if let characterClass = AASACharacterClass(rawValue: name) { return [[.characterClass(characterClass)]] }
        let values: [String]
        switch name {
        case "region": values = regions
        case "lang": values = languages
        default: return nil
        }
        return values.map { AASAPattern.literals($0, caseSensitive: caseSensitive) }
    }
}
