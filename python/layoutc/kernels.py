"""layoutc's kernels on the caller's tensors, in CuTe's argument order
(sources first, the destination last): copy between any two layouts of one
domain, and gather or scatter of table rows; with torch's tensors, the
functional forms too (`y = layoutc.copy(x.t())`, `rows = layoutc.gather(table,
indices)`), as torch.library ops under torch.compile (torch_ops.py).

Tensors: torch's, anything with __cuda_array_interface__ (CuPy, Numba,
JAX), and anything with __dlpack__ (the interface is preferred where an
object has both). A copy between two strided tensors launches the kernel of
its family (one kernel for every shape of the family, compiled on its first
launch for the device's own target, found by its structure after): torch's
tensors take one native path from the call to cuLaunchKernel (_launch.c),
the others the C API's through ctypes. The launch is on the caller's current
stream: the `stream` argument if given, else PyTorch's current stream when
the tensors are torch's, else the stream their __cuda_array_interface__
names, else the legacy default stream. DLPack tensors are asked for with
that stream (__dlpack__(stream=...)), so their producer orders its pending
work before the kernel. Nothing is copied and nothing waits: the results are
ready when that stream's work is.
"""
import ctypes
import sys
import threading
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native
from ._library import (Arg, ArgumentError, Buffer, CacheStats, CopySpec, TensorArg, c_value, check,
                       error_of, int64_array, lib, library_path, text, unchecked)
from .copy_sides import Side, traced_side
from .dtypes import FROM_TORCH, NAMES
from .layout_tensors import LayoutTensor, make_tensor
from .tensors import Pending, Tensor, tensor
from .values import Layout

_hot = _native.hotpath
_modules = sys.modules
# A dtype's index in the library's list (a layoutc_tensor's dtype).
_DTYPE_INDEX = {name: i for i, name in enumerate(NAMES)}


