"""layoutc from Python on PyTorch's tensors, beside torch's own operation on
the same tensors: a transpose and a permute (torch: t()/permute().contiguous()),
a row gather (torch.index_select), a row scatter (index_copy_), and CuTe
DSL's notebook's two composed layouts at scale, tensors through a composed
layout whose inner is a Python function: a gather reading an index tensor
(torch: data[offsets], advanced indexing) and a window, inner(x, y) =
(x, y + 1) over an identity layout (torch: grid[1:, 1:].contiguous()). Bytes
read + written (plus the indices), mean of 10 launches or of as many as
take 2 ms, after a warm-up (which compiles layoutc's kernel), CUDA events on torch's current stream
(torch_peer.timed); each result is checked element by element against
torch's once. Prints a table; exit 1 if a result differs.
"""
import sys

import torch
from torch_peer import timed  # GB/s of fn: mean of at least 10 launches after a warm-up

import layoutc


def main():
    dev = "cuda"
    cases = []
    x = torch.randn(16384, 16384, device=dev)
    out = torch.empty(16384, 16384, device=dev)
    cases.append(("transpose_f32 16384^2", 2 * x.numel() * 4, lambda: layoutc.copy(x.t(), out),
                  lambda: x.t().contiguous(), lambda: torch.equal(out, x.t().contiguous())))
    h = torch.randn(64, 256, 64, 64, device=dev).half()
    hp = torch.empty(64, 64, 64, 256, device=dev, dtype=torch.float16)
    cases.append(("permute_f16 (0,2,3,1)", 2 * h.numel() * 2, lambda: layoutc.copy(h.permute(0, 2, 3, 1), hp),
                  lambda: h.permute(0, 2, 3, 1).contiguous(), lambda: torch.equal(hp, h.permute(0, 2, 3, 1).contiguous())))
    table = torch.randn(1000000, 256, device=dev).half()
    idx = torch.randint(0, 1000000, (262144,), device=dev, dtype=torch.int32)
    rows = torch.empty(262144, 256, device=dev, dtype=torch.float16)
    cases.append(("gather_rows_f16 262144x256", 2 * rows.numel() * 2 + idx.numel() * 4,
                  lambda: layoutc.gather(table, idx, rows), lambda: torch.index_select(table, 0, idx),
                  lambda: torch.equal(rows, torch.index_select(table, 0, idx))))
    sidx = torch.randperm(1000000, device=dev)[:262144]
    src = torch.randn(262144, 256, device=dev).half()
    cases.append(("scatter_rows_f16 262144x256", 2 * src.numel() * 2 + sidx.numel() * 8,
                  lambda: layoutc.scatter(src, sidx, table), lambda: table.index_copy_(0, sidx, src),
                  lambda: torch.equal(table[sidx], src)))

    # CuTe DSL's notebook's gather, 8192 x 8192: out[i, j] = data[offsets[i, j]], the inner traced into the kernel
    offsets = layoutc.from_dlpack(torch.randint(0, 1 << 26, (8192, 8192), device=dev, dtype=torch.int32))
    data = torch.randn(1 << 26, device=dev)
    gathered = torch.empty(8192, 8192, device=dev)
    through = layoutc.make_tensor(data, layoutc.make_composed_layout(lambda c: offsets[c], 0,
                                                                     layoutc.make_layout((8192, 8192))))
    into = layoutc.make_tensor(gathered)
    cases.append(("composed_gather_f32 8192^2", 3 * gathered.numel() * 4, lambda: layoutc.copy(through, into),
                  lambda: data[offsets.data], lambda: torch.equal(gathered, data[offsets.data])))

    # the notebook's first program, 16383 x 16383: out[x, y] = grid[x + 1, y + 1], a coordinate from the function
    grid = torch.randn(16384, 16384, device=dev)
    window = torch.empty(16383, 16383, device=dev)
    shifted = layoutc.make_tensor(grid, layoutc.make_composed_layout(lambda c: (c[0], c[1] + 1), (1, 0),
                                                                     layoutc.make_identity_layout((16383, 16383))))
    into_window = layoutc.make_tensor(window)
    cases.append(("composed_window_f32 16383^2", 2 * window.numel() * 4, lambda: layoutc.copy(shifted, into_window),
                  lambda: grid[1:, 1:].contiguous(), lambda: torch.equal(window, grid[1:, 1:])))

    print("GPU: %s, torch %s, layoutc %s" % (torch.cuda.get_device_name(), torch.__version__, layoutc.version()))
    print("%-30s %10s %10s %7s  %s" % ("case (layoutc from Python)", "GB/s", "torch", "ratio", "every element"))
    failed = False
    for name, nbytes, ours, theirs, check in cases:
        gbs, peer_gbs = timed(ours, nbytes), timed(theirs, nbytes)
        ours()
        torch.cuda.synchronize()
        same = check()
        failed |= not same
        print("%-30s %10.1f %10.1f %7.2f  %s" % (name, gbs, peer_gbs, gbs / peer_gbs, "equal" if same else "DIFFERS"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
