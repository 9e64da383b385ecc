import LinkAuditModel
import WHATWGURL

extension Classifier {
    /// The memo's number of an `intent:` link: found by its URI's shape (`IntentShape`), the
    /// page's bits and the inputs where a link of that shape was numbered before on such a
    /// page — no parse, no `IntentKey` —; otherwise by its key, the one remembered for the
    /// shape and page or made the plain way (`intentLink`), and its shape then remembered. `intent`: the parse, made only on the plain way (the
    /// profiles that decide a link found by its shape parse it then); `quotes`: the values
    /// its verdicts quote — the shape's, with the link's own `S.market_referrer` where the
    /// shape cut it. A link with no shape, a target that is not an `intent:` URL, or a page
    /// URL in its key (`DecisionKey.Page.href`) goes the plain way. The page's bits are
    /// remembered per page and target host (`PageBitsByHost`). `DecisionMemoTests`
    /// compares the memo with and without shapes; a debug build checks every link's number
    /// and quotes against its key's (`classify`).
    @inline(never)
    static func intentLinkNumber(_ uri: String, url: WebURL?, page: PageContext, run: Run, inputs: Int32,
                                 memo: DecisionMemo, pageBits: inout PageBitsByHost, intent: inout ParsedIntent?,
                                 quotes: inout IntentQuotes?) -> Int32 {
        // No `url.hasScheme("intent")` first (some 85 instructions a link): a shape is written only
        // of a URI that begins "intent:", and `url` is that URI parsed (or a parse whose `href` it
        // is, `Classifier.target`), so its scheme is "intent" wherever a shape is written
        // (asserted below, in debug builds: every test).
        guard memo.shapes, let url,
              let bits = pageBits.bits(url, page: page),
              let written = Self.shape(of: uri, run: run, memo: memo)
        else {
            let link = intentLink(uri, url: url, page: page, run: run, intent: &intent, quotes: &quotes)
            return memo.link(link, inputs: inputs)
        }
        assert(url.hasScheme("intent"))
        let shape = UnsafeBufferPointer(start: memo.shapeBytes, count: written.count)
        let hash = IntentShape.hash(shape)
        // The quotes of an entry, with this link's own referrer where the shape cut it.
        func own(_ kept: IntentQuotes?) -> IntentQuotes? {
            guard let referrer = written.referrer, let market = kept?.market else { return kept }
            return IntentQuotes(fallback: kept?.fallback, market: (market.package, referrer))
        }
        if let known = memo.shapeNumbers.find(shape, hash: hash, page: bits, inputs: inputs) {
            quotes = own(known.quotes)
            return known.link
        }
        let link: DecisionKey.Link
        if let keyed = memo.shapeKeys.find(shape, hash: hash, page: bits, inputs: 0) {
            link = keyed.link
            quotes = own(keyed.quotes)
        } else {
            link = intentLink(uri, url: url, page: page, run: run, intent: &intent, quotes: &quotes)
            guard case .intent = link.target else { return memo.link(link, inputs: inputs) }
            memo.shapeKeys.add(shape, hash: hash, page: bits, inputs: 0, (link, quotes))
        }
        let number = memo.link(link, inputs: inputs)
        memo.shapeNumbers.add(shape, hash: hash, page: bits, inputs: inputs, (number, quotes))
        return number
    }

    /// `IntentShape.write` of `uri` into the memo's bytes, with the run's reading of a data scheme.
    /// Where no scheme is read whole but http(s) (`Run.readsOnlyWebDataWhole`, the common run) the
    /// test is a static function: the closure reading `run.reading` copied the reading, its sets
    /// retained and released, at each call, some 80 instructions and 4 retain/release calls an
    /// `intent:` link with a `scheme=` (Benchmarks/README.md, issue 17). Otherwise a closure
    /// reading the run's `reading` only when asked: the method itself handed over copied the
    /// struct for every link. `run` held unowned(unsafe): the closure is called only within
    /// `write`, while the caller holds `run`; captured strong, it was retained and released four
    /// times a link (some 100 instructions).
    @inline(__always)
    static func shape(of uri: String, run: Run, memo: DecisionMemo) -> IntentShape.Written? {
        if run.readsOnlyWebDataWhole {
            return IntentShape.write(uri, into: memo.shapeBytes, readsDataWhole: TargetReading.isHTTP(ascii:))
        }
        return IntentShape.write(uri, into: memo.shapeBytes,
                                 readsDataWhole: { [unowned(unsafe) run] in run.reading.readsDataWhole(ascii: $0) })
    }

    /// An `intent:` link's key, with its parse (kept for the profiles that decide it) and the
    /// values its verdicts quote where the key keeps only what is read of them.
    @inline(never)
    static func intentLink(_ uri: String, url: WebURL?, page: PageContext, run: Run,
                           intent: inout ParsedIntent?, quotes: inout IntentQuotes?) -> DecisionKey.Link {
        let parse = ParsedIntent(uri, flags: run.reading.intentParseFlags)
        intent = parse
        let link = DecisionKey.Link(url: url, urlString: uri, scheme: "intent", page: page, reading: run.reading,
                                    intent: parse)
        if case .intent = link.target {
            quotes = IntentQuotes(parse)   // a key is made only of a URI that parses
        }
        return link
    }
}