class Kernel:
    """A compiled kernel (layoutc_kernel), freed with this object.

    >>> k = Jit(disk_cache=False).copy_kernel("(400,800):(800,1)", "(400,800):(1,400)", "f32")
    >>> k.name, k.family
    ('copy', 'lay-copy-family: modes=2 sizes=?{div=4},?{div=4} src=?{div=4},1 dst=1,?{div=4}')
    """

    def __init__(self, handle: ctypes.c_void_p) -> None:
        self._handle: Optional[ctypes.c_void_p] = handle
        self._static_extents: Optional[Tuple[int, int, int]] = None  # copy_extents() without `?` values

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            lib.layoutc_kernel_free(self._handle)
            self._handle = None

    def _text(self, read: Any) -> str:
        out = ctypes.c_char_p()
        check(read(self._handle, ctypes.byref(out)))
        return out.value.decode()  # type: ignore[union-attr]  # not NULL once check() passed

    @property
    def name(self) -> str:
        """The kernel's entry point in its PTX (copy, gather or scatter for
        a copy's).

        >>> Jit(disk_cache=False).gather_kernel(4, "f32").name
        'gather'
        """
        return self._text(lib.layoutc_kernel_name)

    @property
    def ptx(self) -> str:
        """The kernel's PTX, as the driver loads it.

        >>> ".visible .entry copy(" in Jit(disk_cache=False).copy_kernel("8:1", "8:1", "f32").ptx
        True
        """
        return self._text(lib.layoutc_kernel_ptx)

    @property
    def family(self) -> str:
        """What a copy's kernel is specialized on: its family, whose every
        shape it serves with the extents given at launch ("" for a kernel
        of its own: a Jit(specialize="shape"), a composed or indexed side,
        MLIR).

        >>> Jit(disk_cache=False).copy_kernel("(1000,301):(301,1)", "(1000,301):(1,1000)", "f16").family
        'lay-copy-family: modes=2 sizes=?{div=8},? src=?,1 dst=1,?{div=8}'
        >>> Jit(disk_cache=False, specialize="shape").copy_kernel("8:1", "8:1", "f32").family
        ''
        """
        return self._text(lib.layoutc_kernel_family)

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

    def launch_copy(self, buffers: Sequence[Tuple[int, int]], dynamic: Sequence[int] = (), device: int = 0,
                    stream: Any = None) -> None:
        """A copy kernel on `buffers` ((address, elements) each: src, dst,
        then its index buffers; elements 0: the side's layout's extent),
        the values of its `?` leaves `dynamic`, on `device` and `stream`.
        The extents are checked against the buffers first. It needs a GPU,
        so no example runs here; with torch tensors x and out of 32 floats,
        `kernel.launch_copy([(x.data_ptr(), 32), (out.data_ptr(), 32)])`."""
        packed = (Buffer * max(len(buffers), 1))(*[Buffer(a, e) for a, e in buffers])
        values = int64_array(dynamic, "launch_copy: dynamic")
        check(lib.layoutc_launch_copy(self._handle, device, packed, len(buffers), values, len(dynamic),
                                      _stream(stream)))

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
    """layoutc's JIT: `arch` a PTX target ("sm_90"), or None to compile for
    each device its own (sm_80 ... sm_120; sm_90 for a kernel compiled
    without one); `opt_level` 0 to 3; kernels kept on disk too unless
    `disk_cache` is False (in `cache_directory`, else $LAYOUTC_CACHE_DIR,
    $XDG_CACHE_HOME/layoutc or ~/.cache/layoutc). `specialize`: "family"
    (a copy between static layouts launches its family's kernel, the
    extents given at launch) or "shape" (a kernel per shape, to compare).
    Thread-safe. Compiling needs no GPU: kernels compile to PTX.

    >>> jit = Jit(disk_cache=False)
    >>> jit.copy_kernel("(400,800):(800,1)", "(400,800):(1,400)", "f32").name
    'copy'
    >>> jit.copy_kernel("(640,320):(320,1)", "(640,320):(1,640)", "f32").name  # the same family
    'copy'
    >>> jit.cache_stats()
    {'hits': 1, 'disk_hits': 0, 'misses': 1, 'entries': 1, 'families': 1}
    """

    def __init__(self, arch: Optional[str] = None, opt_level: int = 0, disk_cache: bool = True,
                 cache_directory: Optional[str] = None, specialize: str = "family") -> None:
        if specialize not in ("family", "shape"):
            raise ArgumentError("Jit: specialize is 'family' or 'shape', not %r" % (specialize,))
        handle = ctypes.c_void_p()
        check(lib.layoutc_jit_create(arch or None, opt_level, int(disk_cache), cache_directory or None,
                                     int(specialize == "family"), ctypes.byref(handle)))
        self._handle: Optional[ctypes.c_void_p] = handle
        self._address: int = handle.value or 0  # what the native launch path takes

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            lib.layoutc_jit_destroy(self._handle)
            self._handle = None

    def _compile(self, src: Side, dst: Side, dtype: str, to: Optional[str] = None, scale: Optional[float] = None,
                 index_dtypes: Sequence[str] = ()) -> Kernel:
        s = ctypes.c_double(scale) if scale is not None else None
        names = (ctypes.c_char_p * max(len(index_dtypes), 1))(*[text(d, "index dtype") for d in index_dtypes])
        spec = CopySpec(src.native(), dst.native(), text(dtype, "dtype"), text(to, "to") if to else None,
                        ctypes.pointer(s) if s is not None else None, names if index_dtypes else None,
                        len(index_dtypes), 0)
        handle = ctypes.c_void_p()
        check(lib.layoutc_compile(self._handle, ctypes.byref(spec), ctypes.byref(handle)))
        return Kernel(handle)

    def copy_kernel(self, src_layout: Any, dst_layout: Any, dtype: str, to: Optional[str] = None,
                    scale: Optional[float] = None) -> Kernel:
        """copy(src @ src_layout, dst @ dst_layout) of `dtype` elements (to
        `to`, times `scale`): dst[Ld(k)] = scale * src[Ls(k)] for every
        k < size(Ls). The layouts are values (a Layout, a ComposedLayout
        with a swizzle or layout inner) or CuTe notation; the kernel is its
        family's where both are static plain layouts, found by structure
        when compiled before.

        >>> Jit(disk_cache=False).copy_kernel("(4,8):(8,1)", "(4,8):(1,4)", "f32", to="f16", scale=0.5).name
        'copy'
        """
        return self._compile(Side(src_layout), Side(dst_layout), dtype, to, scale)

    def tensor_copy_kernel(self, src: Side, dst: Side, dtype: str, to: Optional[str],
                           index_dtypes: Sequence[str]) -> Kernel:
        """copy(src, dst) between two traced sides (copy_sides.traced_side): layouts
        any, inner functions as their programs, LOAD steps reading the index
        buffers of `index_dtypes` (kernel parameters after src and dst).

        >>> side = traced_side(make_tensor([0] * 8, Layout(8)), [])
        >>> Jit(disk_cache=False).tensor_copy_kernel(side, side, "f32", None, []).name
        'copy'
        """
        return self._compile(src, dst, dtype, to, None, index_dtypes)

    def gather_kernel(self, row_width: int, dtype: str, index_dtype: str = "i32") -> Kernel:
        """rows[r] = table[indices[r]] for rows of `row_width` elements of
        `dtype`, indices of `index_dtype` ("i32" or "i64"); its buffers
        table, rows, indices, its one launch value the rows' count.

        >>> Jit(disk_cache=False).gather_kernel(16, "f16", "i64").name
        'gather'
        """
        return self._rows(lib.layoutc_compile_gather, row_width, dtype, index_dtype)

    def scatter_kernel(self, row_width: int, dtype: str, index_dtype: str = "i32") -> Kernel:
        """table[indices[r]] = rows[r]: gather_kernel's inverse; its buffers
        rows, table, indices.

        >>> Jit(disk_cache=False).scatter_kernel(16, "f16").name
        'scatter'
        """
        return self._rows(lib.layoutc_compile_scatter, row_width, dtype, index_dtype)

    def _rows(self, compile: Any, row_width: int, dtype: str, index_dtype: str) -> Kernel:
        handle = ctypes.c_void_p()
        check(compile(self._handle, row_width, dtype, index_dtype, ctypes.byref(handle)))
        return Kernel(handle)

    def compile(self, mlir: str, kernel_name: str, index_bits: int = 64) -> Kernel:
        """The gpu.func `kernel_name` of an MLIR module with lay ops, its
        `index` type as wide as lay-index-width records (lay.index_bits),
        else `index_bits` (32 or 64) wide.

        >>> module = "gpu.module @m { gpu.func @k() kernel { gpu.return } }"
        >>> Jit(disk_cache=False).compile(module, "k").name
        'k'
        """
        handle = ctypes.c_void_p()
        check(lib.layoutc_compile_mlir(self._handle, mlir, kernel_name, index_bits, ctypes.byref(handle)))
        return Kernel(handle)

    def cache_stats(self) -> Dict[str, int]:
        """layoutc's cache counters: hits (served from memory), disk_hits,
        misses (compiled), entries (compiled kernels in memory) and
        families.

        >>> jit = Jit(disk_cache=False)
        >>> jit.compile("gpu.module @m { gpu.func @k() kernel { gpu.return } }", "k").name
        'k'
        >>> jit.cache_stats()
        {'hits': 0, 'disk_hits': 0, 'misses': 1, 'entries': 1, 'families': 0}
        """
        s = CacheStats()
        check(lib.layoutc_jit_cache_stats(self._handle, ctypes.byref(s)))
        return {"hits": s.hits, "disk_hits": s.disk_hits, "misses": s.misses, "entries": s.entries,
                "families": s.families}


