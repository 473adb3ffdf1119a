"""The caller's GPU tensors as layoutc sees them: a device address, a shape
and strides in elements, a dtype, a device, and the stream their producer
works on. Read from a PyTorch tensor directly, else from
__cuda_array_interface__ (CuPy, Numba, JAX), else from DLPack's __dlpack__
(dlpack.py); nothing is copied.
"""
import ctypes
import importlib
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Union

from . import dlpack
from ._library import ADDRESS_VALUES, INT64_VALUES, ArgumentError, c_value, int64_tuple
from .dtypes import BYTES, FROM_TORCH, FROM_TYPESTR, unsupported


class Tensor:
    """What layoutc needs of a tensor argument named `role` (for messages):
    its device `address`, `shape` and `strides` in elements, `dtype`
    (layoutc's name: "f32", "f8e4m3fn", "c64", ...: dtypes.NAMES), CUDA
    `device` (None: not known), the `stream` its producer works on (a
    CUstream handle, None: the legacy default stream); whether it is
    `readonly` or a `torch` tensor, and its `owner`, what must outlive the
    launch. Negative strides and misaligned addresses are refused.

    >>> t = Tensor("x", 4096, (4, 8), (1, 4), "f32", 0, None)
    >>> t.layout, t.size, t.extent, t.itemsize, t.row_major()
    ('(4,8):(1,4)', 32, 32, 4, False)
    """

    def __init__(self, role: str, address: int, shape: Sequence[int], strides: Sequence[int], dtype: str,
                 device: Optional[int], stream: Optional[int], readonly: bool = False, torch: bool = False,
                 owner: object = None) -> None:
        # One pass over the modes; a launch makes three of these (a few
        # microseconds each), so the common case is the short path.
        self.role = role
        self.address: int = address if type(address) is int and address in ADDRESS_VALUES else \
            c_value(address, ctypes.c_void_p, "%s: the address" % role)
        self.shape: Tuple[int, ...]
        self.strides: Tuple[int, ...]
        if torch:  # torch's sizes and strides are int64 already
            self.shape, self.strides = tuple(shape), tuple(strides)
        else:
            self.shape = int64_tuple(shape, "%s: shape" % role)
            self.strides = int64_tuple(strides, "%s: strides" % role)
        self.dtype, self.device, self.stream, self.readonly, self.torch = dtype, device, stream, readonly, torch
        self.owner = owner  # what must outlive the launch (a DLPack capsule, a resolved view)
        self.resolved = False  # a copy of the caller's lazy (conjugate or negative) torch view: not writable
        self.itemsize = itemsize = BYTES[dtype]
        if len(self.strides) != len(self.shape):
            raise ArgumentError("%s: shape %s and strides %s differ in length" % (role, self.shape, self.strides))
        size, last, lowest = 1, 0, 0
        for e, st in zip(self.shape, self.strides):
            size *= e
            last += (e - 1) * st
            lowest = min(lowest, e, st)
        if lowest < 0 and min(self.shape) < 0:
            raise ArgumentError("%s: shape %s has a negative extent" % (role, self.shape))
        extent = last + 1 if size else 0
        self._size, self._extent = size, extent  # the shape and strides do not change
        if size not in INT64_VALUES:
            c_value(size, ctypes.c_int64, "%s: the element count of shape %s" % (role, self.shape))
        if extent not in INT64_VALUES:
            c_value(extent, ctypes.c_int64, "%s: the extent (1 + the largest offset) of shape %s and strides %s"
                    % (role, self.shape, self.strides))
        if self.address + extent * itemsize not in ADDRESS_VALUES:
            c_value(self.address + extent * itemsize, ctypes.c_void_p, "%s: the end address of the tensor" % role)
        if lowest < 0:
            raise ArgumentError("%s: negative strides %s are not supported" % (role, self.strides))
        if address % itemsize:
            raise ArgumentError("%s: address 0x%x is not aligned to its %s elements (%d bytes)"
                                % (role, address, dtype, itemsize))
        self._row_major: Optional[bool] = None

    @property
    def size(self) -> int:
        """The number of elements, the product of the shape.

        >>> Tensor("x", 0, (4, 8), (8, 1), "f32", 0, None).size
        32
        """
        return self._size

    @property
    def extent(self) -> int:
        """Elements from the address to the last one the tensor holds (0 when
        empty): 1 + sum((shape_i - 1) * strides_i).

        >>> Tensor("x", 0, (4, 8), (16, 1), "f32", 0, None).extent
        56
        """
        return self._extent

    @property
    def layout(self) -> str:
        """The tensor's own layout in CuTe notation: shape and strides in
        elements, modes in the tensor's order.

        >>> Tensor("x", 0, (4, 8), (8, 1), "f32", 0, None).layout, Tensor("y", 0, (), (), "f32", 0, None).layout
        ('(4,8):(8,1)', '1:0')
        """
        if not self.shape:
            return "1:0"
        if len(self.shape) == 1:
            return "%d:%d" % (self.shape[0], self.strides[0])
        return "(%s):(%s)" % (",".join(map(str, self.shape)), ",".join(map(str, self.strides)))

    def row_major(self) -> bool:
        """Whether the elements are contiguous in row-major order (extents of
        1 take any stride).

        >>> Tensor("x", 0, (4, 8), (8, 1), "f32", 0, None).row_major()
        True
        >>> Tensor("x", 0, (4, 1), (1, 7), "f32", 0, None).row_major()
        True
        """
        if self._row_major is None:
            expected, self._row_major = 1, True
            for e, s in zip(reversed(self.shape), reversed(self.strides)):
                if e != 1 and s != expected:
                    self._row_major = False
                    break
                expected *= e
        return self._row_major

    def describe(self) -> str:
        """The tensor for messages: role, shape, strides and dtype.

        >>> Tensor("src", 0, (4, 8), (8, 1), "f32", 0, None).describe()
        'src (shape (4, 8), strides (8, 1), f32)'
        """
        return "%s (shape %s, strides %s, %s)" % (self.role, self.shape, self.strides, self.dtype)

    def resolve(self, stream: Optional[int]) -> "Tensor":
        """The tensor itself (a Pending one's resolve gives its Tensor).

        >>> t = Tensor("x", 0, (4,), (1,), "f32", 0, None)
        >>> t.resolve(None) is t
        True
        """
        return self


