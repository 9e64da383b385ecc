#!/usr/bin/env python3
"""Measures linkaudit's extraction against the raw libxml2 parse of the same files and
prints the ratios (no pass/fail: these machines are noisy, so the numbers are read, not
asserted). Usage: Benchmarks/bench.py [CORPUS_DIR]  (default: generate Benchmarks/corpus)."""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run(cmd, stdin=None):
    """Runs cmd, returns (stdout, wall seconds, peak RSS MB of that child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return out, wall, max(peak, before) / 1024


def instructions(cmd, stdin=None):
    """Instructions retired by cmd under callgrind: the same on every run, whatever else
    the machine is doing, so the ratio below is the one to compare across changes."""
    with tempfile.NamedTemporaryFile(suffix=".cg") as out:
        result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}"] + cmd,
                                input=stdin, capture_output=True, text=True, check=True)
    for line in result.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].replace(",", "").strip())
    raise RuntimeError("no instruction count from valgrind")


def instruction_ratios(files, rawparse, linkaudit):
    folder = tempfile.mkdtemp(prefix="linkaudit-bench-subset-")
    for i, f in enumerate(files):
        shutil.copy(f, os.path.join(folder, f"p{i:04d}.html"))
    listing = "\n".join(os.path.join(folder, f"p{i:04d}.html") for i in range(len(files))) + "\n"
    dom = instructions([rawparse, "dom"], stdin=listing)
    sax = instructions([rawparse, "sax"], stdin=listing)
    audit = instructions([linkaudit, "audit", folder, "--out", tempfile.mkdtemp(), "--jobs", "1", "--quiet"])
    print(f"instructions over {len(files)} pages (callgrind, noise-free): libxml2 dom parse {dom:,}, "
          f"sax parse {sax:,}, linkaudit audit {audit:,}")
    print(f"  linkaudit / dom parse = {audit / dom:.2f}×, linkaudit / sax parse = {audit / sax:.2f}×")


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus")
    if len(sys.argv) <= 1 and not os.path.isdir(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), "--out", corpus], check=True)
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith((".html", ".htm")))
    total = sum(os.path.getsize(f) for f in files)
    listing = "\n".join(files) + "\n"
    mb = total / 1e6
    print(f"corpus: {corpus}: {len(files)} pages, {mb:.1f} MB")

    build = os.path.join(tempfile.gettempdir(), "linkaudit-rawparse")
    subprocess.run(["cc", "-O2", "-o", build, os.path.join(HERE, "rawparse.c")]
                   + subprocess.run(["pkg-config", "--cflags", "--libs", "libxml-2.0"], capture_output=True,
                                    text=True, check=True).stdout.split(), check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "linkaudit"], cwd=ROOT, check=True,
                   capture_output=True)
    linkaudit = os.path.join(ROOT, ".build", "release", "linkaudit")

    rows = []
    for mode in ("dom", "sax"):
        out, wall, peak = run([build, mode], stdin=listing)
        parse_only = float(out.split()[2])
        rows.append((f"libxml2 {mode} parse, 1 core (parse alone {parse_only:.2f}s)", wall))
    floor = rows[0][1]
    out_dir = tempfile.mkdtemp(prefix="linkaudit-bench-")
    cores = os.cpu_count() or 1
    for jobs in sorted({1, cores}):
        _, wall, peak = run([linkaudit, "audit", corpus, "--out", out_dir, "--jobs", str(jobs), "--quiet"])
        rows.append((f"linkaudit audit, {jobs} core{'s' if jobs > 1 else ''} (peak {peak:.0f} MB)", wall))
    links = sum(1 for _ in open(os.path.join(out_dir, "links.jsonl")))
    print(f"navigations extracted: {links}")
    print(f"{'what':58} {'seconds':>8} {'pages/s':>9} {'MB/s':>7} {'× dom parse':>12}")
    for name, secs in rows:
        print(f"{name:58} {secs:8.2f} {len(files) / secs:9.0f} {mb / secs:7.1f} {secs / floor:12.2f}")
    one_core = rows[2][1]
    print(f"speed-up on {cores} cores: {one_core / rows[-1][1]:.2f}×" if cores > 1 else "one core only")
    if shutil.which("valgrind"):
        instruction_ratios(files[:200], build, linkaudit)
    print("all rows are whole-process wall times over the same files (read + parse; linkaudit also "
          "walks the folder, decodes, extracts and writes links.jsonl/pages.jsonl).")


if __name__ == "__main__":
    main()
