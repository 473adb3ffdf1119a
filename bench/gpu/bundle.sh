#!/usr/bin/env bash
# Packs the GPU test and benchmark binaries of a build, with the shared
# libraries they need beyond glibc and libstdc++ (libLLVM among them), into
# BUILD/gpu-bundle.tar.xz: what a GPU host without LLVM needs to run them.
# Usage: bench/gpu/bundle.sh [BUILD]; then carry BUILD/gpu-bundle.tar.xz and
# run bench/gpu/run.sh BUILD there.
set -euo pipefail
build=${1:-build}
binaries=("$build/test/gpu/GpuTests" "$build/bench/jit/jit-bench" "$build/tools/layoutc/layoutc")
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib"
for b in "${binaries[@]}"; do
  [ -x "$b" ] || { echo "bundle.sh: $b not built (ninja -C $build)" >&2; exit 2; }
  cp "$b" "$stage/bin/"
  strip "$stage/bin/$(basename "$b")"
  ldd "$b" | awk '/=> \// { print $3 }' | while read -r lib; do
    case "$(basename "$lib")" in
      libc.so.*|libm.so.*|libgcc_s.so.*|libstdc++.so.*|ld-linux*) ;;
      *) cp -L -n "$lib" "$stage/lib/" ;;
    esac
  done
done
# layoutc::jit for the Python package (bench/gpu/run.sh python); its
# libraries are the binaries'.
library="$build/lib/JIT/liblayoutc_jit.so"
[ -f "$library" ] || { echo "bundle.sh: $library not built (ninja -C $build layoutc_jit)" >&2; exit 2; }
cp -L "$library" "$stage/lib/liblayoutc_jit.so"
strip "$stage/lib/liblayoutc_jit.so"
tar -C "$stage" -cf - bin lib | xz -T0 -6 > "$build/gpu-bundle.tar.xz"
ls -l "$build/gpu-bundle.tar.xz" | awk '{ printf "bundle: %s (%.1f MiB)\n", $9, $5 / 1048576 }'