class Pending:
    """A DLPack object before its __dlpack__ is called (that call takes the
    launch's stream): the device __dlpack_device__ names, no stream of its
    own.

    >>> class Array:  # a stand-in for a JAX array on cuda:1
    ...     def __dlpack__(self, stream=None): ...
    ...     def __dlpack_device__(self): return (2, 1)
    >>> p = Pending(Array(), "x")
    >>> p.device, p.stream, p.torch
    (1, None, False)
    """

    torch = False
    stream: Optional[int] = None

    def __init__(self, obj: Any, role: str) -> None:
        self.obj, self.role, self.device = obj, role, dlpack.device(obj, role)

    def resolve(self, stream: Optional[int]) -> Tensor:
        """The Tensor, its producer's work ordered before `stream` (a CUstream
        handle, None for the legacy default stream): obj.__dlpack__(stream=)
        read (dlpack.read). It needs a CUDA DLPack producer, so no example
        runs here."""
        capsule = dlpack.capsule(self.obj, stream)
        address, shape, strides, dtype, device = dlpack.read(capsule, self.role)
        return Tensor(self.role, address, shape, strides, dtype, device, None, owner=capsule)


# The types _is_torch found to be torch's tensors.
_torch_types: Set[type] = set()


def _is_torch(obj: Any) -> bool:
    kind = type(obj)
    if kind in _torch_types:
        return True
    if kind.__module__.startswith("torch") and hasattr(obj, "data_ptr"):
        _torch_types.add(kind)
        return True
    return False


# torch's current-stream accessor, found at the first torch tensor.
_stream_accessor: Optional[Callable[[int], int]] = None


def _current_stream() -> Callable[[int], int]:
    """The current CUDA stream of a device, as a CUstream handle: torch's
    raw accessor where it has one (as Triton calls it; the public
    torch.cuda.current_stream builds a Stream object each call, tens of
    microseconds a launch), else the public one. Asked for once torch is
    imported (a torch tensor is at hand)."""
    global _stream_accessor
    if _stream_accessor is None:
        torch = importlib.import_module("torch")
        raw: Optional[Callable[[int], int]] = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        if raw is None:
            def raw(device: int) -> int:
                return int(torch.cuda.current_stream(device).cuda_stream)
        _stream_accessor = raw
    return _stream_accessor


# torch's dtypes as layoutc's, keyed by the dtype objects themselves (a
# str() of each at every launch costs more than the rest of the lookup).
_torch_dtypes: Dict[Any, str] = {}


def _from_torch(obj: Any, role: str) -> Tensor:
    if not obj.is_cuda:
        raise ArgumentError("%s: a torch tensor on %s; layoutc's kernels take CUDA tensors" % (role, obj.device))
    dtype = _torch_dtypes.get(obj.dtype)
    if dtype is None:
        name = str(obj.dtype)[6:]  # "torch.float32"
        if name not in FROM_TORCH:
            raise ArgumentError(unsupported(role + ": dtype", "torch." + name))
        dtype = _torch_dtypes[obj.dtype] = FROM_TORCH[name]
    device = obj.get_device()
    lazy = obj.is_conj() or obj.is_neg()
    if lazy:  # a conjugate or negative view: its memory holds the values before the bit
        obj = obj.resolve_conj().resolve_neg()
    t = Tensor(role, obj.data_ptr(), obj.shape, obj.stride(), dtype, device, _current_stream()(device), torch=True,
               owner=obj if lazy else None)
    t.resolved = lazy
    return t


