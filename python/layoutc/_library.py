"""Loads liblayoutc_jit (layoutc's C API, include/layoutc/layoutc.h) with
ctypes, declares its functions, and turns failed calls into exceptions.

Where the library is: $LAYOUTC_LIBRARY (the file, or a directory holding
it: a build tree's lib/Shared), else the package's own _lib folder (where
the wheel puts it), else next to this package or up to three directories
above it.
"""
import ctypes
import glob
import os

API_VERSION = 2

# layoutc_status values (layoutc.h).
(OK, INVALID_ARGUMENT, ALGEBRA, COMPILE, NO_DRIVER, NO_DEVICE, CUDA, OUT_OF_MEMORY, INTERNAL, ALGEBRA_TYPE,
 ALGEBRA_INDEX) = range(11)


class Error(Exception):
    """A failure reported by layoutc: `status` is layoutc.h's status name,
    the message layoutc's explanation."""

    def __init__(self, message, status="LAYOUTC_ERROR_INVALID_ARGUMENT"):
        super().__init__(message)
        self.status = status


class LayoutError(Error, ValueError):
    """An input the algebra refuses (a parse error, an inadmissible
    operation): which operation, which argument, which condition, where."""


class LayoutTypeError(Error, TypeError):
    """An algebra function given arguments of the wrong kind or count."""


class LayoutIndexError(Error, IndexError):
    """A mode index past a layout's or tuple's rank."""


class ArgumentError(Error, ValueError):
    """Arguments that do not fit: a tensor's dtype, device, size or
    alignment, a NULL, a count of `?` values."""


class CompileError(Error):
    """A spec or MLIR module the compiler refuses."""


class DeviceError(Error, RuntimeError):
    """No CUDA driver, no device, or a failed CUDA call."""


class InternalError(Error):
    """A bug in layoutc, reported instead of a crash."""


_ERRORS = {
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
}


class _CacheStats(ctypes.Structure):
    _fields_ = [("hits", ctypes.c_uint64), ("disk_hits", ctypes.c_uint64), ("misses", ctypes.c_uint64),
                ("entries", ctypes.c_uint64)]


class Arg(ctypes.Structure):
    _fields_ = [("is_buffer", ctypes.c_int), ("address", ctypes.c_void_p), ("value", ctypes.c_int64)]


def _candidates():
    explicit = os.environ.get("LAYOUTC_LIBRARY")
    if explicit:
        return [explicit] if os.path.isfile(explicit) else _in(explicit)
    here = os.path.dirname(os.path.abspath(__file__))
    found = _in(os.path.join(here, "_lib"))
    for up in range(4):
        found += _in(here)
        here = os.path.dirname(here)
    return found


def _in(directory):
    exact = os.path.join(directory, "liblayoutc_jit.so")
    return [exact] if os.path.isfile(exact) else sorted(glob.glob(os.path.join(directory, "liblayoutc_jit.so.*")))


def _load():
    candidates = _candidates()
    if not candidates:
        where = os.environ.get("LAYOUTC_LIBRARY") or "next to the layoutc package or above it"
        raise ImportError("layoutc: liblayoutc_jit.so not found (%s); set LAYOUTC_LIBRARY to the library or its "
                          "directory (a build tree's lib/Shared)" % where)
    lib = ctypes.CDLL(candidates[0])
    _declare(lib)
    if lib.layoutc_api_version() != API_VERSION:
        raise ImportError("layoutc: %s has C API version %d, this package needs %d"
                          % (candidates[0], lib.layoutc_api_version(), API_VERSION))
    return lib


def _declare(lib):
    P = ctypes.POINTER
    c_char_p, c_void_p, c_int, c_int64, c_size_t = (ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int,
                                                    ctypes.c_int64, ctypes.c_size_t)
    status = ctypes.c_int
    signatures = {
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
        "layoutc_tuple_make": (status, [c_char_p, c_char_p, c_size_t, P(c_void_p)]),
        "layoutc_value_read": (status, [c_void_p, P(ctypes.c_int8), P(c_int64), c_size_t, P(c_size_t)]),
        "layoutc_call": (status, [c_char_p, P(c_int64), c_size_t, P(c_void_p), c_size_t, P(c_void_p), P(c_int)]),
        "layoutc_apply": (status, [c_void_p, c_void_p, P(c_void_p), P(c_int)]),
        "layoutc_apply_index": (status, [c_void_p, c_int64, P(c_int64)]),
        "layoutc_apply_flat": (status, [c_void_p, c_char_p, c_char_p, c_size_t, P(c_int64)]),
        "layoutc_value_equal": (status, [c_void_p, c_void_p, P(c_int)]),
        "layoutc_value_hash": (status, [c_void_p, P(ctypes.c_uint64)]),
        "layoutc_value_free": (None, [c_void_p]),
        "layoutc_jit_create": (status, [c_char_p, c_int, c_int, c_char_p, P(c_void_p)]),
        "layoutc_jit_destroy": (None, [c_void_p]),
        "layoutc_jit_cache_stats": (status, [c_void_p, P(_CacheStats)]),
        "layoutc_compile_copy": (status, [c_void_p, c_char_p, c_char_p, c_char_p, c_char_p, P(ctypes.c_double),
                                          P(c_void_p)]),
        "layoutc_compile_gather": (status, [c_void_p, c_int64, c_char_p, c_char_p, P(c_void_p)]),
        "layoutc_compile_scatter": (status, [c_void_p, c_int64, c_char_p, c_char_p, P(c_void_p)]),
        "layoutc_compile_mlir": (status, [c_void_p, c_char_p, c_char_p, c_int, P(c_void_p)]),
        "layoutc_kernel_free": (None, [c_void_p]),
        "layoutc_kernel_name": (status, [c_void_p, P(c_char_p)]),
        "layoutc_kernel_ptx": (status, [c_void_p, P(c_char_p)]),
        "layoutc_device_count": (status, [P(c_int)]),
        "layoutc_copy_extents": (status, [c_void_p, P(c_int64), c_size_t, P(c_int64), P(c_int64), P(c_int64)]),
        "layoutc_launch_copy": (status, [c_void_p, c_int, c_void_p, c_void_p, P(c_int64), c_size_t, c_void_p]),
        "layoutc_launch_indexed": (status, [c_void_p, c_int, c_void_p, c_int64, c_void_p, c_void_p, c_int64,
                                            c_void_p]),
        "layoutc_launch": (status, [c_void_p, c_int, ctypes.c_uint, ctypes.c_uint, P(Arg), c_size_t, c_void_p]),
    }
    for name, (restype, argtypes) in signatures.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, argtypes


lib = _load()


def check(status):
    """Raises the exception of a failed C API call's `status`, with layoutc's
    explanation."""
    if status != OK:
        message = lib.layoutc_last_error().decode()
        raise _ERRORS.get(status, InternalError)(message, lib.layoutc_status_name(status).decode())


def text(s):
    return s.encode() if isinstance(s, str) else s


CacheStats = _CacheStats
