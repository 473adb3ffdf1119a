"""CuTe's layout algebra in Python: values in CuTe notation, evaluated by
layoutc's algebra through its C API.

A value holds its CuTe notation as layoutc prints it; every function builds
the CuTe expression (`composition(A,B)`, `size<0>(A)`, `A(5)`) and evaluates
it, so the Python results are layoutc's, errors included (LayoutError).

Arguments are converted to notation: a Layout, Swizzle, ComposedLayout or
Tiler as printed; an int as itself; a tuple of ints (and tuples) as a shape
or coordinate `(2,(3,4))`, with None as CuTe's `_` in a slice; a tuple or
list holding a layout as a by-mode tiler `<2:1,4:1>`; a str as an
expression, inserted as written.
"""
import ctypes

from . import _library
from ._library import LayoutError, check, lib, text

# layoutc_value_kind (layoutc.h)
_INT_TUPLE, _LAYOUT, _SWIZZLE, _COMPOSED, _TILER, _BOOL, _TAG = range(7)


class Value:
    """A result of the algebra other than a number or tuple; str() is its
    CuTe notation."""

    _kind = None

    def __init__(self, expression):
        value = evaluate(expression if isinstance(expression, str) else notation(expression))
        if not isinstance(value, type(self)):
            raise LayoutError("%s: '%s' is %s, not %s" % (type(self).__name__, expression, _describe(value),
                                                          _describe_kind(type(self))), "LAYOUTC_ERROR_ALGEBRA")
        self._text = value._text

    @classmethod
    def _of(cls, printed):
        v = cls.__new__(cls)
        v._text = printed
        return v

    def __str__(self):
        return self._text

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._text)

    def __eq__(self, other):
        return type(other) is type(self) and other._text == self._text

    def __hash__(self):
        return hash((type(self).__name__, self._text))

    def __call__(self, *coordinate):
        """CuTe's A(c): a layout at a coordinate (a slice when it holds None),
        a swizzle or composed layout at an offset. A(1, 2) is A((1,2))."""
        c = coordinate[0] if len(coordinate) == 1 else tuple(coordinate)
        return evaluate("(%s)(%s)" % (self._text, notation(c)))


class Layout(Value):
    """A layout Shape:Stride, e.g. Layout("(6,2):(8,2)"), or any expression
    that gives one, e.g. Layout("composition((6,2):(8,2),(4,3):(3,1))"); a
    shape (6, 2) gives its column-major layout, as make_layout."""

    def __init__(self, expression):
        if isinstance(expression, (int, tuple)) and not isinstance(expression, bool):
            expression = "make_layout(%s)" % notation(expression)
        super().__init__(expression)

    @property
    def shape(self):
        return shape(self)

    @property
    def stride(self):
        return stride(self)


class Swizzle(Value):
    """S<B,M,S>."""


class ComposedLayout(Value):
    """inner o offset o outer, e.g. S<3,4,3> o 0 o (64,64):(64,1)."""


class Tiler(Value):
    """A by-mode tiler <2:1,4:1>."""


_CLASSES = {_LAYOUT: Layout, _SWIZZLE: Swizzle, _COMPOSED: ComposedLayout, _TILER: Tiler}


def _describe_kind(cls):
    return {Layout: "a layout", Swizzle: "a swizzle", ComposedLayout: "a composed layout", Tiler: "a tiler"}[cls]


def _describe(value):
    if isinstance(value, Value):
        return "%s %s" % (_describe_kind(type(value)), value)
    if isinstance(value, bool):
        return "the truth value %s" % str(value).lower()
    return "the value %s" % _print(value)


def evaluate(expression):
    """The value of a CuTe expression: a Layout, Swizzle, ComposedLayout or
    Tiler; an int or a tuple (leaves that are not static integers, such as
    `?` or `1@0`, as their notation, a str); a bool; or a tag name (str)."""
    handle = ctypes.c_void_p()
    check(lib.layoutc_eval(text(expression), ctypes.byref(handle)))
    try:
        printed, kind = ctypes.c_char_p(), ctypes.c_int()
        check(lib.layoutc_value_str(handle, ctypes.byref(printed)))
        check(lib.layoutc_value_kind_of(handle, ctypes.byref(kind)))
        printed = printed.value.decode()
    finally:
        lib.layoutc_value_free(handle)
    if kind.value in _CLASSES:
        return _CLASSES[kind.value]._of(printed)
    if kind.value == _BOOL:
        return printed == "true"
    if kind.value == _INT_TUPLE:
        return _parse_tuple(printed)
    return printed


def _parse_tuple(printed):
    """(2,(3,4)) as (2, (3, 4)); 12 as 12; other leaves as their text."""
    pos = 0

    def parse():
        nonlocal pos
        if printed[pos] == "(":
            pos += 1
            items = [parse()]
            while printed[pos] == ",":
                pos += 1
                items.append(parse())
            pos += 1  # ')'
            return tuple(items)
        end = pos
        while end < len(printed) and printed[end] not in ",()":
            end += 1
        leaf, pos = printed[pos:end], end
        try:
            return int(leaf)
        except ValueError:
            return leaf

    return parse()


def _print(x):
    if isinstance(x, tuple):
        return "(" + ",".join(_print(e) for e in x) + ")"
    return str(x)


def _holds_layout(x):
    return isinstance(x, Value) or (isinstance(x, (tuple, list)) and any(_holds_layout(e) for e in x))


