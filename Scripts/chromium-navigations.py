#!/usr/bin/env python3
"""Differential test: the navigations linkaudit lists against those headless Chromium
requests when it runs the same pages, on virtual time, with a real tap on every element a
user could tap (Scripts/chromium_engine.py).

    python3 Scripts/chromium-navigations.py NAME DIR --base-url URL [--linkaudit BIN]
        [--thresholds FILE] [--report FILE] [--summary FILE] [--show N]

linkaudit runs as `audit DIR --format jsonl --base-url URL` (every default profile, so each
record carries its verdicts); each page it read is then visited in Chromium under the same
URL: one visit with no tap for each user agent (Android WebView's and the iPhone's, as
`--user-agent` presets give them), the clock run to 60 s past the load event, and one visit
per tappable element (Android WebView's user agent), the clock run to 15 s past the tap.

Each request Chromium makes is named with linkaudit's words:
- trigger: `tap` (`anchorClick` of the tapped link, or a new window opened by tapping a link
  with that URL; a script's `a.click()` of another link is the script's, with no gesture),
  `form-get` / `form-post` (a submission by a tapped submit button; any other is a script's
  `form.submit()`, named as the script's navigation), `meta-refresh`, `frame-load`
  (`initialFrameNavigation`), and for script: `script-load` (before the load event),
  `script-timer` (on the clock after it), `script-handler` (before the tap's mouse release was
  acknowledged), `script-async` (after);
- frame: `main`, `sub`, `new-window`;
- delay: for a timer or refresh, the checkpoint of the virtual clock it was seen by
  (checkpoints sit 20 ms after each delay linkaudit lists on the page, and at 100 ms, 1, 5,
  15 and 60 s).
A visit with a tap counts only what its no-tap visit did not request.

Then:
- recall: each (URL, trigger, frame) Chromium requested on a page must be a record of that
  page with the same URL (a `partial` record: a prefix of it); deep links (any scheme but
  http and https) are counted apart;
- agreement: a recalled request agrees when some record with its URL has its trigger and
  frame too; delays agree when the record's `delayMs` is in the checkpoint's interval;
- the reverse, for script navigations only: each record with a `script-*` trigger must be
  requested (its URL, with its trigger and frame) or explained — by the visit model (every verdict says
  the page never reaches it: an earlier navigation stopped the parser, or cancelled the
  refresh; or the frame's sandbox refuses it, Docs/PLATFORM.md §F.17), a `condition` the scanner read (a branch on the user agent, the referrer, …),
  or being data (a record that is no navigation: a trigger outside the navigation
  triggers); the rest are unexplained;
- no navigation finding may sit on a data record;
- links, forms, frames and refreshes listed but not requested are counted too
  (`otherAccounted`: requested, or unreached by the visit model), though an element no tap
  can hit, or an `<object>`'s plug-in load, is never requested: floors for it are set only
  for the classes where every element can be reached.

Out of scope on both sides: declared app links (`metadata`), `<noscript>` (scripting is
on) and `<template>` content, `javascript:` URLs, same-document fragments, `about:` frames.
The manifest.json of DIR (Scripts/navigation-patterns.py) gives each page's class;
without one every page is of class NAME. With --thresholds, exits 1 when a class of the
suite is below the floor recorded for it (`NAME/class`, else `NAME`) in that JSON file.
"""

import collections
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_engine import SYNC_MS, USER_AGENTS, Engine, EngineError  # noqa: E402
import differential  # noqa: E402
import links_jsonl  # noqa: E402

NAVIGATION_TRIGGERS = {"tap", "form-get", "form-post", "meta-refresh", "frame-load", "script-load",
                       "script-timer", "script-handler", "script-async"}
SCRIPT_TRIGGERS = {"script-load", "script-timer", "script-handler", "script-async"}
# Verdict reasons of the visit model (Sources/Policies/Core/PageVisit.swift): the page
# never reaches the navigation.
UNREACHED_REASONS = {"parser-stopped", "refresh-cancelled"}
# Finding codes about a navigation happening (every code but the page's and the files').
PAGE_CODES = {"PAGE_UNREADABLE", "ASSOCIATION_INVALID"}
LOAD_CHECKPOINTS = [100, 1000, 5000, 15000, 60000]
TAP_CHECKPOINTS = [100, 1000, 5000, 15000]
SLACK_MS = 20


