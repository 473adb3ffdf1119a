"""The kernel half of the Python package on a host without a GPU: tensors
are stand-ins with __cuda_array_interface__ or __dlpack__ (a real DLPack
capsule over host memory), so every argument check runs (dtype, device,
size, alignment, read-only), and so do compiles and the kernel cache.
Launches run against the driver the environment names: ctest sets
LAYOUTC_TEST_DRIVER=stand-in with LAYOUTC_LIBCUDA pointing at the stand-in
driver (test/gpu/standin: launches marshalled, nothing runs); a subprocess
checks the error without any driver."""
import ctypes
import os
import subprocess
import sys
import unittest
from unittest import mock

import layoutc
from layoutc._library import lib
from layoutc.tensors import Pending, tensor

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


# DLPack's structs as dlpack.h declares them (independent of layoutc's).
class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", DELETER)]


_CAPSULE_DESTRUCTOR = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_PyCapsule_New = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_char_p, _CAPSULE_DESTRUCTOR)(
    ("PyCapsule_New", ctypes.pythonapi))
_PyCapsule_GetName = ctypes.PYFUNCTYPE(ctypes.c_char_p, ctypes.c_void_p)(("PyCapsule_GetName", ctypes.pythonapi))
_PyCapsule_GetPointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))
DLTENSOR, USED = b"dltensor", b"used_dltensor"

# What a capsule's DLManagedTensor owns until its deleter runs, by its
# address: the producer (a real one's manager_ctx keeps its tensor alive
# too), the struct and its shape and strides arrays. A capsule may outlive
# every other reference to the producer that made it.
_LIVE = {}


@DELETER
def _deleter(managed):
    """The producers' deleter: frees what the tensor owned and counts it on
    its producer."""
    producer = _LIVE.pop(managed)[0]
    producer.deleted += 1


@_CAPSULE_DESTRUCTOR
def _capsule_destructor(capsule):
    """A producer's capsule destructor, as DLPack asks: the deleter runs
    unless a consumer took the tensor (renamed the capsule)."""
    if _PyCapsule_GetName(capsule) == DLTENSOR:
        managed = DLManagedTensor.from_address(_PyCapsule_GetPointer(capsule, DLTENSOR))
        managed.deleter(ctypes.addressof(managed))


class FakeDLPack:
    """Host memory posing as a CUDA tensor through DLPack alone: __dlpack__
    returns a real "dltensor" capsule of a DLManagedTensor built here; its
    deleter counts `deleted`, `streams` the stream each call was given.
    `dtype` (DLPack code, bits, lanes), element `strides` (None: NULL,
    compact row-major), `offset` in bytes (byte_offset from an aligned data
    pointer), `device` (DLPack device type, id); `capsule_name` and
    `dlpack_device` (False: no __dlpack_device__) make bad producers."""

    def __init__(self, shape, dtype=(2, 32, 1), strides=None, offset=0, device=(2, 0), capsule_name=DLTENSOR,
                 dlpack_device=True, takes_stream=True):
        count = 1
        for e in shape:
            count *= e
        self._memory = ctypes.create_string_buffer(count * dtype[1] // 8 + 64)
        self.data = (ctypes.addressof(self._memory) + 15) // 16 * 16
        self.shape, self.dtype, self.strides, self.offset, self.device = tuple(shape), dtype, strides, offset, device
        self.capsule_name, self.takes_stream = capsule_name, takes_stream
        self.deleted, self.streams = 0, []
        if not dlpack_device:
            self.__dlpack_device__ = None

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, stream=None):
        if not self.takes_stream and stream is not None:
            raise TypeError("__dlpack__() got an unexpected keyword argument 'stream'")
        self.streams.append(stream)
        n = len(self.shape)
        shape = (ctypes.c_int64 * max(n, 1))(*self.shape)
        strides = (ctypes.c_int64 * max(n, 1))(*self.strides) if self.strides is not None else None
        m = DLManagedTensor()
        m.dl_tensor = DLTensor(self.data, self.device[0], self.device[1], n, self.dtype[0], self.dtype[1],
                               self.dtype[2], shape, strides, self.offset)
        m.deleter = _deleter
        _LIVE[ctypes.addressof(m)] = (self, m, shape, strides)
        return _PyCapsule_New(ctypes.addressof(m), self.capsule_name, _capsule_destructor)


