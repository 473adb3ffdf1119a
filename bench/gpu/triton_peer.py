"""Triton's bandwidth on the cases of bench/gpu/run.sh: the second peer's column.

For each case of run.sh's bandwidth table, a Triton kernel written as a user
would write it, tuned as a user would tune it: a few block configurations
(tile sizes, num_warps) swept, the best one kept. Prints one line per case,
`name GB/s config`, with the same data sizes, dtypes and bytes as
torch_peer.py (read + written, plus the indices of a gather or scatter),
timed the same way (torch_peer.timed: a warm-up, then the mean of 10
launches, CUDA events). Before a configuration is timed, its output is
compared with torch's element for element (torch.equal); a case whose kernel
differs prints `name FAILED config` and the script exits 1 at the end. A
configuration that does not compile or launch (shared memory, registers) is
skipped with a line on stderr.

The kernels:
- transpose: a [BM, BN] tile loaded, tl.trans'd, stored into the transposed
  matrix; masked at the ragged edges. N-d permutes that move two modes,
  (0,2,3,1) of (B,C,H,W) and (0,2,1) of (B,M,N), are the same kernel over a
  batch (program id 1): each batch item a 2-d transpose of (C, H*W) or (M, N).
  With a cast on the way (f32 -> bf16) in the store.
- copy: 1-d blocks of BLOCK elements.
- slice and broadcast: [BM, BN] tiles of the contiguous destination, read
  through the source's strides (2 along a row; 0 between rows).
- row gather / scatter: [BR, BC] tiles, BC the row width rounded up to a
  power of 2 (columns masked), the index loaded once per row.
"""
import sys

import torch
import triton
import triton.language as tl
from torch_peer import timed  # GB/s of fn: mean of 10 launches after a warm-up


