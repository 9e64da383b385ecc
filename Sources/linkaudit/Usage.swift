import Policies

/// The `--help` text: the contract of the command line.
enum Usage {
    static let version = "0.1.0"

    static let text = """
    linkaudit — find links that break inside mobile apps' WebViews

    USAGE
      linkaudit run <pipeline.json> [--out DIR] [--jobs N] [--quiet]
      linkaudit audit <input>... [options]
      linkaudit report <links.jsonl | run folder>... [--out DIR] [report options]
      linkaudit explain [--profile NAME] [--device FILE] < request.json
      linkaudit checks [--markdown]
      linkaudit version

    INPUTS
      a folder (walked recursively: .html, .htm, .xhtml, .warc, .warc.gz, and
      extension-less files that look like HTML), a single file, a WARC archive, - to
      read a list of paths from stdin, or an http(s) URL to fetch (see LIVE CRAWL).

    AUDIT OPTIONS
      --out DIR              where reports go (default: Reports/<first input's name>)
      --base-url URL         the URL a folder's root is served at (https://shop.example/);
                             without it a wget --mirror layout (host/path) gives
                             https://host/path, and anything else the placeholder
                             https://dump.invalid/ + its path under the folder
      --jobs N               pages parsed at once (default: number of cores)
      --max-page-bytes N     larger pages are reported too-large (default: 67108864)
      --quiet                no end-of-run line or progress on stderr
      --profiles a,b         \(profilesHelp)
                             for extraction only)
      --device FILE          device profile (default: the optimistic device; see
                             Pipelines/devices/)
      --stdin-inputs         read input names (paths, WARC files) one per line on stdin
      --jsonl-out -          stream links.jsonl records to stdout as pages finish, each
                             page's record wrapped as {"pageRecord": …}; nothing else is
                             written to stdout (for Spark's RDD.pipe; merge with report)
      --entry MODE           how the app enters the page: loadUrl (default) or
                             loadUrlByUser (the PayerMax guide's user-initiated load)
      --host-entry FILE      JSON: the host app's loads up to each page, as explain's
                             hostEntry ({"loadUrlByUser": URL} or a list of {"loadUrl":
                             URL} / {"loadUrlByUser": URL}); the last stands for the page

    REPORT OPTIONS (audit and report)
      --format LIST          csv,md,jsonl,sarif,junit,json or all (default csv,md,jsonl;
                             repeatable); links.jsonl and pages.jsonl are always written
      --baseline PATH        a previous run's links.jsonl or folder: findings are marked new,
                             persisting or fixed (matched on page + normalised URL + code)
      --config FILE          JSON: {"severity": {CODE: level}, "suppress": [{code?, page?,
                             url?, reason}]}; suppressed findings are counted, not hidden
      --severity CODE=LEVEL  override a code's severity (error|warning|info; repeatable)
      --fail-on LEVEL        exit 1 when findings at or above LEVEL exist: error (default),
                             warning, never
      --fail-on-new          gate on new findings only (needs --baseline)
      --csv-layout L         findings.csv rows: long (default; a row per finding and
                             profile, with profile, outcome, reason) or wide (a row per
                             finding, profiles and profile=value pairs)
      --csv-bom              start findings.csv with a UTF-8 byte order mark (for Excel,
                             when links or file names are not ASCII)

    LIVE CRAWL (URL inputs)
      --urls FILE            URLs to fetch, one a line (# comments); repeatable
      --user-agent UA        android-webview, ios-wkwebview, chrome-android, safari-ios,
                             desktop, or a string (default: the preset of --profiles when
                             they share one, else android-webview)
      --depth N              follow same-site http(s) links N hops (default: 0, at most 100)
      --scope PATTERN        what the crawl follows: site (the inputs' registrable
                             domains, the default), host, [*.]host[/path]; !PATTERN
                             excludes; repeatable
      --max-pages N          pages the crawl queues, inputs included (default: 1000,
                             at most 10000000)
      --concurrency N        requests in flight (default: 8, at most 256)
      --per-host N           requests in flight to one host (default: 2, at most 64)
      --delay MS             between requests to one host, as they go on the wire
                             (default: 200, at most 60000)
      --timeout SECONDS      wait for the next bytes; 3x for a whole response (default: 15,
                             from 0.1 to 600)
      --retries N            retries of timeouts, dropped connections, 429 and 5xx, with
                             backoff and Retry-After up to 60 s (default: 2, at most 10)
      --max-redirects N      redirects followed before too-many-redirects (default: 20,
                             at most 100)
      --ignore-robots        also crawl what robots.txt disallows (links and redirect hops;
                             inputs always are fetched)
      --allow-private        also connect to loopback, private, link-local, CGNAT,
                             unique-local and metadata addresses (refused by default: the
                             address each connection is opened to, on every redirect hop)
      --cookies              keep cookies for the run (default: none sent or kept)
      --no-associations      do not fetch association files (by default each https host the
                             pages link to, or are on, is asked once per run for
                             /.well-known/apple-app-site-association, then
                             /apple-app-site-association, and /.well-known/assetlinks.json;
                             they decide which https links are Universal Links / App Links,
                             and what the platforms reject is ASSOCIATION_INVALID)
      --cache DIR            keep association files in DIR between runs, by their HTTP
                             caching headers (max-age, Expires, ETag/Last-Modified
                             revalidation); without it nothing is written
      Redirects are followed one hop at a time: each hop is a page with its httpStatus and
      its Location a server-redirect navigation (source http[Location]). Bodies over
      --max-page-bytes are cut there (the transfer stops) and read up to the cut; bodies
      of types not read (PDF, images) are not downloaded. A progress line shows on stderr
      when it is a terminal (not with --quiet).

    OUTPUT
      links.jsonl   one record per navigation: page, line, source, trigger, frame,
                    delayMs, raw, url, scheme, partial, context, verdicts (profile →
                    outcome, reason, details), findings (code, profiles)
      pages.jsonl   one record per input page (and fetched page or redirect hop): page,
                    file, bytes, status, encoding, navigations, warning, httpStatus; and
                    one per association file of a live crawl, with association (the
                    file's name) and problems

    EXPLAIN
      reads one navigation as JSON on stdin ({"url": …, "trigger": …, "frame": …} and/or
      raw "android"/"ios" inputs, "device", "options", "settings") and prints every
      profile's verdict; see the README for the schema.

    EXIT CODES
      0 done (no findings at the --fail-on level), 1 findings at or above the --fail-on
      level (new ones only with --fail-on-new), 2 usage or configuration error (a one-line
      message names the flag or file), 3 output could not be written
    """

    /// `--profiles`' list, from the registry: the profiles that run by default, then those
    /// that run only when named.
    static var profilesHelp: String {
        wrapped("runtime profiles to run (default: " + ProfileRegistry.defaultNames.joined(separator: ", ")
                + "; also " + ProfileRegistry.optInNames.joined(separator: ", ") + "; all; or none",
                column: 25, width: 88)
    }

    /// `text` broken at spaces so no line passes `width`, the first line starting at `column`
    /// and the others indented to it.
    static func wrapped(_ text: String, column: Int, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, column + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: column))
    }
}
