"""Loads liblayoutc_jit (layoutc's C API, include/layoutc/layoutc.h) with
ctypes, declares its functions, and turns failed calls into exceptions.

Where the library is: $LAYOUTC_LIBRARY (the file, or a directory holding
it: a build tree's lib/Shared), else the package's own _lib folder (where
the wheel puts it), else next to this package or up to three directories
above it.
"""
import array
import ctypes
import glob
import operator
import os
import threading
import types
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Type, Union

API_VERSION = 3

# layoutc_status values (layoutc.h).
(OK, INVALID_ARGUMENT, ALGEBRA, COMPILE, NO_DRIVER, NO_DEVICE, CUDA, OUT_OF_MEMORY, INTERNAL, ALGEBRA_TYPE,
 ALGEBRA_INDEX, DEVICE_FAULT) = range(12)


class Error(Exception):
    """A failure reported by layoutc: `status` is layoutc.h's status name,
    the message layoutc's explanation. Every exception layoutc raises for a
    failed C API call is one (of the subclass for its status).

    >>> import layoutc
    >>> try:
    ...     layoutc.Layout("(2,3):(1)")
    ... except layoutc.Error as e:
    ...     print(type(e).__name__, e.status)
    LayoutError LAYOUTC_ERROR_ALGEBRA
    """

    def __init__(self, message: str, status: str = "LAYOUTC_ERROR_INVALID_ARGUMENT") -> None:
        super().__init__(message)
        self.status = status


class LayoutError(Error, ValueError):
    """An input the algebra refuses (a parse error, an inadmissible
    operation): which operation, which argument, which condition, where.

    >>> import layoutc
    >>> layoutc.shape_div(6, 4)
    Traceback (most recent call last):
    ...
    layoutc.LayoutError: shape_div: shape_div(6, 4) needs one of them to divide the other
    """


class LayoutTypeError(Error, TypeError):
    """An algebra function given arguments of the wrong kind or count.

    >>> import layoutc
    >>> layoutc.Layout(1.5)
    Traceback (most recent call last):
    ...
    layoutc.LayoutTypeError: 1.5 (float) is not an integer tuple's leaf: ...
    """


class LayoutIndexError(Error, IndexError):
    """A mode index past a layout's or tuple's rank.

    >>> import layoutc
    >>> layoutc.Layout((2, 3))[5]
    Traceback (most recent call last):
    ...
    layoutc.LayoutIndexError: mode 5 is out of range for layout (2,3):(1,2) of rank 2
    """


class ArgumentError(Error, ValueError):
    """Arguments that do not fit: a tensor's dtype, device, size or
    alignment, a NULL, a count of `?` values.

    >>> import layoutc
    >>> layoutc.Jit(opt_level=7)
    Traceback (most recent call last):
    ...
    layoutc.ArgumentError: layoutc_jit_create: opt_level 7 is not 0, 1, 2 or 3
    """


class CompileError(Error):
    """A spec or MLIR module the compiler refuses.

    >>> import layoutc
    >>> layoutc.Jit(disk_cache=False).compile("module {}", "k")
    Traceback (most recent call last):
    ...
    layoutc.CompileError: <input> has no gpu.module: kernels are gpu.func ops in a gpu.module
    """


class DeviceError(Error, RuntimeError):
    """No CUDA driver, no device, or a failed CUDA call. On a machine
    without an NVIDIA driver, `layoutc.device_count()` raises one: "no CUDA
    driver found: libcuda.so.1 could not be loaded (...); kernels compile to
    PTX without it, but running them needs an NVIDIA driver and GPU". (No
    example runs here: what it says depends on the machine's driver.)"""


class DeviceFaultError(DeviceError, IndexError):
    """A kernel refused an access outside its tensors that only the device
    could see: a gather's or scatter's index naming no row of its table, or
    a traced inner function's offset outside its tensor. The message gives
    the first such index and its position; the access was skipped (a
    skipped read gives 0, a skipped write stores nothing; the rest is done)
    and the device stays usable. Raised by
    the next launch on the device, or by layoutc.check_device(). It is the
    IndexError a bad index raises in Python:

    >>> import layoutc
    >>> issubclass(layoutc.DeviceFaultError, IndexError), issubclass(layoutc.DeviceFaultError, layoutc.DeviceError)
    (True, True)
    """