def run_linkaudit(binary, directory, base_url, out):
    if os.sep in binary:
        binary = os.path.abspath(binary)
    subprocess.run([binary, "audit", ".", "--format", "jsonl", "--base-url", base_url, "--fail-on", "never",
                    "--quiet", "--out", os.path.abspath(out)], check=True, cwd=directory)
    pages = [json.loads(line) for line in open(os.path.join(out, "pages.jsonl"), encoding="utf-8")]
    records = collections.defaultdict(list)
    for record in links_jsonl.records(os.path.join(out, "links.jsonl")):
        if record["trigger"] in ("metadata", "server-redirect") or record.get("context") in ("noscript", "template"):
            continue
        records[record["page"]].append(record)
    return pages, records


def is_deep(url):
    scheme = url.split(":", 1)[0].lower()
    return scheme not in ("http", "https")


def without_fragment(url):
    return url.split("#", 1)[0]


def in_scope(url, page):
    scheme = url.split(":", 1)[0].lower()
    if scheme in ("javascript", "about", "data", "blob"):
        return False
    # A same-document fragment navigation only scrolls.
    return not ("#" in url and without_fragment(url) == without_fragment(page))


def interval(at, checkpoints):
    """The clock interval a request seen by checkpoint `at` happened in."""
    earlier = [c for c in checkpoints if c < at]
    return (max(earlier) if earlier else -1, at)


def name_load(entry, checkpoints):
    reason, frame = entry["reason"], entry["frame"]
    delay = None
    if reason == "metaTagRefresh":
        trigger = "meta-refresh"
    elif reason == "initialFrameNavigation":
        trigger = "frame-load"
    # A form submitted with no tap at all: a script's form.submit() (Docs/PLATFORM.md §F.16),
    # named as the script's navigation, like scriptInitiated, windowOpen, a script's synthetic
    # click() (anchorClick: no user, no gesture), …
    else:
        trigger = "script-load" if entry["phase"] == "load" else "script-timer"
    if entry["phase"] == "clock" and trigger in ("script-timer", "meta-refresh"):
        delay = interval(entry["atMs"], checkpoints)
    return trigger, frame, delay


def name_tap(entry, candidate, checkpoints):
    reason, frame = entry["reason"], entry["frame"]
    delay = None
    tapped_link = candidate["name"] in ("a", "area") and candidate.get("href") == entry["url"]
    if reason == "anchorClick" and tapped_link:
        trigger = "tap"
    elif reason == "anchorClick":
        # A link the handler clicks (`a.click()`), not the one tapped: the handler's navigation.
        trigger = "script-handler" if entry["phase"] == "sync" else "script-async"
    elif reason == "formSubmissionGet" and candidate.get("submits"):
        trigger = "form-get"
    elif reason == "formSubmissionPost" and candidate.get("submits"):
        trigger = "form-post"
    elif reason == "metaTagRefresh":
        trigger = "meta-refresh"
    elif reason == "initialFrameNavigation":
        trigger = "frame-load"
    elif reason == "windowOpen" and tapped_link:
        trigger = "tap"
    else:
        trigger = "script-handler" if entry["phase"] == "sync" else "script-async"
    if trigger == "script-async":
        delay = interval(max(entry["atMs"], 0), checkpoints)
    return trigger, frame, delay


def url_matches(record, url, trigger=None, form=False):
    """`form`: Chromium's request is a form submission (a script's form.submit() included)."""
    if record.get("partial"):
        return url.startswith(record["url"])
    if form or "form-get" in (trigger, record["trigger"]):
        # A GET submission replaces the action's query with the form's data set.
        return record["url"].split("?", 1)[0].split("#", 1)[0] == url.split("?", 1)[0].split("#", 1)[0]
    return record["url"] == url


def agrees(record, trigger, frame):
    """Whether a record names a request the way Chromium made it. Code a tap's handler
    queues without a wait (a zero-delay timer, a promise that settles at once) runs in the
    tap's first milliseconds like the handler's own code, and keeps its activation: a
    `script-async` record with no delay, or one of at most `SYNC_MS`, names it too."""
    if record["frame"] != frame:
        return False
    if record["trigger"] == trigger:
        return True
    if trigger == "script-handler" and record["trigger"] == "script-async":
        return record.get("delayMs") is None or record["delayMs"] <= SYNC_MS
    return False


