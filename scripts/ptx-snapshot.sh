#!/usr/bin/env bash
# Writes the PTX of every kernel in bench/gpu's tables and the examples, one
# file per kernel, into DIR: the cases of bench/gpu/run.sh's bandwidth table
# (read from its `bw` lines, `--run` dropped), bench/gpu/python_bench.py's
# composed tensors, and examples/kernels/*.mlir. Compare two snapshots with
# `diff -r` to show that a change of the compiler left the kernels as they
# were.
#   scripts/ptx-snapshot.sh BUILD DIR
set -euo pipefail
build=${1:?usage: ptx-snapshot.sh BUILD DIR}
out=${2:?usage: ptx-snapshot.sh BUILD DIR}
root="$(cd "$(dirname "$0")/.." && pwd)"
layoutc="$build/tools/layoutc/layoutc"
[ -x "$layoutc" ] || { echo "ptx-snapshot: $layoutc not found; build first" >&2; exit 2; }
mkdir -p "$out"
export LAYOUTC_CACHE_DIR="$(mktemp -d)"  # no disk cache from an earlier build
trap 'rm -rf "$LAYOUTC_CACHE_DIR"' EXIT

# bench/gpu/run.sh's table, case by case.
bw() {
  local name=$1; shift
  local args=()
  for a in "$@"; do [ "$a" = --run ] || args+=("$a"); done
  "$layoutc" "${args[@]}" --emit=ptx -o "$out/$name.ptx"
}
n=16384
eval "$(grep -E '^\s*(bw |n=|r=)' "$root/bench/gpu/run.sh")"

for f in "$root"/examples/kernels/*.mlir; do
  "$layoutc" compile "$f" --emit=ptx -o "$out/example_$(basename "$f" .mlir).ptx"
done

# python_bench.py's composed tensors, traced as layoutc.copy traces them.
LAYOUTC_LIBRARY="$build/lib/Shared" PYTHONPATH="$root/python" python3 - "$out" <<'EOF'
import sys
import layoutc
from layoutc.kernels import _traced_side
from layoutc.layout_tensors import LayoutTensor

jit = layoutc.Jit(disk_cache=False)
def side(layout, shape):
    strides = tuple(1 if i == len(shape) - 1 else 0 for i in range(len(shape)))
    for i in range(len(shape) - 2, -1, -1):
        strides = strides[:i] + (strides[i + 1] * shape[i + 1],) + strides[i + 1:]
    return LayoutTensor(None, layout, shape, strides)
def write(name, src, dst, dtypes, indices):
    buffers = []
    sides = [_traced_side(t, buffers) for t in (src, dst)]
    ptx = jit.tensor_copy_kernel(sides[0], sides[1], dtypes, None, indices).ptx
    open("%s/%s.ptx" % (sys.argv[1], name), "w").write(ptx)

offsets = LayoutTensor(None, layoutc.make_layout((8192, 8192)), (8192, 8192), (8192, 1))
through = side(layoutc.make_composed_layout(lambda c: offsets[c], 0, layoutc.make_layout((8192, 8192))), (1 << 26,))
write("composed_gather_f32", through, side(layoutc.make_layout((8192, 8192)), (8192, 8192)), "f32", ["i32"])
shifted = side(layoutc.make_composed_layout(lambda c: (c[0], c[1] + 1), (1, 0),
                                            layoutc.make_identity_layout((16383, 16383))), (16384, 16384))
write("composed_window_f32", shifted, side(layoutc.make_layout((16383, 16383)), (16383, 16383)), "f32", [])
EOF
ls "$out" | wc -l
