# Sourced by the Chromium differentials (test-chromium-diff.sh, test-chromium-navigations.sh):
# from the repository's top, a built linkaudit in $binary (LINKAUDIT, else the debug build,
# built if missing), a scratch folder in $work removed on exit, .build for the reports, and
# $status for the suites' outcome.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
binary=${LINKAUDIT:-.build/debug/linkaudit}
if [ ! -x "$binary" ]; then swift build --product linkaudit; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p .build
status=0