def delay_agrees(record, delay):
    if delay is None:
        return True
    low, high = delay
    if record.get("delayMs") is None:
        # An unknown wait (fetch().then, a promise): any time after the tap or the load.
        return True
    measured = record["delayMs"] + SLACK_MS
    return low < measured <= high or (low < record["delayMs"] <= high)


def is_data(record):
    """A record that is no navigation: a trigger outside the navigation triggers, or a
    context naming a literal or data (issue 18: `script-literal`, as a trigger or context)."""
    context = record.get("context") or ""
    return record["trigger"] not in NAVIGATION_TRIGGERS or "literal" in context or "data" in context


# What Blink's renderer refuses in a sandboxed frame (Docs/PLATFORM.md §F.17, rule 29): no
# request is ever made. (Chrome's own refusal of a sandboxed frame's external protocol,
# `sandbox-external-protocol`, comes after the request, in the browser: the headless shell
# has no such rule, and Android WebView's verdict is the client's.)
RENDERER_SANDBOX = {"sandbox-top-navigation", "sandbox-popup", "sandbox-form"}


def blink_verdicts(record):
    verdicts = record.get("verdicts") or {}
    return [v for name, v in verdicts.items() if name.startswith(("android", "chrome"))]


def blink_sandboxed(record):
    """Whether every Blink profile's verdict says the frame's sandbox refuses it in the page."""
    blink = blink_verdicts(record)
    return bool(blink) and all(v.get("outcome") == "blocked" and v.get("reason") in RENDERER_SANDBOX for v in blink)


def blink_unreached(record):
    """Whether every Blink profile's verdict (Android WebView's, Chrome's) says the engine
    never requests it: unreached, or refused by the frame's sandbox."""
    blink = blink_verdicts(record)
    return bool(blink) and (all(v.get("outcome") == "unreached" for v in blink) or blink_sandboxed(record))


def explain(record):
    """Why a listed script navigation was not requested, or None."""
    if blink_sandboxed(record):
        return "sandbox"
    if blink_unreached(record):
        return "unreached"
    if record.get("condition"):
        return "branch"
    if is_data(record):
        return "data"
    return None


def percent(part, whole):
    return 100.0 * part / whole if whole else 100.0


FORM_MARK = " [form submission]"


def form_mark(entry):
    """Marks a request that is a form submission: its query is the form's data set."""
    return FORM_MARK if entry["reason"].startswith("formSubmission") else ""


def visit_page(engine, page, records):
    """Chromium's requests for one page: [(url, trigger, frame, delay, how)]."""
    url = page["page"]
    listed = [r.get("delayMs") for r in records if r.get("delayMs") is not None]
    load_points = sorted({d + SLACK_MS for d in listed if d <= 60_000} | set(LOAD_CHECKPOINTS))
    tap_points = sorted({d + SLACK_MS for d, r in zip(listed, [r for r in records if r.get("delayMs") is not None])
                         if r["trigger"] == "script-async" and d <= 15_000} | set(TAP_CHECKPOINTS) | {3000 + SLACK_MS})
    requested = []
    seen_at_load = set()
    for agent in ("android-webview", "ios-wkwebview"):
        for entry in engine.visit(url, USER_AGENTS[agent], load_points):
            if not in_scope(entry["url"], url):
                continue
            trigger, frame, delay = name_load(entry, load_points)
            seen_at_load.add((entry["url"], entry["reason"], entry["frame"]))
            requested.append((entry["url"], trigger, frame, delay, f"load ({agent})" + form_mark(entry)))
    agent = USER_AGENTS["android-webview"]
    candidates = engine.candidates(url, agent)
    untappable = 0
    for candidate in candidates:
        log = engine.visit(url, agent, tap_points, tap=candidate)
        if log is None:
            untappable += 1
            continue
        label = candidate["name"] + (f"#{candidate['id']}" if candidate.get("id") else "")
        for entry in log:
            # A submit button's own submission is the tap's, even when a script submitted the
            # same form at load (form.submit()) to the same URL.
            by_button = (entry["reason"].startswith("formSubmission") and candidate.get("submits")
                         and entry["phase"] != "load")
            if not in_scope(entry["url"], url) or ((entry["url"], entry["reason"], entry["frame"]) in seen_at_load
                                                    and not by_button):
                continue
            trigger, frame, delay = name_tap(entry, candidate, tap_points)
            requested.append((entry["url"], trigger, frame, delay, f"tap {label}" + form_mark(entry)))
    # One request per (URL, trigger, frame): a setInterval asks again and again.
    unique = {}
    for item in requested:
        unique.setdefault(item[:3], item)
    return list(unique.values()), len(candidates), untappable


