"""Triton's bandwidth on the cases of bench/gpu/run.sh: the second peer's column.

    python3 triton_peer.py table          # the cases cases.py names
    python3 triton_peer.py sizes 4MB 1GB

For each case, a Triton kernel written as a user would write it, tuned as a
user would tune it: a few block configurations (tile sizes, num_warps)
swept, the best one kept. Prints one line per case,
`name GB/s config`, with the same data sizes, dtypes and bytes as
torch_peer.py (read + written, plus the indices of a gather or scatter),
timed the same way (torch_peer.timed: a warm-up, then the mean of 10
launches or of as many as take 2 ms, CUDA events). Before a configuration is timed, its output is
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
import cases
from torch_peer import DTYPE, rand, tensors, timed  # timed: GB/s of fn, mean of at least 10 launches after a warm-up


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


def run(case):
    """The case's Triton kernel on torch_peer.tensors(case), swept."""
    d, x = case.dims, tensors(case)
    if case.kind == "copy":
        copy(case.name, x)
    elif case.kind == "transpose":
        transpose(case.name, x, *d, DTYPE[case.to] if case.to else None)
    elif case.kind == "permute":  # (0,2,3,1): each batch item (C, H*W) -> (H*W, C)
        transpose(case.name, x, d[0], d[1], d[2] * d[3])
    elif case.kind == "slice":
        strided(case.name, x, d[0], d[1], 2 * d[1], 2, x[:, ::2].contiguous())
    elif case.kind == "broadcast":
        strided(case.name, x, d[0], d[1], 0, 1, x.expand(d[0], d[1]).contiguous())
    elif case.kind == "gather":
        gather(case.name, *x)
    else:
        scatter(case.name, *x)


def main(argv):
    torch.manual_seed(0)
    # Each case's tensors are freed before the next (peak about 3 GiB: a
    # 1 GiB transpose's source, result and torch's reference).
    for case in cases.for_peers(argv):
        run(case)
        torch.cuda.empty_cache()
    if failed:
        print("triton_peer: FAILED:", " ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
