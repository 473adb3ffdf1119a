#!/usr/bin/env bash
# install_test.sh: layoutc installed as a user installs it, in a fresh venv,
# with no PYTHONPATH and no LAYOUTC_LIBRARY:
#  1. the wheel (scripts/wheel.sh, which checks it is manylinux and
#     self-contained): the package with its metadata, the commands on the
#     venv's PATH reporting VERSION, the Python tests run on the installed
#     package, and pip uninstall removing it all;
#  2. `pip install .` from the clone, through the in-tree backend;
#  3. check-wheel.py refusing a wheel whose library is the build's own (it
#     needs the system's libstdc++, exports C++ symbols and has the build
#     directory as its RUNPATH).
# The build is $LAYOUTC_BUILD_DIR (ctest sets it); launches in the Python
# tests use the stand-in driver that $LAYOUTC_LIBCUDA names.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
: "${LAYOUTC_BUILD_DIR:?the build to package}"
unset PYTHONPATH LAYOUTC_LIBRARY
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(cat "$src/VERSION")
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() { # expect WHAT GOT WANT
  [ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
  echo "ok: $1: $2"
}

echo "== the wheel"
"$src/scripts/wheel.sh" "$work/dist" | grep -v '^\['
wheel=$(ls "$work"/dist/layoutc-"$version"-cp310-abi3-manylinux_2_*_x86_64.whl)
"${PYTHON:-python3}" -m venv "$work/venv"
venv=$work/venv/bin
"$venv/pip" install --quiet --no-index "$wheel"
expect "layoutc --version" "$("$venv/layoutc" --version | head -1)" "layoutc $version"
expect "layoutc-opt --version" "$("$venv/layoutc-opt" --version | head -1)" "layoutc-opt (layoutc $version)"
expect "layoutc eval" "$("$venv/layoutc" eval 'composition((6,2):(8,2),(4,3):(3,1))')" "((2,2),3):((24,2),8)"
expect "metadata" "$(cd "$work" && "$venv/python" -c 'import importlib.metadata as m; print(m.version("layoutc"))')" \
  "$version"
package=$(cd "$work" && "$venv/python" -c 'import layoutc; print(layoutc.__file__, layoutc.version())')
case "$package" in "$work/venv/lib/"*"/site-packages/layoutc/__init__.py $version") ;;
  *) fail "the package imported is $package, not the venv's" ;; esac
echo "ok: import layoutc: $package"
[ -f "$(dirname "${package% *}")/py.typed" ] || fail "the installed package has no py.typed"
echo "ok: py.typed (the package's type hints are for type checkers)"
echo "== the Python tests on the installed package"
(cd "$work" && "$venv/python" -B -m unittest discover -s "$src/python/test" 2>&1 | tail -3)
"$venv/pip" uninstall --quiet --yes layoutc
[ ! -e "$venv/layoutc" ] && [ ! -e "$venv/layoutc-opt" ] || fail "pip uninstall left the commands"
(cd "$work" && ! "$venv/python" -c 'import layoutc' 2>/dev/null) || fail "pip uninstall left the package"
echo "ok: pip uninstall removes the package and the commands"

echo "== pip install . from the clone"
"$venv/pip" install --quiet --no-index "$src"
expect "layoutc --version" "$("$venv/layoutc" --version | head -1)" "layoutc $version"
expect "import layoutc" "$(cd "$work" && "$venv/python" -c 'import layoutc; print(layoutc.Layout("(6,2):(8,2)")(5))')" "40"

echo "== check-wheel.py refuses a wheel that is not self-contained"
mkdir "$work/bad"
bad=$work/bad/layoutc-$version-cp310-abi3-manylinux_2_34_x86_64.whl
"${PYTHON:-python3}" - "$wheel" "$bad" "$LAYOUTC_BUILD_DIR/lib/Shared/liblayoutc_jit.so.${version%.*}" <<'PY'
import sys
import zipfile
good, bad, library = sys.argv[1:]
with zipfile.ZipFile(good) as g, zipfile.ZipFile(bad, "w") as b:
    for item in g.infolist():
        data = open(library, "rb").read() if item.filename.startswith("layoutc/_lib/") else g.read(item)
        b.writestr(item, data)
PY
if "${PYTHON:-python3}" "$src/scripts/check-wheel.py" "$bad" > "$work/bad.txt"; then
  cat "$work/bad.txt"; fail "check-wheel.py passed a wheel whose library needs the system's libstdc++"
fi
grep -q "RECORD's hash or size of layoutc/_lib/liblayoutc_jit.so" "$work/bad.txt" || fail "no RECORD error"
grep -q "needs GLIBCXX_3.4.[0-9]*; manylinux_2_34 allows GLIBCXX_3.4.29 at most" "$work/bad.txt" ||
  fail "no GLIBCXX error: $(cat "$work/bad.txt")"
grep -q "exports [0-9]* symbols that are not layoutc's C API" "$work/bad.txt" || fail "no export error"
grep -q "has the absolute RUNPATH /" "$work/bad.txt" || fail "no RUNPATH error: $(cat "$work/bad.txt")"
echo "ok: check-wheel.py refuses it: $(grep -c 'error:' "$work/bad.txt") errors"