class ArgumentChecksTest(unittest.TestCase):
    """Refused before anything is compiled or launched, on any host."""

    def assertRefused(self, message, f, *args, **kwargs):
        with self.assertRaises(layoutc.ArgumentError) as e:
            f(*args, **kwargs)
        self.assertIn(message, str(e.exception))

    def test_copy_arguments(self):
        a, b = FakeArray((4, 8)), FakeArray((8, 4))
        self.assertRefused("copy: src has shape (8, 4) but dst (4, 8); a copy between tensors takes one shape", layoutc.copy,
                           b, a)
        self.assertRefused("src: typestr '<u2' is not a dtype: layoutc moves f32, f16, bf16, f64, i32, i8, i64, u8, "
                           "i16, bool, f8e4m3fn, f8e5m2, c64 or c128", layoutc.copy, FakeArray((4, 8), "<u2"), a)
        self.assertRefused("src: address 0x", layoutc.copy, FakeArray((4, 8), offset=2), a)
        self.assertRefused("is not aligned to its f32 elements (4 bytes)", layoutc.copy, FakeArray((4, 8), offset=2), a)
        self.assertRefused("dst: the array is read-only", layoutc.copy, a, FakeArray((4, 8), readonly=True))
        self.assertRefused("the tensors are on different devices: src on cuda:0, dst on cuda:1", layoutc.copy,
                           a, FakeArray((4, 8), device=1))
        self.assertRefused("src: byte strides (6, 4) are not multiples of its 4-byte elements", layoutc.copy,
                           FakeArray((4, 8), strides=(6, 4)), a)
        self.assertRefused("src: a list is not a GPU tensor", layoutc.copy, [1, 2], a)
        self.assertRefused("dst: a list is not a GPU tensor", layoutc.copy, a, [1, 2])
        self.assertRefused("stream: a str is not a CUDA stream", layoutc.copy, FakeArray((4, 8)), a, stream="s")

    def test_copy_layouts_stay_inside_the_tensors(self):
        a = FakeArray((32,))
        self.assertRefused("copy: src_layout (4,8):(8,1) reaches element 31, but src (shape (16,), strides (1,), "
                           "f32) holds 16", layoutc.copy, FakeArray((16,)), a, src_layout="(4,8):(8,1)",
                           dst_layout="32:1")
        self.assertRefused("copy: dst_layout 32:1 reaches element 31, but dst (shape (16,), strides (1,), f32) "
                           "holds 16", layoutc.copy, a, FakeArray((16,)), src_layout="(4,8):(8,1)", dst_layout="32:1")
        # A view's own extent: every other element of 16.
        self.assertRefused("reaches element 15, but src (shape (8,), strides (2,), f32) holds 15", layoutc.copy,
                           FakeArray((8,), strides=(8,)), FakeArray((16,)), src_layout="16:1", dst_layout="16:1")
        # Issue 51: a composed layout's offset moves its inner part: (4,2):(1,4) o 8 o 8:1 reaches 15, past
        # its inner's cosize of 8; a negative offset reaches before the tensor.
        self.assertRefused("copy: dst_layout (4,2):(1,4) o 8 o 8:1 reaches element 15, but dst (shape (8,), "
                           "strides (1,), f32) holds 8", layoutc.copy, FakeArray((8,)), FakeArray((8,)),
                           src_layout="8:1", dst_layout="(4,2):(1,4) o 8 o 8:1")
        with self.assertRaises(layoutc.CompileError) as e:
            layoutc.copy(FakeArray((8,)), FakeArray((8,)), src_layout="8:1", dst_layout="(4,2):(1,4) o -4 o 8:1")
        self.assertIn("the composed layout's offset -4 is negative: domain index 0 reads its inner part at -4, "
                      "before the buffer's start", str(e.exception))
        self.assertRefused("copy: src_layout S<3,4,3> o 256 o (16,16):(16,1) reaches element 511, but src",
                           layoutc.copy, FakeArray((256,)), FakeArray((256,)),
                           src_layout="S<3,4,3> o 256 o (16,16):(16,1)", dst_layout="256:1")
        # A tile at a negative coordinate starts before its tensor.
        tile = layoutc.local_tile(layoutc.make_tensor(FakeArray((64,))), (8,), (-1,))
        self.assertRefused("starts at element -8, before the start of src", layoutc.copy, tile,
                           layoutc.make_tensor(FakeArray((8,))))
        self.assertEqual(layoutc.Jit(disk_cache=False).copy_kernel("(4,2):(1,4) o 8 o 8:1", "8:1", "f32")
                         .copy_extents(), (8, 16, 8))

    def test_copy_layouts_the_compiler_refuses(self):
        with self.assertRaises(layoutc.CompileError):
            layoutc.copy(FakeArray((32,)), FakeArray((32,)), src_layout="(4,8):(8,1)", dst_layout="(4,4):(4,1)")
        with self.assertRaises(layoutc.LayoutError):
            layoutc.Layout("(4,8):(8,1")

    def test_gather_scatter_arguments(self):
        table, idx, out = FakeArray((100, 16)), FakeArray((8,), "<i4"), FakeArray((8, 16))
        self.assertRefused("gather: out has dtype f16 but the table f32", layoutc.gather, table, idx,
                           FakeArray((8, 16), "<f2"))
        self.assertRefused("gather: indices are f32; they must be i32 or i64", layoutc.gather, table,
                           FakeArray((8,), "<f4"), out)
        self.assertRefused("gather: out has 9 rows for 8 indices", layoutc.gather, table, idx, FakeArray((9, 16)))
        self.assertRefused("gather: out has rows of 15 elements but the table 16", layoutc.gather, table, idx,
                           FakeArray((8, 15)))
        self.assertRefused("gather: table (shape (100, 16), strides (1, 100), f32) is not contiguous (row-major)",
                           layoutc.gather, FakeArray((100, 16), strides=(4, 400)), idx, out)
        self.assertRefused("gather: indices (shape (8, 1), strides (1, 1), i32) has 2 modes; indices takes 1",
                           layoutc.gather, table, FakeArray((8, 1), "<i4"), out)
        self.assertRefused("scatter: src (shape (8, 16), strides (17, 1), f32) is not contiguous", layoutc.scatter,
                           FakeArray((8, 16), strides=(68, 4)), idx, table)
        self.assertRefused("table: the array is read-only", layoutc.scatter, out, idx,
                           FakeArray((100, 16), readonly=True))
        self.assertRefused("scatter: src has dtype f16 but the table f32", layoutc.scatter, FakeArray((8, 16), "<f2"),
                           idx, table)
        self.assertRefused("scatter: src has 8 rows for 7 indices", layoutc.scatter, out, FakeArray((7,), "<i4"),
                           table)


