#!/usr/bin/env bash
# check-format.sh [--fix] [FILE...]: checks that the tracked C and C++ files
# (*.c, *.cpp, *.h; or the FILEs given) are formatted as .clang-format says
# (LLVM style, 120 columns), with clang-format-14 (Debian's clang-format-14;
# CLANG_FORMAT names another). --fix formats them in place instead.
# test/docs/Inputs holds test data for the docs checker, kept as written.
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format-14}
fix=0
if [ "${1:-}" = --fix ]; then
  fix=1
  shift
fi
if ! command -v "$clang_format" >/dev/null; then
  echo "check-format.sh: $clang_format not found (apt-get install clang-format-14, or set CLANG_FORMAT)" >&2
  exit 2
fi
if (($#)); then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' | grep -v '^test/docs/Inputs/')
fi
if ((fix)); then
  "$clang_format" -i --style=file:.clang-format "${files[@]}"
  echo "formatted ${#files[@]} files"
  exit 0
fi
if ! "$clang_format" --dry-run -Werror --style=file:.clang-format "${files[@]}"; then
  echo >&2
  echo "Some files are not formatted as .clang-format says. Fix them with:" >&2
  echo "    scripts/check-format.sh --fix [FILE...]" >&2
  exit 1
fi
echo "${#files[@]} files formatted as .clang-format says"