def _device_of(obj: Any) -> Optional[int]:
    """The CUDA device of a __cuda_array_interface__ object, where it says."""
    if hasattr(obj, "__dlpack_device__"):
        return int(obj.__dlpack_device__()[1])
    device = getattr(obj, "device", None)
    return getattr(device, "id", None)


# What __cuda_array_interface__ (version 3) holds, key by key, for messages.
_FORMS = {"shape": "a tuple of ints", "typestr": "a str such as '<f4'", "data": "a tuple (address: int, readonly: bool)",
          "strides": "None or a tuple of ints, one per mode (bytes)", "mask": "None", "stream": "None or an int"}


def _ints(value: Any) -> bool:
    return isinstance(value, (tuple, list)) and all(isinstance(e, int) and not isinstance(e, bool) for e in value)


def _interface(obj: Any, role: str) -> Dict[str, Any]:
    """obj's __cuda_array_interface__, checked key by key: TypeError naming
    the key and its expected form for a missing key or a value of the wrong
    type, ArgumentError (a ValueError) for strides of another length than
    the shape."""
    cai = obj.__cuda_array_interface__
    if not isinstance(cai, dict):
        raise TypeError("%s: __cuda_array_interface__ is a %s; it must be a dict" % (role, type(cai).__name__))

    def wrong(key: str) -> TypeError:
        got = ("no %r key" % key) if key not in cai else ("%r (%s) under %r" % (cai[key], type(cai[key]).__name__, key))
        return TypeError("%s: __cuda_array_interface__ has %s; %r must be %s" % (role, got, key, _FORMS[key]))

    for key in ("shape", "typestr", "data"):
        if key not in cai:
            raise wrong(key)
    if not _ints(cai["shape"]):
        raise wrong("shape")
    if not isinstance(cai["typestr"], str):
        raise wrong("typestr")
    data = cai["data"]
    if not (isinstance(data, (tuple, list)) and len(data) == 2 and (data[0] is None or isinstance(data[0], int))
            and isinstance(data[1], bool)):
        raise wrong("data")
    strides = cai.get("strides")
    if strides is not None and not _ints(strides):
        raise wrong("strides")
    if strides is not None and len(strides) != len(cai["shape"]):
        raise ArgumentError("%s: __cuda_array_interface__ has shape %s and strides %s of another length; 'strides' "
                            "must be %s" % (role, tuple(cai["shape"]), tuple(strides), _FORMS["strides"]))
    stream = cai.get("stream")
    if stream is not None and (not isinstance(stream, int) or isinstance(stream, bool)):
        raise wrong("stream")
    return cai


def _from_interface(obj: Any, role: str) -> Tensor:
    cai = _interface(obj, role)
    typestr = cai["typestr"]
    if typestr not in FROM_TYPESTR:
        raise ArgumentError(unsupported(role + ": typestr", typestr))
    dtype = FROM_TYPESTR[typestr]
    itemsize = BYTES[dtype]
    shape = tuple(cai["shape"])
    if cai.get("strides") is None:
        strides: List[int] = []
        step = 1
        for e in reversed(shape):
            strides.insert(0, step)
            step *= e
    else:
        if any(s % itemsize for s in cai["strides"]):
            raise ArgumentError("%s: byte strides %s are not multiples of its %d-byte elements"
                                % (role, tuple(cai["strides"]), itemsize))
        strides = [s // itemsize for s in cai["strides"]]
    address, readonly = cai["data"]
    if cai.get("mask") is not None:
        raise ArgumentError("%s: masked arrays are not supported" % role)
    return Tensor(role, address or 0, shape, strides, dtype, _device_of(obj), cai.get("stream"), readonly)


def tensor(obj: Any, role: str) -> Union[Tensor, Pending]:
    """`obj` as a Tensor (a Pending one for a DLPack object: resolve(stream)
    gives the Tensor), or ArgumentError saying why it cannot be one. torch's
    tensors are read directly, and __cuda_array_interface__ is preferred to
    __dlpack__ where an object has both (CuPy).

    >>> class Array:  # a stand-in for a CuPy array
    ...     __cuda_array_interface__ = {"shape": (4, 8), "typestr": "<f4", "data": (4096, False), "version": 3}
    >>> t = tensor(Array(), "src")
    >>> t.layout, t.address, t.dtype
    ('(4,8):(8,1)', 4096, 'f32')
    >>> tensor(3, "src")
    Traceback (most recent call last):
    ...
    layoutc.ArgumentError: src: a int is not a GPU tensor: ...
    """
    if _is_torch(obj):
        return _from_torch(obj, role)
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_interface(obj, role)
    if dlpack.has_dlpack(obj):
        return Pending(obj, role)
    raise ArgumentError("%s: a %s is not a GPU tensor: layoutc takes torch CUDA tensors and objects with "
                        "__cuda_array_interface__ (CuPy, Numba) or __dlpack__ (JAX, CuPy, torch)"
                        % (role, type(obj).__name__))
