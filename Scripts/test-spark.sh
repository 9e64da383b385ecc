#!/usr/bin/env bash
# Runs the Spark job for real (PySpark in local mode, local[2]) over sample WARC files and
# checks that the merged report equals the single-machine report of the same files.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/spark-venv
if [ ! -x "$venv/bin/spark-submit" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pyspark==3.5.3
fi
# spark-submit finds Spark and Python through PATH: use the venv's.
export PATH="$PWD/$venv/bin:$PATH"
export PYSPARK_PYTHON="$PWD/$venv/bin/python"
SPARK_HOME="$("$venv/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export SPARK_HOME
swift build --product linkaudit >/dev/null
binary="$PWD/.build/debug/linkaudit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

inputs=(Pipelines/samples/deeplinks-sample.warc.gz
        Tests/Fixtures/warc/real-warcio/example.warc.gz
        Tests/Fixtures/warc/real-warcio/example-iana.org-chunked.warc
        Pipelines/demo-site/checkout/index.html
        Pipelines/demo-site/pay-in-app/index.html)
absolute=()
for input in "${inputs[@]}"; do absolute+=("$PWD/$input"); done

"$venv/bin/spark-submit" --master 'local[2]' --conf spark.ui.enabled=false \
  Pipelines/spark/linkaudit_job.py --linkaudit "$binary" --out "$work/spark" --partitions 3 \
  --report-args "--format csv,md,jsonl,json --fail-on never --quiet" "${absolute[@]}" 2> "$work/spark.log" \
  || { tail -40 "$work/spark.log"; exit 1; }
"$binary" audit "${absolute[@]}" --out "$work/single" --format csv,md,jsonl,json --fail-on never --quiet

status=0
# summary.md's "What this run assumed" section differs by design: a merge by `linkaudit
# report` names its inputs (the parts) and says the device, profiles and entry are those of
# the runs that wrote them. Every other line must match.
for file in "$work/single/summary.md" "$work/spark/report/summary.md"; do
  awk '/^## What this run assumed/{skip=1; next} /^## /{skip=0} !skip' "$file" > "$file.compared"
done
for report in findings.csv findings.json summary.md.compared links.jsonl pages.jsonl; do
  if cmp -s "$work/spark/report/$report" "$work/single/$report"; then
    echo "spark: $report matches the single-machine report"
  else
    echo "spark: $report differs from the single-machine report:"
    diff "$work/single/$report" "$work/spark/report/$report" | head -20
    status=1
  fi
done
parts=$(ls "$work/spark/parts"/part-* | wc -l)
echo "spark: $parts parts merged"
exit $status
