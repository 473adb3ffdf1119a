#!/usr/bin/env python3
"""check-wheel.py WHEEL...: checks that a layoutc wheel is what its name says
(auditwheel's checks, which these machines lack, for this one package).

For each wheel: its RECORD lists every file with the right hash; the tag in
its name is the one in its WHEEL file; every ELF file in it loads only the
libraries a manylinux host has (or the wheel carries) and needs no symbol
version newer than its manylinux tag allows, and names no absolute RUNPATH
(a directory of the machine that built it); the library exports only
layoutc's C symbols (layoutc_*); it is at most 60 MB. Prints what it found
and exits 1 when any check fails.
"""
import base64
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "backend"))
import manylinux  # noqa: E402

MAX_BYTES = 60 * 1000 * 1000


def record_problems(wheel, names):
    info = [n for n in names if re.fullmatch(r"[^/]+\.dist-info/RECORD", n)]
    if len(info) != 1:
        return ["no single .dist-info/RECORD"]
    found, listed = [], set()
    for line in wheel.read(info[0]).decode().splitlines():
        name, digest, size = line.rsplit(",", 2)
        listed.add(name)
        if name == info[0]:
            continue
        data = wheel.read(name)
        want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        if digest != want or int(size) != len(data):
            found.append("RECORD's hash or size of %s is wrong" % name)
    found += ["%s is not in RECORD" % n for n in names if n not in listed and not n.endswith("/")]
    return found


def exported_problems(path):
    symbols = subprocess.run(["readelf", "-W", "--dyn-syms", path], check=True, capture_output=True,
                             text=True).stdout
    foreign = []
    for line in symbols.splitlines():
        fields = line.split()
        # Num: Value Size Type Bind Vis Ndx Name; defined, global or weak.
        if len(fields) >= 8 and fields[6] != "UND" and fields[4] in ("GLOBAL", "WEAK") and \
                not fields[7].startswith("layoutc_"):
            foreign.append(fields[7])
    return ["%s exports %d symbols that are not layoutc's C API, e.g. %s" % (path, len(foreign), foreign[:3])] \
        if foreign else []


def check(path):
    name = os.path.basename(path)
    match = re.fullmatch(r"layoutc-[^-]+-cp310-abi3-(manylinux_2_\d+)_x86_64\.whl", name)
    if not match:
        return ["%s: not a layoutc manylinux x86_64 wheel's name" % name]
    tag = match.group(1)
    problems = []
    size = os.path.getsize(path)
    print("%s: %.1f MB" % (name, size / 1e6))
    if size > MAX_BYTES:
        problems.append("it is %.1f MB, over %d MB" % (size / 1e6, MAX_BYTES // 1000000))
    with zipfile.ZipFile(path) as wheel, tempfile.TemporaryDirectory() as tmp:
        names = wheel.namelist()
        problems += record_problems(wheel, names)
        wheel_info = [n for n in names if n.endswith(".dist-info/WHEEL")]
        tags = re.findall(r"^Tag: (\S+)$", wheel.read(wheel_info[0]).decode(), re.M) if wheel_info else []
        if tags != ["cp310-abi3-%s_x86_64" % tag]:
            problems.append("its WHEEL file's tags %s are not the name's" % tags)
        wheel.extractall(tmp)
        elves = [os.path.join(tmp, n) for n in names if manylinux.is_elf(os.path.join(tmp, n))]
        facts = [manylinux.ElfFacts(p) for p in elves]
        carried = {f.soname for f in facts if f.soname}
        for f in facts:
            newest = sorted(v for v in f.versions if v.startswith("GLIBC_"))
            print("  %s: loads %s; needs %s" % (os.path.relpath(f.path, tmp), ", ".join(f.needed),
                                                 max(newest, key=lambda v: manylinux._version(v[6:]))
                                                 if newest else "no versioned glibc symbol"))
            if f.soname:
                problems += exported_problems(f.path)
        problems += manylinux.problems(facts, tag, carried)
        problems += manylinux.runpath_problems(facts)
        problems = [p.replace(tmp + os.sep, "") for p in problems]
    if not elves:
        problems.append("it carries no ELF file (no library, no commands)")
    return problems


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    failed = False
    for path in paths:
        problems = check(path)
        for p in problems:
            print("  error: " + p)
        print("  %s" % ("FAILED" if problems else "ok: manylinux-conforming, self-contained"))
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
