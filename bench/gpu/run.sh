#!/usr/bin/env bash
# Runs layoutc's GPU tests (and, as they land, its GPU benchmarks) on a GPU
# host in one call and prints a table. Needs only the NVIDIA driver and a
# Python there: build here, pack with bench/gpu/bundle.sh, then carry the
# bundle, e.g. with the device tool:
#   carry: build/gpu-bundle.tar.xz     command: bash bench/gpu/run.sh build
# Without a bundle it runs the build's binaries in place. Either way the
# layoutc command and the Python package are the wheel's, pip-installed
# (offline) into the host's python3 beside its torch and Triton, as a user
# # installs it: no PYTHONPATH, no LD_LIBRARY_PATH. A second argument runs one
# part (tests, memcheck, bandwidth, sizes, jit, python, pybench, family or
# gpus; all but sizes by default), for hosts that limit one call's time. bandwidth is the table
# of bench/gpu/cases.py (or the cases named, e.g. `run.sh build bandwidth
# gather_rows1_f32`); sizes is every case family (or those named) at the
# sizes that follow (4MB, 64MB, 1GB; all three by default), e.g.
# `run.sh build sizes 4MB 64MB` or `run.sh build sizes 1GB copy_f32`.
# The gpus part needs two GPUs (a host of one says it skipped): one process
# on two GPUs at once, and redistribute over NCCL across every GPU.
set -uo pipefail
build=${1:-build}
part=${2:-all}
case "$part" in all|tests|memcheck|bandwidth|sizes|jit|python|pybench|family|gpus) ;; *)
  echo "run.sh: unknown part '$part' (all, tests, memcheck, bandwidth, sizes, jit, python, pybench, family or gpus)" >&2
  exit 2 ;;
esac
sizes=("${@:3}")
[[ " ${sizes[*]} " =~ " "(4MB|64MB|1GB)" " ]] || sizes+=(4MB 64MB 1GB)
runs() { [ "$part" = all ] || [ "$part" = "$1" ]; }
status=0
tests="$build/test/gpu/GpuTests"
jitbench="$build/bench/jit/jit-bench"
wheels="$build/dist"
if [ -f "$build/gpu-bundle.tar.xz" ]; then
  unpacked=$(mktemp -d)
  tar -C "$unpacked" -xJf "$build/gpu-bundle.tar.xz"
  export LD_LIBRARY_PATH="$unpacked/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  tests="$unpacked/bin/GpuTests"
  jitbench="$unpacked/bin/jit-bench"
  wheels="$unpacked/wheel"
fi
[ -x "$tests" ] || { echo "run.sh: $tests not found; build first (ninja -C $build GpuTests)" >&2; exit 2; }
# The wheel, pip-installed offline into the host's python3.
wheel=$(ls "$wheels"/layoutc-*.whl 2>/dev/null | head -1)
[ -n "$wheel" ] || { echo "run.sh: no wheel in $wheels (bench/gpu/bundle.sh makes one)" >&2; exit 2; }
unset PYTHONPATH LAYOUTC_LIBRARY
python=$(command -v python3)
python3 -m pip install --quiet --no-index --force-reinstall "$wheel" ||
  { echo "run.sh: pip install $wheel failed" >&2; exit 2; }
layoutc="$("$python" -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/layoutc"
echo "installed: $(basename "$wheel") -> $("$layoutc" --version | head -1) at $layoutc; glibc" \
  "$(ldd --version | head -1 | awk '{ print $NF }'), $("$python" --version)"

if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | sed 's/^/GPU: /'
fi

# NCCL for the C++ redistribution (the driver comes with the host; NCCL here
# is the one PyTorch ships, as a host program would name its own).
if [ -z "${LAYOUTC_LIBNCCL:-}" ]; then
  LAYOUTC_LIBNCCL=$("$python" - <<'PY' 2>/dev/null
import glob, os, site
found = [f for p in site.getsitepackages() for f in glob.glob(os.path.join(p, "nvidia", "nccl", "lib", "libnccl.so.2"))]
print(found[0] if found else "")
PY
)
  export LAYOUTC_LIBNCCL
