"""The seeds' composed layouts as kernels on a GPU: make_tensor over a
composed layout whose inner is a Python function (an index-tensor read,
integer arithmetic, a coordinate) and layoutc.copy between such tensors,
one kernel each, every element checked against the host evaluation of the
same LayoutTensor. Skips without torch or a CUDA device (and under the
stand-in driver). bench/gpu/run.sh runs it on the GPU host."""
import unittest

import layoutc as cute

from gpu_support import WHY_NOT, DLPackOnly, torch


@unittest.skipIf(WHY_NOT, WHY_NOT)
class ComposedCopiesTest(unittest.TestCase):
    def check(self, src, out):
        """out holds src's elements in the order of out's layout."""
        cute.copy(src, out)
        torch.cuda.synchronize()
        n = cute.size(src.layout)
        got = [out[i] for i in range(n)]
        want = [src[i] for i in range(n)]
        self.assertEqual(got, want)

    def test_the_notebooks_gather(self):
        # composed-layout-notes.md: offsets = randint(0, 256, shape), data = arange(256)
        shape = (16, 12)
        g = torch.Generator(device="cuda").manual_seed(3)
        offsets = cute.from_dlpack(torch.randint(0, 256, shape, dtype=torch.int32, device="cuda", generator=g))
        data = torch.arange(0, 256, dtype=torch.int32, device="cuda")

        def inner(c):
            return offsets[c]

        gather = cute.make_tensor(data, cute.make_composed_layout(inner, 0, cute.make_layout(shape)))
        out = torch.full(shape, -1, dtype=torch.int32, device="cuda")
        self.check(gather, cute.make_tensor(out))  # out[i, j] = gather[i, j]
        # and the gather is data[offsets] elementwise, as torch computes it
        self.assertTrue(torch.equal(out, data[offsets.data.long()]))

    def test_integer_arithmetic_and_floor_semantics(self):
        # a permutation of 97 (prime) elements, with negative intermediate values
        data = torch.randn(97, device="cuda")  # seen through DLPack alone, as a JAX array is
        t = cute.make_tensor(DLPackOnly(data),
                             cute.make_composed_layout(lambda i: (5 - 3 * i) % 97, 0, cute.make_layout(97)))
        out = torch.full((97,), float("nan"), device="cuda")
        self.check(t, cute.make_tensor(out))

    def test_an_identity_layout_and_a_coordinate_result(self):
        # the notebook's first program: inner(x, y) = (x, y + 1), offset (1, 0), over (8, 4), on 9 x 5 data
        def inner(c):
            x, y = c
            return x, y + 1

        data = torch.arange(45, dtype=torch.float32, device="cuda").reshape(9, 5)
        t = cute.make_tensor(data, cute.make_composed_layout(inner, (1, 0), cute.make_identity_layout((8, 4))))
        out = torch.zeros((8, 4), device="cuda")
        self.check(t, cute.make_tensor(out))
        self.assertTrue(torch.equal(out, data[1:, 1:]))

    def test_a_scatter_through_a_function_and_a_conversion(self):
        n = 1000
        perm = cute.from_dlpack(torch.randperm(n, device="cuda").to(torch.int64))
        src = torch.randn(n, device="cuda", dtype=torch.float16)
        out = torch.zeros(n, device="cuda", dtype=torch.float32)
        dst = cute.make_tensor(out, cute.make_composed_layout(lambda i: perm[i], 0, cute.make_layout(n)))
        cute.copy(cute.make_tensor(src), dst)
        torch.cuda.synchronize()
        want = torch.zeros(n, device="cuda")
        want[perm.data] = src.float()
        self.assertTrue(torch.equal(out, want))

    def test_an_untraceable_function_is_refused_before_any_launch(self):
        data = torch.zeros(8, device="cuda")
        t = cute.make_tensor(data, cute.make_composed_layout(lambda i: i if i > 2 else 0, 0, cute.make_layout(8)))
        with self.assertRaises(cute.TraceError):
            cute.copy(t, torch.zeros(8, device="cuda"))


if __name__ == "__main__":
    unittest.main()