class InternalError(Error):
    """A bug in layoutc, reported instead of a crash (status
    LAYOUTC_ERROR_INTERNAL; also the class of a status this package does not
    know). No example: no input is known to raise it."""


_ERRORS: Dict[int, Type[Error]] = {
    INVALID_ARGUMENT: ArgumentError,
    ALGEBRA: LayoutError,
    ALGEBRA_TYPE: LayoutTypeError,
    ALGEBRA_INDEX: LayoutIndexError,
    COMPILE: CompileError,
    NO_DRIVER: DeviceError,
    NO_DEVICE: DeviceError,
    CUDA: DeviceError,
    OUT_OF_MEMORY: DeviceError,
    INTERNAL: InternalError,
    DEVICE_FAULT: DeviceFaultError,
}

# The errors are layoutc's public names: tracebacks say layoutc.LayoutError.
for _error in (Error, LayoutError, LayoutTypeError, LayoutIndexError, ArgumentError, CompileError, DeviceError,
               DeviceFaultError, InternalError):
    _error.__module__ = "layoutc"


# The one rule for every Python value that crosses into C (the C API's
# arguments, the fields of its structs, the entries of its arrays): an
# integer must be one (TypeError), in its C type's range (OverflowError;
# ctypes would wrap it silently), and text must hold no NUL byte (ArgumentError,
# a ValueError; C would read only up to it). c_value applies it; _declare
# wraps every C API function in it, Structures check their fields with it,
# and int64_array builds arrays with it.
_BITS = {ctypes.c_int8: (8, True), ctypes.c_uint8: (8, False), ctypes.c_uint16: (16, False),
         ctypes.c_int32: (32, True), ctypes.c_uint32: (32, False), ctypes.c_int64: (64, True),
         ctypes.c_uint64: (64, False), ctypes.c_void_p: (64, False)}
# The C names of those types, for messages.
_C_NAMES = {ctypes.c_int8: "int8_t", ctypes.c_uint8: "uint8_t", ctypes.c_uint16: "uint16_t",
            ctypes.c_int32: "int", ctypes.c_uint32: "unsigned", ctypes.c_int64: "int64_t",
            ctypes.c_uint64: "uint64_t (size_t)", ctypes.c_void_p: "an address"}


def c_text(value: Union[str, bytes, None], what: str) -> Optional[bytes]:
    r"""`value` as C text: a str encoded as UTF-8, bytes as they are, None as
    NULL; TypeError for anything else, ArgumentError for a NUL byte inside.

    >>> c_text("sm_90", "arch"), c_text(None, "to")
    (b'sm_90', None)
    >>> c_text("4:1\x00junk", "layoutc_eval: expression")
    Traceback (most recent call last):
    ...
    layoutc.ArgumentError: layoutc_eval: expression '4:1\x00junk' holds a NUL byte at index 3; C text ends at a NUL, so it would be read as '4:1'
    """
    if value is None:
        return None
    if isinstance(value, str):
        data = value.encode("utf-8", errors="surrogateescape")
    elif isinstance(value, bytes):
        data = value
    else:
        raise TypeError("%s: %r (%s) is not text (a str or bytes)" % (what, value, type(value).__name__))
    if b"\0" in data:
        at = value.index("\0" if isinstance(value, str) else b"\0")  # type: ignore[arg-type]
        shown = repr(value) if len(value) <= 60 else repr(value[:60]) + "..."
        raise ArgumentError("%s %s holds a NUL byte at index %d; C text ends at a NUL, so it would be read as %r"
                            % (what, shown, at, value[:at]))
    return data


def c_value(value: Any, ctype: Any, what: str) -> Any:
    """`value` as an argument of C type `ctype`, checked as the rule above
    says (`what` names it in messages); handles and pointers ctypes made
    pass as they are.

    >>> c_value(7, ctypes.c_int32, "device"), c_value(None, ctypes.c_void_p, "stream")
    (7, None)
    >>> c_value(2 ** 63, ctypes.c_int64, "layoutc_launch: args[0].value")
    Traceback (most recent call last):
    ...
    OverflowError: layoutc_launch: args[0].value 9223372036854775808 is out of range for int64_t [-9223372036854775808, 9223372036854775807]
    >>> c_value(2.5, ctypes.c_uint32, "grid")
    Traceback (most recent call last):
    ...
    TypeError: grid: 2.5 (float) is not an integer
    """
    if type(value) is int and value in _RANGES.get(ctype, ()):  # the common case, at a launch's pace
        return value
    if ctype is ctypes.c_char_p:
        return c_text(value, what)
    bits = _BITS.get(ctype)
    if bits is None or (ctype is ctypes.c_void_p and (value is None or isinstance(value, ctypes._SimpleCData))):
        return value
    try:
        n = operator.index(value)
    except TypeError:
        raise TypeError("%s: %r (%s) is not an integer" % (what, value, type(value).__name__)) from None
    width, signed = bits
    low, high = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    if not low <= n <= high:
        raise OverflowError("%s %d is out of range for %s [%d, %d]" % (what, n, _C_NAMES[ctype], low, high))
    return n


