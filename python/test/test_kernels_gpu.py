"""The kernel half on a GPU, against PyTorch: every element of layoutc's
copy, gather and scatter compared with torch's own result (torch.equal),
outputs poisoned first so an element left unwritten shows; torch's tensors
taken directly and through DLPack alone (as JAX's arrays are). Skips without
torch or a CUDA device (and under the stand-in driver, which runs nothing).
bench/gpu/run.sh runs it on the GPU host (part `python`)."""
import unittest

import layoutc

from gpu_support import WHY_NOT, DLPackOnly, torch


def poisoned(shape, dtype):
    t = torch.empty(shape, dtype=dtype, device="cuda")
    if dtype.is_floating_point:
        return t.fill_(float("nan"))
    return t.fill_(-7)


def random(shape, dtype, generator):
    if dtype.is_floating_point:
        return torch.randn(shape, generator=generator, device="cuda").to(dtype)
    info = torch.iinfo(dtype)
    low, high = max(info.min, -2**40), min(info.max, 2**40)
    return torch.randint(low, high, shape, generator=generator, device="cuda", dtype=dtype)


@unittest.skipIf(WHY_NOT, WHY_NOT)
class TorchKernelsTest(unittest.TestCase):
    def setUp(self):
        self.g = torch.Generator(device="cuda").manual_seed(1)

    def test_transpose_in_every_dtype(self):
        for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int32, torch.int8):
            with self.subTest(dtype=dtype):
                x = random((1000, 777), dtype, self.g)
                out = poisoned((777, 1000), dtype)
                layoutc.copy(x.t(), out)
                torch.cuda.synchronize()
                self.assertTrue(torch.equal(out, x.t().contiguous()))

    def test_transpose_with_explicit_layouts(self):
        x = random((512, 256), torch.float32, self.g)
        out = poisoned((256, 512), torch.float32)
        layoutc.copy(x, out, src_layout="(512,256):(256,1)", dst_layout="(512,256):(1,512)")
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, x.t().contiguous()))

    def test_permute(self):
        x = random((8, 64, 33, 40), torch.float16, self.g)
        for order in ((0, 2, 3, 1), (3, 2, 1, 0), (1, 0, 3, 2)):
            with self.subTest(order=order):
                expected = x.permute(*order).contiguous()
                out = poisoned(expected.shape, torch.float16)
                layoutc.copy(x.permute(*order), out)
                torch.cuda.synchronize()
                self.assertTrue(torch.equal(out, expected))

    def test_strided_views_and_unaligned_pointers(self):
        x = random((301, 203), torch.float32, self.g)
        view = x[1:, 3::2]  # an offset that is not 16-byte aligned, a stride of 2
        out = poisoned(view.shape, torch.float32)
        layoutc.copy(view, out)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, view.contiguous()))

    def test_cast_on_the_way(self):
        x = random((256, 384), torch.float32, self.g)
        out = poisoned((384, 256), torch.bfloat16)
        layoutc.copy(x.t(), out)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, x.t().to(torch.bfloat16)))

    def test_gather_rows(self):
        for dtype, index_dtype, width in ((torch.float16, torch.int32, 256), (torch.float32, torch.int64, 77),
                                          (torch.bfloat16, torch.int64, 1)):
            with self.subTest(dtype=dtype, index_dtype=index_dtype, width=width):
                shape = (10000, width) if width > 1 else (10000,)
                table = random(shape, dtype, self.g)
                idx = torch.randint(0, 10000, (4099,), generator=self.g, device="cuda", dtype=index_dtype)
                out = poisoned((4099,) + shape[1:], dtype)
                layoutc.gather(table, idx, out)
                torch.cuda.synchronize()
                self.assertTrue(torch.equal(out, torch.index_select(table, 0, idx)))

    def test_an_index_outside_the_table_reads_0_and_is_raised_once(self):
        for width, index_dtype in ((77, torch.int64), (256, torch.int32), (1, torch.int64)):
            with self.subTest(width=width, index_dtype=index_dtype):
                shape = (1000, width) if width > 1 else (1000,)
                table = random(shape, torch.float32, self.g)
                idx = torch.randint(0, 1000, (513,), generator=self.g, device="cuda", dtype=index_dtype)
                bad = {17: 1000, 300: -1}
                if index_dtype == torch.int64:
                    bad[400] = 2**62  # its rows' offsets wrap int64
                for at, value in bad.items():
                    idx[at] = value
                out = poisoned((513,) + shape[1:], torch.float32)
                layoutc.gather(table, idx, out)
                with self.assertRaises(layoutc.DeviceFaultError) as raised:
                    layoutc.check_device()
                self.assertIsInstance(raised.exception, IndexError)
                message = str(raised.exception)
                self.assertRegex(message, r"^layoutc_check_device: index (1000|-1|4611686018427387904) at position "
                                          r"(17|300|400) of a gather's or scatter's indices \(kernel argument 2\) "
                                          r"names no row of its table, which has 1000 rows")
                value, position = [int(w) for w in message.split()[2:6:3]]
                self.assertEqual(bad[position], value)
                good = torch.ones(513, dtype=torch.bool, device="cuda")
                good[list(bad)] = False
                self.assertTrue(torch.equal(out[good], torch.index_select(table, 0, idx[good])))
                self.assertTrue((out[~good] == 0).all(), "a refused row does not read as 0")
                layoutc.check_device()  # raised once
                # The context is usable: torch's kernels and layoutc's run on.
                idx[list(bad)] = 0
                layoutc.gather(table, idx, out)
                self.assertTrue(torch.equal(out, torch.index_select(table, 0, idx)))

    def test_a_scatter_to_an_index_outside_the_table_raises_at_the_next_launch(self):
        table = random((500, 64), torch.float16, self.g)
        expected = table.clone()
        idx = torch.randperm(500, generator=self.g, device="cuda")[:200]
        idx[123] = 500
        rows = random((200, 64), torch.float16, self.g)
        layoutc.scatter(rows, idx, table)
        torch.cuda.synchronize()
        with self.assertRaisesRegex(layoutc.DeviceFaultError, "index 500 at position 123 "):
            layoutc.scatter(rows, idx, table)  # the next launch on the device raises the last one's fault
        keep = torch.ones(200, dtype=torch.bool, device="cuda")
        keep[123] = False
        expected.index_copy_(0, idx[keep], rows[keep])
        self.assertTrue(torch.equal(table, expected), "a row outside the table was written, or a good one was not")

    def test_scatter_rows(self):
        table = random((10000, 128), torch.float16, self.g)
        expected = table.clone()
        idx = torch.randperm(10000, generator=self.g, device="cuda")[:3001]
        rows = random((3001, 128), torch.float16, self.g)
        layoutc.scatter(rows, idx, table)
        expected.index_copy_(0, idx, rows)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(table, expected))

    def test_runs_on_the_callers_stream(self):
        x = random((4096, 4096), torch.float32, self.g)
        out = poisoned((4096, 4096), torch.float32)
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            layoutc.copy(x.t(), out)
            expected = x.t().contiguous()  # after layoutc's kernel on the same stream
        side.synchronize()
        self.assertTrue(torch.equal(out, expected))

    def test_compiled_once_per_family(self):
        jit = layoutc.Jit(disk_cache=False)
        for m, n in ((128, 64), (256, 32), (1000, 96)):
            x = random((m, n), torch.float32, self.g)
            out = poisoned((n, m), torch.float32)
            layoutc.copy(x.t(), out, jit=jit)
            torch.cuda.synchronize()
            self.assertTrue(torch.equal(out, x.t().contiguous()))
        self.assertEqual((jit.cache_stats()["misses"], jit.cache_stats()["families"]), (1, 1))

    def test_dlpack_only(self):
        for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int32, torch.int8):
            with self.subTest(dtype=dtype):
                x = random((1000, 777), dtype, self.g)
                out = poisoned((777, 1000), dtype)
                src, dst = DLPackOnly(x.t()), DLPackOnly(out)
                layoutc.copy(src, dst)
                torch.cuda.synchronize()
                self.assertTrue(torch.equal(out, x.t().contiguous()))
                self.assertEqual((src.streams, dst.streams), ([1], [1]))  # the legacy default stream
        x = random((301, 203), torch.float32, self.g)
        view = x[1:, 3::2]  # a view: an offset and element strides of its own
        out = poisoned((view.shape[1], view.shape[0]), torch.float32)
        layoutc.copy(DLPackOnly(view.t()), DLPackOnly(out), scale=0.5)  # exact in f32
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, view.t() * 0.5))

    def test_dlpack_gather_and_scatter(self):
        table = random((10000, 77), torch.bfloat16, self.g)
        idx = torch.randint(0, 10000, (4099,), generator=self.g, device="cuda", dtype=torch.int64)
        out = poisoned((4099, 77), torch.bfloat16)
        layoutc.gather(DLPackOnly(table), DLPackOnly(idx), DLPackOnly(out))
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, torch.index_select(table, 0, idx)))
        expected = table.clone()
        idx = torch.randperm(10000, generator=self.g, device="cuda")[:3001].to(torch.int32)
        rows = random((3001, 77), torch.bfloat16, self.g)
        layoutc.scatter(DLPackOnly(rows), DLPackOnly(idx), DLPackOnly(table))
        expected.index_copy_(0, idx.long(), rows)
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(table, expected))

    def test_dlpack_orders_the_producers_stream(self):
        # x is written on a side stream (non-blocking); layoutc runs on the
        # legacy default stream and asks __dlpack__(stream=1), so torch makes
        # that stream wait for the side stream's work.
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        out = poisoned((4096, 4096), torch.float32)
        with torch.cuda.stream(side):
            x = torch.zeros(4096, 4096, device="cuda")
            for i in range(20):
                x.add_(torch.full_like(x, float(i)))
            layoutc.copy(DLPackOnly(x.t()), DLPackOnly(out))
        torch.cuda.synchronize()
        self.assertTrue(torch.equal(out, x.t().contiguous()))
        # With stream=, that stream is the one __dlpack__ is given.
        src, out = DLPackOnly(x), poisoned((4096, 4096), torch.float32)
        layoutc.copy(src, out, stream=side)
        side.synchronize()
        self.assertEqual(src.streams, [side.cuda_stream])
        self.assertTrue(torch.equal(out, x))

    def test_clear_errors(self):
        x = random((16, 16), torch.float32, self.g)
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.copy(x, torch.empty(16, 16))
        self.assertIn("dst: a torch tensor on cpu; layoutc's kernels take CUDA tensors", str(e.exception))
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.copy(x.to(torch.float8_e4m3fnuz), poisoned((16, 16), torch.float32))
        self.assertIn("src: dtype 'torch.float8_e4m3fnuz' is not a dtype: layoutc moves f32, f16, bf16,",
                      str(e.exception))
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.gather(x, torch.zeros(4, dtype=torch.int32, device="cuda"), poisoned((4, 16), torch.float16))
        self.assertIn("gather: out has dtype f16 but the table f32", str(e.exception))
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.copy(x, poisoned((8, 32), torch.float32))
        self.assertEqual("copy: src has shape (16, 16) but dst (8, 32); a copy between tensors takes one shape (give "
                         "layouts to copy between others)", str(e.exception))
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.copy(DLPackOnly(torch.zeros(16, 16)), poisoned((16, 16), torch.float32))
        self.assertIn("src: a DLPack tensor on CPU (device type 1); layoutc's kernels take CUDA tensors",
                      str(e.exception))
        with self.assertRaises(layoutc.ArgumentError) as e:
            layoutc.copy(DLPackOnly(torch.empty(16, 16, dtype=torch.uint16, device="cuda")),
                         poisoned((16, 16), torch.float32))
        self.assertIn("src: DLPack dtype 'uint16' is not a dtype", str(e.exception))


if __name__ == "__main__":
    unittest.main()
