#!/usr/bin/env python3
"""Differential test: the navigations linkaudit extracts against those in the DOM headless
Chromium builds from the same bytes at the same URL.

    python3 Scripts/chromium-diff.py NAME DIR --base-url URL [--linkaudit BIN]
        [--thresholds FILE] [--report FILE] [--summary FILE] [--show N]

linkaudit runs as `audit DIR --profiles none --format jsonl --base-url URL`; each page it
lists in pages.jsonl is then loaded in Chromium under the same page URL (served from its
file, no network: Scripts/chromium_dom.py), and the navigations of its DOM are read back.
Both sides are compared page by page as multisets of (kind, resolved URL), kinds being
a, area, iframe, frame, object, embed, form-get, form-post, button/input[formaction]-get/
-post and refresh.

In scope: what the parser builds and a tap, a form submission, a frame load or a refresh
follows, with scripting on (Chromium's default). Out of scope on both sides: navigations
that script starts (linkaudit's script-* triggers, javascript: URLs), declared app links
(the metadata trigger), what is live only with scripting off (context "noscript") and
inert <template> content (context "template"), srcdoc documents, and the navigations of the
dump's own pages that a page's frames load (framedPage).

A page agrees when both multisets are equal; navigations agreeing are the matched pairs
over the union (matched + missed + extra). The manifest.json of DIR (written by
Scripts/probe-pages.py) gives each page's class; without one every page is of class NAME.
With --thresholds, exits 1 when the suite's page or navigation agreement is below the
figure recorded for NAME in that JSON file.
"""

import collections
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_dom import Chromium, ChromiumError  # noqa: E402
import differential  # noqa: E402
import links_jsonl  # noqa: E402

# Triggers of navigations the DOM alone starts.
DOM_TRIGGERS = {"tap", "form-get", "form-post", "frame-load", "meta-refresh"}
KIND_OF_SOURCE = {"a[href]": "a", "area[href]": "area", "iframe[src]": "iframe", "frame[src]": "frame",
                  "object[data]": "object", "embed[src]": "embed", "meta[refresh]": "refresh",
                  # An SVG <a> links through xlink:href when it has no href: the DOM side names both `a`.
                  "a[xlink:href]": "a"}


def linkaudit_kind(record):
    source, trigger = record["source"], record["trigger"]
    if source in KIND_OF_SOURCE:
        return KIND_OF_SOURCE[source]
    method = "post" if trigger == "form-post" else "get"
    if source == "form[action]":
        return "form-" + method
    if source.endswith("[formaction]"):
        return f"{source}-{method}"
    return f"{source}/{trigger}"


def run_linkaudit(binary, directory, base_url, out):
    # Run inside the folder: reports name each file relative to the working directory.
    if os.sep in binary:
        binary = os.path.abspath(binary)
    subprocess.run([binary, "audit", ".", "--profiles", "none", "--format", "jsonl", "--base-url", base_url,
                    "--fail-on", "never", "--quiet", "--out", os.path.abspath(out)], check=True, cwd=directory)
    pages = [json.loads(line) for line in open(os.path.join(out, "pages.jsonl"), encoding="utf-8")]
    navigations = collections.defaultdict(list)
    for record in links_jsonl.records(os.path.join(out, "links.jsonl")):
        # A framed page's navigations (framedPage) are in its own DOM, not this page's.
        if (record["trigger"] not in DOM_TRIGGERS or record.get("context") or record.get("partial")
                or record.get("framedPage")):
            continue
        navigations[record["page"]].append((linkaudit_kind(record), record["url"]))
    return pages, navigations


def classes_of(directory, name):
    manifest = os.path.join(directory, "manifest.json")
    if not os.path.exists(manifest):
        return {}
    return json.load(open(manifest, encoding="utf-8"))["pages"]


def compare(chromium_navs, linkaudit_navs):
    expected, actual = collections.Counter(chromium_navs), collections.Counter(linkaudit_navs)
    matched = sum((expected & actual).values())
    return matched, sorted((expected - actual).elements()), sorted((actual - expected).elements())


def percent(part, whole):
    return 100.0 * part / whole if whole else 100.0