# The values of each integer C type, for c_value's fast path.
_RANGES = {t: range(-(1 << (w - 1)), 1 << (w - 1)) if signed else range(1 << w) for t, (w, signed) in _BITS.items()}
# int64_t's values, and an address's.
INT64_VALUES, ADDRESS_VALUES = _RANGES[ctypes.c_int64], _RANGES[ctypes.c_void_p]


def int64_tuple(values: Sequence[Any], what: str) -> Tuple[int, ...]:
    """`values` as a tuple of int64s, each checked by c_value (`what[i]`
    names one in messages, formatted only for a value that fails).

    >>> int64_tuple([3, -1], "shape")
    (3, -1)
    """
    t = tuple(values)
    try:
        return tuple(array.array("q", t))  # C's own check: int64s (or __index__) only
    except (TypeError, OverflowError):
        return tuple(c_value(v, ctypes.c_int64, "%s[%d]" % (what, i)) for i, v in enumerate(t))


def int64_array(values: Sequence[Any], what: str) -> Any:
    """A C array of int64_t holding `values` (at least one entry), each
    checked by c_value.

    >>> list(int64_array([3, -1], "offsets"))
    [3, -1]
    """
    checked = [c_value(v, ctypes.c_int64, "%s[%d]" % (what, i)) for i, v in enumerate(values)]
    return (ctypes.c_int64 * max(len(checked), 1))(*checked)


class _Checked(ctypes.Structure):
    """A C struct whose fields are set through c_value (its C name `_c_name`
    in messages)."""

    _c_name = "struct"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = dict(self._fields_)
        names = [f[0] for f in self._fields_]
        checked = [c_value(a, fields[n], "%s.%s" % (self._c_name, n)) for n, a in zip(names, args)]
        named = {k: c_value(v, fields.get(k), "%s.%s" % (self._c_name, k)) for k, v in kwargs.items()}
        super().__init__(*checked, **named)


class _CacheStats(ctypes.Structure):
    """layoutc_jit_cache_stats's counters (layoutc.h): hits, disk_hits,
    misses, entries, families.

    >>> _CacheStats(1, 2, 3, 4, 5).families
    5
    """

    _fields_ = [("hits", ctypes.c_uint64), ("disk_hits", ctypes.c_uint64), ("misses", ctypes.c_uint64),
                ("entries", ctypes.c_uint64), ("families", ctypes.c_uint64)]


class Step(_Checked):
    """One step of a traced inner function (layoutc_step in layoutc.h): op
    (a layoutc_op) of a and b.

    >>> Step(2, 0, 1).op
    2
    """

    _c_name = "layoutc_step"
    _fields_ = [("op", ctypes.c_int32), ("a", ctypes.c_int64), ("b", ctypes.c_int64)]


class CopySide(_Checked):
    """One side of a copy (layoutc_copy_side): its layout (a layoutc_value),
    its inner function's steps and result, or rows of `row_width` that index
    buffer `index_buffer` places.

    >>> CopySide(None, None, 0, 0, 0, 0).step_count
    0
    """

    _c_name = "layoutc_copy_side"
    _fields_ = [("layout", ctypes.c_void_p), ("steps", ctypes.POINTER(Step)), ("step_count", ctypes.c_size_t),
                ("result", ctypes.c_int64), ("row_width", ctypes.c_int64), ("index_buffer", ctypes.c_size_t)]


class CopySpec(_Checked):
    """A copy's spec (layoutc_copy_spec): two sides, the dtypes, an optional
    scale, the index buffers' dtypes and whether the sides share their shape.

    >>> CopySpec(dtype=b"f32").index_count
    0
    """

    _c_name = "layoutc_copy_spec"
    _fields_ = [("src", CopySide), ("dst", CopySide), ("dtype", ctypes.c_char_p), ("to_dtype", ctypes.c_char_p),
                ("scale", ctypes.POINTER(ctypes.c_double)), ("index_dtypes", ctypes.POINTER(ctypes.c_char_p)),
                ("index_count", ctypes.c_size_t), ("shared_shape", ctypes.c_int)]


