#!/usr/bin/env python3
"""What a run's memory grows by per page and per link, measured as slopes between two
sizes (issue 16): peak RSS for N1 and N2 small pages gives the bytes a page leaves held
until the end of the run; peak RSS for one page of L1 and L2 deep links gives the bytes a
link holds while its page is in flight. The difference of two runs removes what any run
costs (the binary, its libraries, buffers), so the slope is what grows.

    python3 Benchmarks/memory_slope.py [--pages 10000 50000] [--links 20000 100000] [--pieces] [--repeat N] [--no-build]

Each page has an ordinary link, a custom-scheme deep link and an https link; the one big
page is all custom-scheme deep links. Both are run with the default formats and with
`--format jsonl`, `--jobs 2`; with `--pieces` the pages also with `--format md` (counts, no
rows) and with the default formats on `--jobs 1` (no page fragments), to tell what holds
what. `--repeat N` takes the median peak of N runs at each size (a single run moves by a few
MB). No pass/fail: the numbers go to Benchmarks/README.md.
"""

import argparse
import os
import statistics
import shutil
import tempfile

from benchkit import measured, release_binary


def write_pages(folder, count):
    for i in range(count):
        sub = os.path.join(folder, f"{i // 1000:04d}")
        if i % 1000 == 0:
            os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"{i}.html"), "w") as f:
            f.write(f'<html><body><a href="/x/{i}.html">n</a> <a href="gojek://pay?id={i}">pay</a> '
                    f'<a href="https://example.com/{i}">e</a></body></html>')


def write_big_page(path, links):
    with open(path, "w") as f:
        f.write("<html><body>")
        for i in range(links):
            f.write(f'<a href="gojek://pay?id={i}&amt={i * 7 % 99991}">p</a>\n')
        f.write("</body></html>")


def peak(binary, target, out, formats, jobs=2, repeat=1):
    args = [binary, "audit", target, "--base-url", "https://shop.example/", "--out", out, "--quiet",
            "--fail-on", "never", "--jobs", str(jobs)] + (["--format", formats] if formats else [])
    return statistics.median(measured(args)[1] for _ in range(repeat))


def slope(label, unit, sizes, rss):
    (n1, n2), (m1, m2) = sizes, rss
    per = (m2 - m1) * 1024 * 1024 / (n2 - n1)
    print(f"  {label}: {m1:.0f} MB at {n1:,} {unit}s, {m2:.0f} MB at {n2:,}: {per:,.0f} bytes per {unit}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, nargs=2, default=[10_000, 50_000])
    parser.add_argument("--links", type=int, nargs=2, default=[20_000, 100_000])
    parser.add_argument("--pieces", action="store_true", help="pages also with --format md and with --jobs 1")
    parser.add_argument("--repeat", type=int, default=1, help="median of this many runs at each size (default 1)")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    binary = release_binary(build=not args.no_build)
    work = tempfile.mkdtemp(prefix="linkaudit-memory-")
    try:
        print("Per page held until the end of a run (small pages, 3 links each):")
        variants = [(None, 2, "default formats"), ("jsonl", 2, "--format jsonl")]
        if args.pieces:
            variants += [("md", 2, "--format md"), (None, 1, "default formats, --jobs 1")]
        for formats, jobs, label in variants:
            rss = []
            for count in args.pages:
                folder = os.path.join(work, f"pages-{count}")
                if not os.path.isdir(folder):
                    write_pages(folder, count)
                rss.append(peak(binary, folder, os.path.join(work, "out"), formats, jobs, args.repeat))
            slope(label, "page", args.pages, rss)
        print("Per deep link while its page is in flight (one page of deep links):")
        for formats, label in ((None, "default formats"), ("jsonl", "--format jsonl")):
            rss = []
            for count in args.links:
                page = os.path.join(work, f"big-{count}.html")
                if not os.path.exists(page):
                    write_big_page(page, count)
                rss.append(peak(binary, page, os.path.join(work, "out"), formats, repeat=args.repeat))
            slope(label, "link", args.links, rss)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
