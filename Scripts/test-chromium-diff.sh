#!/usr/bin/env bash
# The differential test against a real browser (issue 12): generated probe pages and the
# demo site, each loaded in headless Chromium under the URL linkaudit gives it, their DOM's
# navigations compared with links.jsonl. Prints the agreement per class; fails only when
# a suite falls below the floor recorded in Scripts/chromium-agreement.json. Offline: the
# pages are served to Chromium through the DevTools protocol (Scripts/chromium_dom.py).
# Needs Debian's chromium-headless-shell (.ci/run installs it) and a built linkaudit.
set -euo pipefail
# shellcheck source=Scripts/differential-setup.sh
source "$(dirname "$0")/differential-setup.sh"

python3 Scripts/probe-pages.py "$work/probes"
timeout 600 python3 Scripts/chromium-diff.py probes "$work/probes" --base-url https://probe.linkaudit.example/ \
  --linkaudit "$binary" --thresholds Scripts/chromium-agreement.json \
  --report .build/chromium-diff-probes.txt --summary .build/chromium-diff-probes.json || status=1
timeout 300 python3 Scripts/chromium-diff.py demo Pipelines/demo-site --base-url https://shop.demo-merchant.example/ \
  --linkaudit "$binary" --thresholds Scripts/chromium-agreement.json \
  --report .build/chromium-diff-demo.txt --summary .build/chromium-diff-demo.json || status=1
exit $status