_default: Optional[Jit] = None
_default_lock = threading.Lock()


def default_jit() -> Jit:
    """The Jit that copy, gather and scatter use unless given one: made on
    first use, with the defaults (each device's own target, the disk cache
    on, a kernel per family).

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
    if any(t.torch for t in pending):
        _bind_torch()
    device, stream = _launch_site(pending, stream, device)
    tensors = [t.resolve(stream) for t in pending]
    for t in tensors:
        if t.device is not None and t.device != device:
            raise ArgumentError("%s: __dlpack__ gave a tensor on cuda:%d, but the launch is on cuda:%d"
                                % (t.role, t.device, device))
    return tensors, device, stream


def _native_tensor(t: Tensor) -> TensorArg:
    """t as a layoutc_tensor (its fields checked when t was made)."""
    n = len(t.shape)
    shape = (ctypes.c_int64 * max(n, 1))(*t.shape)
    strides = (ctypes.c_int64 * max(n, 1))(*t.strides)
    native = TensorArg(t.address or None, _DTYPE_INDEX[t.dtype], n, shape, strides)
    native._keep = (shape, strides)  # alive as long as the struct
    return native


def _check_launch(status: int) -> None:
    """check() for the launches between tensors: their message without the
    C function's name (the op names itself: "copy: ...")."""
    if status:
        message = lib.layoutc_last_error().decode(errors="backslashreplace")
        for function in ("layoutc_copy_tensors: ", "layoutc_gather_tensors: ", "layoutc_scatter_tensors: "):
            if message.startswith(function):
                message = message[len(function):]
                break
        raise error_of(status, message)


