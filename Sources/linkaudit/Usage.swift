import Policies

/// The `--help` texts: the contract of the command line. `text` is `linkaudit --help`
/// (every command and option); `help(for:)` is one command's (`linkaudit audit --help`,
/// `linkaudit help audit`), built from the same sections.
enum Usage {
    static let version = "0.1.0"

    /// The commands, in the order `linkaudit --help` lists them.
    static let commands = ["run", "audit", "report", "explain", "checks", "version", "help"]

    static var text: String {
        [title, synopsis + "\n\n" + oneCommand, commandLine, inputs, auditOptions, reportOptions, liveCrawl, progress,
         output, explain, exitCodes].joined(separator: "\n\n")
    }

    /// One command's help; nil for a name that is not a command.
    static func help(for command: String) -> String? {
        switch command {
        case "audit":
            return [usage(command), auditIntro, inputs, auditOptions, reportOptions, liveCrawl, progress, output,
                    commandLine, exitCodes].joined(separator: "\n\n")
        case "run":
            return [usage(command), runText, progress, commandLine, exitCodes].joined(separator: "\n\n")
        case "report":
            return [usage(command), reportText, reportOptions, commandLine, exitCodes].joined(separator: "\n\n")
        case "explain":
            return [usage(command), explain, explainOptions, commandLine, explainExitCodes].joined(separator: "\n\n")
        case "checks":
            return [usage(command), checksText].joined(separator: "\n\n")
        case "version":
            return [usage(command), "  prints linkaudit's version and the libxml2 it runs on (also: linkaudit --version)"]
                .joined(separator: "\n\n")
        case "help":
            return [usage(command), "  without a command: every command and option; with one: that command's options\n"
                    + "  (the same as linkaudit <command> --help or -h)"].joined(separator: "\n\n")
        default:
            return nil
        }
    }

    static let title = "linkaudit — find links that break inside mobile apps' WebViews"

    static let synopsisLines = [
        "run": "linkaudit run <pipeline.json> [--out DIR] [--jobs N] [--quiet]",
        "audit": "linkaudit audit <input>... [options]",
        "report": "linkaudit report <links.jsonl | run folder>... [--out DIR] [report options]",
        "explain": "linkaudit explain [--profile NAME] [--device FILE] < request.json",
        "checks": "linkaudit checks [--markdown]",
        "version": "linkaudit version",
        "help": "linkaudit help [command]",
    ]

    static var synopsis: String {
        "USAGE\n" + commands.map { "  " + synopsisLines[$0]! }.joined(separator: "\n")
    }

    static func usage(_ command: String) -> String {
        "USAGE\n  " + synopsisLines[command]!
    }

    static let oneCommand = """
      linkaudit help <command>, or linkaudit <command> --help (-h), shows one command's
      options.
    """

    static let commandLine = """
    COMMAND LINE
      Options go before, between or after the inputs, as --name VALUE or --name=VALUE; a
      value that starts with -- is given as --name=VALUE. -- ends the options: what follows
      is an input even if it starts with - (linkaudit audit -- -draft.html). Before --, an
      argument that starts with - (other than - itself, stdin) is an unknown option, never
      a file; an unknown option close to a known one is named with it (did you mean
      --profiles?).
      -h, --help             this help, for the command it follows
    """

    static let auditIntro = """
      Reads the inputs, extracts every navigation each page can start, decides what each
      runtime profile does with it and writes the reports (README, linkaudit audit).
    """

    static let inputs = """
    INPUTS
      a folder (walked recursively: .html, .htm, .xhtml, .warc, .warc.gz, and
      extension-less files that look like HTML), a single file, a WARC archive, - to
      read a list of paths from stdin, or an http(s) URL to fetch (see LIVE CRAWL).
    """

    static var auditOptions: String {
        """
    AUDIT OPTIONS
      --out DIR              where reports go (default: Reports/<first input's name>);
                             made if missing
      --base-url URL         the URL a folder's root is served at (https://shop.example/);
                             without it a wget --mirror layout (host/path) gives
                             https://host/path, and anything else the placeholder
                             https://dump.invalid/ + its path under the folder
      --jobs N               pages parsed at once (default: number of cores, at most 256)
      --max-page-bytes N     larger pages are reported too-large (default: 67108864,
                             at most 1073741824)
      --quiet                no progress line and no end-of-run lines on stderr
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
    """
    }

    static let reportOptions = """
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
    """

    static let liveCrawl = """
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
      of types not read (PDF, images) are not downloaded.
    """

    static let progress = """
    PROGRESS
      When stderr is a terminal, a line there is redrawn twice a second while pages are
      read: pages written (of how many, when every input is a file: a folder is listed
      before any page is read), MB read of the input files and archives (an archive by how
      far into the file reading is), pages/s, and the time left at the byte rate so far;
      for a live crawl, pages done, queued and failed, and the time the queue takes at
      that rate; then "writing reports". It is erased before the end-of-run lines. Never
      with --quiet, nor when stderr is a file or a pipe.
    """

    static let output = """
    OUTPUT
      links.jsonl   one record per navigation: page, line, source, trigger, frame,
                    delayMs, raw, url, scheme, partial, context, verdicts (profile →
                    outcome, reason, details), findings (code, profiles)
      pages.jsonl   one record per input page (and fetched page or redirect hop): page,
                    file, bytes, status, encoding, navigations, warning, httpStatus; and
                    one per association file of a live crawl, with association (the
                    file's name) and problems
    """

    static let explain = """
    EXPLAIN
      reads one navigation as JSON on stdin ({"url": …, "trigger": …, "frame": …} and/or
      raw "android"/"ios" inputs, "device", "options", "settings") and prints every
      profile's verdict; see the README for the schema.
    """

    static let explainOptions = """
    OPTIONS
      --profile NAME         one profile's verdict (default: every profile)
      --device FILE          device profile (default: the request's "device", else the
                             optimistic device; see Pipelines/devices/)
    """

    static let runText = """
      Runs a ready pipeline: inputs, profiles, device, settings and reports from one JSON
      file (Pipelines/README.md lists its keys; Pipelines/demo.json is the demo).

    OPTIONS
      --out DIR              where reports go (default: the pipeline's "out", else
                             Reports/<name>); made if missing
      --jobs N               pages parsed at once (default: the pipeline's "jobs", else
                             the number of cores)
      --quiet                no progress line and no end-of-run line on stderr
    """

    static let reportText = """
      Rebuilds every report of one or more earlier runs without reading pages again (the
      pages.jsonl beside each links.jsonl is read too). Several inputs merge partial runs:
      a page found in several comes from the last.

    OPTIONS
      --out DIR              where reports go (default: the one input's folder; required
                             with several inputs); made if missing
      --quiet                no end-of-run line on stderr
    """

    static let checksText = """
      Lists the finding codes with their severity and one line on each.

    OPTIONS
      --markdown             the full reference instead (what each code means, why it hurts
                             users, what to do, examples): Docs/FINDINGS.md
      -h, --help             this help
    """

    static let exitCodes = """
    EXIT CODES
      0 done (no findings at the --fail-on level), 1 findings at or above the --fail-on
      level (new ones only with --fail-on-new), 2 usage or configuration error (a one-line
      message names the flag or file), 3 output could not be written (one line names the
      flag and the path: --out under a file, a folder that cannot be made or written)
    """

    static let explainExitCodes = """
    EXIT CODES
      0 done, 2 usage error or a bad request (a one-line message names the flag or key)
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
