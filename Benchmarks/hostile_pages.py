#!/usr/bin/env python3
"""Hostile pages against the script scanner, the page clock and the pre-pass: each page is
built at 10,000 and at 100,000 copies of one construct that used to cost a scan to the end
of the script (or of a stack) per copy, and `linkaudit audit` reads it. No pass/fail: the
numbers are read, not asserted (these machines are noisy). A linear reader takes about ten
times as long on the big page as on the small one; the quadratic ones took 100 times as long
(100,000 `window.open(` ran past 100 s).

    python3 Benchmarks/hostile_pages.py            # builds linkaudit in release mode first
    python3 Benchmarks/hostile_pages.py --no-build

Per case: seconds and peak RSS for 10k and 100k, and the ratio of the times. The tests hold
the same cases to a work counter (Tests/ExtractionTests/Hostile/); this is the wall clock.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from benchkit import release_binary

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def calls(n):
    """n / 30 rounds of six functions calling each other at 30 different timer delays."""
    rounds = max(1, n // 10_000)
    out = []
    for r in range(rounds):
        for i in range(6):
            delays = " ".join("setTimeout(f%d_%d, %d);" % (r, (i + 1) % 6, 31 ** (k % 6) * (k // 6 + 1)) for k in range(30))
            out.append("function f%d_%d() { %s location.href = 'x://%d/%d'; }" % (r, i, delays, r, i))
        out.append("f%d_0();" % r)
    return "<script>%s</script>" % "\n".join(out)


CASES = {
    "window.open( unclosed": lambda n: "<script>" + "".join("window.open('x://%d'" % k for k in range(n)) + "</script>",
    "a=( unclosed": lambda n: "<script>" + "a=(" * n + "location.href='x://y'</script>",
    "unmatched closers": lambda n: "<script>" + "(" * n + "]" * n + "location.href='x://y'</script>",
    "nested `${": lambda n: "<script>x=" + "`${" * n + "}`" * n + ";location.href='x://y'</script>",
    "nested .then(": lambda n: "<script>onclick=function(){" + "".join("p.then(function(){'x://%d';" % k for k in range(n))
                               + "})" * n + "}</script>",
    "nested setTimeout(": lambda n: "<script>" + "setTimeout(function(){'x://y';" * n + "},1)" * n + "</script>",
    "timer delays 1e19": lambda n: "<script>" + "".join("setTimeout(function(){location='x://%d'}, 1e19);" % k
                                                         for k in range(n)) + "</script>",
    "calls, 30 delays each": calls,
    "attributes on one tag": lambda n: "<a href='x://y' " + " ".join("a%d=1" % k for k in range(n)) + ">x</a>",
    "nested <span>, stray </b>": lambda n: "<body>" + "<span>" * n + "</b>" * n + "<a href='x://y'>x</a>",
    "nested <div>, stray </span>": lambda n: "<body>" + "<div>" * n + "</span>" * n + "<a href='x://y'>x</a>",
}


def run(binary, page, work):
    """Wall seconds and the child's own peak RSS in MB."""
    path = os.path.join(work, "page.html")
    with open(path, "w") as f:
        f.write(page)
    out = os.path.join(work, "out")
    with open(os.path.join(work, "stderr"), "w+") as errors:
        start = time.monotonic()
        child = subprocess.Popen([binary, "audit", path, "--out", out, "--quiet", "--jobs", "1", "--format", "jsonl",
                                  "--fail-on", "never"], stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - start
        if status != 0:
            errors.seek(0)
            sys.exit("linkaudit failed (status %d): %s" % (status, errors.read()[-400:]))
    return seconds, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/linkaudit"))
    args = parser.parse_args()
    if not args.no_build:
        release_binary()
    print("%-24s %10s %10s %8s %12s" % ("case", "10k s", "100k s", "ratio", "100k peak MB"))
    with tempfile.TemporaryDirectory() as work:
        for name, build in CASES.items():
            small, _ = run(args.binary, build(10_000), work)
            large, peak = run(args.binary, build(100_000), work)
            print("%-24s %10.3f %10.3f %8.1f %12.0f" % (name, small, large, large / max(small, 1e-3), peak), flush=True)


if __name__ == "__main__":
    main()