def _compiling(torch: Any) -> bool:
    """Whether torch.compile is tracing the caller (then layoutc's ops are
    torch.library's, torch_ops.py)."""
    compiler = getattr(torch, "compiler", None)
    is_compiling = getattr(compiler, "is_compiling", None)
    return is_compiling is not None and bool(is_compiling())


def copy(src: Any, dst: Any = None, src_layout: Any = None, dst_layout: Any = None, scale: Optional[float] = None,
         stream: Any = None, device: Optional[int] = None, jit: Optional[Jit] = None, *,
         dtype: Any = None) -> Any:
    """CuTe's copy(src, dst): dst[Ld(k)] = src[Ls(k)] for every k < size(Ls);
    returns dst (as torch's copy_), or None where dst is a LayoutTensor (as
    CuTe DSL's copy).

    Ls, Ld: `src_layout`, `dst_layout` (CuTe notation, a Layout, or an
    expression giving one; element offsets from the tensor's address), by
    default the tensor's own shape and strides (then the shapes must be
    equal, and this is dst[c] = src[c] for every coordinate c, as
    dst.copy_(src)). Elements convert to dst's dtype on the way as torch's
    .to() does, times `scale` if given. Each layout must stay inside its
    tensor. Without dst (a torch tensor src): a new contiguous tensor of
    src's shape and `dtype` (default src's), from torch's allocator on the
    current stream, as src.contiguous() or src.to(dtype); with autograd, its
    backward the inverse copy.

    It needs GPU tensors, so no example runs here; with torch tensors x of
    shape (4, 8) and out of shape (8, 4), `layoutc.copy(x, out.t())` is
    out.t().copy_(x), `y = layoutc.copy(x.t())` is x.t().contiguous(), and
    `layoutc.copy(x, out, dst_layout="(4,8):(1,4)")` writes x transposed
    into out, element (i, j) to offset i + 4 j."""
    torch = _modules.get("torch")
    if torch is not None and _compiling(torch):
        from . import torch_ops
        return torch_ops.copy(src, dst, src_layout, dst_layout, scale, stream, device, dtype)
    if dst is None:
        return _copy_new(torch, src, src_layout, dst_layout, scale, stream, device, jit, dtype)
    if dtype is not None:
        raise ArgumentError("copy: dtype is the new tensor's, for copy(src); dst has its own (%s)"
                            % getattr(dst, "dtype", type(dst).__name__))
    if src_layout is None and dst_layout is None and stream is None and device is None:
        j = _default if jit is None else jit
        if j is not None and _hot.copy_tensors(j._address, src, dst, scale) is None:
            return dst  # torch's tensors: launched from C
    _copy(src, dst, src_layout, dst_layout, scale, stream, device, jit)
    return None if isinstance(dst, LayoutTensor) else dst


def _copy_new(torch: Any, src: Any, src_layout: Any, dst_layout: Any, scale: Optional[float], stream: Any,
              device: Optional[int], jit: Optional[Jit], dtype: Any) -> Any:
    """copy(src) without dst: a new torch tensor."""
    if torch is None or not isinstance(src, torch.Tensor):
        raise ArgumentError("copy: without dst, src must be a torch tensor (the result is a new one); give dst for "
                            "a %s" % type(src).__name__)
    if src_layout is not None or dst_layout is not None:
        raise ArgumentError("copy: src_layout and dst_layout need a dst to copy into")
    if dtype is not None and not isinstance(dtype, torch.dtype):
        raise ArgumentError("copy: dtype is a torch.dtype, not %r" % (dtype,))
    if src.requires_grad and torch.is_grad_enabled():
        from . import torch_ops
        return torch_ops.copy(src, None, None, None, scale, stream, device, dtype)  # recorded for autograd
    out = torch.empty(src.shape, dtype=dtype or src.dtype, device=src.device)
    return copy(src, out, scale=scale, stream=stream, device=device, jit=jit)


