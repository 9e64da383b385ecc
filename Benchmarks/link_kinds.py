#!/usr/bin/env python3
"""Instructions per link spent deciding and judging links (every profile's verdict
and the findings: `Classifier.classify`, `CheckRun`), for pages whose links are all of one kind.

    python3 Benchmarks/link_kinds.py                 # builds the release binary first
    python3 Benchmarks/link_kinds.py --binary PATH   # measure another build (say, main's)

For each kind it writes PAGES pages of LINKS links (anchors, handlers, timers and iframes in
the proportions of a checkout page), audits them with `--jobs 1` and the default profiles
under callgrind, collecting only inside `Classifier.classify` and the check pass, and prints
the instructions per link. Kinds: `https` (on and off the page's host), `file` (absolute `file:` links on an
https page, as in Debian's documentation), `custom` (wallet schemes with per-page order
numbers), `tel-mailto`, `intent-repeated` (the same wallet `intent:` URIs on every page, as
the demo site has them) and `intent-per-page` (each page's own order number in the URI and
its fallback, so no two pages share one). Deterministic: the same count on every run.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

WALLETS = [("dana", "id.dana"), ("gojek", "com.gojek.app"), ("ovo", "ovo.id"), ("shopeeid", "com.shopee.id"),
           ("tmn", "th.co.truemoney.wallet"), ("kakaotalk", "com.kakao.talk"), ("paypay", "jp.ne.paypay.android.app"),
           ("line", "jp.naver.line.android"), ("merpay", "com.kouzoh.mercari"), ("gcash", "com.globe.gcash.android")]


def target(kind, page, i):
    scheme, package = WALLETS[i % len(WALLETS)]
    order = f"ORD-{page:05d}-{i:04d}"
    if kind == "https":
        host = "shop.example" if i % 3 else f"partner{i % 7}.example"
        return f"https://{host}/p/{page}/{i}?ref=nav"
    if kind == "file":
        return f"file:///usr/share/doc/lib/html/a{(page * 31 + i) % 977:04d}.html#s{i % 13}"
    if kind == "custom":
        return f"{scheme}://pay?order={order}&amount={i * 100}"
    if kind == "tel-mailto":
        return f"tel:+62812{page:05d}{i:03d}" if i % 2 else f"mailto:pay{i}@shop.example?subject={order}"
    if kind == "intent-repeated":
        fallback = f"https%3A%2F%2Fm.{scheme}.example%2Fpay"
        return f"intent://pay/#Intent;scheme={scheme};package={package};S.browser_fallback_url={fallback};end"
    if kind == "intent-per-page":
        fallback = f"https%3A%2F%2Fm.{scheme}.example%2Fpay%3Forder%3D{order}"
        return (f"intent://pay?order={order}#Intent;scheme={scheme};package={package};"
                f"S.browser_fallback_url={fallback};end")
    raise ValueError(kind)


def page_html(kind, page, links):
    out = ["<!doctype html><html><head><title>checkout</title></head><body>"]
    for i in range(links):
        url = target(kind, page, i).replace("&", "&amp;")
        js = url.replace("'", "%27")
        form = i % 10
        if form < 6:
            out.append(f'<a href="{url}">link {i}</a>')
        elif form < 8:
            out.append(f'<button onclick="location.href=\'{js}\'">pay {i}</button>')
        elif form == 8:
            out.append(f"<script>setTimeout(function(){{ location.href = '{js}'; }}, {500 * (i % 30)});</script>")
        else:
            out.append(f'<iframe src="{url}"></iframe>')
    out.append("</body></html>")
    return "\n".join(out)


def corpus(root, kind, pages, links):
    folder = os.path.join(root, kind)
    os.makedirs(folder)
    for p in range(pages):
        with open(os.path.join(folder, f"page{p:04d}.html"), "w") as f:
            f.write(page_html(kind, p, links))
    return folder


def audit_instructions(binary, folder, out):
    """Instructions inside `Classifier.audit` and the number of links audited."""
    with tempfile.NamedTemporaryFile(suffix=".cg") as profile:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile.name}",
                        # Mangled names, as callgrind sees them. Collection toggles at each entry, so
                        # only the outermost functions are named: `classify(_:judge:)` (it asks the
                        # checks itself) or, in builds before it, `classify(_:)` and the check pass.
                        "--toggle-collect=$s8Policies10ClassifierV8classify_5judge*",
                        "--toggle-collect=$s8Policies10ClassifierV8classifyyAA14ClassifiedPageV*",
                        "--toggle-collect=$s6Checks8CheckRunV5apply2to*",
                        binary, "audit", folder, "--out", out, "--jobs", "1", "--quiet", "--fail-on", "never",
                        "--base-url", "https://shop.example/checkout/", "--format", "jsonl"],
                       capture_output=True, text=True, check=True)
        totals = [line for line in open(profile.name) if line.startswith("totals:") or line.startswith("summary:")]
    collected = int(totals[-1].split()[1])
    with open(os.path.join(out, "links.jsonl")) as f:
        links = sum(1 for _ in f)
    return collected, links


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="a linkaudit binary (default: build and use the release build)")
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--links", type=int, default=200)
    parser.add_argument("--kinds", default="https,file,custom,tel-mailto,intent-repeated,intent-per-page")
    args = parser.parse_args()
    binary = args.binary or benchkit.release_binary()
    with tempfile.TemporaryDirectory() as root:
        print(f"{'kind':<16} {'links':>7} {'instructions/link':>18}")
        for kind in args.kinds.split(","):
            folder = corpus(root, kind, args.pages, args.links)
            out = os.path.join(root, kind + "-out")
            collected, links = audit_instructions(binary, folder, out)
            print(f"{kind:<16} {links:>7} {collected / links:>18,.0f}")


if __name__ == "__main__":
    main()