@triton.jit
def transpose_kernel(src, dst, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # src: [batch, M, N] row-major; dst: [batch, N, M] row-major, dst[b, j, i] = src[b, i, j]
    pid = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * M * N
    grid_n = tl.cdiv(N, BN)
    pid_m = pid // grid_n
    pid_n = pid % grid_n
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    x = tl.load(src + base + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    y = tl.trans(x).to(dst.dtype.element_ty)  # a cast (f32 -> bf16: round to nearest even) where dst differs
    tl.store(dst + base + rn[:, None] * M + rm[None, :], y, mask=(rn[:, None] < N) & (rm[None, :] < M))


@triton.jit
def copy_kernel(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=mask), mask=mask)


@triton.jit
def strided_kernel(src, dst, M, N, stride_m, stride_n, BM: tl.constexpr, BN: tl.constexpr):
    # dst: [M, N] row-major; dst[i, j] = src[i * stride_m + j * stride_n]
    pid = tl.program_id(0)
    grid_n = tl.cdiv(N, BN)
    pid_m = pid // grid_n
    pid_n = pid % grid_n
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(src + rm[:, None] * stride_m + rn[None, :] * stride_n, mask=mask)
    tl.store(dst + rm[:, None] * N + rn[None, :], x, mask=mask)


@triton.jit
def gather_rows_kernel(table, idx, out, R, W: tl.constexpr, BR: tl.constexpr, BC: tl.constexpr):
    # out[r, :] = table[idx[r], :], rows of W elements
    r = tl.program_id(0) * BR + tl.arange(0, BR)
    c = tl.arange(0, BC)
    live = r < R
    row = tl.load(idx + r, mask=live).to(tl.int64)  # the index, once per row
    mask = live[:, None] & (c[None, :] < W)
    x = tl.load(table + row[:, None] * W + c[None, :], mask=mask)
    tl.store(out + r[:, None] * W + c[None, :], x, mask=mask)


@triton.jit
def scatter_rows_kernel(rows, idx, table, R, W: tl.constexpr, BR: tl.constexpr, BC: tl.constexpr):
    # table[idx[r], :] = rows[r, :] (index_copy_ along dim 0; the indices distinct)
    r = tl.program_id(0) * BR + tl.arange(0, BR)
    c = tl.arange(0, BC)
    live = r < R
    row = tl.load(idx + r, mask=live).to(tl.int64)
    mask = live[:, None] & (c[None, :] < W)
    x = tl.load(rows + r[:, None] * W + c[None, :], mask=mask)
    tl.store(table + row[:, None] * W + c[None, :], x, mask=mask)


# The sweeps: (BM, BN, num_warps) for tiles, (BLOCK, num_warps) for copies, and
# (elements per program, num_warps) for rows (BR = elements / BC).
TILES = ((32, 32, 4), (64, 64, 4), (64, 64, 8), (128, 64, 8), (64, 128, 8), (128, 128, 8))
STRIDED = ((8, 256, 4), (16, 256, 8), (32, 128, 4), (4, 1024, 4), (16, 512, 8))
BLOCKS = ((1024, 4), (2048, 4), (4096, 4), (4096, 8), (8192, 8))
ROWS = ((1024, 4), (2048, 4), (4096, 4), (4096, 8), (8192, 8))

failed = []


def sentinel(t):
    """Fill t with a value torch's result cannot hold (NaN; 127 for int8, which
    randint(-128, 127) never draws), so an element the kernel skips shows."""
    t.fill_(127 if t.dtype == torch.int8 else float("nan"))


def rand(shape, dtype):
    if dtype == torch.int8:
        return torch.randint(-128, 127, shape, device="cuda", dtype=dtype)
    return torch.randn(shape, device="cuda", dtype=dtype)


def sweep(name, nbytes, configs, launch, out, ref, prepare=None):
    """Check, then time, launch(config) for each config; print the best and
    return it (None when one fails or none ran).

    launch(config) writes out; prepare() resets out before the check
    (default: the sentinel)."""
    best = None
    for cfg in configs:
        label = ",".join(f"{k}={v}" for k, v in cfg.items())
        try:
            (prepare or (lambda: sentinel(out)))()
            launch(cfg)
            torch.cuda.synchronize()
        except Exception as e:  # a config that does not compile or launch: skipped, as a user would
            first = str(e).strip().splitlines()
            print(f"{name}: {label} skipped: {type(e).__name__}: {first[-1] if first else ''}", file=sys.stderr)
            continue
        if not torch.equal(out, ref):
            print(name, "FAILED", label, flush=True)
            failed.append(name)
            return None
        gbs = timed(lambda: launch(cfg), nbytes)
        if best is None or gbs > best[0]:
            best = (gbs, label, cfg)
    if best is None:
        print(name, "FAILED", "no-config-ran", flush=True)
        failed.append(name)
        return None
    print(name, f"{best[0]:.1f}", best[1], flush=True)
    return best[2]


def transpose(name, src, batch, m, n, out_dtype=None):
    """src viewed as [batch, m, n] row-major -> [batch, n, m]."""
    out = torch.empty(batch, n, m, device="cuda", dtype=out_dtype or src.dtype)
    ref = torch.empty_like(out).copy_(src.reshape(batch, m, n).transpose(1, 2))
    nbytes = batch * m * n * (src.element_size() + out.element_size())

    def launch(c):
        grid = (triton.cdiv(m, c["BM"]) * triton.cdiv(n, c["BN"]), batch)
        transpose_kernel[grid](src, out, m, n, BM=c["BM"], BN=c["BN"], num_warps=c["num_warps"])

    sweep(name, nbytes, [dict(BM=a, BN=b, num_warps=w) for a, b, w in TILES], launch, out, ref)


def copy(name, src):
    out = torch.empty_like(src)

    def launch(c):
        copy_kernel[(triton.cdiv(src.numel(), c["BLOCK"]),)](src, out, src.numel(), BLOCK=c["BLOCK"],
                                                              num_warps=c["num_warps"])

    sweep(name, 2 * src.numel() * src.element_size(), [dict(BLOCK=b, num_warps=w) for b, w in BLOCKS],
          launch, out, src)


def strided(name, src, m, n, stride_m, stride_n, ref):
    out = torch.empty(m, n, device="cuda", dtype=src.dtype)

    def launch(c):
        grid = (triton.cdiv(m, c["BM"]) * triton.cdiv(n, c["BN"]),)
        strided_kernel[grid](src, out, m, n, stride_m, stride_n, BM=c["BM"], BN=c["BN"], num_warps=c["num_warps"])

    sweep(name, 2 * m * n * src.element_size(), [dict(BM=a, BN=b, num_warps=w) for a, b, w in STRIDED],
          launch, out, ref)


def row_configs(width):
    bc = triton.next_power_of_2(width)
    return [dict(BR=max(1, e // bc), BC=bc, num_warps=w) for e, w in ROWS]


def gather(name, table, idx):
    """The best configuration's launch, after the sweep (None if it failed)."""
    r, w = idx.numel(), table.shape[1]
    out = torch.empty(r, w, device="cuda", dtype=table.dtype)
    ref = table.index_select(0, idx)

    def launch(c):
        gather_rows_kernel[(triton.cdiv(r, c["BR"]),)](table, idx, out, r, W=w, BR=c["BR"], BC=c["BC"],
                                                       num_warps=c["num_warps"])

    best = sweep(name, 2 * r * w * table.element_size() + r * idx.element_size(), row_configs(w), launch, out, ref)
    return None if best is None else lambda: launch(best)


def scatter(name, table, idx, rows):
    r, w = idx.numel(), table.shape[1]
    out = table.clone()
    ref = table.clone().index_copy_(0, idx, rows)

    def launch(c):
        scatter_rows_kernel[(triton.cdiv(r, c["BR"]),)](rows, idx, out, r, W=w, BR=c["BR"], BC=c["BC"],
                                                        num_warps=c["num_warps"])

    sweep(name, 2 * r * w * rows.element_size() + r * idx.element_size(), row_configs(w), launch, out, ref,
          prepare=lambda: out.copy_(table))


def main():
    torch.manual_seed(0)
    dev = "cuda"
    n = 16384
    # Each case's tensors are freed before the next (peak about 3 GiB: the
    # 1 GiB transpose's source, result and torch's reference).
    x = torch.randn(n, n, device=dev)
    copy("copy_f32", x)
    transpose("transpose_f32", x, 1, n, n)
    strided("slice_f32", x, n, n // 2, n, 2, x[:, ::2].contiguous())
    strided("broadcast_f32", x[0], n, n, 0, 1, x[0].expand(n, n).contiguous())
    transpose("cast_transpose_bf16", x, 1, n, n, torch.bfloat16)
    h = x.half()
    del x
    torch.cuda.empty_cache()
    transpose("transpose_f16", h, 1, n, n)
    b = h.bfloat16()
    del h
    transpose("transpose_bf16", b, 1, n, n)
    del b
    torch.cuda.empty_cache()
    for name, shape, dtype in (("transpose_i8", (32768, n), torch.int8),
                               ("transpose_f64", (n, 8192), torch.float64),
                               ("transpose_f32_prime", (8191, 8193), torch.float32),
                               ("transpose_f16_odd", (16383, 4097), torch.float16)):
        t = rand(shape, dtype)
        transpose(name, t, 1, *shape)
        del t
        torch.cuda.empty_cache()
    p3 = torch.randn(128, 4099, 257, device=dev)
    transpose("permute3_f32_prime", p3, 128, 4099, 257)  # (0,2,1)
    del p3
    torch.cuda.empty_cache()
    for name, batch in (("permute_f16", 64), ("permute_f16_1GiB", 256)):
        p = torch.randn(batch, 256, 64, 64, device=dev, dtype=torch.float16)
        transpose(name, p, batch, 256, 64 * 64)  # (0,2,3,1): each batch item (C, H*W) -> (H*W, C)
        del p
        torch.cuda.empty_cache()
    small = torch.randn(8192, 4096, device=dev)
    copy("copy_f32_268MB", small)
    del small
    torch.cuda.empty_cache()
    table = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    gather("gather_rows_f16", table, torch.randint(0, 1000000, (262144,), device=dev, dtype=torch.int32))
    gather("gather_rows_f16_1GiB", table, torch.randint(0, 1000000, (1048576,), device=dev, dtype=torch.int32))
    del table
    torch.cuda.empty_cache()
    for name, width, dtype in (("gather_rows77_f32", 77, torch.float32), ("gather_rows250_bf16", 250, torch.bfloat16)):
        narrow = torch.randn(1000000, width, device=dev, dtype=dtype)
        gather(name, narrow, torch.randint(0, 1000000, (1000000,), device=dev, dtype=torch.int32))
        del narrow
        torch.cuda.empty_cache()
    table = torch.randn(1000000, 256, device=dev, dtype=torch.float16)
    scatter("scatter_rows_f16", table, torch.randperm(1000000, device=dev),
            torch.randn(1000000, 256, device=dev, dtype=torch.float16))
    del table
    torch.cuda.empty_cache()
    # Narrow rows: 4M indices into a table of 4M rows.
    rows = 4194304
    for name, width, dtype in (("gather_rows1_f32", 1, torch.float32), ("gather_rows3_bf16", 3, torch.bfloat16),
                               ("gather_rows5_f32", 5, torch.float32), ("gather_rows16_i8", 16, torch.int8),
                               ("gather_rows12_f16", 12, torch.float16)):
        narrow = rand((rows, width), dtype)
        gather(name, narrow, torch.randint(0, rows, (rows,), device=dev, dtype=torch.int32))
        del narrow
        torch.cuda.empty_cache()
    scatter("scatter_rows3_bf16", torch.randn(rows, 3, device=dev, dtype=torch.bfloat16),
            torch.randperm(rows, device=dev), torch.randn(rows, 3, device=dev, dtype=torch.bfloat16))
    if failed:
        print("triton_peer: FAILED:", " ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
