#!/usr/bin/env python3
"""Runs the examples of layoutc's Markdown documentation and checks their output.

    python3 test/docs/check_examples.py [--build DIR] [--gpu | --only-gpu] FILE.md...

On a GPU host where layoutc is pip-installed (its wheel) rather than built:
    python3 test/docs/check_examples.py --installed --only-gpu [--tools DIR] FILE.md...

The rules, per fenced block (``` at the start of a line; its info string is
a language, then flags such as `gpu`):

```console   A shell session. A line starting with `$ ` is a command (a line
             ending in a backslash continues it on the next line). The lines
             after it, up to the next `$ ` line or the block's end, are its
             expected stdout and stderr, merged in order. They are compared
             line by line, exactly but for trailing spaces and trailing blank
             lines, with two wildcards (as doctest's ELLIPSIS):
               `...` alone on a line matches any number of lines (none too);
               `...` inside a line matches any text on that line.
             Exit status: a command must exit 0, unless
               its command line ends in a comment `# exits N`: it must exit N;
               else, when its expected output's first line starts with
               `error:`, it must exit 1 (layoutc's status for an input it
               refuses).
             Each command runs alone, in order, with `bash -c` (a pipeline's
             status is its last command's), in a temporary directory of the
             Markdown file's own. There every top-level entry of the
             repository appears under its own name (a symbolic link), but
             `build`, which is the build given by --build, and `docs`, which
             is a copy. The build's `layoutc` and `layoutc-opt` come first on
             PATH, and `import layoutc` is python/layoutc with the build's
             library (PYTHONPATH, LAYOUTC_LIBRARY); with --installed, the
             `layoutc` on PATH and the installed package instead.
             LAYOUTC_CACHE_DIR is a fresh directory there.
```python    With `>>>` prompts: run by doctest (ELLIPSIS on; trailing spaces
             ignored) in that directory, one namespace per Markdown file,
             blocks in order.
gpu flag     (```console gpu, ```python gpu): needs a GPU. Skipped, with a
             notice, unless --gpu or --only-gpu is given (--only-gpu runs only
             these blocks, so each must stand alone: its own imports). Its
             output was measured on an H100, with `...` for timings and names.
nogpu flag   shows a machine without a GPU (no driver): skipped with --gpu.
file marker  A block right after a line `<!-- file: PATH -->` must appear in
             PATH (relative to the repository) verbatim: the whole block, or
             its pieces in order, split at lines that are just `...`,
             `// ...` or `# ...` (an elision). Blocks of c, cpp, python
             (without `>>>`), cmake and mlir must carry one: code shown is a
             real file, and a test builds or runs that file.
generated    Blocks after a line `<!-- Generated ...` (docs/dialect.md's
             reference, which scripts/dialect-doc.py writes from the ODS
             .td files) need no file marker: they are copied from those
             files, and the ctest test docs.dialect-current checks the copy.
             Their console and python blocks still run.
links        A relative link or image must name a file that exists, and an
             `#anchor` into a Markdown file one of its headings.
pictures     docs/pictures/*: each picture a Markdown file shows must be
             written by one of its commands, and what its commands write
             there must be byte-identical to the repository's file.

Prints one line per Markdown file to stdout, and each failure, with what was
expected and what came, to stderr. Exit status 0 when every block passed
(skipped blocks aside), else 1. Python 3's standard library only.
"""
import argparse
import doctest
import filecmp
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKER = re.compile(r"^<!--\s*file:\s*(\S+)\s*-->\s*$")
GENERATED = re.compile(r"^<!--\s*Generated\b")
EXITS = re.compile(r"#\s*exits\s+(\d+)\s*$")
ELISION = {"...", "// ...", "# ..."}
MUST_BE_FILES = {"c", "cpp", "c++", "cmake", "mlir", "python"}


def rel(path):
    """A path as the report names it: relative to the repository."""
    return os.path.relpath(path, SOURCE)