class DeviceFaultErrorTest(unittest.TestCase):
    """A kernel's refused access raises an IndexError that is a DeviceError,
    for its status; check_device takes torch's ways of naming a device."""

    def test_the_status_is_an_index_error(self):
        from layoutc._library import DEVICE_FAULT, _ERRORS
        self.assertIs(_ERRORS[DEVICE_FAULT], layoutc.DeviceFaultError)
        self.assertTrue(issubclass(layoutc.DeviceFaultError, IndexError))
        self.assertTrue(issubclass(layoutc.DeviceFaultError, layoutc.DeviceError))
        self.assertEqual(lib.layoutc_status_name(DEVICE_FAULT), b"LAYOUTC_ERROR_DEVICE_FAULT")

    def test_check_device_refuses_what_is_not_a_cuda_device(self):
        for device in ("cpu", 1.5, "cuda:x"):
            with self.subTest(device=device), self.assertRaises((TypeError, ValueError)):
                layoutc.check_device(device)


class StandInLaunchTest(unittest.TestCase):
    """Compiled once per spec, launched through the C API (the stand-in
    driver runs nothing: this checks the path, not the results)."""

    def setUp(self):
        if not STAND_IN:
            self.skipTest("needs the stand-in driver (LAYOUTC_TEST_DRIVER=stand-in, as ctest runs it)")

    def test_copy_compiles_once_per_family(self):
        jit = layoutc.Jit(disk_cache=False)
        src, dst = FakeArray((640, 320)), FakeArray((320, 640))
        for _ in range(3):
            layoutc.copy(src, dst, src_layout="(640,320):(320,1)", dst_layout="(640,320):(1,640)", jit=jit)
        stats = jit.cache_stats()
        self.assertEqual((stats["misses"], stats["hits"], stats["disk_hits"]), (1, 2, 0))
        # Other shapes of the family, between tensors: no compile (extents of
        # 256 and more, multiples of 4, are launch values).
        for m, n in ((256, 300), (1000, 256), (4096, 1024)):
            layoutc.copy(FakeArray((m, n)), FakeArray((m, n), strides=(4, 4 * m)), jit=jit)
        stats = jit.cache_stats()
        self.assertEqual((stats["misses"], stats["families"]), (1, 1))
        # A contiguous extent under 256 is the family's own: (4, 4) is another.
        layoutc.copy(FakeArray((4, 4)), FakeArray((4, 4), strides=(4, 16)), jit=jit)
        self.assertEqual(jit.cache_stats()["families"], 2)
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
        layoutc.scatter(FakeArray((8, 16), "<f2"), idx, table, jit=jit, stream=0)
        layoutc.gather(FakeArray((100,), "|i1"), FakeArray((8,), "<i4"), FakeArray((8,), "|i1"), jit=jit)
        layoutc.copy(FakeArray((16, 16), "<f4"), FakeArray((16, 16), "<f2"), scale=0.5, jit=jit)  # f32 -> f16
        self.assertEqual(jit.cache_stats()["misses"], 4)

    def test_empty_tensors_move_nothing(self):
        jit = layoutc.Jit(disk_cache=False)
        layoutc.copy(FakeArray((0, 5)), FakeArray((0, 5)), jit=jit)
        layoutc.gather(FakeArray((10, 4)), FakeArray((0,), "<i4"), FakeArray((0, 4)), jit=jit)
        layoutc.scatter(FakeArray((3, 0)), FakeArray((3,), "<i4"), FakeArray((10, 0)), jit=jit)
        self.assertEqual(jit.cache_stats()["misses"], 0)

    def test_device_count(self):
        self.assertEqual(layoutc.device_count(), 1)

    def test_no_such_device(self):
        a = FakeArray((4,), device=3)
        with self.assertRaises(layoutc.DeviceError) as e:
            layoutc.copy(a, FakeArray((4,), device=3))
        self.assertEqual(e.exception.status, "LAYOUTC_ERROR_NO_DEVICE")
        self.assertIn("no CUDA device 3", str(e.exception))


