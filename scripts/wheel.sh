#!/usr/bin/env bash
# wheel.sh [OUT_DIR]: builds layoutc's self-contained wheel (default: into
# dist/) and checks it with scripts/check-wheel.py.
#
# The wheel holds the Python package, one stripped library with LLVM and MLIR
# linked in statically (only layoutc's C symbols exported), and the layoutc
# and layoutc-opt commands; it needs nothing but a manylinux host's system
# libraries. It is built from the CMake build in $LAYOUTC_BUILD_DIR (default
# build/, the one scripts/quickstart.sh makes), configured there if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
version=$(cat VERSION)
mkdir -p "$out"
rm -f "$out"/layoutc-"$version"-*.whl
"${PYTHON:-python3}" - "$out" <<'PY'
import sys
sys.path.insert(0, "python/backend")
import layoutc_backend
print("built", layoutc_backend.build_wheel(sys.argv[1]))
PY
"${PYTHON:-python3}" scripts/check-wheel.py "$out"/layoutc-"$version"-*.whl
