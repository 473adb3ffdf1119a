#!/usr/bin/env bash
# Installs layoutc from BUILD into a fresh prefix, builds examples/embed
# against the installed package (find_package(layoutc), layoutc::jit) and
# runs it. Usage: examples/embed/build-and-run.sh BUILD
set -euo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quietly() { "$@" >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }; }
quietly cmake --install "$build" --prefix "$work/prefix"
quietly cmake -S "$here" -B "$work/embed" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix"
quietly cmake --build "$work/embed"
"$work/embed/embed"
