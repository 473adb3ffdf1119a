"""layoutc in one process with Triton and torch.compile, each carrying its
own LLVM: a Triton kernel and a torch.compile'd function compile and run
before layoutc is imported, layoutc's kernels after them, then new Triton
and Inductor compiles, then a new layoutc kernel; every result is compared
with PyTorch's. A fresh interpreter runs the sequence (the test process has
imported layoutc already), from a file, where Triton reads its kernels'
source. Skips without torch, Triton or a CUDA device."""
import os
import subprocess
import sys
import tempfile
import unittest

try:
    import torch
    import triton  # noqa: F401
    WHY_NOT = None if torch.cuda.is_available() else "torch finds no CUDA device"
except ImportError as e:
    WHY_NOT = "%s is not installed" % e.name
if os.environ.get("LAYOUTC_TEST_DRIVER") == "stand-in":
    WHY_NOT = "the stand-in driver runs no kernel"

SEQUENCE = r'''
import torch, triton, triton.language as tl

@triton.jit
def axpy(x, y, out, n, a, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(out + i, a * tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)

def triton_axpy(block, n):
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.full_like(x, float("nan"))
    axpy[(triton.cdiv(n, block),)](x, y, out, n, 3.0, BLOCK=block)
    # Triton fuses the multiply-add (one rounding), torch rounds twice.
    assert torch.allclose(out, 3.0 * x + y, rtol=1e-5, atol=1e-5), "triton axpy, BLOCK=%d" % block
    print("triton kernel (BLOCK=%d): ok" % block)

def compiled(shape):
    f = torch.compile(lambda x, y: torch.sin(x) * y + x.t().sum(dim=0), dynamic=False)
    x, y = torch.randn(*shape, device="cuda"), torch.randn(*shape, device="cuda")
    assert torch.allclose(f(x, y), torch.sin(x) * y + x.t().sum(dim=0), atol=1e-4), "torch.compile %s" % (shape,)
    print("torch.compile %s: ok" % (shape,))

triton_axpy(256, 100003)
compiled((64, 64))

import layoutc
x = torch.randn(1001, 777, device="cuda")
out = torch.full((777, 1001), float("nan"), device="cuda")
layoutc.copy(x.t(), out)
torch.cuda.synchronize()
assert torch.equal(out, x.t().contiguous()), "layoutc transpose"
table = torch.randn(5000, 77, device="cuda", dtype=torch.bfloat16)
index = torch.randint(0, 5000, (3001,), device="cuda", dtype=torch.int32)
rows = torch.full((3001, 77), float("nan"), device="cuda", dtype=torch.bfloat16)
layoutc.gather(table, index, rows)
torch.cuda.synchronize()
assert torch.equal(rows, table[index.long()]), "layoutc gather"
print("layoutc transpose and gather: ok")

triton_axpy(1024, 99991)
compiled((96, 96))

y = torch.randn(33, 65, 17, device="cuda", dtype=torch.float16)
out = torch.empty(17, 33, 65, device="cuda", dtype=torch.float16).fill_(float("nan"))
layoutc.copy(y.permute(2, 0, 1), out)
torch.cuda.synchronize()
assert torch.equal(out, y.permute(2, 0, 1).contiguous()), "layoutc permute"
print("layoutc permute after them: ok")
'''


@unittest.skipIf(WHY_NOT, WHY_NOT)
class InteropTest(unittest.TestCase):
    def test_triton_torch_compile_and_layoutc_in_one_process(self):
        with tempfile.TemporaryDirectory() as tmp:
            script = os.path.join(tmp, "interop.py")
            with open(script, "w") as f:
                f.write(SEQUENCE)
            run = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=600)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertEqual(run.stdout.splitlines(), [
            "triton kernel (BLOCK=256): ok", "torch.compile (64, 64): ok", "layoutc transpose and gather: ok",
            "triton kernel (BLOCK=1024): ok", "torch.compile (96, 96): ok", "layoutc permute after them: ok"])


if __name__ == "__main__":
    unittest.main()