class Buffer(_Checked):
    """One buffer of a copy's launch (layoutc_buffer): a device address and
    the elements it holds.

    >>> Buffer(4096, 32).elements
    32
    """

    _c_name = "layoutc_buffer"
    _fields_ = [("address", ctypes.c_void_p), ("elements", ctypes.c_int64)]


class TensorArg(ctypes.Structure):
    """A tensor of the launches between tensors (layoutc_tensor): address,
    dtype (an index of the library's dtypes), rank, shape and strides in
    elements. Made from a Tensor, whose fields are checked already.

    >>> TensorArg(4096, 0, 1, None, None).rank
    1
    """

    _fields_ = [("address", ctypes.c_void_p), ("dtype", ctypes.c_int), ("rank", ctypes.c_int),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64))]


class Arg(_Checked):
    """One kernel argument of layoutc_launch (layoutc_arg in layoutc.h): a
    buffer (is_buffer 1, its device address) or an index (is_buffer 0, its
    value).

    >>> a = Arg(1, 4096, 0)
    >>> a.is_buffer, a.address
    (1, 4096)
    """

    _c_name = "layoutc_arg"
    _fields_ = [("is_buffer", ctypes.c_int), ("address", ctypes.c_void_p), ("value", ctypes.c_int64)]


def _candidates() -> List[str]:
    explicit = os.environ.get("LAYOUTC_LIBRARY")
    if explicit:
        return [explicit] if os.path.isfile(explicit) else _in(explicit)
    here = os.path.dirname(os.path.abspath(__file__))
    found = _in(os.path.join(here, "_lib"))
    for up in range(4):
        found += _in(here)
        here = os.path.dirname(here)
    return found


def _in(directory: str) -> List[str]:
    exact = os.path.join(directory, "liblayoutc_jit.so")
    # Regular files only: loading a fifo blocks forever.
    return [exact] if os.path.isfile(exact) else sorted(
        p for p in glob.glob(os.path.join(directory, "liblayoutc_jit.so.*")) if os.path.isfile(p))


def _load() -> Tuple[ctypes.CDLL, types.SimpleNamespace, str]:
    candidates = _candidates()
    if not candidates:
        where = os.environ.get("LAYOUTC_LIBRARY") or "next to the layoutc package or above it"
        raise ImportError("layoutc: liblayoutc_jit.so not found (%s); set LAYOUTC_LIBRARY to the library or its "
                          "directory (a build tree's lib/Shared)" % where)
    lib = ctypes.CDLL(candidates[0])
    unchecked = _declare(lib)
    if lib.layoutc_api_version() != API_VERSION:
        raise ImportError("layoutc: %s has C API version %d, this package needs %d"
                          % (candidates[0], lib.layoutc_api_version(), API_VERSION))
    return lib, unchecked, os.path.realpath(candidates[0])


