#!/usr/bin/env bash
# Runs layoutc's GPU tests (and, as they land, its GPU benchmarks) on a GPU
# host in one call and prints a table. Needs only the NVIDIA driver there:
# build here, pack with bench/gpu/bundle.sh, then carry the bundle, e.g. with
# the device tool:
#   carry: build/gpu-bundle.tar.xz     command: bash bench/gpu/run.sh build
# Without a bundle it runs the build's binaries in place.
set -uo pipefail
build=${1:-build}
tests="$build/test/gpu/GpuTests"
if [ -f "$build/gpu-bundle.tar.xz" ]; then
  unpacked=$(mktemp -d)
  tar -C "$unpacked" -xJf "$build/gpu-bundle.tar.xz"
  export LD_LIBRARY_PATH="$unpacked/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  tests="$unpacked/bin/GpuTests"
fi
[ -x "$tests" ] || { echo "run.sh: $tests not found; build first (ninja -C $build GpuTests)" >&2; exit 2; }

if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | sed 's/^/GPU: /'
fi

# The kernels the tests compile, from this checkout.
export LAYOUTC_EXAMPLES_DIR="$(cd "$(dirname "$0")/../.." && pwd)/examples"

log=$(mktemp)
"$tests" --gtest_color=no >"$log" 2>&1
status=$?

printf '\n%-52s %-8s %8s\n' "test" "result" "ms"
printf '%-52s %-8s %8s\n' "----" "------" "--"
awk '
  /^\[       OK \]/ { name=$4; ms=$5; gsub(/[()]/, "", ms); printf "%-52s %-8s %8s\n", name, "ok", ms }
  /^\[  FAILED  \] [A-Za-z].* \(/ { name=$4; ms=$5; gsub(/[()]/, "", ms); printf "%-52s %-8s %8s\n", name, "FAILED", ms }
  /^\[  SKIPPED \] [A-Za-z].* \(/ { name=$4; ms=$5; gsub(/[()]/, "", ms); printf "%-52s %-8s %8s\n", name, "skipped", ms }
' "$log"
grep -m1 "skipped: " "$log" | sed 's/^.*skipped: /\nskipped because: /'
if [ $status -ne 0 ]; then
  echo; echo "failures:"; grep -B2 -A8 "Failure" "$log" | head -60
fi
rm -f "$log"
exit $status
