#!/usr/bin/env python3
"""Runs every lit test's layoutc-opt commands on copies of the test whose
layouts are made huge (extents and strides near 2^32 and 2^62), and lists
each run that crashed (a signal) or hung (over --timeout seconds).

A huge layout must give a diagnostic (or succeed), never an abort.
usage: scripts/huge-layouts.py BUILD_DIR [--timeout S] [TEST...]
Exit status: 0 when nothing crashed or hung, 1 otherwise.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LAYOUT = re.compile(r'!lay\.layout<"([^"]*)">')
LEAF = re.compile(r'\?(\{[^}]*\})?|-?\d+')


def variants(notation):
    """The layout with its leaves made huge, one way per variant."""
    shape, _, stride = notation.partition(":")
    yield re.sub(LEAF, "4294967296", shape) + ":" + stride
    yield shape + ":" + re.sub(r"\d+", "4611686018427387903", stride)
    yield re.sub(r"\d+", "4294967296", shape) + ":" + re.sub(r"\d+", "4294967296", stride)
    # Just inside int64: sizes and offsets fit, what is computed from them may not.
    yield re.sub(r"\d+", "3037000499", shape, count=2) + ":" + stride
    yield shape + ":" + re.sub(r"\d+", lambda m: str(int(m.group()) << 40), stride)


def commands(test, path):
    """The layoutc-opt commands of `test`'s RUN lines, applied to `path`."""
    for line in open(test):
        m = re.search(r"RUN:.*?layoutc-opt %s(.*)", line)
        if m:
            args = m.group(1).split("|")[0]
            args = args.replace("-verify-diagnostics", "").replace("2>&1", "")
            yield [os.path.join(BUILD, "tools", "layoutc-opt", "layoutc-opt"), path] + shlex.split(args)


def main():
    global BUILD
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("tests", nargs="*")
    a = parser.parse_args()
    BUILD = os.path.abspath(a.build)
    tests = a.tests or [os.path.join(d, f) for sub in ("Dialect", "Conversion", "Transforms")
                        for d, _, fs in os.walk(os.path.join(ROOT, "test", sub)) for f in sorted(fs)
                        if f.endswith(".mlir")]
    runs = bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for test in tests:
            text = open(test).read()
            for notation in sorted(set(LAYOUT.findall(text))):
                for huge in variants(notation):
                    if huge == notation:
                        continue
                    path = os.path.join(tmp, "huge.mlir")
                    with open(path, "w") as f:
                        f.write(text.replace('"' + notation + '"', '"' + huge + '"'))
                    for cmd in commands(test, path):
                        runs += 1
                        try:
                            rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                                timeout=a.timeout).returncode
                        except subprocess.TimeoutExpired:
                            rc = "timeout"
                        if rc == "timeout" or rc < 0 or rc >= 128:
                            bad += 1
                            print(f"{os.path.relpath(test, ROOT)}: {notation} -> {huge}: "
                                  f"{' '.join(cmd[2:])}: {'hung' if rc == 'timeout' else 'crashed'}")
    print(f"{runs} runs, {bad} crashed or hung")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