def _declare(lib: ctypes.CDLL) -> types.SimpleNamespace:
    """Gives lib's functions their C signatures, each wrapped by _checked;
    returns the functions unwrapped, for callers that checked every
    argument already (a launch's, by its Tensors and launch site: the
    checks would cost a few microseconds a launch again)."""
    P = ctypes.POINTER
    c_char_p, c_void_p, c_int, c_int64, c_size_t = (ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int,
                                                    ctypes.c_int64, ctypes.c_size_t)
    status = ctypes.c_int
    signatures: Dict[str, Tuple[Any, List[Any]]] = {
        "layoutc_version": (c_char_p, []),
        "layoutc_api_version": (c_int, []),
        "layoutc_last_error": (c_char_p, []),
        "layoutc_status_name": (c_char_p, [c_int]),
        "layoutc_eval": (status, [c_char_p, P(c_void_p)]),
        "layoutc_value_str": (status, [c_void_p, P(c_char_p)]),
        "layoutc_value_kind_of": (status, [c_void_p, P(c_int)]),
        "layoutc_value_assumptions": (status, [c_void_p, P(c_char_p)]),
        "layoutc_value_picture": (status, [c_void_p, c_int, P(c_char_p)]),
        "layoutc_value_picture_tv": (status, [c_void_p, c_void_p, P(c_char_p)]),
        "layoutc_value_picture_banks": (status, [c_void_p, c_void_p, c_char_p, P(c_char_p)]),
        "layoutc_infer": (status, [P(c_int64), c_size_t, P(c_void_p)]),
        "layoutc_composed_function_make": (status, [c_char_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p,
                                                    P(c_void_p)]),
        "layoutc_composed_parts": (status, [c_void_p, P(c_void_p), P(c_void_p), P(c_void_p), P(c_void_p)]),
        "layoutc_tuple_make": (status, [c_char_p, c_char_p, c_size_t, P(c_void_p)]),
        "layoutc_value_read": (status, [c_void_p, P(ctypes.c_int8), P(c_int64), c_size_t, P(c_size_t)]),
        "layoutc_call": (status, [c_char_p, P(c_int64), c_size_t, P(c_void_p), c_size_t, P(c_void_p), P(c_int)]),
        "layoutc_apply": (status, [c_void_p, c_void_p, P(c_void_p), P(c_int)]),
        "layoutc_apply_index": (status, [c_void_p, c_int64, P(c_int64)]),
        "layoutc_apply_flat": (status, [c_void_p, c_char_p, c_char_p, c_size_t, P(c_int64)]),
        "layoutc_value_equal": (status, [c_void_p, c_void_p, P(c_int)]),
        "layoutc_value_hash": (status, [c_void_p, P(ctypes.c_uint64)]),
        "layoutc_value_free": (None, [c_void_p]),
        "layoutc_exchange_create": (status, [c_char_p, c_char_p, c_int64, c_int64, c_int64, P(c_void_p)]),
        "layoutc_exchange_destroy": (None, [c_void_p]),
        "layoutc_exchange_layouts": (status, [c_void_p, P(c_char_p), P(c_char_p), P(c_int64), P(c_int64)]),
        "layoutc_exchange_peers": (status, [c_void_p, c_int, P(P(c_int64)), P(c_size_t)]),
        "layoutc_exchange_pieces": (status, [c_void_p, c_int, P(P(c_int64)), P(c_size_t)]),
        "layoutc_exchange_runs": (status, [c_void_p, P(c_int64), P(P(c_int64)), P(c_size_t)]),
        "layoutc_exchange_extents": (status, [c_void_p, P(c_int64), P(c_int64)]),
        "layoutc_dtype_count": (c_int, []),
        "layoutc_dtype_info": (status, [c_int, P(c_char_p), P(c_char_p), P(c_int)]),
        "layoutc_jit_create": (status, [c_char_p, c_int, c_int, c_char_p, c_int, P(c_void_p)]),
        "layoutc_jit_destroy": (None, [c_void_p]),
        "layoutc_jit_cache_stats": (status, [c_void_p, P(_CacheStats)]),
        "layoutc_compile_copy": (status, [c_void_p, c_char_p, c_char_p, c_char_p, c_char_p, P(ctypes.c_double),
                                          P(c_void_p)]),
        "layoutc_compile_gather": (status, [c_void_p, c_int64, c_char_p, c_char_p, P(c_void_p)]),
        "layoutc_compile_scatter": (status, [c_void_p, c_int64, c_char_p, c_char_p, P(c_void_p)]),
        "layoutc_compile_mlir": (status, [c_void_p, c_char_p, c_char_p, c_int, P(c_void_p)]),
        "layoutc_compile": (status, [c_void_p, P(CopySpec), P(c_void_p)]),
        "layoutc_kernel_free": (None, [c_void_p]),
        "layoutc_kernel_name": (status, [c_void_p, P(c_char_p)]),
        "layoutc_kernel_ptx": (status, [c_void_p, P(c_char_p)]),
        "layoutc_kernel_family": (status, [c_void_p, P(c_char_p)]),
        "layoutc_device_count": (status, [P(c_int)]),
        "layoutc_check_device": (status, [c_int]),
        "layoutc_copy_extents": (status, [c_void_p, P(c_int64), c_size_t, P(c_int64), P(c_int64), P(c_int64)]),
        "layoutc_launch_copy": (status, [c_void_p, c_int, P(Buffer), c_size_t, P(c_int64), c_size_t, c_void_p]),
        "layoutc_copy_tensors": (status, [c_void_p, c_int, P(TensorArg), P(TensorArg), P(ctypes.c_double),
                                          c_void_p]),
        "layoutc_gather_tensors": (status, [c_void_p, c_int, P(TensorArg), P(TensorArg), P(TensorArg), c_void_p]),
        "layoutc_scatter_tensors": (status, [c_void_p, c_int, P(TensorArg), P(TensorArg), P(TensorArg), c_void_p]),
        "layoutc_launch": (status, [c_void_p, c_int, ctypes.c_uint, ctypes.c_uint, P(Arg), c_size_t, c_void_p]),
    }
    # Each function's parameters, as layoutc.h names them (for messages).
    parameters: Dict[str, Tuple[str, ...]] = {
        "layoutc_version": (),
        "layoutc_api_version": (),
        "layoutc_last_error": (),
        "layoutc_status_name": ("status",),
        "layoutc_eval": ("expression", "result"),
        "layoutc_value_str": ("value", "text"),
        "layoutc_value_kind_of": ("value", "kind"),
        "layoutc_value_assumptions": ("value", "text"),
        "layoutc_value_picture": ("value", "picture", "text"),
        "layoutc_value_picture_tv": ("tv", "tile", "text"),
        "layoutc_value_picture_banks": ("smem", "access", "dtype", "text"),
        "layoutc_infer": ("offsets", "n", "result"),
        "layoutc_composed_function_make": ("name", "fn", "release", "user", "offset", "outer", "result"),
        "layoutc_composed_parts": ("composed", "inner", "offset", "outer", "user"),
        "layoutc_tuple_make": ("kinds", "values", "n", "result"),
        "layoutc_value_read": ("value", "kinds", "values", "capacity", "n"),
        "layoutc_call": ("name", "template_args", "n_template", "args", "n_args", "result", "kind"),
        "layoutc_apply": ("f", "arg", "result", "kind"),
        "layoutc_apply_index": ("f", "index", "result"),
        "layoutc_apply_flat": ("f", "kinds", "values", "n", "result"),
        "layoutc_value_equal": ("a", "b", "equal"),
        "layoutc_value_hash": ("value", "hash"),
        "layoutc_value_free": ("value",),
        "layoutc_exchange_create": ("source", "destination", "ranks", "rank", "element_bytes", "result"),
        "layoutc_exchange_destroy": ("exchange",),
        "layoutc_exchange_layouts": ("exchange", "pack", "unpack", "chunk", "pieces"),
        "layoutc_exchange_peers": ("exchange", "receive", "ranks", "count"),
        "layoutc_exchange_pieces": ("exchange", "receive", "offsets", "count"),
        "layoutc_exchange_runs": ("exchange", "run", "starts", "count"),
        "layoutc_exchange_extents": ("exchange", "source", "destination"),
        "layoutc_dtype_count": (),
        "layoutc_dtype_info": ("index", "name", "torch_name", "bytes"),
        "layoutc_jit_create": ("arch", "opt_level", "disk_cache", "cache_directory", "family", "jit"),
        "layoutc_jit_destroy": ("jit",),
        "layoutc_jit_cache_stats": ("jit", "stats"),
        "layoutc_compile_copy": ("jit", "src_layout", "dst_layout", "dtype", "to_dtype", "scale", "kernel"),
        "layoutc_compile_gather": ("jit", "row_width", "dtype", "index_dtype", "kernel"),
        "layoutc_compile_scatter": ("jit", "row_width", "dtype", "index_dtype", "kernel"),
        "layoutc_compile_mlir": ("jit", "mlir", "kernel_name", "index_bits", "kernel"),
        "layoutc_compile": ("jit", "spec", "kernel"),
        "layoutc_kernel_free": ("kernel",),
        "layoutc_kernel_name": ("kernel", "name"),
        "layoutc_kernel_ptx": ("kernel", "ptx"),
        "layoutc_kernel_family": ("kernel", "family"),
        "layoutc_device_count": ("count",),
        "layoutc_check_device": ("device",),
        "layoutc_copy_extents": ("kernel", "dynamic", "count", "size", "src_elements", "dst_elements"),
        "layoutc_launch_copy": ("kernel", "device", "buffers", "buffer_count", "dynamic", "count", "stream"),
        "layoutc_copy_tensors": ("jit", "device", "src", "dst", "scale", "stream"),
        "layoutc_gather_tensors": ("jit", "device", "table", "indices", "rows", "stream"),
        "layoutc_scatter_tensors": ("jit", "device", "rows", "indices", "table", "stream"),
        "layoutc_launch": ("kernel", "device", "grid", "block", "args", "count", "stream"),
    }
    unchecked = types.SimpleNamespace()
    for name, (restype, argtypes) in signatures.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, argtypes
        assert len(parameters[name]) == len(argtypes), name
        setattr(unchecked, name, f)
        setattr(lib, name, _checked(name, f, parameters[name], argtypes))
    return unchecked


