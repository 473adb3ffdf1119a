"""PyTorch's bandwidth on the cases of bench/gpu/run.sh: the peer's column.

Prints one line per case, `name GB/s`, counting bytes read + written as
layoutc's harness does: 2 x elements x element size (a slice or broadcast
counts its logical bytes), plus the indices of a gather or scatter; mean of
10 launches after a warm-up, CUDA events. After each case, `copy_of_name
GB/s`: a clone of a uint8 buffer of half the case's bytes, timed the same
way, so that it reads and writes as many bytes as the case: the same-size
device copy the table's `% copy` is of. `ceiling` is a 2 GiB clone. The
`_268MB` and `_1GiB` cases are the same operations at other sizes; the
`gather_rowsW_T` and `scatter_rows3_bf16` cases (4,194,304 indices into
4,194,304 rows) are narrow rows of W elements of T.
"""
import sys

import torch


def timed(fn, bytes_moved):
    fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(10):
        fn()
    end.record()
    torch.cuda.synchronize()
    ms = start.elapsed_time(end) / 10
    return bytes_moved / (ms * 1e6)


def report(name, fn, bytes_moved):
    """Print the case's GB/s, then that of a copy of as many bytes."""
    print(name, timed(fn, bytes_moved), flush=True)
    buf = torch.empty(bytes_moved // 2, device="cuda", dtype=torch.uint8)
    print("copy_of_" + name, timed(lambda: buf.clone(), 2 * buf.numel()), flush=True)
    del buf
    torch.cuda.empty_cache()


def main():
    dev = "cuda"
    n = 16384
    ceiling = torch.empty(2 * 1024**3, device=dev, dtype=torch.uint8)
    print("ceiling", timed(lambda: ceiling.clone(), 2 * ceiling.numel()))
    del ceiling
    x = torch.randn(n, n, device=dev)
    report("copy_f32", lambda: x.clone(), 2 * x.numel() * 4)
    report("transpose_f32", lambda: x.t().contiguous(), 2 * x.numel() * 4)
    report("slice_f32", lambda: x[:, ::2].contiguous(), 2 * x.numel() // 2 * 4)
    row = x[0]
    report("broadcast_f32", lambda: row.expand(n, n).contiguous(), 2 * x.numel() * 4)
    cast = torch.empty(n, n, device=dev, dtype=torch.bfloat16)
    report("cast_transpose_bf16", lambda: cast.copy_(x.t()), x.numel() * (4 + 2))
    del cast, row  # row is a view: x's 1 GiB is freed with it
    h = x.half()
    del x
    report("transpose_f16", lambda: h.t().contiguous(), 2 * h.numel() * 2)
    b = h.bfloat16()
    del h
    report("transpose_bf16", lambda: b.t().contiguous(), 2 * b.numel() * 2)
    del b
    i8 = torch.randint(-128, 127, (32768, n), device=dev, dtype=torch.int8)
    report("transpose_i8", lambda: i8.t().contiguous(), 2 * i8.numel())
    del i8
    f64 = torch.randn(n, 8192, device=dev, dtype=torch.float64)
    report("transpose_f64", lambda: f64.t().contiguous(), 2 * f64.numel() * 8)
    del f64
    prime = torch.randn(8191, 8193, device=dev)
    report("transpose_f32_prime", lambda: prime.t().contiguous(), 2 * prime.numel() * 4)
    del prime
    odd = torch.randn(16383, 4097, device=dev, dtype=torch.float16)
    report("transpose_f16_odd", lambda: odd.t().contiguous(), 2 * odd.numel() * 2)
    del odd
    p3 = torch.randn(128, 4099, 257, device=dev)
    report("permute3_f32_prime", lambda: p3.permute(0, 2, 1).contiguous(), 2 * p3.numel() * 4)
    del p3
    p = torch.randn(64, 256, 64, 64, device=dev, dtype=torch.float16)
    report("permute_f16", lambda: p.permute(0, 2, 3, 1).contiguous(), 2 * p.numel() * 2)
    del p
    p = torch.randn(256, 256, 64, 64, device=dev, dtype=torch.float16)
    report("permute_f16_1GiB", lambda: p.permute(0, 2, 3, 1).contiguous(), 2 * p.numel() * 2)
    del p
    small = torch.randn(8192, 4096, device=dev)
    report("copy_f32_268MB", lambda: small.clone(), 2 * small.numel() * 4)
    del small
    table = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    idx = torch.randint(0, 1000000, (262144,), device=dev, dtype=torch.int32)
    report("gather_rows_f16", lambda: table.index_select(0, idx), 2 * 262144 * 256 * 2 + 262144 * 4)
    idx = torch.randint(0, 1000000, (1048576,), device=dev, dtype=torch.int32)
    report("gather_rows_f16_1GiB", lambda: table.index_select(0, idx), 2 * 1048576 * 256 * 2 + 1048576 * 4)
    del table
    for name, width, dtype, size in (("gather_rows77_f32", 77, torch.float32, 4),
                                     ("gather_rows250_bf16", 250, torch.bfloat16, 2)):
        narrow = torch.randn(1000000, width, device=dev, dtype=dtype)
        rows = torch.randint(0, 1000000, (1000000,), device=dev, dtype=torch.int32)
        report(name, lambda: narrow.index_select(0, rows), 2 * 1000000 * width * size + 1000000 * 4)
        del narrow
    table = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    perm = torch.randperm(1000000, device=dev)
    rows = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    report("scatter_rows_f16", lambda: table.index_copy_(0, perm, rows), 2 * 1000000 * 256 * 2 + 1000000 * 8)
    del table, perm, rows
    # Narrow rows: 4,194,304 indices into a table of 4,194,304 rows.
    count = 4194304
    for name, width, dtype in (("gather_rows1_f32", 1, torch.float32), ("gather_rows3_bf16", 3, torch.bfloat16),
                               ("gather_rows5_f32", 5, torch.float32), ("gather_rows16_i8", 16, torch.int8),
                               ("gather_rows12_f16", 12, torch.float16)):
        if dtype == torch.int8:
            narrow = torch.randint(-128, 127, (count, width), device=dev, dtype=dtype)
        else:
            narrow = torch.randn(count, width, device=dev, dtype=dtype)
        rows = torch.randint(0, count, (count,), device=dev, dtype=torch.int32)
        report(name, lambda: narrow.index_select(0, rows), 2 * count * width * narrow.element_size() + count * 4)
        del narrow
    table = torch.randn(count, 3, device=dev, dtype=torch.bfloat16)
    perm = torch.randperm(count, device=dev)
    rows = torch.randn(count, 3, device=dev, dtype=torch.bfloat16)
    report("scatter_rows3_bf16", lambda: table.index_copy_(0, perm, rows), 2 * count * 3 * 2 + count * 8)


if __name__ == "__main__":
    sys.exit(main())
