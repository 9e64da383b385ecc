#!/usr/bin/env bash
# Builds the release binary the way it is installed and benchmarked, at
# .build/release/linkaudit (README, "Install"; Benchmarks/README.md, "session 15"):
#
# --static-swift-stdlib  the Swift runtime and Foundation go inside the binary, so it runs
#                        on a machine with only the Debian libraries (libxml2, zlib,
#                        libidn2, libpsl, and libcurl for the crawl), and calls into the
#                        runtime (retain/release, strings) skip the shared library's PLT.
# --experimental-lto-mode=full
#                        link-time optimisation across the stages' modules: extraction
#                        runs ~10 % fewer instructions, the whole audit ~8 %.
#
# Extra arguments go to `swift build` (e.g. --scratch-path DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
exec swift build -c release --product linkaudit --static-swift-stdlib --experimental-lto-mode=full "$@"
