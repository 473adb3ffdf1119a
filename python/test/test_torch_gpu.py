"""layoutc inside a PyTorch program, on a GPU: every dtype torch copies moved
and converted bit for bit as torch's .to() does; the functional forms;
autograd; torch.compile(fullgraph=True) over functions that call layoutc
(the torch.library ops, no graph break); CUDA graph capture and replay;
one kernel per family across the shapes a serving loop sees; torch's lazy
conjugate and negative views. Skips without torch or a CUDA device.
bench/gpu/run.sh runs it on the GPU host (part `python`)."""
import os
import subprocess
import sys
import unittest
import warnings

import layoutc

from gpu_support import WHY_NOT, torch

if torch is not None:
    DTYPES = [torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int32, torch.int8, torch.int64,
              torch.uint8, torch.int16, torch.bool, torch.float8_e4m3fn, torch.float8_e5m2, torch.complex64,
              torch.complex128]


def bits(t):
    """t's elements as integers of their width (complex: pairs of parts):
    equal exactly where the bits are, NaNs included."""
    if t.is_complex():
        t = torch.view_as_real(t)
    width = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[t.element_size()]
    return t.contiguous().view(width)


def every_bit_pattern(shape, dtype, generator):
    """Random bytes read as `dtype` (every float's NaNs, infinities,
    subnormals and signed zeros among them); bools 0 or 1."""
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=generator, device="cuda").bool()
    count = 1
    for e in shape:
        count *= e
    size = torch.empty((), dtype=dtype).element_size()
    raw = torch.randint(0, 256, (count * size,), generator=generator, device="cuda", dtype=torch.uint8)
    return raw.view(dtype).view(shape)


@unittest.skipIf(WHY_NOT, WHY_NOT)
class DTypesTest(unittest.TestCase):
    """Every pair of the 14 dtypes: a transpose (the staged kernel) and a
    strided copy, converted on the way, against torch's .to() bit for bit."""

    def test_every_pair_converts_as_torch_does(self):
        g = torch.Generator(device="cuda").manual_seed(3)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch's "discards the imaginary part"
            for src_dtype in DTYPES:
                x = every_bit_pattern((192, 320), src_dtype, g)
                for dst_dtype in DTYPES:
                    with self.subTest(src=src_dtype, dst=dst_dtype):
                        expected = x.t().to(dst_dtype)
                        out = torch.empty((320, 192), dtype=dst_dtype, device="cuda")
                        layoutc.copy(x.t(), out)
                        self.assertTrue(torch.equal(bits(out), bits(expected)))
                        strided = layoutc.copy(x[:, ::3], dtype=dst_dtype)
                        self.assertTrue(torch.equal(bits(strided), bits(x[:, ::3].to(dst_dtype))))

    def test_every_dtype_gathers_and_scatters_its_bits(self):
        g = torch.Generator(device="cuda").manual_seed(4)
        for dtype in DTYPES:
            with self.subTest(dtype=dtype):
                # The expected rows moved as integers of the elements' width
                # (torch indexes few of these dtypes itself).
                table = every_bit_pattern((5000, 37), dtype, g)
                idx = torch.randint(0, 5000, (999,), generator=g, device="cuda")
                self.assertTrue(torch.equal(bits(layoutc.gather(table, idx)), bits(table)[idx]))
                rows = every_bit_pattern((999, 37), dtype, g)
                distinct = torch.randperm(5000, generator=g, device="cuda")[:999]
                expected = bits(table).clone().index_copy_(0, distinct, bits(rows))
                layoutc.scatter(rows, distinct, table)
                self.assertTrue(torch.equal(bits(table), expected))


