"""PyTorch's bandwidth on the cases of bench/gpu/run.sh: the peer's column.

    python3 torch_peer.py table          # the cases cases.py names
    python3 torch_peer.py sizes 4MB 1GB

Prints `ceiling GB/s` (a 2 GiB clone), then for each case `name GB/s` and
`copy_of_name GB/s`: a clone of a uint8 buffer of half the case's bytes,
timed the same way, so that it reads and writes as many bytes as the case:
the same-size device copy the table's `% copy` is of. Bytes as cases.py
counts them; the mean of 10 launches, or of as many as take 2 ms, after a
warm-up, CUDA events (timed). The
operations: clone, t().contiguous(), permute(...).contiguous(),
x[:, ::2].contiguous(), row.expand(m, n).contiguous(), copy_ into bf16 (a
cast), index_select, index_copy_.
"""
import sys

import torch

import cases

DTYPE = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i8": torch.int8,
         "f64": torch.float64}


def timed(fn, bytes_moved, least_ms=2.0):
    """GB/s of fn: the mean of n launches after a warm-up, CUDA events; n is
    10, or as many as take least_ms (10,000 at most). A launch from Python
    costs 10 to 40 us of host time, so 10 launches of a kernel of a few
    tens of us would count the host's first launch against the kernel."""
    fn()
    torch.cuda.synchronize()
    n = 10
    while True:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(n):
            fn()
        end.record()
        torch.cuda.synchronize()
        ms = start.elapsed_time(end)
        if ms >= least_ms or n >= 10000:
            return bytes_moved / (ms / n * 1e6)
        n = min(10000, int(n * least_ms / max(ms, 1e-3)) + 1)


def rand(shape, dtype):
    if dtype == torch.int8:
        return torch.randint(-128, 127, shape, device="cuda", dtype=dtype)
    return torch.randn(shape, device="cuda", dtype=dtype)


def tensors(case):
    """The case's inputs on the GPU, as torch and the Triton peer use them:
    copy, transpose, permute: the source; slice: the [m, 2n] source;
    broadcast: the row; gather: (table, int32 indices); scatter: (table, a
    permutation of its rows (int64), the rows)."""
    d, t = case.dims, DTYPE[case.dtype]
    if case.kind == "copy":
        return rand(d, t)
    if case.kind == "transpose":
        return rand(d[1:] if d[0] == 1 else d, t)
    if case.kind == "permute":
        return rand(d, t)
    if case.kind == "slice":
        return rand((d[0], 2 * d[1]), t)
    if case.kind == "broadcast":
        return rand((d[1],), t)
    rows, width, table = d
    if case.kind == "gather":
        return rand((table, width), t), torch.randint(0, table, (rows,), device="cuda", dtype=torch.int32)
    return rand((table, width), t), torch.randperm(table, device="cuda")[:rows], rand((rows, width), t)


def operation(case, x):
    """torch's operation for the case on tensors(case)."""
    d = case.dims
    if case.kind == "copy":
        return x.clone
    if case.kind == "transpose" and case.to:
        out = torch.empty(d[2], d[1], device="cuda", dtype=DTYPE[case.to])
        return lambda: out.copy_(x.t())
    if case.kind == "transpose":
        return (lambda: x.t().contiguous()) if d[0] == 1 else (lambda: x.permute(0, 2, 1).contiguous())
    if case.kind == "permute":
        return lambda: x.permute(0, 2, 3, 1).contiguous()
    if case.kind == "slice":
        return lambda: x[:, ::2].contiguous()
    if case.kind == "broadcast":
        return lambda: x.expand(d[0], d[1]).contiguous()
    if case.kind == "gather":
        return lambda: x[0].index_select(0, x[1])
    return lambda: x[0].index_copy_(0, x[1], x[2])


def report(name, fn, bytes_moved):
    """Print the case's GB/s, then that of a copy of as many bytes."""
    print(name, timed(fn, bytes_moved), flush=True)
    buf = torch.empty(bytes_moved // 2, device="cuda", dtype=torch.uint8)
    print("copy_of_" + name, timed(lambda: buf.clone(), 2 * buf.numel()), flush=True)
    del buf
    torch.cuda.empty_cache()


def main(argv):
    selected = cases.for_peers(argv)
    ceiling = torch.empty(2 * 1024**3, device="cuda", dtype=torch.uint8)
    print("ceiling", timed(lambda: ceiling.clone(), 2 * ceiling.numel()), flush=True)
    del ceiling
    for case in selected:
        x = tensors(case)
        report(case.name, operation(case, x), case.bytes_moved())
        del x
        torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
