#!/usr/bin/env bash
# Builds a fuzzing harness (Fuzz/) with libFuzzer and AddressSanitizer and runs it for a
# time budget, starting from real inputs of its parser (README, "Fuzzing"). A crash, a leak, a timeout or a
# broken bound stops the run, leaves the input in .build/fuzz-artifacts/ and exits non-zero;
# replay it with the harness built without -DFUZZING (`swift run FuzzWARC FILE`).
#
#   Scripts/fuzz.sh FuzzWARC 60        # one minute
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh HARNESS [SECONDS]}
seconds=${2:-60}
case "$target" in
  FuzzWARC) starts=(Tests/Fixtures/warc/real-warcio Tests/Fixtures/warc/synthetic) ;;
  *) echo "Scripts/fuzz.sh: no harness named $target (see Fuzz/)" >&2; exit 2 ;;
esac

# Its own scratch path: the instrumented build never mixes with the ordinary one.
# -DFUZZING drops the replay entry point; the harness's entry hands over to libFuzzer's
# driver, which the linker must export for it to be found.
# (The linker's "Cannot export local symbol" warnings, one per sanitizer helper, are dropped.)
mkdir -p .build
log=.build/fuzz-build.log
if ! swift build -c release --scratch-path .build/fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
    -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver --product "$target" >"$log" 2>&1; then
  grep -v "Cannot export local symbol" "$log" >&2
  echo "Scripts/fuzz.sh: $target did not build" >&2
  exit 1
fi
binary=.build/fuzz/release/$target

corpus=.build/fuzz-corpus/$target
mkdir -p "$corpus" .build/fuzz-artifacts
# No Swift backtracer: libFuzzer reports the crash, and a backtracer holding the output
# open would turn it into a hang.
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=.build/fuzz-artifacts/ -print_final_stats=1 "$corpus" "${starts[@]}"
