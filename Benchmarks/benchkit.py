"""What the benchmark scripts share: the release binary they measure, and one way to
measure a command (wall time and its own peak RSS)."""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def release_binary(build=True):
    """The release build of linkaudit, built first unless `build` is false."""
    if build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "linkaudit"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build/release/linkaudit")


def measured(cmd, allowed=(0, 1)):
    """Wall seconds and the command's own peak RSS in MB (wait4's rusage, so no other
    child counts). An exit status outside `allowed` stops the benchmark with the end of
    the command's stderr; `allowed=None` takes any status."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        if allowed is not None and os.waitstatus_to_exitcode(status) not in allowed:
            errors.seek(0)
            sys.exit(f"failed: {' '.join(cmd)}: {errors.read().decode(errors='replace')[-500:]}")
    return wall, usage.ru_maxrss / 1024