@unittest.skipIf(WHY_NOT, WHY_NOT)
class TorchConventionsTest(unittest.TestCase):
    def setUp(self):
        self.g = torch.Generator(device="cuda").manual_seed(1)

    def test_functional_forms(self):
        x = torch.randn(300, 200, generator=self.g, device="cuda")
        y = layoutc.copy(x.t())
        self.assertTrue(y.is_contiguous())
        self.assertTrue(torch.equal(y, x.t().contiguous()))
        half = layoutc.copy(x.t(), dtype=torch.float16)
        self.assertEqual(half.dtype, torch.float16)
        self.assertTrue(torch.equal(half, x.t().to(torch.float16)))
        idx = torch.randint(0, 300, (77,), generator=self.g, device="cuda", dtype=torch.int32)
        self.assertTrue(torch.equal(layoutc.gather(x, idx), torch.index_select(x, 0, idx)))
        out = torch.empty(200, 300, device="cuda")
        self.assertIs(layoutc.copy(x.t(), out), out)

    def test_autograd_through_the_functional_forms(self):
        x = torch.randn(40, 30, dtype=torch.float64, device="cuda", requires_grad=True)
        self.assertTrue(torch.autograd.gradcheck(lambda t: layoutc.copy(t.t(), scale=3.0), (x,)))
        idx = torch.tensor([3, 0, 3, 39, 7], device="cuda")
        self.assertTrue(torch.autograd.gradcheck(lambda t: layoutc.gather(t, idx), (x,)))
        # A cast: the gradient comes back in the source's dtype.
        w = torch.randn(30, 40, device="cuda")
        (layoutc.copy(x.t(), dtype=torch.float32, scale=0.5) * w).sum().backward()
        self.assertEqual(x.grad.dtype, torch.float64)
        self.assertTrue(torch.equal(x.grad, (0.5 * w.t()).to(torch.float64)))

    def test_lazy_conjugate_and_negative_views(self):
        z = torch.randn(64, 48, dtype=torch.complex64, generator=self.g, device="cuda")
        self.assertTrue(torch.equal(layoutc.copy(z.conj().t()), z.conj().t().resolve_conj()))
        negative = z.conj().imag  # a negative view of a real tensor
        self.assertTrue(negative.is_neg())
        self.assertTrue(torch.equal(layoutc.copy(negative), negative.resolve_neg()))
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.copy(z, z.clone().conj())
        self.assertIn("dst: a conjugate or negative view", str(e.exception))

    def test_cuda_graph_capture_and_replay(self):
        x = torch.randn(512, 384, generator=self.g, device="cuda")
        table = torch.randn(1000, 64, generator=self.g, device="cuda")
        idx = torch.randint(0, 1000, (300,), generator=self.g, device="cuda")
        out, rows = torch.empty(384, 512, device="cuda"), torch.empty(300, 64, device="cuda")
        layoutc.copy(x.t(), out)  # compiled and loaded before the capture
        layoutc.gather(table, idx, rows)
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            layoutc.copy(x.t(), out)
            layoutc.gather(table, idx, rows)
        for _ in range(3):
            x.copy_(torch.randn(512, 384, generator=self.g, device="cuda"))
            idx.copy_(torch.randint(0, 1000, (300,), generator=self.g, device="cuda"))
            graph.replay()
            torch.cuda.synchronize()
            self.assertTrue(torch.equal(out, x.t().contiguous()))
            self.assertTrue(torch.equal(rows, table[idx]))


