#!/usr/bin/env bash
# Builds the fuzzers (test/fuzz) with clang-22 into build-fuzz/ (libFuzzer,
# AddressSanitizer, UndefinedBehaviorSanitizer) and runs each for
# LAYOUTC_FUZZ_SECONDS (60 by default) from seeds made of the test suite,
# after replaying its regression inputs. A crash, a leak, an input slower
# than 10 s (a hang) or one that takes more than 2 GB fails the run; the input
# is left in build-fuzz/test/fuzz/work/<target>/artifacts/. The seed is fixed
# (LAYOUTC_FUZZ_SEED, 1 by default) so that CI tries the same inputs on every
# run; LAYOUTC_FUZZ_SEED=0 LAYOUTC_FUZZ_SECONDS=600 explores.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-packages.sh clang-22 libclang-rt-22-dev

echo "== configuring and building the fuzzers (build-fuzz/)"
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
  -DCMAKE_CXX_COMPILER=clang++-22 -DLAYOUTC_FUZZ=ON -DLAYOUTC_BUILD_BENCH=OFF \
  -DLAYOUTC_FUZZ_SECONDS="${LAYOUTC_FUZZ_SECONDS:-60}" -DLAYOUTC_FUZZ_SEED="${LAYOUTC_FUZZ_SEED:-1}" >/dev/null
ninja -C build-fuzz -j"$(nproc)" fuzzers

echo "== fuzzing: each target for ${LAYOUTC_FUZZ_SECONDS:-60} s"
ctest --test-dir build-fuzz -L fuzz --output-on-failure -j"$(nproc)"
