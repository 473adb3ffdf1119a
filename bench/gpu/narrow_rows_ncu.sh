#!/usr/bin/env bash
# What bounds the narrow-row gathers: Nsight Compute's DRAM and L2 counters
# for one launch each of torch's, the tuned Triton kernel's and layoutc's
# (narrow_rows_profile.py), on the GPU machine, after bench/gpu/bundle.sh:
#   bash bench/gpu/narrow_rows_ncu.sh build-static
# Prints, per launch, its time, DRAM bytes read and written, the DRAM
# bandwidth they make (against the card's peak) and the L2 sectors the SMs
# read, beside the useful bytes (indices + rows read + rows written).
set -uo pipefail
build=${1:-build-static}
here="$(cd "$(dirname "$0")" && pwd)"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$ncu" ] || { echo "narrow_rows_ncu: no ncu on this machine" >&2; exit 2; }
unpacked=$(mktemp -d)
tar -C "$unpacked" -xJf "$build/gpu-bundle.tar.xz"
python3 -m pip install --quiet --no-index --force-reinstall "$(ls "$unpacked"/wheel/layoutc-*.whl | head -1)" || exit 2
nvidia-smi --query-gpu=name --format=csv,noheader | sed 's/^/card: /'
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
cd "$here" && "$ncu" --nvtx --nvtx-include "profile/" --metrics "$metrics" --csv --print-units base \
  python3 narrow_rows_profile.py >/tmp/ncu.csv 2>/tmp/ncu.err || { tail -20 /tmp/ncu.err; exit 1; }
[ -n "${OUT:-}" ] && cp /tmp/ncu.csv "$OUT/"
python3 narrow_rows_profile.py --table /tmp/ncu.csv
