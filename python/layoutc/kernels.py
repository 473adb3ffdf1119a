"""layoutc's kernels on the caller's tensors, in CuTe's argument order
(sources first, the destination last): copy between any two layouts of one
domain, and gather or scatter of table rows.

Tensors: torch's, anything with __cuda_array_interface__ (CuPy, Numba,
JAX), and anything with __dlpack__ (the interface is preferred where an
object has both). A call checks its tensors (dtype, device, size, alignment),
compiles its kernel once per spec (then from the Jit's cache: this module's,
layoutc's memory cache, and its disk cache across processes), and launches
it on the caller's current stream: the `stream` argument if given, else
PyTorch's current stream when the tensors are torch's, else the stream their
__cuda_array_interface__ names, else the legacy default stream. DLPack
tensors are asked for with that stream (__dlpack__(stream=...)), so their
producer orders its pending work before the kernel. Nothing is copied and
nothing waits: the results are ready when that stream's work is.
"""
import ctypes
import threading
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from ._library import (Arg, ArgumentError, CacheStats, Step, TensorSide, c_value, check, int64_array, lib, text,
                       unchecked)
from .layout_tensors import LayoutTensor, make_tensor, python_inner
from .tensors import Pending, Tensor, tensor
from .tracing import Program, symbolic_crd2idx, trace
from .values import Layout


class Kernel:
    """A compiled kernel (layoutc_kernel), freed with this object: `spec`
    is what it was compiled from, the key of its Jit's cache.

    >>> k = Jit(disk_cache=False).copy_kernel("(4,8):(8,1)", "(4,8):(1,4)", "f32")
    >>> k.spec, k.name
    (('copy', '(4,8):(8,1)', '(4,8):(1,4)', 'f32', None, None), 'copy')
    """

    def __init__(self, handle: ctypes.c_void_p, spec: Tuple[Any, ...]) -> None:
        self._handle: Optional[ctypes.c_void_p] = handle
        self.spec = spec
        self._static_extents: Optional[Tuple[int, int, int]] = None  # copy_extents() without `?` values

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            lib.layoutc_kernel_free(self._handle)
            self._handle = None

    @property
    def name(self) -> str:
        """The kernel's entry point in its PTX (a copy kernel's is "copy").

        >>> Jit(disk_cache=False).indexed_kernel("gather", 4, "f32", "i32").name
        'gather'
        """
        out = ctypes.c_char_p()
        check(lib.layoutc_kernel_name(self._handle, ctypes.byref(out)))
        return out.value.decode()  # type: ignore[union-attr]  # not NULL once check() passed

    @property
    def ptx(self) -> str:
        """The kernel's PTX, as the driver loads it.

        >>> ".visible .entry copy(" in Jit(disk_cache=False).copy_kernel("8:1", "8:1", "f32").ptx
        True
        """
        out = ctypes.c_char_p()
        check(lib.layoutc_kernel_ptx(self._handle, ctypes.byref(out)))
        return out.value.decode()  # type: ignore[union-attr]  # not NULL once check() passed

    def copy_extents(self, dynamic: Sequence[int] = ()) -> Tuple[int, int, int]:
        """A copy kernel's (elements moved, elements src must hold, elements
        dst must hold): size(Ls), cosize(Ls) and cosize(Ld), with `dynamic`
        the values of the layouts' `?` leaves in order.

        >>> Jit(disk_cache=False).copy_kernel("(4,8):(8,1)", "(4,8):(1,4)", "f32").copy_extents()
        (32, 32, 32)
        """
        if not dynamic and self._static_extents is not None:
            return self._static_extents
        values = int64_array(dynamic, "copy_extents: dynamic")
        size, src, dst = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_int64()
        check(lib.layoutc_copy_extents(self._handle, values, len(dynamic), ctypes.byref(size), ctypes.byref(src),
                                       ctypes.byref(dst)))
        extents = size.value, src.value, dst.value
        if not dynamic:
            self._static_extents = extents
        return extents

    def launch(self, args: Sequence[Tuple[Any, ...]], grid: int, block: int = 0, device: int = 0,
               stream: Any = None) -> None:
        """Any kernel: `args` in parameter order, ("buffer", address,
        elements) or ("index", value), launched on `grid` blocks of `block`
        threads (0: the kernel's own) on `device`, on `stream` (a CUstream
        handle, a torch.cuda.Stream or a CuPy stream; None: the legacy
        default stream). It needs a GPU, so no example runs here; for a
        gpu.func with a buffer and an index parameter, on a torch tensor x:
        `kernel.launch([("buffer", x.data_ptr(), x.numel()), ("index", n)], grid=8)`."""
        packed = (Arg * max(len(args), 1))()
        for i, a in enumerate(args):
            packed[i] = Arg(1, a[1], a[2]) if a[0] == "buffer" else Arg(0, None, a[1])
        check(lib.layoutc_launch(self._handle, device, grid, block, packed, len(args), _stream(stream)))


