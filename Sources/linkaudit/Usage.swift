/// The `--help` text: the contract of the command line.
enum Usage {
    static let version = "0.1.0"

    static let text = """
    linkaudit — find links that break inside mobile apps' WebViews

    USAGE
      linkaudit audit <input>... [options]
      linkaudit version

    INPUTS
      a folder (walked recursively: .html, .htm, .xhtml, and extension-less files that
      look like HTML), a single file, or - to read a list of paths from stdin.

    AUDIT OPTIONS
      --out DIR              where reports go (default: Reports/<first input's name>)
      --base-url URL         the URL a folder's root is served at (https://shop.example/);
                             without it a wget --mirror layout (host/path) gives
                             https://host/path, and anything else its file:// URL
      --jobs N               pages parsed at once (default: number of cores)
      --max-page-bytes N     larger pages are reported too-large (default: 67108864)
      --quiet                no end-of-run line on stderr

    OUTPUT
      links.jsonl   one record per navigation: page, line, source, trigger, frame,
                    delayMs, raw, url, scheme, partial, context
      pages.jsonl   one record per input page: page, file, bytes, status, encoding,
                    navigations

    EXIT CODES
      0 done, 2 usage or configuration error, 3 output could not be written
    """
}