def _copy(src: Any, dst: Any, src_layout: Any, dst_layout: Any, scale: Optional[float], stream: Any,
          device: Optional[int], jit: Optional[Jit]) -> None:
    """copy()'s general path: LayoutTensors, layouts given, tensors other
    than torch's, and every refusal."""
    if isinstance(src, LayoutTensor) or isinstance(dst, LayoutTensor):
        if src_layout is not None or dst_layout is not None or scale is not None:
            raise ArgumentError("copy: LayoutTensors carry their layouts; give no src_layout, dst_layout or scale")
        _copy_tensors(src if isinstance(src, LayoutTensor) else make_tensor(src),
                      dst if isinstance(dst, LayoutTensor) else make_tensor(dst), stream, device, jit)
        return
    (s, d), device, stream = _tensors(stream, device, (src, "src"), (dst, "dst"))
    _writable(d)
    j = jit or default_jit()
    if src_layout is None and dst_layout is None:
        value = ctypes.c_double(scale) if scale is not None else None
        _check_launch(unchecked.layoutc_copy_tensors(j._handle, device, _native_tensor(s), _native_tensor(d),
                                                     ctypes.byref(value) if value is not None else None, stream))
        return
    ls = src_layout if src_layout is not None else s.layout
    ld = dst_layout if dst_layout is not None else d.layout
    kernel = j.copy_kernel(ls, ld, s.dtype, d.dtype if d.dtype != s.dtype else None, scale)
    size, src_elements, dst_elements = kernel.copy_extents()
    for t, layout, needed in ((s, ls, src_elements), (d, ld, dst_elements)):
        if needed > t.extent:
            raise ArgumentError("copy: %s_layout %s reaches element %d, but %s holds %d" % (
                t.role, layout, needed - 1, t.describe(), t.extent))
    if size:
        kernel.launch_copy([(s.address, s.extent), (d.address, d.extent)], device=device, stream=stream)


def _copy_tensors(src: LayoutTensor, dst: LayoutTensor, stream: Any, device: Optional[int],
                  jit: Optional[Jit]) -> None:
    buffers: List[Any] = []
    sides = [traced_side(t, buffers) for t in (src, dst)]
    indices = [(b, "index tensor %d" % i) for i, b in enumerate(buffers)]
    tensors, device, stream = _tensors(stream, device, (src.data, "src"), (dst.data, "dst"), *indices)
    s, d = tensors[0], tensors[1]
    _writable(d)
    for t in tensors[2:]:
        if t.dtype not in ("i32", "i64"):
            raise ArgumentError("copy: %s has dtype %s; index tensors are int32 or int64" % (t.role, t.dtype))
    for side, t, view in ((sides[0], s, src), (sides[1], d, dst)):
        if view.base < 0:
            raise ArgumentError("copy: %s's layout %s starts at element %d, before the start of %s" % (
                t.role, view.layout, view.base, t.describe()))
        if view.base > t.extent or (not side.steps and isinstance(view.layout, Layout) and
                                    view.base + view.layout.cosize() > t.extent):
            raise ArgumentError("copy: %s's layout %s from element %d reaches element %d, but %s holds %d" % (
                t.role, view.layout, view.base, view.base + view.layout.cosize() - 1, t.describe(), t.extent))
    kernel = (jit or default_jit()).tensor_copy_kernel(sides[0], sides[1], s.dtype,
                                                         d.dtype if d.dtype != s.dtype else None,
                                                         [t.dtype for t in tensors[2:]])
    bases = [src.base, dst.base] + [0] * (len(tensors) - 2)  # a tile's first element (local_tile)
    kernel.launch_copy([(t.address + b * t.itemsize, t.extent - b) for t, b in zip(tensors, bases)],
                       device=device, stream=stream)


def _writable(t: Tensor) -> None:
    """Refuses a tensor a kernel writes that it cannot: read-only, or a lazy
    view of torch's (its memory holds the values before the bit)."""
    if t.readonly:
        raise ArgumentError("%s: the array is read-only" % t.role)
    if t.resolved:
        raise ArgumentError("%s: a conjugate or negative view (torch's lazy conj or neg bit), whose memory does not "
                            "hold its values; write into a tensor without the bit" % t.role)


def _require_row_major(kind: str, t: Tensor) -> None:
    """Gathers and scatters take contiguous rows."""
    if not t.row_major():
        raise ArgumentError("%s: %s is not contiguous (row-major)" % (kind, t.describe()))


def _rows(gather: bool, table: Any, indices: Any, rows: Any, stream: Any, device: Optional[int],
          jit: Optional[Jit]) -> None:
    """gather's or scatter's general path: tensors other than torch's, and
    every refusal."""
    role = "out" if gather else "src"
    if gather:
        (t, i, r), device, stream = _tensors(stream, device, (table, "table"), (indices, "indices"), (rows, role))
    else:
        (r, i, t), device, stream = _tensors(stream, device, (rows, role), (indices, "indices"), (table, "table"))
    _writable(r if gather else t)
    handle = (jit or default_jit())._handle
    launch = unchecked.layoutc_gather_tensors if gather else unchecked.layoutc_scatter_tensors
    a, b = (t, r) if gather else (r, t)
    _check_launch(launch(handle, device, _native_tensor(a), _native_tensor(i), _native_tensor(b), stream))