def main():
    args = differential.arguments(__doc__, "JSON {name: {pages: %%, navigations: %%}}", 25)

    started = time.monotonic()
    classes = classes_of(args.directory, args.name)
    with tempfile.TemporaryDirectory(prefix="chromium-diff-") as out:
        pages, extracted = run_linkaudit(args.linkaudit, args.directory, args.base_url, out)

    per_class = collections.defaultdict(lambda: collections.Counter())
    disagreements = []  # (class, page, side, kind, url)
    browser = Chromium(args.chromium)
    try:
        for page in pages:
            relative = os.path.normpath(page["file"])
            if relative == "manifest.json":
                continue
            page_class = classes.get(relative, args.name)
            body = open(os.path.join(args.directory, relative), "rb").read()
            try:
                dom = browser.navigations(page["page"], body)
            except ChromiumError as error:
                print(f"chromium-diff: {page['page']}: {error}; restarting Chromium", file=sys.stderr)
                browser.close()
                browser = Chromium(args.chromium)
                dom = {"navigations": [], "loaded": False}
            if not dom.get("loaded"):
                print(f"chromium-diff: {page['page']}: no load event, compared as it stood", file=sys.stderr)
            chromium_navs = [(n["kind"], n["url"]) for n in dom["navigations"]]
            matched, missed, extra = compare(chromium_navs, extracted.get(page["page"], []))
            figures = per_class[page_class]
            figures["pages"] += 1
            figures["pages agreeing"] += not missed and not extra
            figures["matched"] += matched
            figures["missed"] += len(missed)
            figures["extra"] += len(extra)
            disagreements += [(page_class, page["page"], "missed", k, u) for k, u in missed]
            disagreements += [(page_class, page["page"], "extra", k, u) for k, u in extra]
    finally:
        browser.close()

    total = collections.Counter()
    for figures in per_class.values():
        total.update(figures)
    per_class["ALL"] = total

    def row(name, f):
        union = f["matched"] + f["missed"] + f["extra"]
        return (f"{name:<16} {f['pages agreeing']:>4}/{f['pages']:<4} {percent(f['pages agreeing'], f['pages']):6.1f}%"
                f"   {f['matched']:>5}/{union:<5} {percent(f['matched'], union):6.1f}%   {f['missed']:>5} {f['extra']:>5}")

    print(f"Agreement with Chromium: {args.name} ({args.directory}, {args.base_url})")
    print(f"{'class':<16} {'pages agreeing':>20}   {'navigations agreeing':>20}   {'missed':>5} {'extra':>5}")
    for name in sorted(k for k in per_class if k != "ALL") + ["ALL"]:
        print(row(name, per_class[name]))
    print("missed: in Chromium's DOM, not in links.jsonl; extra: in links.jsonl, not in Chromium's DOM")

    kinds = collections.Counter((side, kind) for _, _, side, kind, _ in disagreements)
    if kinds:
        print("disagreements by side and kind: " + ", ".join(f"{s} {k} {n}" for (s, k), n in kinds.most_common()))
    lines = [f"{side:<6} {cls:<14} {page}  {kind}  {url}" for cls, page, side, kind, url in disagreements]
    for line in lines[:args.show]:
        print("  " + line)
    if len(lines) > args.show:
        print(f"  … {len(lines) - args.show} more" + (f" in {args.report}" if args.report else " (--report FILE)"))
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")

    union = total["matched"] + total["missed"] + total["extra"]
    summary = {"suite": args.name, "pages": total["pages"],
               "pagesAgreeing": round(percent(total["pages agreeing"], total["pages"]), 2),
               "navigations": union, "navigationsAgreeing": round(percent(total["matched"], union), 2),
               "seconds": round(time.monotonic() - started, 1),
               "classes": {k: dict(v) for k, v in sorted(per_class.items())}}
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
    print(f"{args.name}: pages {summary['pagesAgreeing']}% of {total['pages']}, navigations "
          f"{summary['navigationsAgreeing']}% of {union} ({summary['seconds']} s)")

    if args.thresholds:
        floor = json.load(open(args.thresholds, encoding="utf-8")).get(args.name)
        if floor is None:
            print(f"chromium-diff: no threshold for {args.name} in {args.thresholds}", file=sys.stderr)
            return 1
        failed = [(key, summary[key], floor[short]) for key, short in
                  (("pagesAgreeing", "pages"), ("navigationsAgreeing", "navigations"))
                  if summary[key] < floor[short]]
        for key, got, want in failed:
            print(f"chromium-diff: {args.name}: {key} {got}% is below the recorded {want}%", file=sys.stderr)
        if failed:
            return 1
        print(f"{args.name}: at or above the recorded floor (pages {floor['pages']}%, navigations {floor['navigations']}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
