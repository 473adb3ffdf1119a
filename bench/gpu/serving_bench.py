"""A serving loop's shapes, as they change on every call: 30 new sequence
lengths of a BSHD -> BHSD permute (bf16, B=2, H=16, D=128), 30 new token
counts of a row gather (f16 rows of 256 from a 50,000-row table), 30 new
image sizes of an NCHW -> NHWC permute (f32, N=8, C=64), each loop's total
wall time (the device drained at its end) with layoutc beside torch's own
operation, and the kernels layoutc compiled. Three ways for layoutc: cold
(a new Jit without a disk cache: the family's one compile is in the loop),
warm (the family compiled by one earlier call of another shape, as a
running server has it) and a new process finding the family on disk
(the Jit's disk cache, as a restarted server does). Each result is
compared with torch's.

    python3 serving_bench.py
"""
import os
import subprocess
import sys
import tempfile
import time

import torch

import layoutc


def loops(jit, g):
    """The three loops: (name, [layoutc call, torch call, check] per shape)."""
    seq = [(17 + 131 * i) for i in range(30)]
    tokens = [(1 + 997 * i) for i in range(30)]
    images = [(32 + 8 * i, 48 + 8 * i) for i in range(30)]
    table = torch.randn(50000, 256, generator=g, device="cuda").to(torch.float16)

    def permute(s):
        x = torch.randn(2, s, 16, 128, generator=g, device="cuda").to(torch.bfloat16)
        out = torch.empty(2, 16, s, 128, dtype=torch.bfloat16, device="cuda")
        return (lambda: layoutc.copy(x.permute(0, 2, 1, 3), out, jit=jit), lambda: x.permute(0, 2, 1, 3).contiguous(),
                lambda: torch.equal(out, x.permute(0, 2, 1, 3).contiguous()))

    def gather(n):
        idx = torch.randint(0, 50000, (n,), generator=g, device="cuda")
        rows = torch.empty(n, 256, dtype=torch.float16, device="cuda")
        return (lambda: layoutc.gather(table, idx, rows, jit=jit), lambda: torch.index_select(table, 0, idx),
                lambda: torch.equal(rows, table[idx]))

    def image(hw):
        x = torch.randn(8, 64, hw[0], hw[1], generator=g, device="cuda")
        out = torch.empty(8, hw[0], hw[1], 64, device="cuda")
        return (lambda: layoutc.copy(x.permute(0, 2, 3, 1), out, jit=jit), lambda: x.permute(0, 2, 3, 1).contiguous(),
                lambda: torch.equal(out, x.permute(0, 2, 3, 1).contiguous()))

    return [("BSHD->BHSD, 30 sequence lengths", [permute(s) for s in seq], permute(5)),
            ("gather, 30 token counts", [gather(n) for n in tokens], gather(3)),
            ("NCHW->NHWC, 30 image sizes", [image(hw) for hw in images], image((16, 16)))]


def total_ms(calls):
    torch.cuda.synchronize()
    start = time.perf_counter()
    for call in calls:
        call()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) * 1e3


def run(mode, cache):
    """One mode's table rows: cold, warm, or disk (cache: a directory the
    disk mode's Jit reads, filled by an earlier process)."""
    g = torch.Generator(device="cuda").manual_seed(7)
    jit = layoutc.Jit(disk_cache=mode == "disk", cache_directory=cache)
    rows, ok = [], True
    for name, shapes, other in loops(jit, g):
        if mode == "warm":
            other[0]()  # the family compiled by a call of another shape
        before = jit.cache_stats()["misses"]
        ours = total_ms([s[0] for s in shapes])
        compiled = jit.cache_stats()["misses"] - before
        other[1]()  # torch's kernel loaded before its loop
        theirs = total_ms([s[1] for s in shapes])
        ok &= all(s[2]() for s in shapes)
        rows.append("%-34s %-6s %9.2f %9.2f %8.2f %9d" % (name, mode, ours, theirs, ours / theirs, compiled))
    return rows, ok


def main(argv):
    if argv[:1] == ["--mode"]:  # a child process: one mode's rows
        rows, ok = run(argv[1], argv[2])
        print("\n".join(rows))
        return 0 if ok else 1
    print("GPU: %s, torch %s, layoutc %s" % (torch.cuda.get_device_name(), torch.__version__, layoutc.version()))
    print("%-34s %-6s %9s %9s %8s %9s" % ("loop (layoutc from Python)", "mode", "ms", "torch ms", "x torch",
                                          "compiled"))
    status = 0
    with tempfile.TemporaryDirectory() as cache:
        # Each mode in a process of its own: the disk mode's kernels were
        # compiled by the process before it (which fills the cache).
        for mode in ("cold", "warm", "fill", "disk"):
            child = subprocess.run([sys.executable, os.path.abspath(__file__), "--mode",
                                    "disk" if mode == "fill" else mode, cache], capture_output=True, text=True)
            if mode != "fill":
                sys.stdout.write(child.stdout)
            if child.returncode:
                status = 1
                sys.stdout.write(child.stderr[-2000:])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