fi

# The kernels the tests compile, from this checkout.
export LAYOUTC_EXAMPLES_DIR="$(cd "$(dirname "$0")/../.." && pwd)/examples"

log=$(mktemp)
if runs tests; then
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
    # A crash: the frames GpuTests printed (object + offset, for addr2line on
    # the build machine: addr2line -f -C -e BUILD/test/gpu/GpuTests OFFSET).
    grep -A40 "^crash:" "$log" | head -42
  fi
fi

# The generated kernels under compute-sanitizer's memcheck (the 2 GB case
# aside: it is slow there and checked above).
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if runs memcheck && [ -x "$sanitizer" ]; then
  echo
  if "$sanitizer" --tool memcheck --error-exitcode 9 "$tests" --gtest_filter='KernelGpu.*:-*Beyond*' >"$log" 2>&1; then
    echo "compute-sanitizer memcheck, KernelGpu.*: $(grep -m1 'ERROR SUMMARY' "$log")"
  else
    status=1; echo "compute-sanitizer memcheck FAILED:"; grep -m20 -E "ERROR|Invalid|FAILED" "$log"
  fi
  # Gathers, scatters and traced copies through hostile indices, and copies
  # over random layouts of every kind (test/gpu/fault_fuzz.py), from Python,
  # for FAULT_SECONDS (60): no access outside the tensors.
  if "$sanitizer" --tool memcheck --error-exitcode 9 "$python" "$(dirname "$0")/../../test/gpu/fault_fuzz.py" \
      "${FAULT_SECONDS:-60}" >"$log" 2>&1; then
    echo "compute-sanitizer memcheck, $(grep -m1 '^fault_fuzz:' "$log"): $(grep -m1 'ERROR SUMMARY' "$log")"
  else
    status=1; echo "compute-sanitizer memcheck of fault_fuzz.py FAILED:"; tail -20 "$log"
  fi
  rm -f "$log"
fi

