#!/usr/bin/env bash
# Installs what layoutc needs (Debian 12, as root), configures and builds it,
# and runs the main job: layoutc on the worked examples of CuTe's docs.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-packages.sh build-essential cmake ninja-build python3 valgrind libgtest-dev libbenchmark-dev \
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libzstd-dev lld-22 python3-dev python3-venv mypy python3-hypothesis clang-format-14

echo "== configuring and building (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir >/dev/null
ninja -C build -j"$(nproc)"

layoutc=build/tools/layoutc/layoutc
show() { # the command line as typed: layoutc, then its words, quoted where the shell needs it
  printf '$ layoutc'
  for arg in "$@"; do
    case "$arg" in *[\(\)\<\>\ \;]*) printf " '%s'" "$arg" ;; *) printf ' %s' "$arg" ;; esac
  done
}
run() {
  show "$@"
  echo
  "$layoutc" "$@"
  echo
}
echo
echo "== the worked examples of CuTe's docs"
run eval 'composition((6,2):(8,2),(4,3):(3,1))'
run eval 'complement((2,2):(1,6), 24)'
run eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
run eval 'zipped_divide((9,(4,8)):(59,(13,1)), <3:3,(2,4):(1,8)>)'
run eval '((2,(2,2)):(4,(2,1)))(5)'
run print2d '(2,(2,2)):(4,(2,1))'
printf '$ layoutc infer 0,2,4,1,3,5\n'
"$layoutc" infer 0,2,4,1,3,5
echo
echo "\$ layoutc eval 'composition((6,2):(1,7),(3,2):(2,3))'   # CuTe answers (3,2):(2,3), which is wrong"
if "$layoutc" eval 'composition((6,2):(1,7),(3,2):(2,3))'; then
  echo "expected layoutc to refuse this composition" >&2
  exit 1
fi

echo
echo "== the main job: kernels from layouts - a transpose and a row gather (an embedding lookup)"
ptxas=$(command -v ptxas || echo "${CUDA_HOME:-/usr/local/cuda}/bin/ptxas")
kernel() { # NAME ARGS...: emit the kernel's PTX, check it with ptxas
  local name=$1; shift
  show "$@"; printf ' --explain -o build/%s.ptx\n' "$name"
  "$layoutc" "$@" --explain -o "build/$name.ptx" 2>&1 | sed 's/^explain: /  /'
  grep -E '^\.target|\.entry|(ld|st)\.(global|shared)|bar\.sync' "build/$name.ptx" | sed 's/^/  | /'
  if [ -x "$ptxas" ]; then
    "$ptxas" -arch=sm_90 "build/$name.ptx" -o "build/$name.cubin" && echo "  ptxas -arch=sm_90: ok"
  fi
}
transpose=(copy --src '(8192,8192):(8192,1)' --dst '(8192,8192):(1,8192)' --dtype f32)
gather=(gather --table 1000000 --width 256 --indices 262144 --dtype f16)
kernel transpose "${transpose[@]}"
kernel gather "${gather[@]}"
[ -x "$ptxas" ] || echo "(no ptxas here: the CUDA toolkit is not installed; the driver compiles PTX when it loads it)"
echo
if "$layoutc" devices >/dev/null 2>&1; then
  "$layoutc" devices
  run "${transpose[@]}" --run
  run "${gather[@]}" --run
else
  echo "No GPU here, so the kernels were compiled, not run. On a GPU host the same commands with --run"
  echo "run them on random data and check every element; or from here: bench/gpu/bundle.sh build, then"
  echo "bench/gpu/run.sh build on the GPU host (tests, compute-sanitizer, bandwidth beside PyTorch)."
fi
