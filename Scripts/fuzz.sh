#!/usr/bin/env bash
# Builds the fuzzing harnesses (Fuzz/) with libFuzzer and AddressSanitizer and runs one, or
# each in turn, for a time budget, starting from real inputs of its parser (README,
# "Fuzzing"). A crash, a leak, a timeout or a broken bound stops that harness, leaves the
# input in .build/fuzz-artifacts/ and makes the script exit non-zero; replay it with the
# harness built without -DFUZZING (`swift run FuzzHTML FILE`).
#
#   Scripts/fuzz.sh FuzzHTML 60        # one harness, one minute
#   Scripts/fuzz.sh all 20             # every harness, 20 seconds each (what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."

harnesses=(FuzzHTML FuzzMetaRefresh FuzzIntent FuzzWARC FuzzAssociations FuzzLinksJSONL FuzzExplain)
target=${1:?usage: Scripts/fuzz.sh HARNESS|all [SECONDS]}
seconds=${2:-60}

# The fixture folders a harness starts from, one input a file; Scripts/fuzz-inputs.py
# adds the cases of the fixtures that hold many in one file.
starts() {
  case "$1" in
    FuzzHTML) echo Pipelines/demo-site ;;
    FuzzMetaRefresh | FuzzIntent | FuzzLinksJSONL | FuzzExplain) ;;
    FuzzWARC) echo Tests/Fixtures/warc/real-warcio Tests/Fixtures/warc/synthetic ;;
    FuzzAssociations) echo Tests/Fixtures/aasa/files Tests/Fixtures/assetlinks/files ;;
    *) return 1 ;;
  esac
}

if [ "$target" = all ]; then
  selected=("${harnesses[@]}")
elif starts "$target" >/dev/null; then
  selected=("$target")
else
  echo "Scripts/fuzz.sh: no harness named $target (see Fuzz/; or all)" >&2
  exit 2
fi

# Its own scratch path: the instrumented build never mixes with the ordinary one. SwiftPM
# builds one product at a time, so each is named in turn; the stages they share are
# compiled once, for the first. -DFUZZING drops the replay entry point; the harness's
# entry hands over to libFuzzer's driver, which the linker must export. (The linker's
# "Cannot export local symbol" warnings, one per sanitizer helper, are dropped.)
mkdir -p .build .build/fuzz-artifacts
log=.build/fuzz-build.log
for harness in "${selected[@]}"; do
  if ! swift build -c release --scratch-path .build/fuzz \
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
      -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver --product "$harness" >"$log" 2>&1; then
    grep -v "Cannot export local symbol" "$log" >&2
    echo "Scripts/fuzz.sh: $harness did not build" >&2
    exit 1
  fi
done

# libFuzzer's own lines go to .build/fuzz-logs/HARNESS.log: its totals are shown, and the
# end of the log when it finds something.
mkdir -p .build/fuzz-logs
failed=()
for harness in "${selected[@]}"; do
  corpus=.build/fuzz-corpus/$harness
  cases=.build/fuzz-inputs/$harness
  output=.build/fuzz-logs/$harness.log
  mkdir -p "$corpus"
  python3 Scripts/fuzz-inputs.py "$harness" "$cases"
  read -r -a fixtures <<<"$(starts "$harness")"
  options=()
  if [ -f "$cases.dict" ]; then options+=("-dict=$cases.dict"); fi
  # No Swift backtracer: libFuzzer reports the crash, and a backtracer holding the output
  # open would turn it into a hang.
  if SWIFT_BACKTRACE=enable=no ".build/fuzz/release/$harness" -max_total_time="$seconds" -max_len=65536 \
      -timeout=10 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-artifacts/ -print_final_stats=1 "${options[@]}" \
      "$corpus" "$cases" "${fixtures[@]}" >"$output" 2>&1; then
    echo "$harness: ${seconds} s, $(grep -E '^stat::number_of_executed_units' "$output" | sed 's/.*: *//') inputs," \
      "$(find "$corpus" -type f | wc -l) in its corpus, nothing found"
  else
    tail -n 60 "$output" >&2
    echo "$harness: found a failing input (above; all of it in $output)" >&2
    failed+=("$harness")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "Scripts/fuzz.sh: ${failed[*]} found a failing input (in .build/fuzz-artifacts/)" >&2
  exit 1
fi