class Jit:
    """layoutc's JIT: `arch` ("sm_90"), `opt_level` 0 to 3, kernels kept on
    disk too unless `disk_cache` is False (in `cache_directory`, else
    $LAYOUTC_CACHE_DIR, $XDG_CACHE_HOME/layoutc or ~/.cache/layoutc).
    Thread-safe. Compiling needs no GPU: kernels compile to PTX.

    >>> jit = Jit(disk_cache=False)
    >>> jit.copy_kernel("(4,8):(8,1)", "(4,8):(1,4)", "f32") is jit.copy_kernel("(4,8):(8,1)", "(4,8):(1,4)", "f32")
    True
    """

    def __init__(self, arch: str = "sm_90", opt_level: int = 0, disk_cache: bool = True,
                 cache_directory: Optional[str] = None) -> None:
        handle = ctypes.c_void_p()
        check(lib.layoutc_jit_create(arch, opt_level, int(disk_cache), cache_directory or None, ctypes.byref(handle)))
        self._handle: Optional[ctypes.c_void_p] = handle
        self._kernels: Dict[Tuple[Any, ...], Kernel] = {}
        self._lock = threading.Lock()

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            lib.layoutc_jit_destroy(self._handle)
            self._handle = None

    def _kernel(self, spec: Tuple[Any, ...], compile: Callable[[Any], Any]) -> Kernel:
        k = self._kernels.get(spec)  # a dict's get is atomic; the lock orders the inserts
        if k is None:
            handle = ctypes.c_void_p()
            check(compile(ctypes.byref(handle)))
            k = Kernel(handle, spec)
            with self._lock:
                k = self._kernels.setdefault(spec, k)
        return k

    def copy_kernel(self, src_layout: Any, dst_layout: Any, dtype: str, to: Optional[str] = None,
                    scale: Optional[float] = None) -> Kernel:
        """copy(src @ src_layout, dst @ dst_layout) of `dtype` elements (to
        `to`, times `scale`): dst[Ld(k)] = scale * src[Ls(k)] for every
        k < size(Ls). Compiled once per spec.

        >>> Jit(disk_cache=False).copy_kernel("(4,8):(8,1)", "(4,8):(1,4)", "f32", to="f16", scale=0.5).spec
        ('copy', '(4,8):(8,1)', '(4,8):(1,4)', 'f32', 'f16', 0.5)
        """
        spec = ("copy", str(src_layout), str(dst_layout), dtype, to, scale)
        s = ctypes.c_double(scale) if scale is not None else None
        return self._kernel(spec, lambda out: lib.layoutc_compile_copy(
            self._handle, str(src_layout), str(dst_layout), dtype, to or None,
            ctypes.byref(s) if s is not None else None, out))

    def tensor_copy_kernel(self, src: "_TracedSide", dst: "_TracedSide", dtype: str, to: Optional[str],
                           index_dtypes: Sequence[str]) -> Kernel:
        """copy(src, dst) between two traced sides (_traced_side): layouts
        any, inner functions as their programs, LOAD steps reading the index
        buffers of `index_dtypes` (kernel parameters after src and dst).

        >>> side = _traced_side(make_tensor([0] * 8, Layout(8)), [])
        >>> Jit(disk_cache=False).tensor_copy_kernel(side, side, "f32", None, []).name
        'copy'
        """
        spec = ("tensor_copy", src.key, dst.key, dtype, to, tuple(index_dtypes))

        def build(out: Any) -> int:  # only on a miss of this Jit's cache
            names = (ctypes.c_char_p * max(len(index_dtypes), 1))(*[text(d, "index dtype") for d in index_dtypes])
            status: int = lib.layoutc_compile_tensor_copy(
                self._handle, ctypes.byref(src.native()), ctypes.byref(dst.native()), dtype, to or None, names,
                len(index_dtypes), out)
            return status
        return self._kernel(spec, build)

    def indexed_kernel(self, kind: str, row_width: int, dtype: str, index_dtype: str) -> Kernel:
        """A "gather" (rows[r] = table[indices[r]]) or "scatter"
        (table[indices[r]] = rows[r]) of rows of `row_width` elements of
        `dtype`, indices of `index_dtype` ("i32" or "i64").

        >>> Jit(disk_cache=False).indexed_kernel("scatter", 16, "f16", "i64").name
        'scatter'
        """
        compile = {"gather": lib.layoutc_compile_gather, "scatter": lib.layoutc_compile_scatter}[kind]
        return self._kernel((kind, row_width, dtype, index_dtype), lambda out: compile(
            self._handle, row_width, dtype, index_dtype, out))

    def compile(self, mlir: str, kernel_name: str, index_bits: int = 64) -> Kernel:
        """The gpu.func `kernel_name` of an MLIR module with lay ops, its
        `index` type as wide as lay-index-width records (lay.index_bits),
        else `index_bits` (32 or 64) wide.

        >>> module = "gpu.module @m { gpu.func @k() kernel { gpu.return } }"
        >>> Jit(disk_cache=False).compile(module, "k").name
        'k'
        """
        return self._kernel(("mlir", mlir, kernel_name, index_bits), lambda out: lib.layoutc_compile_mlir(
            self._handle, mlir, kernel_name, index_bits, out))

    def cache_stats(self) -> Dict[str, int]:
        """layoutc's cache counters: hits (memory), disk_hits, misses
        (compiled) and entries.

        >>> jit = Jit(disk_cache=False)
        >>> jit.compile("gpu.module @m { gpu.func @k() kernel { gpu.return } }", "k").name
        'k'
        >>> jit.cache_stats()
        {'hits': 0, 'disk_hits': 0, 'misses': 1, 'entries': 1}
        """
        s = CacheStats()
        check(lib.layoutc_jit_cache_stats(self._handle, ctypes.byref(s)))
        return {"hits": s.hits, "disk_hits": s.disk_hits, "misses": s.misses, "entries": s.entries}


