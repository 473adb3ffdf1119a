#!/usr/bin/env bash
# Two builds of layoutc side by side on one GPU, in one call: each wheel
# pip-installed offline into a venv of its own beside the host's torch, and
# every bandwidth case of cases.py (or those named) run through each
# wheel's `layoutc` command in turn, ROUNDS times (the best kept), so the
# two builds' figures come from one machine in one run.
# Usage: bench/gpu/ab.sh A.whl B.whl [CASE...]   (ROUNDS=3 by default)
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: ab.sh A.whl B.whl [CASE...]" >&2; exit 2; }
a=$1 b=$2; shift 2
rounds=${ROUNDS:-3}
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in a b; do
  wheel=${!side}
  python3 -m venv --system-site-packages "$work/$side" &&
    "$work/$side/bin/python" -m pip install --quiet --no-index "$wheel" ||
    { echo "ab.sh: cannot install $wheel" >&2; exit 2; }
done
card=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "card: ${card:-unknown}; A: $(basename "$a") ($("$work/a/bin/layoutc" --version | head -1)); B: $(basename "$b") ($("$work/b/bin/layoutc" --version | head -1)); best of $rounds"
row='%-26s %10s %10s %8s\n'
printf "$row" case "A GB/s" "B GB/s" "B / A"
status=0
while IFS=$'\t' read -r name args; do
  read -ra args <<<"$args"
  declare -A best=([a]=0 [b]=0)
  for ((i = 0; i < rounds; ++i)); do
    for side in a b; do
      out=$("$work/$side/bin/layoutc" "${args[@]}" 2>&1) || { status=1; echo "$out" | sed 's/^/    /'; continue; }
      gbs=$(echo "$out" | awk '/GB\/s/ { print $(NF-1) }')
      best[$side]=$(awk -v x="$gbs" -v y="${best[$side]}" 'BEGIN { print (x > y ? x : y) }')
    done
  done
  printf "$row" "$name" "${best[a]}" "${best[b]}" "$(awk -v x="${best[b]}" -v y="${best[a]}" 'BEGIN { if (y > 0) printf "%.3f", x / y }')"
done < <(python3 "$here/cases.py" table "$@")
exit $status
