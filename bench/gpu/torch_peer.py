"""PyTorch's bandwidth on the cases of bench/gpu/run.sh: the peer's column.

Prints one line per case, `name GB/s`, counting bytes read + written as
layoutc's harness does: 2 x elements x element size (a slice or broadcast
counts its logical bytes), plus the indices of a gather or scatter; mean of
10 launches after a warm-up, CUDA events. `ceiling` is a 2 GiB clone: the
device-to-device bandwidth the table's percentages are of. The `_268MB` and
`_1GiB` cases are the same operations at other sizes.
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


def main():
    dev = "cuda"
    n = 16384
    ceiling = torch.empty(2 * 1024**3, device=dev, dtype=torch.uint8)
    print("ceiling", timed(lambda: ceiling.clone(), 2 * ceiling.numel()))
    del ceiling
    x = torch.randn(n, n, device=dev)
    print("copy_f32", timed(lambda: x.clone(), 2 * x.numel() * 4))
    print("transpose_f32", timed(lambda: x.t().contiguous(), 2 * x.numel() * 4))
    print("slice_f32", timed(lambda: x[:, ::2].contiguous(), 2 * x.numel() // 2 * 4))
    row = x[0]
    print("broadcast_f32", timed(lambda: row.expand(n, n).contiguous(), 2 * x.numel() * 4))
    cast = torch.empty(n, n, device=dev, dtype=torch.bfloat16)
    print("cast_transpose_bf16", timed(lambda: cast.copy_(x.t()), x.numel() * (4 + 2)))
    del cast
    h = x.half()
    del x
    print("transpose_f16", timed(lambda: h.t().contiguous(), 2 * h.numel() * 2))
    b = h.bfloat16()
    del h
    print("transpose_bf16", timed(lambda: b.t().contiguous(), 2 * b.numel() * 2))
    del b
    i8 = torch.randint(-128, 127, (32768, n), device=dev, dtype=torch.int8)
    print("transpose_i8", timed(lambda: i8.t().contiguous(), 2 * i8.numel()))
    del i8
    f64 = torch.randn(n, 8192, device=dev, dtype=torch.float64)
    print("transpose_f64", timed(lambda: f64.t().contiguous(), 2 * f64.numel() * 8))
    del f64
    prime = torch.randn(8191, 8193, device=dev)
    print("transpose_f32_prime", timed(lambda: prime.t().contiguous(), 2 * prime.numel() * 4))
    del prime
    odd = torch.randn(16383, 4097, device=dev, dtype=torch.float16)
    print("transpose_f16_odd", timed(lambda: odd.t().contiguous(), 2 * odd.numel() * 2))
    del odd
    p3 = torch.randn(128, 4099, 257, device=dev)
    print("permute3_f32_prime", timed(lambda: p3.permute(0, 2, 1).contiguous(), 2 * p3.numel() * 4))
    del p3
    p = torch.randn(64, 256, 64, 64, device=dev, dtype=torch.float16)
    print("permute_f16", timed(lambda: p.permute(0, 2, 3, 1).contiguous(), 2 * p.numel() * 2))
    del p
    p = torch.randn(256, 256, 64, 64, device=dev, dtype=torch.float16)
    print("permute_f16_1GiB", timed(lambda: p.permute(0, 2, 3, 1).contiguous(), 2 * p.numel() * 2))
    del p
    small = torch.randn(8192, 4096, device=dev)
    print("copy_f32_268MB", timed(lambda: small.clone(), 2 * small.numel() * 4))
    del small
    table = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    idx = torch.randint(0, 1000000, (262144,), device=dev, dtype=torch.int32)
    print("gather_rows_f16", timed(lambda: table.index_select(0, idx), 2 * 262144 * 256 * 2 + 262144 * 4))
    idx = torch.randint(0, 1000000, (1048576,), device=dev, dtype=torch.int32)
    print("gather_rows_f16_1GiB", timed(lambda: table.index_select(0, idx), 2 * 1048576 * 256 * 2 + 1048576 * 4))
    del table
    for name, width, dtype, size in (("gather_rows77_f32", 77, torch.float32, 4),
                                     ("gather_rows250_bf16", 250, torch.bfloat16, 2)):
        narrow = torch.randn(1000000, width, device=dev, dtype=dtype)
        rows = torch.randint(0, 1000000, (1000000,), device=dev, dtype=torch.int32)
        print(name, timed(lambda: narrow.index_select(0, rows), 2 * 1000000 * width * size + 1000000 * 4))
        del narrow
    table = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    perm = torch.randperm(1000000, device=dev)
    rows = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    print("scatter_rows_f16", timed(lambda: table.index_copy_(0, perm, rows), 2 * 1000000 * 256 * 2 + 1000000 * 8))


if __name__ == "__main__":
    sys.exit(main())