# Bandwidth: layoutc's kernels from the command line (every element checked
# against the host's reference by the CLI), bytes read + written (plus the
# indices), as a share of a device copy of the same bytes timed in the same
# run, beside two peers on the same case: PyTorch's operation and a Triton
# kernel tuned over a few block configurations (each checked against torch's
# result first). The ratios are layoutc's GB/s over the peer's.
# bandwidth SELECTOR...: the table of the cases `cases.py SELECTOR...` names.
bandwidth() {
  local here; here="$(cd "$(dirname "$0")" && pwd)"
  declare -A peer=() triton=() tconfig=()
  echo
  echo "cases: $*"
  card=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
  [ -n "$card" ] || card=$("$python" -c 'import torch; print(torch.cuda.get_device_name())' 2>/dev/null)
  echo "card: ${card:-unknown (no nvidia-smi, no torch)}"
  if "$python" -c "import torch" 2>/dev/null; then
    echo "torch: $("$python" -c 'import torch; print(torch.__version__)')"
    while read -r name gbs _; do peer[$name]=$gbs; done < <("$python" "$here/torch_peer.py" "$@")
  else
    echo "torch: column empty: python3 cannot import torch"
  fi
  if ! "$python" -c "import torch" 2>/dev/null; then
    echo "triton: column empty: python3 cannot import torch (triton_peer.py checks against torch)"
  elif ! why=$("$python" -c "import triton" 2>&1); then
    echo "triton: column empty: python3 cannot import triton: $(echo "$why" | tail -1)"
  else
    echo "triton: $("$python" -c 'import triton; print(triton.__version__)')"
    tout=$(mktemp); terr=$(mktemp)
    "$python" "$here/triton_peer.py" "$@" >"$tout" 2>"$terr"; trc=$?
    # `name GB/s config`, or `name FAILED config` where a config's result differed from torch's.
    while read -r name gbs config; do
      case "$gbs" in
        FAILED) triton[$name]=FAILED; tconfig[$name]="FAILED: $config" ;;
        [0-9]*) triton[$name]=$gbs; tconfig[$name]=$config ;;
      esac
    done <"$tout"
    if [ $trc -ne 0 ]; then
      echo "triton: triton_peer.py exited $trc (a case that differs from torch's result shows FAILED); its stderr's end:"
      tail -8 "$terr" | sed 's/^/    /'
    fi
    skipped=$(grep -c ' skipped: ' "$terr")
    [ "$skipped" -gt 0 ] && echo "triton: $skipped block configurations skipped (did not compile or launch), e.g. $(grep -m1 ' skipped: ' "$terr")"
    rm -f "$tout" "$terr"
  fi
  ceiling=${peer[ceiling]:-}
  [ -n "$ceiling" ] && printf 'ceiling (torch clone of 2 GiB): %.1f GB/s\n' "$ceiling"
  # a / b to 2 decimals, or 100 a / b to 1 with a % sign; empty where either is not a number.
  num() { [[ $1 =~ ^[0-9]+(\.[0-9]*)?$ ]]; }  # FAILED and empty are not
  ratio() { num "$1" && num "$2" && awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b }'; }
  share() { num "$1" && num "$2" && awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f%%", 100 * a / b }'; }
  one() { if num "$1"; then printf '%.1f' "$1"; else printf '%s' "$1"; fi; }
  row='%-26s %8s %7s %8s %8s %8s %8s   %s\n'
  printf "$row" "case" "GB/s" "% copy" "torch" "triton" "x torch" "x triton" "layoutc command"
  bw() {
    local name=$1; shift
    local out; out=$("$layoutc" "$@" 2>&1); local rc=$?
    local gbs; gbs=$(echo "$out" | awk '/GB\/s/ { print $(NF-1) }')
    [ $rc -eq 0 ] || { status=1; gbs="FAILED"; echo "$out" | sed 's/^/    /'; }
    # An _O3 row is the same case as its base: the same peers and copy.
    local base=${name%_O3}
    local p=${peer[$base]:-} t=${triton[$base]:-} c=${peer[copy_of_$base]:-}
    printf "$row" "$name" "$gbs" "$(share "$gbs" "$c")" "$(one "$p")" "$(one "$t")" \
      "$(ratio "$gbs" "$p")" "$(ratio "$gbs" "$t")" "$*"
  }
  local name args
  while IFS=$'\t' read -r name args; do
    read -ra args <<<"$args" # no argument has a space
    bw "$name" "${args[@]}"
  done < <("$python" "$here/cases.py" "$@")
  if [ ${#tconfig[@]} -gt 0 ]; then
    echo; echo "triton's best block configuration per case:"
    for name in $(printf '%s\n' "${!tconfig[@]}" | sort); do printf '  %-26s %s\n' "$name" "${tconfig[$name]}"; done
  fi
}
if runs bandwidth && [ -x "$layoutc" ]; then bandwidth table "${@:3}"; fi
if [ "$part" = sizes ] && [ -x "$layoutc" ]; then bandwidth sizes "${sizes[@]}"; fi

# JIT latency: layoutc from MLIR to PTX and the driver's load, beside nvcc
# compiling the same kernel in CUDA C++ to PTX (median of 5 runs). The
# driver's compute cache is off: its loads are first-use PTX JITs.
if runs jit && [ -x "$jitbench" ]; then
  echo
  printf '%-58s %12s\n' "JIT latency" "median"
  printf '%-58s %12s\n' "-----------" "------"
  # jit_rows SUFFIX: the table's rows of jit-bench's CSV on stdin.
  jit_rows() {
    awk -F, -v suffix="$1" '/_median/ { name=$1; gsub(/"/, "", name); sub(/_median/, "", name); sub(/\/real_time/, "", name);
      label["CompileToPtx"] = "layoutc: transpose.mlir -> PTX (new context, lower, -O0)";
      label["LoadModule/Example"] = "driver: load PTX, its JIT (transpose.mlir)";
      label["LoadModule/StagedTranspose"] = "driver: load PTX, its JIT (staged transpose)";
      label["LoadModule/RowGather"] = "driver: load PTX, its JIT (row gather)";
      label["AssembleCubin/StagedTranspose"] = "nvJitLink: PTX -> cubin in the process (staged transpose)";
      label["ColdToLaunch/Default"] = "Jit: new spec -> PTX, loaded, launched (staged transpose)";
      label["ColdToLaunch/O3"] = "Jit -O3: new spec -> PTX, loaded, launched (staged transpose)";
      label["ColdCompile/StagedTranspose"] = "Jit: new spec -> PTX, staged transpose (context set up)";
      label["ColdCompile/StagedTransposeO3"] = "Jit -O3: new spec -> PTX, staged transpose";
      label["ColdCompile/RaggedTranspose"] = "Jit: new spec -> PTX, staged transpose with a ragged edge";
      label["ColdCompile/ElementLoop"] = "Jit: new spec -> PTX, element loop (context set up)";
      label["MemoryHit"] = "Jit: the same spec again (memory cache)";
      label["NewShapeOfAFamily"] = "Jit: a new shape of a compiled family (no compile)";
      label["DiskHit"] = "Jit: a new Jit finds it on disk (new process)";
      label["DiskHitToLaunch"] = "Jit: a new Jit finds it on disk, loads, launches";
      label["ColdToLaunchParallel"] = "Jit: 8 new specs on 8 threads -> launched (wall)";
      label["Launch/Bare"] = "launch: bare cuLaunchKernel (host time)";
      label["Launch/SetCurrent"] = "launch: cuCtxSetCurrent + cuLaunchKernel (host time)";
      label["Launch/CopyKernel"] = "launch: CopyKernel::launch (host time)";
      label["Launch/Tensors"] = "launch: Jit::copy between strided tensors (host time)";
      printf "%-58s %9.3f %s\n", label[name] suffix, $3, $5 }'
  }
  bench=(--benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_format=csv)
  context=$(mktemp)
  CUDA_CACHE_DISABLE=1 "$jitbench" "${bench[@]}" 2>"$context" | jit_rows ""
  # The paths that load a kernel, with PTX left to the driver's JIT (no
  # cubin assembled in the process, none kept on disk).
  LAYOUTC_NVJITLINK=off CUDA_CACHE_DISABLE=1 "$jitbench" "${bench[@]}" \
    --benchmark_filter='ColdToLaunch/Default|ColdToLaunchParallel|DiskHitToLaunch' 2>/dev/null |
    jit_rows ", PTX to the driver"
  # The same cold path from Python, in a process with PyTorch (its heap
  # already grown: glibc returns less of it to the system between compiles
  # than in jit-bench's small process).
  CUDA_CACHE_DISABLE=1 "$python" "$(dirname "$0")/jit_python.py"
  LAYOUTC_NVJITLINK=off CUDA_CACHE_DISABLE=1 "$python" "$(dirname "$0")/jit_python.py" ", PTX to the driver"
  grep '^cubins: ' "$context"
  rm -f "$context"
  if command -v nvcc >/dev/null; then
    src="$(cd "$(dirname "$0")" && pwd)/transpose.cu"
    times=()
    for _ in 1 2 3 4 5; do
      t0=$(date +%s%N); nvcc -ptx -arch=sm_90 "$src" -o /tmp/transpose-nvcc.ptx; t1=$(date +%s%N)
      times+=($(( (t1 - t0) / 1000 )))
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
    awk -v us="$median" 'BEGIN { printf "%-58s %9.3f ms\n", "peer: nvcc -ptx -arch=sm_90 (transpose, CUDA C++)", us / 1000 }'
  fi
fi
# layoutc from Python (the installed wheel's package, over the C API) on
# PyTorch's tensors: the package's tests (the GPU half compares every element
# with torch's; one runs Triton and torch.compile in the process before and
# after layoutc), the README's example, then its bandwidth beside torch's own
# operations.
if runs python; then
  echo
  root="$(cd "$(dirname "$0")/../.." && pwd)"
  if ! "$python" -c "import torch" 2>/dev/null; then
    echo "python: skipped: python3 cannot import torch"
  else
    export PYTHONDONTWRITEBYTECODE=1
    if (cd /tmp && "$python" -m unittest discover -s "$root/python/test" -v) >"$log" 2>&1; then
      echo "python tests: $(tail -1 "$log") ($(grep -m1 '^Ran ' "$log"))"
    else
      status=1; echo "python tests FAILED:"; grep -E "(FAIL|ERROR)|Error|assert" "$log" | head -40
    fi
    grep -E "skipped '" "$log" | sed 's/^/  /' | head -5
    echo; echo "examples/python/torch_kernels.py (docs/python.md's example):"
    "$python" "$root/examples/python/torch_kernels.py" || status=1
    echo; echo "the README's and docs/' GPU examples, with the installed layoutc:"
    "$python" "$root/test/docs/check_examples.py" --installed --only-gpu --tools "$(dirname "$layoutc")" \
      "$root/README.md" "$root"/docs/*.md || status=1
  fi
fi
# From Python beside torch: bandwidth (python_bench.py), the host's cost of
# a call (host_bench.py) and a serving loop's changing shapes
# (serving_bench.py).
if runs pybench; then
  if ! "$python" -c "import torch" 2>/dev/null; then
    echo; echo "pybench: skipped: python3 cannot import torch"
  else
    for bench in python_bench host_bench serving_bench; do
      echo
      "$python" "$(dirname "$0")/$bench.py" || status=1
    done
  fi
fi
# The family's kernel against the kernel per shape, every copy case at 4 MB,
# 64 MB and 1 GB (family_bench.py; the sizes or families that follow).
if runs family; then
  echo
  if "$python" -c "import torch" 2>/dev/null; then
    "$python" "$(dirname "$0")/family_bench.py" "${@:3}" || status=1
  else
    echo "family: skipped: python3 cannot import torch"
  fi
fi
# Two GPUs from one process: the same kernels on cuda:0 and cuda:1 at once,
# each beside its speed alone (two_gpus.py exits 2 where one GPU is all).
if runs gpus; then
  echo
  "$python" "$(dirname "$0")/two_gpus.py"
  rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || status=1
  # redistribute over NCCL on 2, 4 and 8 GPUs (as many as there are): from
  # C++, a thread per GPU (LAYOUTC_LIBNCCL: ${LAYOUTC_LIBNCCL:-none found});
  # from Python, a process per GPU.
  gpus=$("$python" -c 'import torch; print(torch.cuda.device_count())')
  [ "$gpus" -ge 2 ] || { echo; echo "redistribute: skipped: $gpus GPU(s) here, two needed"; }
  for n in 2 4 8; do
    [ "$n" -le "$gpus" ] || break
    visible=$(seq -s, 0 $((n - 1)))
    echo
    echo "redistribute on $n GPUs (CUDA_VISIBLE_DEVICES=$visible):"
    # A rank that fails leaves its peers waiting in a collective: each run
    # is cut off after 5 minutes (status 124), so the part still reports.
    CUDA_VISIBLE_DEVICES=$visible timeout 300 "$tests" --gtest_color=no --gtest_filter='RedistributionGpu.*' \
      >"$log" 2>&1 || { rc=$?; status=1; echo "RedistributionGpu: exit status $rc"; }
    grep -E "^\[ +(OK|FAILED|SKIPPED) +\] Red|Skipped|Failure|differs|rank [0-9]" "$log" | head -20
    CUDA_VISIBLE_DEVICES=$visible timeout 300 "$python" -m torch.distributed.run --standalone --nproc_per_node="$n" \
      "$(dirname "$0")/redistribute.py" 2>&1 | grep -v -e "^\*\*\*" -e OMP_NUM_THREADS || status=1
  done
fi
rm -f "$log"
exit $status