def gather(table: Any, indices: Any, out: Any = None, stream: Any = None, device: Optional[int] = None,
           jit: Optional[Jit] = None) -> Any:
    """out[r] = table[indices[r]] for every r: rows of a (rows, width) table
    (or elements of a 1-D one), as torch.index_select(table, 0, indices,
    out=out); returns out. Without out (a torch table): a new tensor, as
    torch.index_select(table, 0, indices), with autograd. Indices (int32 or
    int64) must be in [0, rows): the kernel checks each (without waiting for
    the device), reads 0 for a row whose index is not, and the next launch
    on the device (or layoutc.check_device()) raises DeviceFaultError naming
    the first such index and its position.

    It needs GPU tensors, so no example runs here; with torch tensors table
    (100, 16) and indices = torch.tensor([7, 3], device="cuda"),
    `layoutc.gather(table, indices)` is a (2, 16) tensor of rows table[7]
    and table[3]."""
    torch = _modules.get("torch")
    if torch is not None and _compiling(torch):
        from . import torch_ops
        return torch_ops.gather(table, indices, out)
    if out is None:
        if torch is None or not isinstance(table, torch.Tensor) or not isinstance(indices, torch.Tensor):
            raise ArgumentError("gather: without out, table and indices must be torch tensors (the result is a new "
                                "one)")
        if table.requires_grad and torch.is_grad_enabled():
            from . import torch_ops
            return torch_ops.gather(table, indices, None)  # recorded for autograd
        out = table.new_empty((indices.shape[0],) + tuple(table.shape[1:]))
    _launch_rows(True, table, indices, out, stream, device, jit)
    return out


def scatter(src: Any, indices: Any, table: Any, stream: Any = None, device: Optional[int] = None,
            jit: Optional[Jit] = None) -> Any:
    """table[indices[r]] = src[r] for every r: rows of a (rows, width) table
    (or elements of a 1-D one), as table.index_copy_(0, indices, src);
    returns table. Indices (int32 or int64) must be distinct and in
    [0, rows): the kernel checks each (without waiting for the device),
    writes no row whose index is not, and the next launch on the device
    (or layoutc.check_device()) raises DeviceFaultError naming the first
    such index and its position.

    It needs GPU tensors, so no example runs here; with torch tensors src
    (2, 16), indices = torch.tensor([7, 3], device="cuda") and table
    (100, 16), `layoutc.scatter(src, indices, table)` sets table[7] to
    src[0] and table[3] to src[1], the other rows as they were."""
    torch = _modules.get("torch")
    if torch is not None and _compiling(torch):
        from . import torch_ops
        return torch_ops.scatter(src, indices, table)
    _launch_rows(False, table, indices, src, stream, device, jit)
    return table


def _launch_rows(gather: bool, table: Any, indices: Any, rows: Any, stream: Any, device: Optional[int],
                 jit: Optional[Jit]) -> None:
    """gather's or scatter's launch: torch's tensors from C where they can
    be, else (and for every refusal) the general path."""
    if stream is None and device is None:
        j = _default if jit is None else jit
        if j is not None:
            hot = _hot.gather_tensors(j._address, table, indices, rows) if gather else \
                _hot.scatter_tensors(j._address, rows, indices, table)
            if hot is None:
                return
    _rows(gather, table, indices, rows, stream, device, jit)


_torch_bound = False
# _launch.c's mark of a complex dtype (whose conjugate views it leaves to the general path).
_COMPLEX_BIT = 0x100


def _bind_torch() -> None:
    """Once torch's tensors are seen: the native launch path takes them
    (_launch.c), and layoutc's ops are registered with torch.library."""
    global _torch_bound
    if _torch_bound:
        return
    torch = _modules["torch"]
    dtypes = {getattr(torch, name): _DTYPE_INDEX[ours] | (_COMPLEX_BIT if ours in ("c64", "c128") else 0)
              for name, ours in FROM_TORCH.items() if hasattr(torch, name)}
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is None:  # torch without the raw accessor Triton uses: the public one
        def raw(device: int) -> int:
            return int(torch.cuda.current_stream(device).cuda_stream)
    _hot.bind_torch(library_path, _check_launch, (torch.Tensor, torch.nn.Parameter), dtypes, raw)
    _torch_bound = True
    from . import torch_ops  # noqa: F401 (registers the ops)


if "torch" in _modules:  # torch first, then layoutc: its tensors take the native path from the first call
    _bind_torch()