def device_count() -> int:
    """The GPUs the CUDA driver reports; DeviceError saying why where there
    is no driver or no GPU. What it answers depends on the machine, so no
    example runs here: `layoutc.device_count()` is 1 on a host with one GPU."""
    count = ctypes.c_int()
    check(lib.layoutc_device_count(ctypes.byref(count)))
    return count.value


_default: Optional[Jit] = None
_default_lock = threading.Lock()


def default_jit() -> Jit:
    """The Jit that copy, gather and scatter use unless given one: made on
    first use, with the defaults (sm_90, the disk cache on).

    >>> default_jit() is default_jit()
    True
    """
    global _default
    with _default_lock:
        if _default is None:
            _default = Jit()
        return _default


def _stream(stream: Any) -> Optional[int]:
    """A CUstream handle (int or None) of an int, a torch.cuda.Stream
    (cuda_stream) or a CuPy stream (ptr)."""
    if stream is None or isinstance(stream, int):
        return stream or None
    for attribute in ("cuda_stream", "ptr"):
        if hasattr(stream, attribute):
            return getattr(stream, attribute) or None
    raise ArgumentError("stream: a %s is not a CUDA stream (an int handle, a torch.cuda.Stream or a CuPy stream)"
                        % type(stream).__name__)


def _launch_site(tensors: Sequence[Union[Tensor, Pending]], stream: Any,
                 device: Optional[int]) -> Tuple[int, Optional[int]]:
    """The device and stream of a launch over `tensors` (all on one device;
    Tensors or Pending DLPack objects)."""
    devices = {t.device for t in tensors if t.device is not None}
    if len(devices) > 1:
        raise ArgumentError("the tensors are on different devices: " +
                            ", ".join("%s on cuda:%s" % (t.role, t.device) for t in tensors))
    found = devices.pop() if devices else None
    if device is not None and found is not None and device != found:
        raise ArgumentError("device=%d, but the tensors are on cuda:%d" % (device, found))
    if stream is None:
        producers = [t for t in tensors if t.torch] or [t for t in tensors if t.stream is not None]
        stream = producers[0].stream if producers else None
    # Checked here, so that the launch passes them to C as they are.
    return (c_value(device if device is not None else found or 0, ctypes.c_int, "device"),
            c_value(_stream(stream), ctypes.c_void_p, "stream"))


