"""layoutc's kernels on PyTorch's tensors (docs/python.md); needs a GPU."""
import torch

import layoutc

x = torch.randn(4096, 4096, device="cuda")
out = torch.empty(4096, 4096, device="cuda")
layoutc.copy(x.t(), out)                                # a transpose, on torch's current stream
print("transpose equal:", torch.equal(out, x.t().contiguous()))

h = torch.randn(8, 64, 32, 32, device="cuda", dtype=torch.float16)
p = layoutc.copy(h.permute(0, 2, 3, 1))                 # NCHW -> NHWC, a new tensor
print("permute equal:", torch.equal(p, h.permute(0, 2, 3, 1).contiguous()))

table = torch.randn(100000, 256, device="cuda", dtype=torch.float16)
idx = torch.randint(0, 100000, (4096,), device="cuda", dtype=torch.int32)
rows = layoutc.gather(table, idx)                       # rows[r] = table[idx[r]]
print("gather equal:", torch.equal(rows, torch.index_select(table, 0, idx)))

kernels = layoutc.default_jit().cache_stats()["entries"]
for n in (1000, 2048, 3000):                            # other shapes of the same families
    y = torch.randn(n, 512, device="cuda")
    assert torch.equal(layoutc.copy(y.t()), y.t().contiguous())
    assert torch.equal(layoutc.gather(table, idx[:n]), table[idx[:n]])
print("kernels compiled for 6 more shapes:", layoutc.default_jit().cache_stats()["entries"] - kernels)


@torch.compile(fullgraph=True)
def to_heads(q):                                        # BSHD -> BHSD in bf16, in one graph
    return layoutc.copy(q.permute(0, 2, 1, 3), dtype=torch.bfloat16)


q = torch.randn(2, 777, 16, 128, device="cuda")
print("compiled equal:", torch.equal(to_heads(q), q.permute(0, 2, 1, 3).to(torch.bfloat16)))

w = torch.randn(1000, 64, device="cuda", requires_grad=True)
layoutc.gather(w, idx % 1000).sum().backward()          # autograd: the gradient is scattered back
print("grad equal:", torch.equal(w.grad, torch.zeros_like(w).index_add_(0, idx.long() % 1000,
                                                                           torch.ones(4096, 64, device="cuda"))))
try:
    layoutc.gather(table, idx, rows.float())
except layoutc.ArgumentError as e:
    print("ArgumentError:", e)
