#!/usr/bin/env python3
"""Writes the inputs a fuzzing harness starts from (README, "Fuzzing"), one file each, where
the test fixtures hold many in one file: the cases of Tests/Fixtures/refresh/cases.json,
intent/cases.json, aasa/cases.json, the html5lib encoding and tokenizer tests, the Digital
Asset Links compatibility suite, the device profiles as explain requests, a streamed
links.jsonl; and, for the harnesses whose input has words of its own (JSON keys, intent
items), a libFuzzer dictionary of them beside the folder (FOLDER.dict). Fixture folders
that already hold one input a file are named in Scripts/fuzz.sh directly.

    Scripts/fuzz-inputs.py HARNESS FOLDER
"""
import json
import pathlib
import re
import sys

FIXTURES = pathlib.Path(__file__).resolve().parent.parent / "Tests" / "Fixtures"
PIPELINES = FIXTURES.parent.parent / "Pipelines"


def html5lib_pages():
    """Each `#data` section of the encoding tests (a page head), and each tokenizer test's
    input (markup the tokenizer alignment must read as a browser does)."""
    for path in sorted((FIXTURES / "html5lib" / "encoding").rglob("*.dat")):
        text = path.read_bytes()
        for section in text.split(b"#data\n")[1:]:
            yield section.split(b"\n#encoding\n")[0]
    for path in sorted((FIXTURES / "html5lib" / "tokenizer").glob("*.test")):
        tests = json.loads(path.read_text(encoding="utf-8")).get("tests", [])
        for test in tests:
            yield test["input"].encode("utf-8", "surrogatepass")
    # Past the nesting bound (OpenElementBound: 512 open elements), where the extractor
    # closes elements inside libxml2's own stack: every kind of container, self-closing and
    # unterminated tags, scripts, forms and stray end tags at the boundary.
    deep = [b"<div>", b"<span>", b"<noscript>", b"<template>", b"<svg>", b"<object data=x:o>", b"<form action=x:f>",
            b"<b/>", b"<script>location='x:s'</script>", b"<a href=x:a>", b"</b>", b"</div>", b"<i", b"<p>"]
    for seed in range(len(deep)):
        yield b"<body>" + b"<div>" * 509 + b"".join(deep[(seed + k) % len(deep)] for k in range(60)) + b"<a href=x:end>"


def refresh_contents():
    for case in json.loads((FIXTURES / "refresh" / "cases.json").read_text(encoding="utf-8")):
        yield case["content"].encode("utf-8")


def intent_uris():
    cases = json.loads((FIXTURES / "intent" / "cases.json").read_text(encoding="utf-8"))["cases"]
    for case in cases:
        yield case["uri"].encode("utf-8", "surrogatepass")


def association_files():
    """The AASA cases (as written, or their raw text), and the statement lists of the Digital
    Asset Links compatibility suite (`body:` strings of its text protos)."""
    cases = json.loads((FIXTURES / "aasa" / "cases.json").read_text(encoding="utf-8"))["cases"]
    for case in cases:
        body = case["aasa_raw"] if "aasa_raw" in case else json.dumps(case.get("aasa", {}))
        yield body.encode("utf-8") + b"\0" + case.get("path", "/").encode("utf-8")
    suite = FIXTURES / "assetlinks" / "google-digitalassetlinks" / "compatibility-tests"
    for path in sorted(suite.rglob("*.pb")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"body:\s*((?:'(?:[^'\\]|\\.)*'\s*)+)", text):
            parts = re.findall(r"'((?:[^'\\]|\\.)*)'", match.group(1))
            yield "".join(parts).encode("latin-1", "backslashreplace").decode("unicode_escape").encode("utf-8")


def links_files():
    """The golden run, its links.jsonl and pages.jsonl as one input (NUL between), and as a
    streaming run writes them: page records wrapped among the links."""
    links = (FIXTURES / "report" / "links.jsonl").read_bytes()
    pages = (FIXTURES / "report" / "pages.jsonl").read_bytes()
    yield links + b"\0" + pages
    wrapped = b"".join(b'{"pageRecord":' + line + b"}\n" for line in pages.splitlines())
    yield wrapped + links


def explain_requests():
    """The example requests, and each device profile as the `device` of a request for a
    link its apps claim."""
    for path in sorted((FIXTURES / "explain").glob("*.json")):
        yield path.read_bytes()
    for path in sorted((PIPELINES / "devices").glob("*.json")):
        device = json.loads(path.read_text(encoding="utf-8"))
        apps = device.get("apps", [])
        scheme = apps[0]["schemes"][0] if apps and apps[0].get("schemes") else "dana"
        request = {"url": scheme + "://pay?id=1", "trigger": "script-load", "device": device}
        yield json.dumps(request).encode("utf-8")


HARNESSES = {
    "FuzzHTML": html5lib_pages,
    "FuzzMetaRefresh": refresh_contents,
    "FuzzIntent": intent_uris,
    "FuzzAssociations": association_files,
    "FuzzLinksJSONL": links_files,
    "FuzzExplain": explain_requests,
}


def json_words(inputs):
    """The keys and short string values of JSON inputs: what a mutation rarely spells."""
    words = set()
    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                words.add(json.dumps(key, ensure_ascii=False))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and len(value) <= 32:
            words.add(json.dumps(value, ensure_ascii=False))
    for data in inputs:
        for line in data.replace(b"\0", b"\n").splitlines():
            try:
                walk(json.loads(line))
            except ValueError:
                pass
    return words


def intent_words(inputs):
    """The items of the intent URIs (`action=`, `S.`, `SEL`, `end` …)."""
    words = set()
    for data in inputs:
        for item in re.split(rb"[;#]", data):
            words.add(item.split(b"=")[0].decode("utf-8", "replace") + ("=" if b"=" in item else ""))
    return words


def dictionary_entry(word):
    """A line of a libFuzzer dictionary: the word quoted, any byte outside printable ASCII
    (and a quote or backslash) as \\xHH."""
    return '"' + "".join(chr(b) if 0x20 <= b < 0x7F and b not in b'"\\' else f"\\x{b:02X}"
                         for b in word.encode("utf-8", "surrogatepass")) + '"\n'


# A libFuzzer dictionary per harness whose input has words of its own, from its inputs.
DICTIONARIES = {"FuzzExplain": json_words, "FuzzLinksJSONL": json_words, "FuzzIntent": intent_words}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    harness, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    inputs = list(HARNESSES.get(harness, lambda: [])())
    for number, data in enumerate(inputs):
        (folder / f"{number:05}").write_bytes(data)
    dictionary = folder.with_suffix(".dict")
    if harness in DICTIONARIES:
        words = DICTIONARIES[harness](inputs)
        dictionary.write_text("".join(dictionary_entry(word) for word in sorted(words) if len(word) > 1),
                              encoding="ascii")
    elif dictionary.exists():
        dictionary.unlink()


if __name__ == "__main__":
    main()