@unittest.skipIf(WHY_NOT, WHY_NOT)
class TorchCompileTest(unittest.TestCase):
    def setUp(self):
        torch._dynamo.reset()
        self.g = torch.Generator(device="cuda").manual_seed(2)

    def test_fullgraph_functional_and_in_place(self):
        def f(x, table, idx, out):
            y = layoutc.copy(x.t())
            layoutc.copy(x, out.t())
            rows = layoutc.gather(table, idx)
            return y * 2, rows + 1

        compiled = torch.compile(f, fullgraph=True)
        x = torch.randn(96, 64, generator=self.g, device="cuda")
        table = torch.randn(500, 32, generator=self.g, device="cuda")
        idx = torch.randint(0, 500, (70,), generator=self.g, device="cuda")
        out = torch.empty(64, 96, device="cuda")
        y, rows = compiled(x, table, idx, out)
        self.assertTrue(torch.equal(y, x.t() * 2))
        self.assertTrue(torch.equal(rows, table[idx] + 1))
        self.assertTrue(torch.equal(out.t(), x))
        explained = torch._dynamo.explain(f)(x, table, idx, out)
        self.assertEqual(explained.graph_break_count, 0)

    def test_dynamic_shapes_and_scatter(self):
        def f(x, src, idx, table):
            layoutc.scatter(src, idx, table)
            return layoutc.copy(x.permute(0, 2, 1, 3))

        compiled = torch.compile(f, fullgraph=True, dynamic=True)
        for s in (17, 64, 301):
            x = torch.randn(2, s, 4, 32, generator=self.g, device="cuda")
            table = torch.zeros(400, 8, device="cuda")
            idx = torch.randperm(400, generator=self.g, device="cuda")[:s]
            src = torch.randn(s, 8, generator=self.g, device="cuda")
            y = compiled(x, src, idx, table)
            self.assertTrue(torch.equal(y, x.permute(0, 2, 1, 3).contiguous()))
            self.assertTrue(torch.equal(table[idx], src))

    def test_layoutc_imported_before_torch(self):
        # The ops registered while torch.compile traces the first call.
        script = ("import layoutc, torch\n"
                  "f = torch.compile(lambda x: layoutc.copy(x.t()) + 1, fullgraph=True)\n"
                  "x = torch.randn(64, 32, device='cuda')\n"
                  "print(torch.equal(f(x), x.t() + 1))\n")
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                             env=dict(os.environ))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout.strip(), "True")


@unittest.skipIf(WHY_NOT, WHY_NOT)
class FamiliesTest(unittest.TestCase):
    """The shapes a serving loop sees: one compile per family."""

    def setUp(self):
        self.g = torch.Generator(device="cuda").manual_seed(5)

    def test_sequence_lengths_token_counts_and_image_sizes(self):
        jit = layoutc.Jit(disk_cache=False)
        for s in range(1, 4000, 131):  # BSHD -> BHSD, 31 sequence lengths
            x = torch.randn(2, s, 16, 128, generator=self.g, device="cuda").to(torch.bfloat16)
            out = torch.empty(2, 16, s, 128, dtype=torch.bfloat16, device="cuda")
            layoutc.copy(x.permute(0, 2, 1, 3), out, jit=jit)
            self.assertTrue(torch.equal(out, x.permute(0, 2, 1, 3).contiguous()))
        self.assertEqual(jit.cache_stats()["misses"], 2)  # s = 1 is a contiguous copy: a family of its own
        table = torch.randn(50000, 256, generator=self.g, device="cuda").to(torch.float16)
        for tokens in (1, 7, 100, 4099, 30000):
            idx = torch.randint(0, 50000, (tokens,), generator=self.g, device="cuda")
            rows = torch.empty(tokens, 256, dtype=torch.float16, device="cuda")
            layoutc.gather(table, idx, rows, jit=jit)
            self.assertTrue(torch.equal(rows, table[idx]))
        self.assertEqual(jit.cache_stats()["misses"], 3)
        for h, w in ((224, 224), (256, 256), (320, 240), (512, 384)):  # NCHW -> NHWC, H * W a multiple of 16
            x = torch.randn(4, 3, h, w, generator=self.g, device="cuda")
            out = torch.empty(4, h, w, 3, device="cuda")
            layoutc.copy(x.permute(0, 2, 3, 1), out, jit=jit)
            self.assertTrue(torch.equal(out, x.permute(0, 2, 3, 1).contiguous()))
        self.assertEqual(jit.cache_stats()["misses"], 4)
        torch.cuda.synchronize()


if __name__ == "__main__":
    unittest.main()
