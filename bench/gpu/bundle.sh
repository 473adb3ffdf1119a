#!/usr/bin/env bash
# Packs the GPU test and benchmark binaries of a build (LLVM linked in
# statically), with any shared library they need beyond glibc and libstdc++,
# and layoutc's wheel (scripts/wheel.sh: the Python package, its library and
# the layoutc commands) into BUILD/gpu-bundle.tar.xz: what a GPU host without
# LLVM needs to run them.
# Usage: bench/gpu/bundle.sh [BUILD]; then carry BUILD/gpu-bundle.tar.xz and
# run bench/gpu/run.sh BUILD there.
set -euo pipefail
build=${1:-build}
binaries=("$build/test/gpu/GpuTests" "$build/bench/jit/jit-bench")
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
# The wheel, installed there as a user installs it (bench/gpu/run.sh).
mkdir -p "$stage/wheel"
LAYOUTC_BUILD_DIR="$build" "$(dirname "$0")/../../scripts/wheel.sh" "$stage/wheel" | grep -v '^\['
tar -C "$stage" -cf - bin lib wheel | xz -T0 -6 > "$build/gpu-bundle.tar.xz"
ls -l "$build/gpu-bundle.tar.xz" | awk '{ printf "bundle: %s (%.1f MiB)\n", $9, $5 / 1048576 }'