def _checked(name: str, f: Any, parameters: Sequence[str], argtypes: Sequence[Any]) -> Callable[..., Any]:
    """f with each argument checked by c_value first (its message names the
    function and the parameter); pointers ctypes made pass as they are."""
    checks = [(i, t, "%s: %s" % (name, p)) for i, (p, t) in enumerate(zip(parameters, argtypes)) if t in _CHECKED]
    if not checks:
        return f  # type: ignore[no-any-return]

    ranges = [(i, _RANGES.get(t, ())) for i, t, _ in checks]

    def call(*args: Any) -> Any:
        # The common case, integers in range, passes as it is; any other
        # value (text, a handle ctypes made, a bad one) goes through c_value.
        for i, r in ranges:
            v = args[i]
            if type(v) is not int or v not in r:
                values = list(args)
                for j, t, what in checks:
                    values[j] = c_value(values[j], t, what)
                return f(*values)
        return f(*args)

    call.__name__ = name
    return call


# The C types c_value checks.
_CHECKED = frozenset(_BITS) | {ctypes.c_char_p}


# The library and its file.
lib, unchecked, library_path = _load()


# The exception a Python function called back from the library raised
# (a composed layout's inner function), for the call that failed by it.
callback_error = threading.local()


# The library's words for an inner function that returned without a result:
# a Python callback the interpreter could not enter.
_DID_NOT_RUN = "without giving its result's length (it did not run)"


