#!/usr/bin/env bash
# Installs what layoutc needs (Debian 12, as root), configures and builds it,
# and runs the main job: layoutc on the worked examples of CuTe's docs.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build python3 libgtest-dev libbenchmark-dev
          llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libzstd-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== configuring and building (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir >/dev/null
ninja -C build -j"$(nproc)"

layoutc=build/tools/layoutc/layoutc
run() {
  printf '$ layoutc %s' "$1"
  for arg in "${@:2}"; do printf " '%s'" "$arg"; done
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
echo "== a kernel: examples/kernels/transpose.mlir (a copy from a row-major to a column-major layout)"
echo '$ layoutc compile examples/kernels/transpose.mlir -o build/transpose.ptx'
"$layoutc" compile examples/kernels/transpose.mlir -o build/transpose.ptx
grep -E '^\.target|\.entry|ld\.global|st\.global' build/transpose.ptx
ptxas=$(command -v ptxas || echo "${CUDA_HOME:-/usr/local/cuda}/bin/ptxas")
if [ -x "$ptxas" ]; then
  echo "\$ ptxas -arch=sm_90 build/transpose.ptx"
  "$ptxas" -arch=sm_90 build/transpose.ptx -o build/transpose.cubin && echo "ptxas: ok"
else
  echo "(no ptxas here: the CUDA toolkit is not installed; the driver compiles PTX when it loads it)"
fi
echo
if "$layoutc" devices 2>/dev/null; then
  echo "A GPU is here: the GPU tests run the kernel and check every element (ctest -R Gpu)."
else
  echo "No GPU here. On a GPU host: bench/gpu/bundle.sh build here, then bench/gpu/run.sh build there."
fi
