"""Native values: layoutc_value handles of the C API, and Python's integer
tuples in the C API's flat form (layoutc.h, "Values without text").

A Handle owns one layoutc_value and frees it when collected. Integer tuples
cross as two packed arrays (kinds, values) in prefix order; leaves with no
flat form (scaled bases) cross as notation. The calls here are the hot path
of the Python package: each is one C call with arguments packed by struct.
"""
import ctypes
import struct
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from ._library import check, lib, text

# layoutc_leaf (layoutc.h)
INT, TUPLE, UNDERSCORE, DYNAMIC, OTHER = range(5)
# layoutc_value_kind (layoutc.h)
KIND_INT_TUPLE, KIND_LAYOUT, KIND_SWIZZLE, KIND_COMPOSED, KIND_TILER, KIND_BOOL, KIND_TAG, KIND_EQUALITY, \
    KIND_LINEAR_LAYOUT = range(9)

_free = lib.layoutc_value_free
_call = lib.layoutc_call
_apply = lib.layoutc_apply
_make = lib.layoutc_tuple_make
_byref = ctypes.byref
_VoidP = ctypes.c_void_p
_Int = ctypes.c_int
_Int8Array = ctypes.c_int8 * 64
_Int64Array = ctypes.c_int64 * 64
_TEMPLATES = [(ctypes.c_int64 * n) for n in range(8)]
_ARGS = [(ctypes.c_void_p * n) for n in range(8)]
_PACKERS: Dict[int, Tuple[struct.Struct, struct.Struct]] = {}


class Handle:
    """One layoutc_value, freed with this object: `ptr` is its address (as
    ctypes gives a c_void_p's value).

    >>> h = from_text("(6,2):(8,2)")
    >>> h.kind() == KIND_LAYOUT, h.text()
    (True, '(6,2):(8,2)')
    """

    __slots__ = ("ptr",)

    def __init__(self, ptr: Optional[int]) -> None:
        self.ptr = ptr

    def __del__(self, _free: Any = _free) -> None:
        _free(self.ptr)

    def kind(self) -> int:
        """The value's layoutc_value_kind (KIND_LAYOUT, KIND_INT_TUPLE, ...).

        >>> from_text("(2,3)").kind() == KIND_INT_TUPLE
        True
        """
        k = _Int()
        check(lib.layoutc_value_kind_of(self.ptr, _byref(k)))
        return k.value

    def text(self) -> str:
        """The value's CuTe notation, as layoutc prints it.

        >>> from_text("composition((6,2):(8,2), (4,3):(3,1))").text()
        '((2,2),3):((24,2),8)'
        """
        s = ctypes.c_char_p()
        check(lib.layoutc_value_str(self.ptr, _byref(s)))
        return s.value.decode()  # type: ignore[union-attr]  # NULL only with a failed status, which raised

    def assumptions(self) -> List[str]:
        """The conditions on run-time (`?`) values the value was computed
        under, one string each ([] when there are none).

        >>> from_text("(4,8):(1,4)").assumptions()
        []
        >>> from_text("composition((4,?):(1,4), (2,2):(1,2))").assumptions()
        ["composition((4,?):(1,4), (2,2):(1,2)) = (2,2):(1,2) is A o B only if the run-time values meet
          CuTe's divisibility conditions"]
        """
        s = ctypes.c_char_p()
        check(lib.layoutc_value_assumptions(self.ptr, _byref(s)))
        return [a for a in s.value.decode().split("; ") if a]  # type: ignore[union-attr]  # as in text()


def from_text(expression: Union[str, bytes]) -> Handle:
    """The value of a CuTe expression (layoutc_eval).

    >>> from_text("size((6,2):(8,2))").text()
    '12'
    """
    out = _VoidP()
    check(lib.layoutc_eval(text(expression), _byref(out)))
    return Handle(out.value)


def call(name: bytes, handles: Sequence[Handle], template: Sequence[int] = ()) -> Tuple[Handle, int]:
    """CuTe's function `name` (bytes) with template arguments on values:
    (the result's Handle, its kind); call(b"size", [h], (0,)) is size<0>(h).

    >>> h, kind = call(b"size", [from_text("(6,2):(8,2)")], (0,))
    >>> h.text(), kind == KIND_INT_TUPLE
    ('6', True)
    """
    n, t = len(handles), len(template)
    args = (_ARGS[n] if n < 8 else ctypes.c_void_p * n)(*[h.ptr for h in handles])
    templ = (_TEMPLATES[t] if t < 8 else ctypes.c_int64 * t)(*template) if t else None
    out, kind = _VoidP(), _Int()
    status = _call(name, templ, t, args, n, _byref(out), _byref(kind))
    if status:
        check(status)
    return Handle(out.value), kind.value


