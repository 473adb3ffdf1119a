#!/usr/bin/env bash
# The algebra beside pycute, in one run: the C++ algebra's composition
# throughput on the corpus's composition cases (algebra-bench's
# BM_CorpusCompositions, median of 5, against bench/algebra/pycute_peer.py),
# then layoutc's Python package call for call against pycute
# (python_vs_pycute.py). pycute is CuTe's Python reference (NVIDIA/cutlass,
# python/pycute); put it on PYTHONPATH, e.g.
#   PYTHONPATH=$CUTLASS/python bash bench/algebra/run.sh build
# Without it, only layoutc's figure is printed.
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
corpus="$here/../../test/corpus/algebra_public.tsv"
bench="$build/bench/algebra/algebra-bench"
[ -x "$bench" ] || { echo "run.sh: $bench not built (ninja -C $build algebra-bench)" >&2; exit 2; }

layoutc=$("$bench" --benchmark_filter='^BM_CorpusCompositions$' --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_format=csv 2>/dev/null |
  awk -F, '/_median/ { print $7 }')
printf '%-40s %14s\n' "compositions/s, corpus (191 cases)" "per second"
printf '%-40s %14.0f\n' "layoutc (median of 5)" "$layoutc"
if python3 -c 'import pycute' 2>/dev/null; then
  out=$(python3 "$here/pycute_peer.py" "$corpus" 2>&1)
  read -r _ pycute cases < <(echo "$out" | grep '^pycute_compositions_per_s')
  printf '%-40s %14.0f   (%s cases)\n' "pycute" "$pycute" "$cases"
  awk -v a="$layoutc" -v b="$pycute" 'BEGIN { printf "%-40s %14.1f\n", "layoutc / pycute", a / b }'
  echo "$out" | grep -v '^pycute_compositions_per_s'
  echo
  PYTHONPATH="$here/../../python${PYTHONPATH:+:$PYTHONPATH}" LAYOUTC_LIBRARY="$build/lib/Shared" \
    python3 "$here/python_vs_pycute.py"
else
  echo "pycute: not importable (set PYTHONPATH to cutlass/python); no peer figure"
fi
