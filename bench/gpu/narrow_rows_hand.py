"""Hand-written CUDA kernels for gathers of narrow rows: what the best design reaches.

Issue 33 asks narrow-row gathers (rows of 1 to 64 bytes) to beat the faster
of Triton and PyTorch by 1.3x, and allows a row the card cannot reach if a
hand kernel of the best design is no faster. This script times, in one run
and on the cases of run.sh (4,194,304 int32 indices into 4,194,304 rows),
hand kernels of several designs (CuPy's NVRTC; the sources are written here,
they are not layoutc output) beside PyTorch's index_select, layoutc's gather
(from its Python package) and the tuned Triton kernel of triton_peer.py, and
prints GB/s (read + written + indices,
as torch_peer.py counts them). Every kernel's output is compared with
torch's, element for element, before it is timed.

Designs (T the element type's bytes, W elements a row):
- row:    a thread per row, W loads and W stores.
- rowsK:  a thread per K consecutive rows (the count a multiple of K): K indices, K*W loads into
          registers, stored as 16-byte vectors where K*W*T is a multiple
          of 16 (else element by element).
- lanes:  a thread per vector of V elements of a row (V the widest power of
          2 dividing W in at most 16 bytes), consecutive threads consecutive
          vectors of the output, U = 4 vectors per thread with their index
          loads first, then the U row loads, then the U stores.
- flat:   a thread per output element, consecutive threads consecutive
          elements (coalesced stores), the row e / W in 32-bit math, its
          index read per element (the cache serves the repeats).
"""
import sys

import cupy
import layoutc
import torch
import triton_peer
from torch_peer import timed

TYPES = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long"}
VECTORS = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "uint2", 16: "uint4"}


def vector(t, w):
    v = 1
    while w % (v * 2) == 0 and v * 2 * t <= 16:
        v *= 2
    return v


def source(t, w, k):
    return f"""
typedef {TYPES[t]} T;
extern "C" __global__ void row(const T *__restrict__ table, const int *__restrict__ idx, T *__restrict__ out, long rows) {{
  for (long r = blockIdx.x * (long)blockDim.x + threadIdx.x; r < rows; r += (long)gridDim.x * blockDim.x) {{
    long s = (long)idx[r] * {w};
#pragma unroll
    for (int c = 0; c < {w}; ++c) out[r * {w} + c] = table[s + c];
  }}
}}
extern "C" __global__ void rowsK(const T *__restrict__ table, const int *__restrict__ idx, T *__restrict__ out, long rows) {{
  const int K = {k}, W = {w};
  long groups = rows / K;
  for (long g = blockIdx.x * (long)blockDim.x + threadIdx.x; g < groups; g += (long)gridDim.x * blockDim.x) {{
    int ix[K];
#pragma unroll
    for (int j = 0; j < K; ++j) ix[j] = idx[g * K + j];
    __align__(16) T buf[K * W];
#pragma unroll
    for (int j = 0; j < K; ++j)
#pragma unroll
      for (int c = 0; c < W; ++c) buf[j * W + c] = table[(long)ix[j] * W + c];
    if ((K * W * sizeof(T)) % 16 == 0) {{
      uint4 *o = (uint4 *)(out + g * K * W);
      const uint4 *b = (const uint4 *)buf;
#pragma unroll
      for (int v = 0; v < (int)(K * W * sizeof(T) / 16); ++v) o[v] = b[v];
    }} else {{
#pragma unroll
      for (int e = 0; e < K * W; ++e) out[g * K * W + e] = buf[e];
    }}
  }}
}}
typedef {VECTORS[t * vector(t, w)]} V;
extern "C" __global__ void lanes(const T *__restrict__ table, const int *__restrict__ idx, T *__restrict__ out, long rows) {{
  const int P = {w // vector(t, w)}, U = 4;  // vectors a row, vectors a thread
  long n = rows * P, total = (long)gridDim.x * blockDim.x;
  const V *src = (const V *)table;
  V *dst = (V *)out;
  for (long j = blockIdx.x * (long)blockDim.x + threadIdx.x; j < n; j += total * U) {{
    int ix[U]; V x[U];
#pragma unroll
    for (int u = 0; u < U; ++u) if (j + u * total < n) ix[u] = idx[(j + u * total) / P];
#pragma unroll
    for (int u = 0; u < U; ++u) if (j + u * total < n) x[u] = src[(long)ix[u] * P + (j + u * total) % P];
#pragma unroll
    for (int u = 0; u < U; ++u) if (j + u * total < n) dst[j + u * total] = x[u];
  }}
}}
extern "C" __global__ void flat(const T *__restrict__ table, const int *__restrict__ idx, T *__restrict__ out, long rows) {{
  unsigned n = (unsigned)(rows * {w});
  for (unsigned e = blockIdx.x * blockDim.x + threadIdx.x; e < n; e += gridDim.x * blockDim.x) {{
    unsigned r = e / {w}u, c = e - r * {w}u;
    out[e] = table[(long)idx[r] * {w} + c];
  }}
}}
"""


