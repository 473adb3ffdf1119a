"""layoutc's kernels on PyTorch's tensors (docs/python.md); needs a GPU."""
import torch

import layoutc

x = torch.randn(4096, 4096, device="cuda")
out = torch.empty(4096, 4096, device="cuda")
layoutc.copy(x.t(), out)                                # a transpose, on torch's current stream
print("transpose equal:", torch.equal(out, x.t().contiguous()))

h = torch.randn(8, 64, 32, 32, device="cuda", dtype=torch.float16)
p = torch.empty(8, 32, 32, 64, device="cuda", dtype=torch.float16)
layoutc.copy(h.permute(0, 2, 3, 1), p)                  # NCHW -> NHWC
print("permute equal:", torch.equal(p, h.permute(0, 2, 3, 1).contiguous()))

table = torch.randn(100000, 256, device="cuda", dtype=torch.float16)
idx = torch.randint(0, 100000, (4096,), device="cuda", dtype=torch.int32)
rows = torch.empty(4096, 256, device="cuda", dtype=torch.float16)
layoutc.gather(table, idx, rows)                        # rows[r] = table[idx[r]]
print("gather equal:", torch.equal(rows, torch.index_select(table, 0, idx)))

layoutc.copy(x.t(), out)                                # the same spec: no compile
print("cache:", layoutc.default_jit().cache_stats())
try:
    layoutc.gather(table, idx, rows.float())
except layoutc.ArgumentError as e:
    print("ArgumentError:", e)
