"""Native values: layoutc_value handles of the C API, and Python's integer
tuples in the C API's flat form (layoutc.h, "Values without text").

A Handle owns one layoutc_value and frees it when collected. Integer tuples
cross as two packed arrays (kinds, values) in prefix order; leaves with no
flat form (scaled bases) cross as notation. The calls here are the hot path
of the Python package: each is one C call with arguments packed by struct.
"""
import ctypes
import struct

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
_PACKERS: dict = {}


class Handle:
    """One layoutc_value, freed with this object."""

    __slots__ = ("ptr",)

    def __init__(self, ptr):
        self.ptr = ptr

    def __del__(self, _free=_free):
        _free(self.ptr)

    def kind(self):
        k = _Int()
        check(lib.layoutc_value_kind_of(self.ptr, _byref(k)))
        return k.value

    def text(self):
        s = ctypes.c_char_p()
        check(lib.layoutc_value_str(self.ptr, _byref(s)))
        return s.value.decode()

    def assumptions(self):
        s = ctypes.c_char_p()
        check(lib.layoutc_value_assumptions(self.ptr, _byref(s)))
        return [a for a in s.value.decode().split("; ") if a]


def from_text(expression):
    """The value of a CuTe expression."""
    out = _VoidP()
    check(lib.layoutc_eval(text(expression), _byref(out)))
    return Handle(out.value)


def call(name, handles, template=()):
    """CuTe's function `name` (bytes) with template arguments on values:
    (the result's Handle, its kind)."""
    n, t = len(handles), len(template)
    args = (_ARGS[n] if n < 8 else ctypes.c_void_p * n)(*[h.ptr for h in handles])
    templ = (_TEMPLATES[t] if t < 8 else ctypes.c_int64 * t)(*template) if t else None
    out, kind = _VoidP(), _Int()
    status = _call(name, templ, t, args, n, _byref(out), _byref(kind))
    if status:
        check(status)
    return Handle(out.value), kind.value


def apply(f, arg):
    """f(arg): (the result's Handle, its kind)."""
    out, kind = _VoidP(), _Int()
    status = _apply(f.ptr, arg.ptr, _byref(out), _byref(kind))
    if status:
        check(status)
    return Handle(out.value), kind.value


def equal(a, b):
    out = _Int()
    check(lib.layoutc_value_equal(a.ptr, b.ptr, _byref(out)))
    return bool(out.value)


def hash_of(h):
    out = ctypes.c_uint64()
    check(lib.layoutc_value_hash(h.ptr, _byref(out)))
    return out.value


def flatten_into(t, kinds, values, leaf):
    """Appends t's flat form; `leaf(x)` gives (kind, value) of a leaf that is
    not an int, a tuple or None, or raises."""
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


def packed(kinds, values):
    """The flat form as the C API takes it: (kinds bytes, values bytes, n)."""
    n = len(kinds)
    p = _PACKERS.get(n)
    if p is None:
        p = _PACKERS[n] = (struct.Struct("%db" % n), struct.Struct("=%dq" % n))
    return p[0].pack(*kinds), p[1].pack(*values), n


def make_tuple(kinds, values):
    k, v, n = packed(kinds, values)
    out = _VoidP()
    status = _make(k, v, n, _byref(out))
    if status:
        check(status)
    return Handle(out.value)


def read(h):
    """The flat form of a value's integers (a tuple's own, a layout's
    (shape, stride), a swizzle's (B, M, S)) as (kinds, values)."""
    k, v, n = _Int8Array(), _Int64Array(), ctypes.c_size_t()
    check(lib.layoutc_value_read(h.ptr, k, v, 64, _byref(n)))
    if n.value > 64:
        k, v = (ctypes.c_int8 * n.value)(), (ctypes.c_int64 * n.value)()
        check(lib.layoutc_value_read(h.ptr, k, v, n.value, _byref(n)))
    return k[:n.value], v[:n.value]


def unflatten(kinds, values, leaf):
    """The Python tuple of a flat form; `leaf(kind, value)` makes the leaves
    that are not ints or `_`."""
    pos = 0

    def take():
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
