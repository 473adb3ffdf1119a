"""The kernel half of the Python package on a host without a GPU: tensors
are stand-ins with __cuda_array_interface__, so every argument check runs
(dtype, device, size, alignment, read-only), and so do compiles and the
kernel cache. Launches run against the driver the environment names: ctest
sets LAYOUTC_TEST_DRIVER=stand-in with LAYOUTC_LIBCUDA pointing at the
stand-in driver (test/gpu/standin: launches marshalled, nothing runs); a
subprocess checks the error without any driver."""
import ctypes
import os
import subprocess
import sys
import unittest

import layoutc

STAND_IN = os.environ.get("LAYOUTC_TEST_DRIVER") == "stand-in"


class FakeArray:
    """Host memory posing as a CUDA array (the stand-in driver's device
    memory is host memory): shape, typestr, byte strides, an offset in bytes
    from an aligned allocation."""

    def __init__(self, shape, typestr="<f4", strides=None, offset=0, readonly=False, device=0, stream=None):
        itemsize = int(typestr[2:])
        count = 1
        for e in shape:
            count *= e
        self._memory = ctypes.create_string_buffer(count * itemsize + 64)
        base = (ctypes.addressof(self._memory) + 15) // 16 * 16
        self.__cuda_array_interface__ = {"shape": tuple(shape), "typestr": typestr, "strides": strides,
                                         "data": (base + offset, readonly), "version": 3, "stream": stream}
        self._device = device

    def __dlpack_device__(self):
        return (2, self._device)  # kDLCUDA


class ArgumentChecksTest(unittest.TestCase):
    """Refused before anything is compiled or launched, on any host."""

    def assertRefused(self, message, f, *args, **kwargs):
        with self.assertRaises(layoutc.ArgumentError) as e:
            f(*args, **kwargs)
        self.assertIn(message, str(e.exception))

    def test_copy_arguments(self):
        a, b = FakeArray((4, 8)), FakeArray((8, 4))
        self.assertRefused("copy: dst has shape (4, 8) but src (8, 4); give dst_layout and src_layout", layoutc.copy,
                           a, b)
        self.assertRefused("src: typestr '<u2' is not supported", layoutc.copy, a, FakeArray((4, 8), "<u2"))
        self.assertRefused("src: address 0x", layoutc.copy, a, FakeArray((4, 8), offset=2))
        self.assertRefused("is not aligned to its f32 elements (4 bytes)", layoutc.copy, a, FakeArray((4, 8), offset=2))
        self.assertRefused("dst: the array is read-only", layoutc.copy, FakeArray((4, 8), readonly=True), a)
        self.assertRefused("the tensors are on different devices: dst on cuda:1, src on cuda:0", layoutc.copy,
                           FakeArray((4, 8), device=1), a)
        self.assertRefused("src: byte strides (6, 4) are not multiples of its 4-byte elements", layoutc.copy, a,
                           FakeArray((4, 8), strides=(6, 4)))
        self.assertRefused("src: a list is not a GPU tensor", layoutc.copy, a, [1, 2])
        self.assertRefused("copy: src has dtype i64; layoutc moves float32, float16, bfloat16, float64, int32 or "
                           "int8 elements", layoutc.copy, FakeArray((4, 8), "<i8"), FakeArray((4, 8), "<i8"))
        self.assertRefused("stream: a str is not a CUDA stream", layoutc.copy, a, FakeArray((4, 8)), stream="s")

    def test_copy_layouts_stay_inside_the_tensors(self):
        a = FakeArray((32,))
        self.assertRefused("copy: src_layout (4,8):(8,1) reaches element 31, but src (shape (16,), strides (1,), "
                           "f32) holds 16", layoutc.copy, a, FakeArray((16,)), dst_layout="32:1",
                           src_layout="(4,8):(8,1)")
        # A view's own extent: every other element of 16.
        self.assertRefused("reaches element 15, but src (shape (8,), strides (2,), f32) holds 15", layoutc.copy,
                           FakeArray((16,)), FakeArray((8,), strides=(8,)), dst_layout="16:1", src_layout="16:1")

    def test_copy_layouts_the_compiler_refuses(self):
        with self.assertRaises(layoutc.CompileError):
            layoutc.copy(FakeArray((32,)), FakeArray((32,)), dst_layout="(4,4):(4,1)", src_layout="(4,8):(8,1)")
        with self.assertRaises(layoutc.LayoutError):
            layoutc.Layout("(4,8):(8,1")

    def test_gather_scatter_arguments(self):
        table, idx, out = FakeArray((100, 16)), FakeArray((8,), "<i4"), FakeArray((8, 16))
        self.assertRefused("gather: out has dtype f16 but table f32", layoutc.gather, table, idx,
                           FakeArray((8, 16), "<f2"))
        self.assertRefused("gather: table has dtype i64; layoutc moves float32", layoutc.gather,
                           FakeArray((100, 16), "<i8"), idx, FakeArray((8, 16), "<i8"))
        self.assertRefused("gather: indices are f32; they must be int32 or int64", layoutc.gather, table,
                           FakeArray((8,), "<f4"), out)
        self.assertRefused("gather: out has 9 rows for 8 indices", layoutc.gather, table, idx, FakeArray((9, 16)))
        self.assertRefused("gather: out has rows of shape (15,) but table (16,)", layoutc.gather, table, idx,
                           FakeArray((8, 15)))
        self.assertRefused("gather: table (shape (100, 16), strides (1, 100), f32) is not contiguous (row-major)",
                           layoutc.gather, FakeArray((100, 16), strides=(4, 400)), idx, out)
        self.assertRefused("gather: indices (shape (8, 1), strides (1, 1), i32) has 2 dimensions; indices takes 1",
                           layoutc.gather, table, FakeArray((8, 1), "<i4"), out)
        self.assertRefused("scatter: src (shape (8, 16), strides (17, 1), f32) is not contiguous", layoutc.scatter,
                           table, idx, FakeArray((8, 16), strides=(68, 4)))
        self.assertRefused("table: the array is read-only", layoutc.scatter, FakeArray((100, 16), readonly=True),
                           idx, out)


