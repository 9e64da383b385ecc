#!/usr/bin/env bash
# The differential test of navigations against a real engine (issue 18): the generated
# pages of each pattern (Scripts/navigation-patterns.py), the script-pattern fixtures
# (Tests/Fixtures/script-patterns/) and the demo site, each run by
# headless Chromium on virtual time with a real tap on every tappable element
# (Scripts/chromium_engine.py), every navigation it requests compared with links.jsonl
# (Scripts/chromium-navigations.py). Prints the figures per class; fails when a class falls
# below the floor recorded in Scripts/chromium-navigations.json. Offline: pages are served
# through the DevTools protocol on a pipe. Needs Debian's chromium-headless-shell (.ci/run
# installs it) and a built linkaudit. About a minute.
set -euo pipefail
# shellcheck source=Scripts/differential-setup.sh
source "$(dirname "$0")/differential-setup.sh"

python3 Scripts/navigation-patterns.py "$work/patterns"
timeout 300 python3 Scripts/chromium-navigations.py patterns "$work/patterns" --base-url https://patterns.linkaudit.example/ \
  --linkaudit "$binary" --thresholds Scripts/chromium-navigations.json \
  --report .build/chromium-navigations-patterns.txt --summary .build/chromium-navigations-patterns.json || status=1
timeout 300 python3 Scripts/chromium-navigations.py script-patterns Tests/Fixtures/script-patterns \
  --base-url https://probe.linkaudit.example/script-patterns/ --linkaudit "$binary" --thresholds Scripts/chromium-navigations.json \
  --report .build/chromium-navigations-script-patterns.txt --summary .build/chromium-navigations-script-patterns.json || status=1
timeout 300 python3 Scripts/chromium-navigations.py demo Pipelines/demo-site --base-url https://shop.demo-merchant.example/ \
  --linkaudit "$binary" --thresholds Scripts/chromium-navigations.json \
  --report .build/chromium-navigations-demo.txt --summary .build/chromium-navigations-demo.json || status=1
exit $status
