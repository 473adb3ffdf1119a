"""DLPack tensors (JAX, CuPy, torch, ...: any object with __dlpack__ and
__dlpack_device__) as layoutc sees them, read through ctypes.

obj.__dlpack__(stream=S) returns a PyCapsule named "dltensor" holding a
DLManagedTensor. layoutc reads its DLTensor (address plus byte_offset,
shape, strides in elements, dtype, device) and keeps the capsule, unconsumed,
until the kernel is enqueued; the capsule's destructor then frees it as
usual (the producer's deleter runs). Only the legacy, unversioned capsule is
asked for, which carries no read-only flag.

Streams, as the DLPack protocol has them: S is the stream the kernel will
run on (1 for the legacy default stream, the DLPack code for CUDA's NULL
stream), and the producer makes S wait for its pending work on the tensor
(torch records an event on its current stream; JAX waits on S). A producer
whose __dlpack__ takes no stream is called without one.
"""
import ctypes
from typing import Any, List, Optional, Tuple

from ._library import ArgumentError
from .dtypes import FROM_DLPACK, unsupported

KDL_CUDA, KDL_CUDA_MANAGED = 2, 13
_DEVICES = {1: "CPU", 2: "CUDA", 3: "CUDA host", 4: "OpenCL", 7: "Vulkan", 8: "Metal", 9: "VPI", 10: "ROCm",
            11: "ROCm host", 13: "CUDA managed", 14: "oneAPI"}
_CODES = {0: "int", 1: "uint", 2: "float", 3: "opaque", 4: "bfloat", 5: "complex", 6: "bool"}
# The 8-bit floats' codes name their format whole.
_FLOAT8 = {7: "float8_e3m4", 8: "float8_e4m3", 9: "float8_e4m3b11fnuz", 10: "float8_e4m3fn", 11: "float8_e4m3fnuz",
           12: "float8_e5m2", 13: "float8_e5m2fnuz"}
CAPSULE = b"dltensor"


class DLDevice(ctypes.Structure):
    """dlpack.h's DLDevice: device_type (kDLCUDA is 2), device_id.

    >>> DLDevice(KDL_CUDA, 1).device_id
    1
    """

    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    """dlpack.h's DLDataType: code (kDLInt 0, kDLUInt 1, kDLFloat 2,
    kDLBfloat 4, ...), bits, lanes.

    >>> t = DLDataType(2, 16, 1)
    >>> dtype_name(t.code, t.bits, t.lanes)
    'float16'
    """

    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    """dlpack.h's DLTensor: data (the address, plus byte_offset), device,
    ndim, dtype, shape and strides (in elements; NULL strides: compact
    row-major).

    >>> DLTensor(ndim=2, byte_offset=64).byte_offset
    64
    """

    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    """dlpack.h's DLManagedTensor, what a "dltensor" capsule points at: the
    DLTensor, the producer's manager_ctx, and the deleter that frees it.

    >>> DLManagedTensor().dl_tensor.ndim
    0
    """


DLManagedTensor._fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                            ("deleter", ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor)))]

# Function objects of their own (not ctypes.pythonapi's shared attributes,
# whose argtypes anyone may set).
_IsValid = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_char_p)(("PyCapsule_IsValid", ctypes.pythonapi))
_GetPointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))
_GetName = ctypes.PYFUNCTYPE(ctypes.c_char_p, ctypes.py_object)(("PyCapsule_GetName", ctypes.pythonapi))


def has_dlpack(obj: Any) -> bool:
    """Whether obj is a DLPack producer: it has a __dlpack__ (not None).

    >>> class Array:
    ...     def __dlpack__(self, stream=None): ...
    >>> has_dlpack(Array()), has_dlpack(3)
    (True, False)
    """
    return getattr(obj, "__dlpack__", None) is not None


def _device_name(device_type: int) -> str:
    return "%s (device type %d)" % (_DEVICES.get(device_type, "unknown"), device_type)


def _check_device(device_type: int, role: str) -> None:
    if device_type not in (KDL_CUDA, KDL_CUDA_MANAGED):
        raise ArgumentError("%s: a DLPack tensor on %s; layoutc's kernels take CUDA tensors (kDLCUDA or "
                            "kDLCUDAManaged)" % (role, _device_name(device_type)))