class StandInLaunchTest(unittest.TestCase):
    """Compiled once per spec, launched through the C API (the stand-in
    driver runs nothing: this checks the path, not the results)."""

    def setUp(self):
        if not STAND_IN:
            self.skipTest("needs the stand-in driver (LAYOUTC_TEST_DRIVER=stand-in, as ctest runs it)")

    def test_copy_compiles_once_per_spec(self):
        jit = layoutc.Jit(disk_cache=False)
        src, dst = FakeArray((64, 32)), FakeArray((32, 64))
        for _ in range(3):
            layoutc.copy(dst, src, dst_layout="(64,32):(1,64)", src_layout="(64,32):(32,1)", jit=jit)
        stats = jit.cache_stats()
        self.assertEqual((stats["misses"], stats["hits"], stats["disk_hits"]), (1, 0, 0))
        k = jit.copy_kernel("(64,32):(32,1)", "(64,32):(1,64)", "f32")
        self.assertEqual(k.name, "copy")
        self.assertIn(".visible .entry copy(", k.ptx)
        self.assertEqual(k.copy_extents(), (2048, 2048, 2048))
        # An unaligned view takes the spec's kernel for any alignment.
        layoutc.copy(FakeArray((2047,), offset=4), FakeArray((2047,), offset=4), jit=jit)

    def test_gather_scatter_and_casts_launch(self):
        jit = layoutc.Jit(disk_cache=False)
        table, idx = FakeArray((100, 16), "<f2"), FakeArray((8,), "<i8")
        layoutc.gather(table, idx, FakeArray((8, 16), "<f2"), jit=jit)
        layoutc.scatter(table, idx, FakeArray((8, 16), "<f2"), jit=jit, stream=0)
        layoutc.gather(FakeArray((100,), "|i1"), FakeArray((8,), "<i4"), FakeArray((8,), "|i1"), jit=jit)
        layoutc.copy(FakeArray((16, 16), "<f2"), FakeArray((16, 16), "<f4"), scale=0.5, jit=jit)
        self.assertEqual(jit.cache_stats()["misses"], 4)

    def test_empty_tensors_move_nothing(self):
        jit = layoutc.Jit(disk_cache=False)
        layoutc.copy(FakeArray((0, 5)), FakeArray((0, 5)), jit=jit)
        layoutc.gather(FakeArray((10, 4)), FakeArray((0,), "<i4"), FakeArray((0, 4)), jit=jit)
        layoutc.scatter(FakeArray((10, 0)), FakeArray((3,), "<i4"), FakeArray((3, 0)), jit=jit)
        self.assertEqual(jit.cache_stats()["misses"], 0)

    def test_device_count(self):
        self.assertEqual(layoutc.device_count(), 1)

    def test_no_such_device(self):
        a = FakeArray((4,), device=3)
        with self.assertRaises(layoutc.DeviceError) as e:
            layoutc.copy(a, FakeArray((4,), device=3))
        self.assertEqual(e.exception.status, "LAYOUTC_ERROR_NO_DEVICE")
        self.assertIn("no CUDA device 3", str(e.exception))


class NoDriverTest(unittest.TestCase):
    def test_launch_without_a_driver_says_so(self):
        script = ("import layoutc, sys; sys.path.insert(0, %r); from test_kernels_host import FakeArray\n"
                  "try:\n    layoutc.copy(FakeArray((4,)), FakeArray((4,)))\n"
                  "except layoutc.DeviceError as e:\n    print(e.status); print(e)\n"
                  "try:\n    layoutc.device_count()\nexcept layoutc.DeviceError as e:\n    print(e.status)\n"
                  % os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ, LAYOUTC_LIBCUDA="/nonexistent/libcuda.so.1")
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = out.stdout.splitlines()
        self.assertEqual(lines[0], "LAYOUTC_ERROR_NO_DRIVER")
        self.assertTrue(lines[1].startswith("no CUDA driver found: /nonexistent/libcuda.so.1 could not be loaded"))
        self.assertEqual(lines[2], "LAYOUTC_ERROR_NO_DRIVER")


if __name__ == "__main__":
    unittest.main()