class DLPackTest(unittest.TestCase):
    """Objects with only __dlpack__ (JAX's arrays): the capsule read, its
    dtype, device and strides (elements) checked, the capsule freed by its
    own destructor once the launch is enqueued."""

    def assertRefused(self, message, f, *args, **kwargs):
        with self.assertRaises(layoutc.ArgumentError) as e:
            f(*args, **kwargs)
        self.assertIsInstance(e.exception, ValueError)
        self.assertIn(message, str(e.exception))

    def read(self, fake, stream=None):
        pending = tensor(fake, "src")
        self.assertIsInstance(pending, Pending)
        return pending.resolve(stream)

    def test_struct_layout(self):
        self.assertEqual((ctypes.sizeof(DLTensor), ctypes.sizeof(DLManagedTensor)), (48, 64))
        self.assertEqual(ctypes.sizeof(layoutc.dlpack.DLTensor), 48)
        self.assertEqual(ctypes.sizeof(layoutc.dlpack.DLManagedTensor), 64)

    def test_capsule_read(self):
        fake = FakeDLPack((4, 6), dtype=(4, 16, 1), strides=(1, 4), offset=8, device=(2, 0))
        t = self.read(fake)
        self.assertEqual((t.address, t.shape, t.strides, t.dtype, t.device, t.readonly, t.torch),
                         (fake.data + 8, (4, 6), (1, 4), "bf16", 0, False, False))
        self.assertEqual(t.layout, "(4,6):(1,4)")
        self.assertEqual(fake.streams, [1])  # the legacy default stream, in DLPack's code
        self.assertEqual(fake.deleted, 0)  # the Tensor holds the capsule
        del t
        self.assertEqual(fake.deleted, 1)
        # NULL strides: compact row-major.
        t = self.read(FakeDLPack((3, 5, 7), dtype=(0, 64, 1)), stream=0x1234)
        self.assertEqual((t.shape, t.strides, t.dtype, t.extent), ((3, 5, 7), (35, 7, 1), "i64", 105))
        for dtype, name in (((2, 32, 1), "f32"), ((2, 16, 1), "f16"), ((2, 64, 1), "f64"), ((0, 32, 1), "i32"),
                            ((0, 8, 1), "i8")):
            self.assertEqual(self.read(FakeDLPack((2,), dtype=dtype)).dtype, name)
        t = self.read(FakeDLPack((), device=(13, 0)))  # a scalar, in managed memory
        self.assertEqual((t.shape, t.strides, t.layout, t.extent), ((), (), "1:0", 1))
        t = self.read(FakeDLPack((0, 4)))
        self.assertEqual((t.shape, t.size, t.extent), ((0, 4), 0, 0))

    def test_refused(self):
        fake = FakeDLPack((4,), device=(1, 0))
        self.assertRefused("src: a DLPack tensor on CPU (device type 1); layoutc's kernels take CUDA tensors",
                           layoutc.copy, fake, FakeArray((4,)))
        self.assertEqual(fake.streams, [])  # refused from __dlpack_device__
        # A capsule that contradicts __dlpack_device__.
        fake = FakeDLPack((4,), device=(3, 0), dlpack_device=False)
        self.assertRefused("src: a DLPack tensor on CUDA host (device type 3)", layoutc.copy, fake, FakeArray((4,)))
        self.assertEqual(fake.deleted, 1)  # refused, and freed
        self.assertRefused("dst: DLPack dtype 'uint16' is not a dtype: layoutc moves f32, f16,",
                           layoutc.copy, FakeArray((4,)), FakeDLPack((4,), dtype=(1, 16, 1)))
        self.assertRefused("src: DLPack dtype float32x4 has 4 lanes; layoutc takes scalar elements (lanes 1)",
                           layoutc.copy, FakeDLPack((4,), dtype=(2, 32, 4)), FakeArray((4,)))
        self.assertRefused("src: DLPack dtype 'float8_e4m3fnuz' is not a dtype", layoutc.copy,
                           FakeDLPack((4,), dtype=(11, 8, 1)), FakeArray((4,)))
        self.assertRefused("src: __dlpack__ returned a capsule named 'used_dltensor', not an unconsumed 'dltensor'",
                           layoutc.copy, FakeDLPack((4,), capsule_name=USED), FakeArray((4,)))
        not_a_capsule = FakeDLPack((4,))
        not_a_capsule.__dlpack__ = lambda stream=None: 42
        self.assertRefused("src: __dlpack__ returned a int, not a DLPack capsule", layoutc.copy, not_a_capsule,
                           FakeArray((4,)))
        self.assertRefused("src: address 0x", layoutc.copy, FakeDLPack((4,), offset=2), FakeArray((4,)))
        self.assertRefused("src: negative strides (-1,) are not supported", layoutc.copy,
                           FakeDLPack((4,), strides=(-1,)), FakeArray((4,)))
        self.assertRefused("the tensors are on different devices: src on cuda:1, dst on cuda:0", layoutc.copy,
                           FakeDLPack((4,), device=(2, 1)), FakeArray((4,)))
        self.assertRefused("src: __dlpack__ gave a tensor on cuda:1, but the launch is on cuda:0", layoutc.copy,
                           FakeDLPack((4,), device=(2, 1), dlpack_device=False), FakeArray((4,)))
        self.assertRefused("copy: src has shape (4, 8) but dst (8, 4)", layoutc.copy, FakeDLPack((4, 8)),
                           FakeDLPack((8, 4)))

    def test_the_interface_is_preferred(self):
        class Both(FakeArray):
            def __dlpack__(self, stream=None):
                raise AssertionError("__dlpack__ called on an object with __cuda_array_interface__")
        t = tensor(Both((4, 8), "<f2", strides=(2, 8)), "src")
        self.assertEqual((t.shape, t.strides, t.dtype), ((4, 8), (1, 4), "f16"))

    def test_launches(self):
        if not STAND_IN:
            self.skipTest("needs the stand-in driver (LAYOUTC_TEST_DRIVER=stand-in, as ctest runs it)")
        jit = layoutc.Jit(disk_cache=False)
        src, dst = FakeDLPack((64, 32)), FakeDLPack((64, 32), strides=(1, 64))
        layoutc.copy(src, dst, jit=jit)  # dst's own layout, column-major: a transpose
        self.assertEqual(jit.copy_kernel("(64,32):(32,1)", "(64,32):(1,64)", "f32").name, "copy")
        self.assertEqual((src.deleted, dst.deleted, src.streams, dst.streams), (1, 1, [1], [1]))
        # The stream given, else the one another argument names, goes to __dlpack__.
        layoutc.copy(src, FakeDLPack((64, 32), strides=(1, 64)), stream=0x77, jit=jit)
        layoutc.copy(src, FakeArray((64, 32), strides=(4, 256), stream=0x99), jit=jit)
        self.assertEqual(src.streams, [1, 0x77, 0x99])
        # The capsule lives until the launch is enqueued, then its destructor frees it.
        fresh, at_launch, launch = FakeDLPack((64, 32)), [], layoutc.kernels.unchecked.layoutc_copy_tensors
        with mock.patch.object(layoutc.kernels.unchecked, "layoutc_copy_tensors",
                               lambda *args: at_launch.append(fresh.deleted) or launch(*args)):
            layoutc.copy(fresh, FakeArray((64, 32)), jit=jit)
        self.assertEqual((at_launch, fresh.deleted), ([0], 1))
        old = FakeDLPack((64, 32), takes_stream=False)  # a producer without the stream argument
        layoutc.copy(old, FakeArray((64, 32)), jit=jit)
        self.assertEqual((old.streams, old.deleted), ([None], 1))
        table, idx = FakeDLPack((100, 16), (2, 16, 1)), FakeDLPack((8,), (0, 64, 1))
        rows = FakeDLPack((8, 16), (2, 16, 1))
        layoutc.gather(table, idx, rows, jit=jit)
        layoutc.scatter(rows, idx, table, jit=jit)
        self.assertEqual([t.deleted for t in (table, idx, rows)], [2, 2, 2])
        self.assertEqual(jit.cache_stats()["misses"], 4)  # the transpose, a plain copy, gather, scatter


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
        self.assertTrue(lines[1].startswith(
            "no CUDA driver found: /nonexistent/libcuda.so.1 could not be loaded"), lines[1])
        self.assertEqual(lines[2], "LAYOUTC_ERROR_NO_DRIVER")


if __name__ == "__main__":
    unittest.main()
