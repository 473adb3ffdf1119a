"""What a call costs the host, layoutc's beside torch's own operation (and a
Triton kernel's launch) in the same process: on tensors small enough that
the host bounds the loop (a 64 x 64 transpose, 64 rows of a 1024 x 64
table), the wall time of a loop of calls divided by the calls, the median
of 7 loops of 2,000 calls after a warm-up (which compiles layoutc's kernel
and Triton's); the device is drained between loops. Then two real
programs' steps where the host bounds a mid-size layout change: a pixel
shuffle of 33 MB and a BSHD -> BHSD permute, GB/s from Python.

    python3 host_bench.py
"""
import statistics
import sys
import time

import torch

import layoutc

CALLS, LOOPS = 2000, 7


def per_call_us(fn):
    """Host microseconds a call of fn: the median over LOOPS loops."""
    fn()
    torch.cuda.synchronize()
    loops = []
    for _ in range(LOOPS):
        start = time.perf_counter()
        for _ in range(CALLS):
            fn()
        loops.append((time.perf_counter() - start) / CALLS * 1e6)
        torch.cuda.synchronize()
    return statistics.median(loops)


def triton_copy():
    """A Triton copy kernel's launch (its host cost is the peer's), or None
    without Triton."""
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def copy_kernel(src, dst, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(dst + offsets, tl.load(src + offsets, mask=offsets < n), mask=offsets < n)

    return lambda x, out: copy_kernel[(4,)](x, out, x.numel(), BLOCK=1024)


def main():
    x = torch.randn(64, 64, device="cuda")
    out = torch.empty(64, 64, device="cuda")
    table = torch.randn(1024, 64, device="cuda")
    idx = torch.randint(0, 1024, (64,), device="cuda")
    rows = torch.empty(64, 64, device="cuda")
    distinct = torch.randperm(1024, device="cuda")[:64]
    pairs = [
        ("copy into out, x.t()", lambda: layoutc.copy(x.t(), out), "out.copy_(x.t())", lambda: out.copy_(x.t())),
        ("copy(x.t()) (a new tensor)", lambda: layoutc.copy(x.t()), "x.t().contiguous()",
         lambda: x.t().contiguous()),
        ("gather into rows", lambda: layoutc.gather(table, idx, rows), "index_select(out=)",
         lambda: torch.index_select(table, 0, idx, out=rows)),
        ("gather (a new tensor)", lambda: layoutc.gather(table, idx), "index_select", lambda: table[idx]),
        ("scatter", lambda: layoutc.scatter(rows, distinct, table), "index_copy_",
         lambda: table.index_copy_(0, distinct, rows)),
    ]
    print("GPU: %s, torch %s, layoutc %s; host us a call (median of %d loops of %d calls)"
          % (torch.cuda.get_device_name(), torch.__version__, layoutc.version(), LOOPS, CALLS))
    row = "%-30s %9s   %-22s %9s %8s"
    print(row % ("layoutc", "us", "torch", "us", "x torch"))
    worst = 0.0
    for name, ours, peer_name, peer in pairs:
        a, b = per_call_us(ours), per_call_us(peer)
        worst = max(worst, a / b)
        print(row % (name, "%.2f" % a, peer_name, "%.2f" % b, "%.2f" % (a / b)))
    launch = triton_copy()
    if launch is not None:
        flat, flat_out = x.view(-1), out.view(-1)
        print(row % ("", "", "a Triton kernel's launch", "%.2f" % per_call_us(lambda: launch(flat, flat_out)), ""))
    print("largest layoutc/torch host time: %.2f" % worst)

    # Mid-size layout changes from Python, GB/s.
    from torch_peer import timed
    n, c, r, h, w = 8, 64, 2, 64, 64  # pixel shuffle of a (8, 256, 64, 64) f32 tensor: 33.5 MB
    y = torch.randn(n, c * r * r, h, w, device="cuda")
    shuffled = torch.empty(n, c, h * r, w * r, device="cuda")
    view = y.view(n, c, r, r, h, w).permute(0, 1, 4, 2, 5, 3)
    into = shuffled.view(n, c, h, r, w, r)
    nbytes = 2 * y.numel() * 4
    ours = timed(lambda: layoutc.copy(view, into), nbytes)
    theirs = timed(lambda: torch.nn.functional.pixel_shuffle(y, r), nbytes)
    same = torch.equal(shuffled, torch.nn.functional.pixel_shuffle(y, r))
    print("pixel shuffle 33.5 MB f32: layoutc %.1f GB/s, torch %.1f GB/s (%.2fx), %s"
          % (ours, theirs, ours / theirs, "equal" if same else "DIFFERS"))
    q = torch.randn(2, 2048, 16, 128, device="cuda").to(torch.bfloat16)
    heads = torch.empty(2, 16, 2048, 128, device="cuda", dtype=torch.bfloat16)
    nbytes = 2 * q.numel() * 2
    ours = timed(lambda: layoutc.copy(q.permute(0, 2, 1, 3), heads), nbytes)
    theirs = timed(lambda: q.permute(0, 2, 1, 3).contiguous(), nbytes)
    same = same and torch.equal(heads, q.permute(0, 2, 1, 3).contiguous())
    print("BSHD -> BHSD bf16 S=2048 (16.8 MB): layoutc %.1f GB/s, torch %.1f GB/s (%.2fx)" % (ours, theirs,
                                                                                            ours / theirs))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
