#!/usr/bin/env bash
# test.sh: runs every test of a build made by scripts/quickstart.sh: the
# unit, lit, corpus, Python and install tests (ctest over build/), then the
# fuzzers (scripts/fuzz.sh: a clang-22 build in build-fuzz/, a minute each).
# CI (.ci/run) runs quickstart.sh, then this.
set -euo pipefail
cd "$(dirname "$0")/.."
ctest --test-dir build --output-on-failure
scripts/fuzz.sh