def apply(f: Handle, arg: Handle) -> Tuple[Handle, int]:
    """f(arg), a layout (swizzle, composed layout) at a coordinate or
    offset: (the result's Handle, its kind).

    >>> h, kind = apply(from_text("(6,2):(8,2)"), from_text("(1,1)"))
    >>> h.text(), kind == KIND_INT_TUPLE
    ('10', True)
    """
    out, kind = _VoidP(), _Int()
    status = _apply(f.ptr, arg.ptr, _byref(out), _byref(kind))
    if status:
        check(status)
    return Handle(out.value), kind.value


def equal(a: Handle, b: Handle) -> bool:
    """Whether two values are the same value (same kind, same notation).

    >>> equal(from_text("4:1"), from_text("coalesce((2,2):(1,2))")), equal(from_text("4:1"), from_text("4:2"))
    (True, False)
    """
    out = _Int()
    check(lib.layoutc_value_equal(a.ptr, b.ptr, _byref(out)))
    return bool(out.value)


def hash_of(h: Handle) -> int:
    """The value's hash: equal values (equal()) hash alike.

    >>> hash_of(from_text("4:1")) == hash_of(from_text("coalesce((2,2):(1,2))"))
    True
    """
    out = ctypes.c_uint64()
    check(lib.layoutc_value_hash(h.ptr, _byref(out)))
    return out.value


def flatten_into(t: Any, kinds: List[int], values: List[int], leaf: Callable[[Any], Tuple[int, int]]) -> None:
    """Appends t's flat form, in prefix order: an int is (INT, itself), a
    tuple or list (TUPLE, its length) then its elements', None (UNDERSCORE,
    0); `leaf(x)` gives (kind, value) of any other leaf, or raises.

    >>> kinds, values = [], []
    >>> flatten_into((2, (3, None)), kinds, values, None)
    >>> kinds == [TUPLE, INT, TUPLE, INT, UNDERSCORE], values
    (True, [2, 2, 2, 3, 0])
    """
    if type(t) is int:
        kinds.append(INT)
        values.append(t)
    elif type(t) is tuple or type(t) is list:
        kinds.append(TUPLE)
        values.append(len(t))
        for x in t:
            flatten_into(x, kinds, values, leaf)
    elif t is None:
        kinds.append(UNDERSCORE)
        values.append(0)
    else:
        k, v = leaf(t)
        kinds.append(k)
        values.append(v)


def packed(kinds: Sequence[int], values: Sequence[int]) -> Tuple[bytes, bytes, int]:
    """The flat form as the C API takes it: (kinds bytes, values bytes, n),
    an int8 per kind and a native-endian int64 per value.

    >>> k, v, n = packed([TUPLE, INT, INT], [2, 3, 4])
    >>> list(k), len(v), n
    ([1, 0, 0], 24, 3)
    """
    n = len(kinds)
    p = _PACKERS.get(n)
    if p is None:
        p = _PACKERS[n] = (struct.Struct("%db" % n), struct.Struct("=%dq" % n))
    return p[0].pack(*kinds), p[1].pack(*values), n


def make_tuple(kinds: Sequence[int], values: Sequence[int]) -> Handle:
    """The native integer tuple of a flat form (layoutc_tuple_make).

    >>> make_tuple([TUPLE, INT, INT], [2, 3, 4]).text()
    '(3,4)'
    """
    k, v, n = packed(kinds, values)
    out = _VoidP()
    status = _make(k, v, n, _byref(out))
    if status:
        check(status)
    return Handle(out.value)


def read(h: Handle) -> Tuple[List[int], List[int]]:
    """The flat form of a value's integers (a tuple's own, a layout's
    (shape, stride), a swizzle's (B, M, S)) as (kinds, values).

    >>> read(from_text("(6,2):(8,2)"))[1]
    [2, 2, 6, 2, 2, 8, 2]
    """
    k, v, n = _Int8Array(), _Int64Array(), ctypes.c_size_t()
    check(lib.layoutc_value_read(h.ptr, k, v, 64, _byref(n)))
    if n.value > 64:
        k, v = (ctypes.c_int8 * n.value)(), (ctypes.c_int64 * n.value)()
        check(lib.layoutc_value_read(h.ptr, k, v, n.value, _byref(n)))
    return k[:n.value], v[:n.value]


def unflatten(kinds: Sequence[int], values: Sequence[int], leaf: Callable[[int, int], Any]) -> Any:
    """The Python tuple of a flat form (flatten_into's inverse); `leaf(kind,
    value)` makes the leaves that are not ints or `_` (None).

    >>> unflatten([TUPLE, INT, TUPLE, INT, UNDERSCORE], [2, 2, 2, 3, 0], None)
    (2, (3, None))
    """
    pos = 0

    def take() -> Any:
        nonlocal pos
        i = pos
        pos += 1
        k = kinds[i]
        if k == INT:
            return values[i]
        if k == TUPLE:
            return tuple([take() for _ in range(values[i])])
        if k == UNDERSCORE:
            return None
        return leaf(k, values[i])

    return take()