def device(obj: Any, role: str) -> Optional[int]:
    """The CUDA device of a DLPack object, from __dlpack_device__ (None where
    it has none); ArgumentError for another kind of device.

    >>> class Array:
    ...     def __init__(self, device_type): self.device_type = device_type
    ...     def __dlpack_device__(self): return (self.device_type, 1)
    >>> device(Array(KDL_CUDA), "x"), device(3, "x")
    (1, None)
    >>> device(Array(1), "x")
    Traceback (most recent call last):
    ...
    layoutc.ArgumentError: x: a DLPack tensor on CPU (device type 1); ...
    """
    dlpack_device = getattr(obj, "__dlpack_device__", None)
    if dlpack_device is None:
        return None
    device_type, device_id = dlpack_device()
    _check_device(int(device_type), role)
    return int(device_id)


def dtype_name(code: int, bits: int, lanes: int) -> str:
    """A DLPack dtype for messages: its code's name, bits, and xlanes
    where lanes is not 1.

    >>> dtype_name(2, 32, 1), dtype_name(4, 16, 1), dtype_name(0, 8, 4), dtype_name(11, 8, 1)
    ('float32', 'bfloat16', 'int8x4', 'float8_e4m3fnuz')
    """
    lanes_text = "x%d" % lanes if lanes != 1 else ""
    if code in _FLOAT8 and bits == 8:
        return _FLOAT8[code] + lanes_text
    return "%s%d%s" % (_CODES.get(code, "code%d_" % code), bits, lanes_text)


def capsule(obj: Any, stream: Optional[int]) -> Any:
    """obj.__dlpack__ for a kernel on `stream` (a CUstream handle, None for
    the legacy default stream, which DLPack names 1); a producer whose
    __dlpack__ takes no stream is called without one.

    >>> class Array:  # gives back the stream it was asked for
    ...     def __dlpack__(self, stream=None): return ("capsule for stream", stream)
    >>> capsule(Array(), None), capsule(Array(), 0x5000)
    (('capsule for stream', 1), ('capsule for stream', 20480))
    """
    try:
        return obj.__dlpack__(stream=stream or 1)
    except TypeError:  # a producer that takes no stream
        return obj.__dlpack__()


def read(cap: Any, role: str) -> Tuple[int, Tuple[int, ...], Tuple[int, ...], str, int]:
    """(address, shape, strides in elements, dtype, device id) of a
    "dltensor" capsule; ArgumentError for what layoutc cannot take (a
    device other than CUDA, vector lanes, a dtype layoutc does not move, a
    negative extent). Its example needs a capsule from a CUDA producer; what
    is not a capsule is refused:

    >>> read(3, "x")
    Traceback (most recent call last):
    ...
    layoutc.ArgumentError: x: __dlpack__ returned a int, not a DLPack capsule
    """
    if type(cap).__name__ != "PyCapsule":
        raise ArgumentError("%s: __dlpack__ returned a %s, not a DLPack capsule" % (role, type(cap).__name__))
    if not _IsValid(cap, CAPSULE):
        raise ArgumentError("%s: __dlpack__ returned a capsule named %r, not an unconsumed 'dltensor'"
                            % (role, (_GetName(cap) or b"").decode(errors="replace")))
    pointer = _GetPointer(cap, CAPSULE)
    if not pointer:
        raise ArgumentError("%s: the DLPack capsule holds a NULL DLManagedTensor" % role)
    t = DLManagedTensor.from_address(pointer).dl_tensor
    _check_device(t.device.device_type, role)
    code, bits, lanes = t.dtype.code, t.dtype.bits, t.dtype.lanes
    if lanes != 1:
        raise ArgumentError("%s: DLPack dtype %s has %d lanes; layoutc takes scalar elements (lanes 1)"
                            % (role, dtype_name(code, bits, lanes), lanes))
    dtype = FROM_DLPACK.get((code, bits))
    if dtype is None:
        raise ArgumentError(unsupported(role + ": DLPack dtype", dtype_name(code, bits, 1)))
    if t.ndim < 0 or (t.ndim and not t.shape):
        raise ArgumentError("%s: the DLPack tensor has ndim %d and %s shape" % (
            role, t.ndim, "a" if t.shape else "no"))
    shape = tuple(t.shape[i] for i in range(t.ndim))
    if any(e < 0 for e in shape):
        raise ArgumentError("%s: the DLPack tensor has a negative extent in shape %s" % (role, shape))
    if t.strides:
        strides = tuple(t.strides[i] for i in range(t.ndim))
    else:  # NULL: compact row-major
        compact: List[int] = []
        step = 1
        for e in reversed(shape):
            compact.insert(0, step)
            step *= e
        strides = tuple(compact)
    return (t.data or 0) + t.byte_offset, shape, strides, dtype, t.device.device_id