def _tensors(stream: Any, device: Optional[int], *arguments: Tuple[Any, str]) -> Tuple[List[Tensor], int,
                                                                                      Optional[int]]:
    """The Tensors of (object, role) `arguments`, and the device and stream
    (a CUstream handle) of a launch over them; a DLPack object's __dlpack__
    is called with that stream."""
    pending = [tensor(obj, role) for obj, role in arguments]
    device, stream = _launch_site(pending, stream, device)
    tensors = [t.resolve(stream) for t in pending]
    for t in tensors:
        if t.device is not None and t.device != device:
            raise ArgumentError("%s: __dlpack__ gave a tensor on cuda:%d, but the launch is on cuda:%d"
                                % (t.role, t.device, device))
    return tensors, device, stream


def copy(src: Any, dst: Any, src_layout: Any = None, dst_layout: Any = None, scale: Optional[float] = None,
         stream: Any = None, device: Optional[int] = None, jit: Optional[Jit] = None) -> None:
    """CuTe's copy(src, dst): dst[Ld(k)] = src[Ls(k)] for every k < size(Ls).

    Ls, Ld: `src_layout`, `dst_layout` (CuTe notation, a Layout, or an
    expression giving one; element offsets from the tensor's address), by
    default the tensor's own shape and strides (then the shapes must be
    equal, and this is dst[c] = src[c] for every coordinate c, as
    dst.copy_(src)). Elements convert to dst's dtype on the way, times
    `scale` if given. Each layout must stay inside its tensor.

    It needs GPU tensors, so no example runs here; with torch tensors x of
    shape (4, 8) and out of shape (8, 4), `layoutc.copy(x, out.t())` is
    out.t().copy_(x), and `layoutc.copy(x, out, dst_layout="(4,8):(1,4)")`
    writes x transposed into out, element (i, j) to offset i + 4 j."""
    if isinstance(src, LayoutTensor) or isinstance(dst, LayoutTensor):
        if src_layout is not None or dst_layout is not None or scale is not None:
            raise ArgumentError("copy: LayoutTensors carry their layouts; give no src_layout, dst_layout or scale")
        _copy_tensors(src if isinstance(src, LayoutTensor) else make_tensor(src),
                      dst if isinstance(dst, LayoutTensor) else make_tensor(dst), stream, device, jit)
        return
    (s, d), device, stream = _tensors(stream, device, (src, "src"), (dst, "dst"))
    if d.readonly:
        raise ArgumentError("dst: the array is read-only")
    if dst_layout is None and src_layout is None and d.shape != s.shape:
        raise ArgumentError("copy: src has shape %s but dst %s; give src_layout and dst_layout to copy between "
                            "different shapes" % (s.shape, d.shape))
    if dst_layout is None and src_layout is None and s.size == 0:
        return  # empty tensors: nothing to move (and no layout of extent 0)
    ls = str(src_layout) if src_layout is not None else s.layout
    ld = str(dst_layout) if dst_layout is not None else d.layout
    kernel = (jit or default_jit()).copy_kernel(ls, ld, s.dtype, d.dtype if d.dtype != s.dtype else None, scale)
    size, src_elements, dst_elements = kernel.copy_extents()
    for t, layout, needed in ((s, ls, src_elements), (d, ld, dst_elements)):
        if needed > t.extent:
            raise ArgumentError("copy: %s_layout %s reaches element %d, but %s holds %d" % (
                t.role, layout, needed - 1, t.describe(), t.extent))
    if size:
        check(unchecked.layoutc_launch_copy(kernel._handle, device, s.address, d.address, None, 0, stream))