def notation(x):
    """The CuTe notation of a Python argument (see the module's help)."""
    if isinstance(x, (Value, str)):
        return str(x)
    if isinstance(x, bool):
        raise LayoutError("a truth value is not an argument of the algebra", "LAYOUTC_ERROR_ALGEBRA")
    if isinstance(x, int):
        return str(x)
    if x is None:
        return "_"
    if isinstance(x, (tuple, list)):
        if _holds_layout(x):
            return "<" + ",".join(notation(e) for e in x) + ">"
        return "(" + ",".join(notation(e) for e in x) + ")"
    raise LayoutError("%r (%s) is not an argument of the algebra: give a Layout, an int, a tuple or a str"
                      % (x, type(x).__name__), "LAYOUTC_ERROR_ALGEBRA")


def call(name, *args, template=()):
    """CuTe's function `name` on `args`, with template arguments:
    call("size", a, template=(0,)) is size<0>(a)."""
    t = "<" + ",".join(str(int(m)) for m in template) + ">" if template else ""
    return evaluate("%s%s(%s)" % (name, t, ",".join(notation(a) for a in args)))


def _modes(mode):
    if mode is None:
        return ()
    return tuple(mode) if isinstance(mode, (tuple, list)) else (mode,)


# Functions on a layout with optional modes: size(a), size(a, mode=0) is
# size<0>(a), get(a, mode=(0, 1)) is get<0,1>(a).
def size(a, mode=None): return call("size", a, template=_modes(mode))
def cosize(a, mode=None): return call("cosize", a, template=_modes(mode))
def rank(a, mode=None): return call("rank", a, template=_modes(mode))
def depth(a, mode=None): return call("depth", a, template=_modes(mode))
def shape(a, mode=None): return call("shape", a, template=_modes(mode))
def stride(a, mode=None): return call("stride", a, template=_modes(mode))
def get(a, mode): return call("get", a, template=_modes(mode))
def select(a, modes): return call("select", a, template=_modes(modes))
def take(a, begin, end): return call("take", a, template=(begin, end))
def group_modes(a, begin, end): return call("group_modes", a, template=(begin, end))
def append(a, n, x=None): return call("append", a, *(() if x is None else (x,)), template=(n,))
def prepend(a, n, x=None): return call("prepend", a, *(() if x is None else (x,)), template=(n,))
def upcast(a, n): return call("upcast", a, template=(n,))
def downcast(a, n): return call("downcast", a, template=(n,))
def recast_layout(a, old_bits, new_bits): return call("recast_layout", a, template=(old_bits, new_bits))


def _plain(name, doc):
    def f(*args):
        return call(name, *args)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


# CuTe's functions whose arguments are all values, in CuTe's order.
_PLAIN = {
    "flatten": "flatten(a)", "unflatten": "unflatten(a, shape)", "coalesce": "coalesce(a[, shape])",
    "filter": "filter(a[, shape])", "filter_zeros": "filter_zeros(a)",
    "composition": "composition(a, b): the layout a o b, b a layout, shape or tiler",
    "complement": "complement(a[, cotarget])", "right_inverse": "right_inverse(a)",
    "left_inverse": "left_inverse(a)", "nullspace": "nullspace(a)",
    "max_common_layout": "max_common_layout(a, b)", "max_common_vector": "max_common_vector(a, b)",
    "logical_divide": "logical_divide(a, tiler)", "zipped_divide": "zipped_divide(a, tiler)",
    "tiled_divide": "tiled_divide(a, tiler)", "flat_divide": "flat_divide(a, tiler)",
    "logical_product": "logical_product(a, b)", "zipped_product": "zipped_product(a, b)",
    "tiled_product": "tiled_product(a, b)", "flat_product": "flat_product(a, b)",
    "blocked_product": "blocked_product(a, b)", "raked_product": "raked_product(a, b)",
    "tile_to_shape": "tile_to_shape(a, shape[, order])", "crd2idx": "crd2idx(coordinate, a)",
    "idx2crd": "idx2crd(index, shape)", "slice": "slice(coordinate, a)", "dice": "dice(coordinate, a)",
    "make_layout": "make_layout(shape[, stride or LayoutLeft/LayoutRight])",
    "make_ordered_layout": "make_ordered_layout(shape, order)",
    "make_identity_layout": "make_identity_layout(shape)",
    "make_composed_layout": "make_composed_layout(inner, offset, outer)",
    "compatible": "compatible(a, b)", "swizzle": "swizzle(S<B,M,S>, offset)",
}
globals().update({name: _plain(name, doc) for name, doc in _PLAIN.items()})

# The same functions as methods of a layout (its first argument).
_METHODS = ["size", "cosize", "rank", "depth", "get", "select", "take", "group_modes", "append", "prepend",
            "upcast", "downcast", "recast_layout", "flatten", "unflatten", "coalesce", "filter",
            "filter_zeros", "composition", "complement", "right_inverse", "left_inverse", "nullspace",
            "max_common_layout", "max_common_vector", "logical_divide", "zipped_divide", "tiled_divide",
            "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product",
            "blocked_product", "raked_product", "tile_to_shape"]


def _method(f):
    def m(self, *args, **kwargs):
        return f(self, *args, **kwargs)
    m.__name__ = m.__qualname__ = f.__name__
    m.__doc__ = f.__doc__
    return m


for _name in _METHODS:
    setattr(Layout, _name, _method(globals()[_name]))
for _name in ("composition",):
    setattr(ComposedLayout, _name, _method(globals()[_name]))

__all__ = ["Value", "Layout", "Swizzle", "ComposedLayout", "Tiler", "evaluate", "notation", "call", "size",
           "cosize", "rank", "depth", "shape", "stride", "get", "select", "take", "group_modes", "append",
           "prepend", "upcast", "downcast", "recast_layout"] + list(_PLAIN)
del _library