def take_callback_error() -> Optional[BaseException]:
    """The exception a Python inner function raised inside the C call that
    just failed, once (None if none), its cause layoutc's explanation of
    the failure: a call that fails by it raises it, and nothing later sees
    it."""
    raised: Optional[BaseException] = getattr(callback_error, "error", None)
    callback_error.error = None
    if raised is not None and raised.__cause__ is None and not isinstance(raised, RecursionError):
        try:  # (a call near the recursion limit can fail itself: the function's exception is what counts)
            raised.__cause__ = error_of(ALGEBRA, lib.layoutc_last_error().decode(errors="backslashreplace"))
        except Exception:
            pass
    return raised


def check(status: int) -> None:
    """Raises the exception of a failed C API call's `status` (OK, 0: does
    nothing), with layoutc's explanation: the last error's message, of the
    Error subclass for that status.

    >>> out = ctypes.c_void_p()
    >>> check(lib.layoutc_eval(b"4:1", ctypes.byref(out)))
    >>> check(lib.layoutc_eval(b"(2,3):(1)", ctypes.byref(out)))
    Traceback (most recent call last):
    ...
    layoutc.LayoutError: parse: layout: shape (2,3) and stride (1) are not congruent at column 1
    ...
    """
    if status != OK:
        error = error_of(status, lib.layoutc_last_error().decode(errors="backslashreplace"))
        raised = getattr(callback_error, "error", None)
        if raised is not None:  # a Python inner function failed inside the call: its exception
            callback_error.error = None
            raise raised from error
        if _DID_NOT_RUN in str(error):  # ctypes could not enter the callback: only at the recursion limit
            raise RecursionError("maximum recursion depth exceeded calling an inner function") from error
        raise error


def error_of(status: int, message: str) -> Error:
    """The exception of a failed call's `status`, with `message`: the Error
    subclass for the status (InternalError for one this package does not
    know).

    >>> error_of(INVALID_ARGUMENT, "copy: ...").status
    'LAYOUTC_ERROR_INVALID_ARGUMENT'
    """
    return _ERRORS.get(status, InternalError)(message, lib.layoutc_status_name(status).decode())


def text(s: Union[str, bytes], what: str = "text") -> bytes:
    """s as the C API takes text (c_text: a str encoded as UTF-8, bytes as
    they are, no NUL inside).

    >>> text("sm_90"), text(b"f32")
    (b'sm_90', b'f32')
    """
    data = c_text(s, what)
    assert data is not None
    return data


CacheStats = _CacheStats