def main():
    dev = torch.device("cuda")
    print("card:", torch.cuda.get_device_name(0))
    rows = 4194304
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print(f"{'case':20} {'design':10} {'GB/s':>8}")
    for name, width, dtype in (("gather_rows1_f32", 1, torch.float32), ("gather_rows3_bf16", 3, torch.bfloat16),
                               ("gather_rows5_f32", 5, torch.float32), ("gather_rows16_i8", 16, torch.int8),
                               ("gather_rows12_f16", 12, torch.float16)):
        table = triton_peer.rand((rows, width), dtype)
        idx = torch.randint(0, rows, (rows,), device=dev, dtype=torch.int32)
        ref = table.index_select(0, idx)
        nbytes = 2 * rows * width * table.element_size() + rows * 4
        t = table.element_size()
        results = [("torch", timed(lambda: table.index_select(0, idx), nbytes))]
        ours = torch.empty_like(ref)
        layoutc.gather(table, idx, ours)
        torch.cuda.synchronize()
        if not torch.equal(ours.view(torch.uint8), ref.view(torch.uint8)):
            print(f"{name} layoutc FAILED", file=sys.stderr)
            return 1
        results.append(("layoutc", timed(lambda: layoutc.gather(table, idx, ours), nbytes)))
        for k in (4, 8, 16):
            mod = cupy.RawModule(code=source(t, width, k), options=("-std=c++17",))
            out = torch.empty_like(ref)
            args = (cupy.asarray(table.view(-1)), cupy.asarray(idx), cupy.asarray(out.view(-1)), cupy.int64(rows))
            for design in ("row", "rowsK", "lanes", "flat") if k == 4 else ("rowsK",):
                fn = mod.get_function(design)
                for threads in (128, 256):
                    for waves in (4, 16, 0):
                        units = {"rowsK": rows // k, "flat": rows * width,
                                 "lanes": rows * width // vector(t, width) // 4}.get(design, rows)
                        blocks = (units + threads - 1) // threads if waves == 0 else sms * waves
                        blocks = min(blocks, (units + threads - 1) // threads)

                        def launch():
                            fn((blocks,), (threads,), args)

                        out.zero_()
                        launch()
                        torch.cuda.synchronize()
                        if not torch.equal(out.view(torch.uint8), ref.view(torch.uint8)):
                            print(f"{name} {design} k={k} FAILED", file=sys.stderr)
                            return 1
                        label = f"{design}{k if design == 'rowsK' else ''}/{threads}/{waves or 'all'}"
                        results.append((label, timed(launch, nbytes)))
        families = {}
        for label, gbs in results:  # the best of each design (and K)
            family = label.split("/")[0]
            if family not in families or gbs > families[family][1]:
                families[family] = (label, gbs)
        for label, gbs in families.values():
            print(f"{name:20} {label:16} {gbs:8.1f}")
        triton_peer.gather(name, table, idx)
        del table, idx, ref
        torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