def main():
    args = differential.arguments(__doc__, "JSON {suite or suite/class: {recall: %%, agreement: %%, …}}", 30)

    started = time.monotonic()
    manifest = os.path.join(args.directory, "manifest.json")
    classes = json.load(open(manifest, encoding="utf-8"))["pages"] if os.path.exists(manifest) else {}
    with tempfile.TemporaryDirectory(prefix="chromium-navigations-") as out:
        pages, records = run_linkaudit(args.linkaudit, args.directory, args.base_url, out)
    site = {without_fragment(p["page"]): os.path.join(args.directory, p["file"]) for p in pages
            if p.get("status") == "ok" and p.get("file")}

    figures = collections.defaultdict(collections.Counter)
    lines = []  # every disagreement, for the report
    engine = Engine(site, args.chromium)
    try:
        for page in pages:
            if page.get("status") != "ok" or not page.get("file") or os.path.normpath(page["file"]) == "manifest.json":
                continue
            cls = classes.get(os.path.normpath(page["file"]), args.name)
            listed = records.get(page["page"], [])
            try:
                requested, tappable, untappable = visit_page(engine, page, listed)
            except EngineError as error:
                print(f"chromium-navigations: {page['page']}: {error}; restarting Chromium", file=sys.stderr)
                engine.close()
                engine = Engine(site, args.chromium)
                figures[cls]["pages failed"] += 1
                lines.append(f"error    {cls:<18} {page['page']}  {error}")
                continue
            f = figures[cls]
            f["pages"] += 1
            f["tappable"] += tappable - untappable
            f["untappable"] += untappable

            def heard(record):
                return any(url_matches(record, u, t, FORM_MARK in h) and agrees(record, t, fr)
                           for u, t, fr, _, h in requested)
            for url, trigger, frame, delay, how in requested:
                deep = is_deep(url)
                f["requested"] += 1
                f["requested deep"] += deep
                same_url = [r for r in listed if url_matches(r, url, trigger, FORM_MARK in how)]
                if not same_url:
                    lines.append(f"missed   {cls:<18} {page['page']}  {trigger} {frame}  {url}  ({how})")
                    continue
                f["recalled"] += 1
                f["recalled deep"] += deep
                agreeing = [r for r in same_url if agrees(r, trigger, frame)]
                if not agreeing:
                    got = ", ".join(sorted({f"{r['trigger']} {r['frame']}" for r in same_url}))
                    lines.append(f"trigger  {cls:<18} {page['page']}  {trigger} {frame} (listed: {got})  {url}  ({how})")
                    continue
                f["agreeing"] += 1
                if all(blink_unreached(r) for r in agreeing):
                    # The visit model says the page never gets there, yet Chromium went.
                    f["wrongly unreached"] += 1
                    lines.append(f"reached  {cls:<18} {page['page']}  {trigger} {frame}  {url}  listed as unreached")
                if delay is not None and trigger in {r["trigger"] for r in agreeing}:
                    f["timed"] += 1
                    if any(delay_agrees(r, delay) for r in agreeing):
                        f["delay agreeing"] += 1
                    else:
                        got = ", ".join(str(r.get("delayMs")) for r in agreeing)
                        lines.append(f"delay    {cls:<18} {page['page']}  {trigger} {frame} seen in "
                                     f"({delay[0]}, {delay[1]}] ms, listed {got}  {url}")
            for record in listed:
                if is_data(record):
                    f["data records"] += 1
                    codes = {x["code"] for x in record.get("findings") or []} - PAGE_CODES
                    if codes:
                        f["data with findings"] += 1
                        lines.append(f"finding  {cls:<18} {page['page']}  data record with {sorted(codes)}  "
                                     f"{record['url']}")
                    continue
                if not in_scope(record["url"], page["page"]):
                    continue
                if record["trigger"] not in SCRIPT_TRIGGERS:
                    # Links, forms, frames, refreshes: counted, not held to a floor (an
                    # element no tap can hit is never requested).
                    f["listed other"] += 1
                    if heard(record):
                        f["other requested"] += 1
                    elif blink_unreached(record):
                        f["other unreached"] += 1
                    else:
                        lines.append(f"unheard- {cls:<18} {page['page']}  line {record['line']} {record['trigger']} "
                                     f"{record['frame']}  {record['url']}  (not held to a floor)")
                    continue
                f["listed script"] += 1
                if heard(record):
                    f["listed requested"] += 1
                    continue
                why = explain(record)
                if why:
                    f["listed explained"] += 1
                    f[f"explained: {why}"] += 1
                else:
                    lines.append(f"unheard  {cls:<18} {page['page']}  line {record['line']} {record['trigger']} "
                                 f"{record['frame']}  {record['url']}")
    finally:
        engine.close()

    total = collections.Counter()
    for f in list(figures.values()):
        total.update(f)
    figures["ALL"] = total

    def measures(f):
        return {"recall": percent(f["recalled"], f["requested"]),
                "deepRecall": percent(f["recalled deep"], f["requested deep"]),
                "agreement": percent(f["agreeing"], f["recalled"]),
                "delayAgreement": percent(f["delay agreeing"], f["timed"]),
                "scriptAccounted": percent(f["listed requested"] + f["listed explained"], f["listed script"]),
                "dataWithoutFindings": percent(f["data records"] - f["data with findings"], f["data records"]),
                "reachedNotUnreached": percent(f["agreeing"] - f["wrongly unreached"], f["agreeing"]),
                "otherAccounted": percent(f["other requested"] + f["other unreached"], f["listed other"])}

    print(f"Navigations against Chromium: {args.name} ({args.directory}, {args.base_url})")
    print(f"{'class':<22}{'pages':>6} {'recall':>15} {'deep recall':>13} {'trigger+frame':>15} {'delay':>11}"
          f" {'script listed: heard/explained':>32} {'data ok':>9}")
    summary = {"suite": args.name, "classes": {}}
    for name in sorted(k for k in figures if k != "ALL") + ["ALL"]:
        f = figures[name]
        m = measures(f)
        summary["classes"][name] = {**{k: round(v, 2) for k, v in m.items()}, "counts": dict(f)}
        print(f"{name:<22}{f['pages']:>6} {f['recalled']:>5}/{f['requested']:<4}{m['recall']:5.1f}% "
              f"{f['recalled deep']:>4}/{f['requested deep']:<3}{m['deepRecall']:5.1f}% "
              f"{f['agreeing']:>5}/{f['recalled']:<4}{m['agreement']:5.1f}% "
              f"{f['delay agreeing']:>3}/{f['timed']:<3}{m['delayAgreement']:4.0f}% "
              f"{f['listed script']:>6}: {f['listed requested']:>3}/{f['listed explained']:<3}{m['scriptAccounted']:6.1f}% "
              f"{f['data records'] - f['data with findings']:>3}/{f['data records']:<3}")
    explained = {k[len("explained: "):]: v for k, v in total.items() if k.startswith("explained: ")}
    print(f"taps: {total['tappable']} elements tapped, {total['untappable']} could not be hit; "
          f"explained script navigations: {explained or 'none'}; requested yet listed as unreached: "
          f"{total['wrongly unreached']}")
    print(f"other listed navigations (links, forms, frames, refreshes): {total['listed other']}, requested "
          f"{total['other requested']}, unreached by the visit model {total['other unreached']}")
    print("missed: requested by Chromium, not listed; trigger: listed with another trigger or frame; "
          "unheard: a listed script navigation neither requested nor explained; reached: requested, "
          "yet the visit model says unreached")
    for line in lines[:args.show]:
        print("  " + line)
    if len(lines) > args.show:
        print(f"  … {len(lines) - args.show} more" + (f" in {args.report}" if args.report else " (--report FILE)"))
    if args.report:
        with open(args.report, "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    summary["seconds"] = round(time.monotonic() - started, 1)
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)
    print(f"{args.name}: {summary['seconds']} s")

    if args.thresholds:
        floors = json.load(open(args.thresholds, encoding="utf-8"))
        failed = []
        for name, m in summary["classes"].items():
            floor = floors.get(f"{args.name}/{name}") or (floors.get(args.name) if name == "ALL" else None)
            if floor is None:
                continue
            for key, want in floor.items():
                if key in m and m[key] < want:
                    failed.append(f"{args.name}/{name}: {key} {m[key]}% is below the recorded {want}%")
        if figures["ALL"]["pages failed"]:
            failed.append(f"{args.name}: {figures['ALL']['pages failed']} pages could not be visited")
        for line in failed:
            print("chromium-navigations: " + line, file=sys.stderr)
        if failed:
            return 1
        print(f"{args.name}: at or above the recorded floors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
