"""CuTe DSL's composed-layout notebook, past where it stops: tensors over
composed layouts whose inner is a Python function, copied on the GPU.
docs/python.md shows its output."""
import torch

import layoutc as cute

# The notebook's gather: inner(c) = offsets[c], data read through it.
shape = (16, 12)
offsets = cute.from_dlpack(torch.randint(0, 256, shape, dtype=torch.int32, device="cuda"))
data = torch.arange(0, 256, dtype=torch.int32, device="cuda")


def inner(c):
    return offsets[c]


gather = cute.make_tensor(data, cute.make_composed_layout(inner, 0, cute.make_layout(shape)))
out = torch.empty(shape, dtype=torch.int32, device="cuda")
cute.copy(gather, cute.make_tensor(out))                # one kernel: the index read traced into it
print(gather.layout)
print("gather equal:", torch.equal(out, data[offsets.data.long()]))


# The notebook's first program: inner(x, y) = (x, y + 1) over the identity
# layout of (8, 4), offset (1, 0): a coordinate of the data, a 9 x 5 tensor.
def shifted(c):
    x, y = c
    return x, y + 1


grid = torch.arange(45, dtype=torch.float32, device="cuda").reshape(9, 5)
window = cute.make_tensor(grid, cute.make_composed_layout(shifted, (1, 0), cute.make_identity_layout((8, 4))))
corner = torch.empty(8, 4, device="cuda")
cute.copy(window, cute.make_tensor(corner))
print("window equal:", torch.equal(corner, grid[1:, 1:]), "host:", window[7, 3], corner[7, 3].item())

try:
    cute.copy(cute.make_tensor(data, cute.make_composed_layout(lambda i: i if i < 9 else 0, 0,
                                                               cute.make_layout(8))), out)
except cute.TraceError as e:
    print("TraceError:", e)