class Block:
    def __init__(self, path, line, info, lines, marker, generated=False):
        words = info.split()
        self.path, self.line, self.lines, self.marker = path, line, lines, marker
        self.generated = generated
        self.lang = words[0] if words else ""
        self.flags = set(words[1:])

    def where(self):
        return f"{rel(self.path)}:{self.line}"


def blocks_of(path):
    """The fenced blocks of a Markdown file (fences at the start of a line)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i, previous, generated = [], 0, "", False
    while i < len(lines):
        m = re.match(r"^(```+)(.*)$", lines[i])
        if not m:
            generated = generated or bool(GENERATED.match(lines[i]))
            if lines[i].strip():
                previous = lines[i]
            i += 1
            continue
        fence, start, body = m.group(1), i + 1, []
        i += 1
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        marker = MARKER.match(previous)
        out.append(Block(path, start, m.group(2).strip(), body, marker.group(1) if marker else None, generated))
        previous, i = "", i + 1
    return out


def pattern(expected):
    """A regular expression for the expected lines with the `...` wildcards."""
    parts = []
    for line in expected:
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split("...")) + r"\n")
    return re.compile("".join(parts))


def normalize(text):
    lines = [l.rstrip() for l in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def commands_of(block):
    """(command, expected output lines, line number) of a console block."""
    out, i, lines = [], 0, block.lines
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"{block.where()}: line {block.line + i + 1}: output before any `$ ` command")
        first, command = block.line + i + 1, lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command += "\n" + lines[i]
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        out.append((command, expected, first))
    return out


def expected_status(command, expected):
    m = EXITS.search(command.split("\n")[-1])
    if m:
        return int(m.group(1))
    return 1 if expected and expected[0].startswith("error:") else 0


class TrailingSpaceChecker(doctest.OutputChecker):
    """doctest's comparison, but for trailing spaces (CuTe's print_layout
    ends its header line in one; Markdown editors strip them)."""

    def check_output(self, want, got, optionflags):
        strip = lambda text: "\n".join(line.rstrip() for line in text.split("\n"))
        return super().check_output(strip(want), strip(got), optionflags)


def diff(expected, actual):
    return ("    expected:\n" + "".join(f"      |{l}\n" for l in expected) +
            "    got:\n" + "".join(f"      |{l}\n" for l in actual))


class Checker:
    def __init__(self, build, gpu, only_gpu, tools, installed):
        self.build, self.gpu, self.only_gpu, self.installed = build, gpu or only_gpu, only_gpu, installed
        built = [] if installed else [os.path.join(build, "tools", t) for t in ("layoutc", "layoutc-opt")]
        self.tools = tools + built
        # The build's liblayoutc_jit: lib/Shared (lib/JIT in older builds).
        self.library = next((d for d in (os.path.join(build, "lib", "Shared"), os.path.join(build, "lib", "JIT"))
                             if os.path.exists(os.path.join(d, "liblayoutc_jit.so"))), None)
        self.failures, self.passed, self.skipped = [], 0, 0

    def fail(self, block, message):
        self.failures.append(f"FAIL {block.where()}: {message}")

    def environment(self, work):
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join(self.tools + [env.get("PATH", "/usr/bin:/bin")])
        if self.installed:
            env.pop("PYTHONPATH", None)
            env.pop("LAYOUTC_LIBRARY", None)
        else:
            env["PYTHONPATH"] = os.path.join(SOURCE, "python")
            env["LAYOUTC_LIBRARY"] = self.library or os.path.join(self.build, "lib", "Shared")
        env["LAYOUTC_CACHE_DIR"] = os.path.join(work, ".cache", "layoutc")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["LC_ALL"] = "C.UTF-8"
        return env

    def workspace(self):
        work = tempfile.mkdtemp(prefix="layoutc-docs-")
        for name in sorted(os.listdir(SOURCE)):
            if name.startswith(".") or name in ("build", "docs"):
                continue
            os.symlink(os.path.join(SOURCE, name), os.path.join(work, name))
        os.symlink(self.build, os.path.join(work, "build"))
        shutil.copytree(os.path.join(SOURCE, "docs"), os.path.join(work, "docs"))
        return work

    def console(self, block, work, env):
        try:
            commands = commands_of(block)
        except ValueError as e:
            self.failures.append(f"FAIL {e}")
            return
        for command, expected, line in commands:
            result = subprocess.run(["bash", "-c", command], cwd=work, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
            actual = normalize(result.stdout.decode("utf-8", "replace"))
            want = normalize("\n".join(expected))
            status = expected_status(command, expected)
            block.line = line
            if not pattern(want).fullmatch("".join(l + "\n" for l in actual)):
                self.fail(block, f"$ {command}\n" + diff(want, actual))
            elif result.returncode != status:
                self.fail(block, f"$ {command}\n    exit status {result.returncode}, expected {status}"
                          + (" (the output shows `error:`)" if status == 1 and not EXITS.search(command) else ""))

    def python(self, block, work, globs):
        text = "\n".join(block.lines) + "\n"
        test = doctest.DocTestParser().get_doctest(text, globs, rel(block.path), block.path, block.line)
        out = io.StringIO()
        runner = doctest.DocTestRunner(checker=TrailingSpaceChecker(), optionflags=doctest.ELLIPSIS)
        cwd = os.getcwd()
        os.chdir(work)
        try:
            runner.run(test, out=out.write, clear_globs=False)
        finally:
            os.chdir(cwd)
        globs.update(test.globs)  # DocTest copies the namespace; carry it to the next block
        if runner.failures:
            self.fail(block, "doctest:\n" + out.getvalue())

    def excerpt(self, block):
        path = os.path.join(SOURCE, block.marker)
        if not os.path.isfile(path):
            return self.fail(block, f"file marker names {block.marker}, which does not exist")
        lines = open(path, encoding="utf-8").read().split("\n")
        pieces, piece = [], []
        for l in block.lines:
            if l.strip() in ELISION:
                pieces.append(piece)
                piece = []
            else:
                piece.append(l)
        pieces.append(piece)
        at = 0
        for piece in (p for p in pieces if p):
            found = next((i for i in range(at, len(lines) - len(piece) + 1) if lines[i:i + len(piece)] == piece), None)
            if found is None:
                return self.fail(block, f"not in {block.marker} as shown (from line {block.line + 1}:"
                                 f" {piece[0].strip()!r}, {len(piece)} lines)")
            at = found + len(piece)

    def links(self, path, text):
        for m in re.finditer(r"!?\[[^\]]*\]\(([^)\s]+)\)", text):
            target = m.group(1)
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            line = text.count("\n", 0, m.start()) + 1
            where = f"{rel(path)}:{line}"
            if not os.path.exists(full):
                self.failures.append(f"FAIL {where}: link to {target}: no such file")
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                self.failures.append(f"FAIL {where}: link to {target}: no such heading in {rel(full)}")

    def pictures(self, path, text, work):
        shown = set()
        for m in re.finditer(r"!\[[^\]]*\]\(([^)\s]+)\)", text):
            full = os.path.normpath(os.path.join(os.path.dirname(path), m.group(1)))
            picture = os.path.relpath(full, SOURCE)
            if picture.startswith("docs" + os.sep + "pictures" + os.sep):
                shown.add(picture)
        pictures = os.path.join("docs", "pictures")
        for name in sorted(os.listdir(os.path.join(work, pictures))):
            picture = os.path.join(pictures, name)
            made, kept = os.path.join(work, picture), os.path.join(SOURCE, picture)
            written = os.stat(made).st_mtime_ns != os.stat(kept).st_mtime_ns if os.path.exists(kept) else True
            if not os.path.exists(kept):
                self.failures.append(f"FAIL {rel(path)}: a command writes {picture}, which the repository lacks")
            elif written and not filecmp.cmp(made, kept, shallow=False):
                self.failures.append(f"FAIL {rel(path)}: {picture} differs from what its command writes")
            elif picture in shown and not written:
                self.failures.append(f"FAIL {rel(path)}: shows {picture}, which none of its commands writes")

    def check(self, path):
        text = open(path, encoding="utf-8").read()
        work = self.workspace()
        env = self.environment(work)
        saved = {k: os.environ.get(k) for k in ("LAYOUTC_LIBRARY", "LAYOUTC_CACHE_DIR")}
        for k in saved:
            if k in env:
                os.environ[k] = env[k]
            else:
                os.environ.pop(k, None)
        if "PYTHONPATH" in env and env["PYTHONPATH"] not in sys.path:
            sys.path.insert(0, env["PYTHONPATH"])
        globs, before = {"__name__": "__docs__"}, len(self.failures)
        counts = {"console": 0, "python": 0, "file": 0, "skipped": 0}
        try:
            if not self.only_gpu:
                self.links(path, text)
            for block in blocks_of(path):
                doctest_block = block.lang == "python" and any(l.lstrip().startswith(">>>") for l in block.lines)
                runnable = block.lang == "console" or doctest_block
                if runnable and "gpu" in block.flags and not self.gpu:
                    counts["skipped"] += 1
                    print(f"skipped {block.where()}: needs a GPU (run with --gpu on a GPU host)")
                    continue
                if runnable and "nogpu" in block.flags and self.gpu:
                    counts["skipped"] += 1
                    print(f"skipped {block.where()}: shows a machine without a GPU (--gpu given)")
                    continue
                if self.only_gpu and "gpu" not in block.flags:
                    continue
                if block.lang == "console":
                    counts["console"] += 1
                    self.console(block, work, env)
                elif doctest_block:
                    counts["python"] += 1
                    self.python(block, work, globs)
                elif block.marker:
                    counts["file"] += 1
                    self.excerpt(block)
                elif block.lang in MUST_BE_FILES and not block.generated:
                    self.fail(block, f"a {block.lang} block without <!-- file: PATH -->: code shown must be a real file")
            if not self.only_gpu:
                self.pictures(path, text, work)
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
            shutil.rmtree(work, ignore_errors=True)
        ok = len(self.failures) == before
        self.skipped += counts["skipped"]
        print(f"{rel(path)}: {counts['console']} console, {counts['python']} python, {counts['file']} file"
              f" blocks{'' if not counts['skipped'] else ', ' + str(counts['skipped']) + ' skipped'}:"
              f" {'passed' if ok else 'FAILED'}")
        return ok


_anchors = {}


def anchors(path):
    """GitHub's anchors of a Markdown file's headings."""
    if path not in _anchors:
        seen, out, fenced = {}, set(), False
        for line in open(path, encoding="utf-8"):
            if line.startswith("```"):
                fenced = not fenced
            m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
                n = seen.get(slug, 0)
                seen[slug] = n + 1
                out.add(slug if n == 0 else f"{slug}-{n}")
        _anchors[path] = out
    return _anchors[path]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(SOURCE, "build"), help="the build directory (default: build/)")
    parser.add_argument("--gpu", action="store_true", help="also run the blocks flagged gpu")
    parser.add_argument("--only-gpu", action="store_true", help="run only the blocks flagged gpu")
    parser.add_argument("--installed", action="store_true",
                        help="use the layoutc on PATH and the installed Python package, not the build's")
    parser.add_argument("--tools", action="append", default=[], metavar="DIR",
                        help="a directory to put first on PATH (where layoutc is)")
    parser.add_argument("files", nargs="+", metavar="FILE.md")
    args = parser.parse_args()
    checker = Checker(os.path.abspath(args.build), args.gpu, args.only_gpu, [os.path.abspath(t) for t in args.tools],
                      args.installed)
    ok = all([checker.check(os.path.abspath(f)) for f in args.files])
    sys.stdout.flush()
    for failure in checker.failures:
        print(failure, file=sys.stderr)
    sys.stderr.flush()
    if ok:
        skipped = f" ({checker.skipped} skipped, see above)" if checker.skipped else ""
        print(f"all examples passed in {len(args.files)} files{skipped}", flush=True)
    else:
        print(f"{len(checker.failures)} failures", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