class _TracedSide:
    """A LayoutTensor as a side of a compiled copy: its layout, and its
    inner function's steps and result (none for other layouts); `key` is
    what identifies its kernel."""

    def __init__(self, layout: Any, steps: Sequence[Tuple[int, int, int]], result: int) -> None:
        self.layout, self.steps, self.result = layout, list(steps), result
        self.key = (str(layout), tuple(self.steps), result)

    def native(self) -> TensorSide:
        """The side as layoutc_compile_tensor_copy reads it (valid while
        this object lives)."""
        steps = (Step * max(len(self.steps), 1))(*[Step(*s) for s in self.steps])
        self._keep = steps  # alive as long as the side the C call reads
        return TensorSide(self.layout._h.ptr, steps if self.steps else None, len(self.steps), self.result)


def _traced_side(t: LayoutTensor, buffers: List[Any]) -> _TracedSide:
    """t's side, its Python inner function (if any) traced; the index
    tensors its reads name are numbered in `buffers` (both sides share it)."""
    fn = python_inner(t)
    if fn is None:
        return _TracedSide(t.layout, [], 0)
    program = Program(buffers)
    first = t.layout.outer(0)  # the inner function's inputs: an index, or one per coordinate mode (E(m) strides)
    result = trace(fn, program, len(first) if isinstance(first, tuple) else 1)
    if isinstance(result, tuple):  # a coordinate of the data: through its strides
        result = symbolic_crd2idx(result, t.data_shape, t.data_strides, program)
    return _TracedSide(t.layout, program.steps, result)


def _copy_tensors(src: LayoutTensor, dst: LayoutTensor, stream: Any, device: Optional[int],
                  jit: Optional[Jit]) -> None:
    buffers: List[Any] = []
    sides = [_traced_side(t, buffers) for t in (src, dst)]
    indices = [(b, "index tensor %d" % i) for i, b in enumerate(buffers)]
    tensors, device, stream = _tensors(stream, device, (src.data, "src"), (dst.data, "dst"), *indices)
    s, d = tensors[0], tensors[1]
    if d.readonly:
        raise ArgumentError("dst: the array is read-only")
    for t in tensors[2:]:
        if t.dtype not in ("i32", "i64"):
            raise ArgumentError("copy: %s has dtype %s; index tensors are int32 or int64" % (t.role, t.dtype))
    for side, t, view in ((sides[0], s, src), (sides[1], d, dst)):
        if view.base > t.extent or (not side.steps and isinstance(view.layout, Layout) and
                                    view.base + view.layout.cosize() > t.extent):
            raise ArgumentError("copy: %s's layout %s from element %d reaches element %d, but %s holds %d" % (
                t.role, view.layout, view.base, view.base + view.layout.cosize() - 1, t.describe(), t.extent))
    kernel = (jit or default_jit()).tensor_copy_kernel(sides[0], sides[1], s.dtype,
                                                         d.dtype if d.dtype != s.dtype else None,
                                                         [t.dtype for t in tensors[2:]])
    bases = [src.base, dst.base] + [0] * (len(tensors) - 2)  # a tile's first element (local_tile)
    kernel.launch([("buffer", t.address + b * t.itemsize, t.extent - b) for t, b in zip(tensors, bases)],
                  grid=0, block=0, device=device, stream=stream)


def _require_row_major(kind: str, t: Tensor) -> None:
    """Gathers and scatters take contiguous rows."""
    if not t.row_major():
        raise ArgumentError("%s: %s is not contiguous (row-major)" % (kind, t.describe()))


def _indexed(kind: str, table: Any, indices: Any, rows: Any, rows_role: str, stream: Any, device: Optional[int],
             jit: Optional[Jit]) -> None:
    """Gather (table, indices -> rows) or scatter (rows, indices -> table)."""
    if kind == "gather":
        (t, i, r), device, stream = _tensors(stream, device, (table, "table"), (indices, "indices"),
                                             (rows, rows_role))
    else:
        (r, i, t), device, stream = _tensors(stream, device, (rows, rows_role), (indices, "indices"),
                                             (table, "table"))
    writes = t if kind == "scatter" else r
    if writes.readonly:
        raise ArgumentError("%s: the array is read-only" % writes.role)
    for x, ranks in ((t, (1, 2)), (i, (1,)), (r, (1, 2))):
        if len(x.shape) not in ranks:
            raise ArgumentError("%s: %s has %d dimensions; %s takes %s" % (
                kind, x.describe(), len(x.shape), x.role, " or ".join(map(str, ranks))))
        _require_row_major(kind, x)
    if i.dtype not in ("i32", "i64"):
        raise ArgumentError("%s: indices are %s; they must be int32 or int64" % (kind, i.dtype))
    if r.dtype != t.dtype:
        raise ArgumentError("%s: %s has dtype %s but table %s" % (kind, rows_role, r.dtype, t.dtype))
    width = t.shape[1] if len(t.shape) == 2 else 1
    if len(r.shape) != len(t.shape) or (len(r.shape) == 2 and r.shape[1] != width):
        raise ArgumentError("%s: %s has rows of shape %s but table %s" % (
            kind, rows_role, r.shape[1:], t.shape[1:]))
    if r.shape[0] != i.shape[0]:
        raise ArgumentError("%s: %s has %d rows for %d indices" % (kind, rows_role, r.shape[0], i.shape[0]))
    if i.shape[0] and width:
        kernel = (jit or default_jit()).indexed_kernel(kind, width, t.dtype, i.dtype)
        check(unchecked.layoutc_launch_indexed(kernel._handle, device, t.address, t.shape[0], r.address, i.address,
                                               i.shape[0], stream))


def gather(table: Any, indices: Any, out: Any, stream: Any = None, device: Optional[int] = None,
           jit: Optional[Jit] = None) -> None:
    """out[r] = table[indices[r]] for every r: rows of a (rows, width) table
    (or elements of a 1-D one), as torch.index_select(table, 0, indices,
    out=out). Indices (int32 or int64) must be in [0, rows): they are not
    checked (that would wait for the device).

    It needs GPU tensors, so no example runs here; with torch tensors table
    (100, 16), indices = torch.tensor([7, 3], device="cuda") and out (2, 16),
    `layoutc.gather(table, indices, out)` sets out[0] to table[7] and out[1]
    to table[3]."""
    _indexed("gather", table, indices, out, "out", stream, device, jit)


def scatter(src: Any, indices: Any, table: Any, stream: Any = None, device: Optional[int] = None,
            jit: Optional[Jit] = None) -> None:
    """table[indices[r]] = src[r] for every r: rows of a (rows, width) table
    (or elements of a 1-D one), as table.index_copy_(0, indices, src).
    Indices (int32 or int64) must be distinct and in [0, rows): they are not
    checked (that would wait for the device).

    It needs GPU tensors, so no example runs here; with torch tensors src
    (2, 16), indices = torch.tensor([7, 3], device="cuda") and table
    (100, 16), `layoutc.scatter(src, indices, table)` sets table[7] to
    src[0] and table[3] to src[1], the other rows as they were."""
    _indexed("scatter", table, indices, src, "src", stream, device, jit)
