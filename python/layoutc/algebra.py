"""CuTe's layout algebra in Python, computed by layoutc's algebra.

Layouts, swizzles, composed layouts and tilers are immutable, hashable
values that hold native handles of the C API: a function call passes
handles, not notation, and `L(i)` is one native call. Integer tuples are
Python's ints and tuples (int_tuple.py). Arguments may also be CuTe
notation (`"(6,2):(8,2)"`), parsed once.

The names and signatures are pycute's (Layout(shape, stride),
make_layout(*layouts), coalesce, composition, complement, ...) and CuTe
DSL's (make_layout(shape, stride=...), make_identity_layout,
make_composed_layout, ...); where pycute and CuTe C++ disagree, CuTe C++
wins and the docstring says so.

    >>> from layoutc import Layout, composition
    >>> A = Layout((6, 2), (8, 2))
    >>> R = composition(A, Layout((4, 3), (3, 1)))
    >>> R, R(1, 2), A(5)
    (Layout('((2,2),3):((24,2),8)'), 40, 40)
"""
import ctypes
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Type, TypeVar, Union, overload

from . import _native
from ._library import LayoutIndexError, LayoutTypeError, check, lib
from .int_tuple import has_none, notation as tuple_notation, tuple_handle, tuple_of

__all__ = ["LayoutBase", "Value", "Layout", "Swizzle", "ComposedLayout", "Tiler", "Equality", "LinearLayout",
           "is_layout", "evaluate", "notation", "call", "make_layout", "size", "cosize", "rank", "depth", "shape",
           "stride", "get", "select", "take", "group_modes", "append", "prepend", "upcast", "downcast",
           "recast_layout", "coalesce", "filter", "composition", "complement", "right_inverse", "left_inverse",
           "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product",
           "tiled_product", "flat_product", "blocked_product", "raked_product", "hier_unzip",
           "slice_and_offset", "unflatten", "filter_zeros", "nullspace", "max_common_layout",
           "max_common_vector", "tile_to_shape", "dice", "make_ordered_layout", "make_identity_layout",
           "make_composed_layout", "compatible", "swizzle", "equal", "to_linear_layout", "from_linear_layout",
           "append_ones", "prepend_ones", "make_swizzle", "make_layout_tv"]

_setattr = object.__setattr__
_new = object.__new__
_apply_index = lib.layoutc_apply_index
_apply_flat = lib.layoutc_apply_flat
_byref = ctypes.byref
_Int64 = ctypes.c_int64


class LayoutBase:
    """What pycute's is_layout recognizes: a Layout or a ComposedLayout.

    >>> isinstance(Layout(4), LayoutBase), isinstance(Swizzle(1, 0, 1), LayoutBase)
    (True, False)
    """

    __slots__ = ()


# A Layout or a ComposedLayout: the functions that give a value of their
# argument's kind (coalesce, the divides and products, ...) are typed by it.
_K = TypeVar("_K", bound=LayoutBase)


class Value:
    """A value of the algebra held natively; str() is its CuTe notation.
    Equal values (same kind, same notation) compare equal and hash alike.

    >>> L = Layout((6, 2), (8, 2))
    >>> isinstance(L, Value), str(L), Layout(4) == Layout("4:1"), hash(Layout(4)) == hash(Layout("4:1"))
    (True, '(6,2):(8,2)', True, True)
    """

    __slots__ = ("_h", "_text")
    _KIND: int = -1
    _h: "_native.Handle"
    _text: Optional[str]

    def __init__(self, expression: Any) -> None:
        h = handle_of(expression)
        if h.kind() != self._KIND:
            raise LayoutTypeError("%s: %r is %s, not %s" % (type(self).__name__, expression,
                                                            _describe_handle(h), _ARTICLE[type(self)]),
                                  "LAYOUTC_ERROR_ALGEBRA_TYPE")
        self._set(h)

    def _set(self, h: "_native.Handle") -> None:
        _setattr(self, "_h", h)
        _setattr(self, "_text", None)

    @classmethod
    def _of(cls, h: "_native.Handle") -> Any:
        v = _new(cls)
        _setattr(v, "_h", h)
        _setattr(v, "_text", None)
        return v

    def __str__(self) -> str:
        if self._text is None:
            _setattr(self, "_text", self._h.text())
        return self._text  # type: ignore[return-value]  # set just above when it was None

    def __repr__(self) -> str:
        return "%s(%r)" % (type(self).__name__, str(self))

    def __eq__(self, other: object) -> bool:
        # type(other) is type(self) does not narrow `other` from object
        return type(other) is type(self) and _native.equal(self._h, other._h)  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return _native.hash_of(self._h)

    def __call__(self, *coordinate: Any) -> Any:
        """A(c): a layout at a coordinate (a slice when c holds None, CuTe's
        `_`), a swizzle or composed layout at an offset; A(1, 2) is A((1, 2)).

        >>> L = Layout((6, 2), (8, 2))
        >>> L(1, 1), L((None, 1)), Swizzle(3, 4, 3)(0x90)
        (10, Layout('(6):(8)'), 128)
        """
        c = coordinate[0] if len(coordinate) == 1 else coordinate
        if type(c) is int:
            out = _Int64()
            if _apply_index(self._h.ptr, c, _byref(out)) == 0:
                return out.value
        elif type(c) is tuple and not has_none(c):
            kinds: List[int] = []
            values: List[int] = []
            try:
                _native.flatten_into(c, kinds, values, _no_leaf)
            except _NotFlat:
                pass
            else:
                k, v, n = _native.packed(kinds, values)
                out = _Int64()
                if _apply_flat(self._h.ptr, k, v, n, _byref(out)) == 0:
                    return out.value
        return python_of(*_native.apply(self._h, handle_of(c)))

    def _repr_svg_(self) -> str:
        from .pictures import svg
        return svg(self)


class _NotFlat(Exception):
    pass


def _no_leaf(x: Any) -> Tuple[int, int]:
    raise _NotFlat


class Layout(LayoutBase, Value):
    """A layout Shape:Stride, the map from coordinates to offsets
    L(c) = inner_product(c, stride).

    Layout(shape, stride) as pycute's (stride defaults to CuTe's compact
    column-major stride, which gives shape-1 modes stride 0 where pycute's
    prefix product does not); Layout("(6,2):(8,2)") from notation or any
    expression that gives a layout.

    >>> L = Layout((6, 2), (8, 2))
    >>> L, L.shape, L.stride, len(L), L[1], L(5), L(1, 1), L.size(), L.cosize()
    (Layout('(6,2):(8,2)'), (6, 2), (8, 2), 2, Layout('2:2'), 40, 10, 12, 43)
    """

    # shape, stride and the size are read from the native value when first
    # asked for (__getattr__), then are plain attributes.
    __slots__ = ("shape", "stride", "_size")
    _KIND = _native.KIND_LAYOUT
    shape: Any  # an integer tuple, as is stride
    stride: Any
    _size: Any  # an int, or a Dynamic

    def __init__(self, shape: Any, stride: Any = None) -> None:
        if stride is None and isinstance(shape, (str, Value)):
            super().__init__(shape)
            return
        args = [tuple_handle(shape)] if stride is None else [tuple_handle(shape), handle_of(stride)]
        self._set(_native.call(b"make_layout", args)[0])

    def __getattr__(self, name: str) -> Any:
        if name == "shape" or name == "stride":
            shape, stride = tuple_of(self._h)
            object.__setattr__(self, "shape", shape)
            object.__setattr__(self, "stride", stride)
            return shape if name == "shape" else stride
        if name == "_size":
            n = _call("size", self)
            object.__setattr__(self, "_size", n)
            return n
        raise AttributeError("'Layout' object has no attribute %r" % name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("shape", "stride"):
            raise AttributeError("a Layout is immutable: make a new one (Layout(shape, stride))")
        object.__setattr__(self, name, value)

    def __len__(self) -> int:
        """The rank, as pycute's len(L): len(Layout(((2, 3), 4))) is 2."""
        s = self.shape
        return len(s) if isinstance(s, tuple) else 1

    def __getitem__(self, i: Union[int, slice]) -> "Layout":
        """Mode i (a layout); a slice of modes is the layout of those modes:
        Layout((2, 3, 4))[1:] is Layout('(3,4):(2,6)')."""
        n = len(self)
        if isinstance(i, slice):
            return make_layout(*[self[j] for j in range(*i.indices(n))])
        if type(i) is not int:
            raise LayoutTypeError("Layout indices are ints or slices, not %s" % type(i).__name__,
                                  "LAYOUTC_ERROR_ALGEBRA_TYPE")
        if i < -n or i >= n:
            raise LayoutIndexError("mode %d is out of range for layout %s of rank %d" % (i, self, n),
                                   "LAYOUTC_ERROR_ALGEBRA_INDEX")
        mode: Layout = _call("get", self, template=(i % n,))
        return mode

    def __iter__(self) -> Iterator["Layout"]:
        return (self[i] for i in range(len(self)))

    def size(self) -> Any:
        """The size of the domain, product(shape): an int, or a Dynamic for a
        run-time extent.

        >>> Layout((6, 2), (8, 2)).size(), Layout("(?,4):(1,?)").size()
        (12, Dynamic(div=4))
        """
        return self._size

    def cosize(self) -> Any:
        """The size of the codomain, L(size - 1) + 1 (with |strides|).

        >>> Layout((6, 2), (8, 2)).cosize()
        43
        """
        return cosize(self)


class Swizzle(Value):
    """CuTe's swizzle S<B,M,S> on offsets: the B bits at M + max(0,S) are
    XORed into the B bits at M; Swizzle(bits, base, shift) as pycute's, or
    Swizzle("S<3,4,3>").

    >>> s = Swizzle(3, 4, 3)
    >>> s, s(37), (s.bits, s.base, s.shift), s.size()
    (Swizzle('S<3,4,3>'), 37, (3, 4, 3), 1024)
    """

    __slots__ = ()
    _KIND = _native.KIND_SWIZZLE

    def __init__(self, bits: Any, base: Optional[int] = None, shift: Optional[int] = None) -> None:
        if base is None and shift is None:
            super().__init__(bits)
            return
        super().__init__("S<%d,%d,%d>" % (_int(bits, "bits"), _int(base, "base"), _int(shift, "shift")))

    @property
    def bits(self) -> int:
        """B: the number of bits XORed (the mask's width).

        >>> Swizzle(3, 4, 3).bits
        3
        """
        return int(tuple_of(self._h)[0])

    @property
    def base(self) -> int:
        """M: the number of low bits kept as they are (2^M elements move
        together); the B bits changed start at bit M.

        >>> Swizzle(3, 4, 3).base
        4
        """
        return int(tuple_of(self._h)[1])

    @property
    def shift(self) -> int:
        """S: how far above the B bits changed lie the B bits XORed into them
        (negative S: below).

        >>> Swizzle(3, 4, 3).shift
        3
        """
        return int(tuple_of(self._h)[2])

    def size(self) -> int:
        """2^(B+M+|S|): the offsets the swizzle permutes among themselves.

        >>> Swizzle(3, 4, 3).size()
        1024
        """
        n: int = size(self)
        return n

    def cosize(self) -> int:
        """The size of its codomain: its size, as it permutes [0, size).

        >>> Swizzle(3, 4, 3).cosize()
        1024
        """
        n: int = cosize(self)
        return n


class ComposedLayout(LayoutBase, Value):
    """inner o offset o outer: c -> inner(offset + outer(c)), with inner a
    layout or a swizzle; ComposedLayout(inner, offset, outer) as pycute's
    (its layoutB, offset, layoutA) and CuTe DSL's make_composed_layout.

    >>> c = ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1)))
    >>> c, c(1), len(c), c.outer
    (ComposedLayout('S<1,0,1> o 0 o (2,2):(2,1)'), 3, 2, Layout('(2,2):(2,1)'))
    """

    __slots__ = ()
    _KIND = _native.KIND_COMPOSED

    def __init__(self, inner: Any, offset: Any = None, outer: Any = None) -> None:
        if offset is None and outer is None:
            super().__init__(inner)
            return
        if callable(inner) and not isinstance(inner, (Value, str)):
            from . import inner_functions
            self._set(inner_functions.make(inner, handle_of(offset), handle_of(outer)))
            return
        self._set(_native.call(b"make_composed_layout", [handle_of(inner), handle_of(offset), handle_of(outer)])[0])

    def _parts(self) -> Tuple[Any, Any, "Layout"]:
        """(inner, offset, outer), read from the native value: inner a
        Layout, a Swizzle or the Python function the layout was made with."""
        inner, offset, outer, user = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        check(lib.layoutc_composed_parts(self._h.ptr, _byref(inner), _byref(offset), _byref(outer), _byref(user)))
        outer_layout: Layout = python_of(_native.Handle(outer.value))
        offset_value = python_of(_native.Handle(offset.value))
        if inner.value is None:
            from .inner_functions import function_of
            return function_of(user.value), offset_value, outer_layout
        return python_of(_native.Handle(inner.value)), offset_value, outer_layout

    @property
    def inner(self) -> Any:
        """The inner layout or swizzle (pycute's layoutB), or the Python
        function given as the inner.

        >>> ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1))).inner
        Swizzle('S<1,0,1>')
        """
        return self._parts()[0]

    @property
    def offset(self) -> Any:
        """The offset added to outer's value before inner applies (an int, or
        an integer tuple for a coordinate).

        >>> ComposedLayout(Swizzle(1, 0, 1), 4, Layout((2, 2), (2, 1))).offset
        4
        """
        return self._parts()[1]

    @property
    def outer(self) -> "Layout":
        """The outer layout (pycute's layoutA): the domain's shape is its.

        >>> ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1))).outer
        Layout('(2,2):(2,1)')
        """
        return self._parts()[2]

    layoutB = inner  # pycute's names
    layoutA = outer

    def __len__(self) -> int:
        """The rank of outer: len(c) is len(c.outer)."""
        return len(self.outer)

    def __getitem__(self, i: int) -> "ComposedLayout":
        """Mode i: inner o offset o outer[i]."""
        mode: ComposedLayout = _call("get", self, template=(i,))
        return mode

    def size(self) -> Any:
        """The size of the domain, outer's size (an int, or a Dynamic).

        >>> ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1))).size()
        4
        """
        return size(self)

    def cosize(self) -> Any:
        """CuTe's cosize of a composed layout: the outer layout's cosize, a
        LayoutError where that does not bound the values (an offset not 0).

        >>> ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1))).cosize()
        4
        """
        return cosize(self)

    if TYPE_CHECKING:  # set below as the function's method, as Layout's are
        def composition(self, layoutB: Any) -> "ComposedLayout": ...


class Tiler(Value):
    """A by-mode tiler <L0,L1,...>: a layout (or a shape, or `_`) per mode.

    >>> Tiler("<2:1,4:1>"), Tiler((Layout(2), Layout(4)))
    (Tiler('<2:1,4:1>'), Tiler('<2:1,4:1>'))
    """

    __slots__ = ()
    _KIND = _native.KIND_TILER


class Equality:
    """equal()'s answer: truthy only when the two are equal; `reason` is the
    counterexample or the condition on run-time values it depends on.
    `text` is layoutc's answer: "true", "false: ..." or "depends on ?: ...".

    >>> e = equal(Layout("(4,?):(1,4)"), Layout(16))
    >>> bool(e), e.text
    (False, 'depends on ?: shape<1>(A) is unknown; A and B agree on the indices below 4')
    """

    __slots__ = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        self.text = text

    def __bool__(self) -> bool:
        return self.text == "true"

    @property
    def reason(self) -> str:
        """Why they are not (or may not be) equal; "" when they are.

        >>> equal(Layout(4), Layout(4)).reason, equal(Layout(4), Layout(4, 2)).reason
        ('', 'at index 1, A gives 1 and B gives 2')
        """
        return "" if self else self.text.split(": ", 1)[-1]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "Equality(%r)" % self.text


class LinearLayout:
    """A layout as Triton's LinearLayout: for each input dimension, the
    output of each of its bits (`bases`), and the output dimensions' sizes
    (`out_dims`); L(x) is the XOR of the outputs of x's set bits. `text` is
    the layout as Triton prints it.

    >>> ll = to_linear_layout(Layout((4, 2), (2, 1)))
    >>> ll
    LinearLayout(bases={'mode0': [(2,), (4,)], 'mode1': [(1,)]}, out_dims={'offset': 8})
    >>> print(ll)
     - mode0=1 -> (2)
       mode0=2 -> (4)
     - mode1=1 -> (1)
    where out dims are: [offset (size 8)]
    """

    __slots__ = ("text", "bases", "out_dims", "_h")
    text: str
    bases: Dict[str, List[Tuple[int, ...]]]
    out_dims: Dict[str, int]
    _h: "_native.Handle"

    def __init__(self, h: "_native.Handle") -> None:
        self._h = h
        self.text = h.text()
        self.bases, self.out_dims = _parse_linear(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LinearLayout) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "LinearLayout(bases=%r, out_dims=%r)" % (self.bases, self.out_dims)


_ARTICLE: Dict[type, str] = {Layout: "a layout", Swizzle: "a swizzle", ComposedLayout: "a composed layout",
                             Tiler: "a tiler"}
_CLASSES: Dict[int, Type[Value]] = {_native.KIND_LAYOUT: Layout, _native.KIND_SWIZZLE: Swizzle,
                                    _native.KIND_COMPOSED: ComposedLayout, _native.KIND_TILER: Tiler}


def _describe_handle(h: "_native.Handle") -> str:
    k = h.kind()
    if k in _CLASSES:
        return "%s %s" % (_ARTICLE[_CLASSES[k]], h.text())
    return "the value %s" % h.text()


def _int(x: Any, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise LayoutTypeError("Swizzle: %s must be an int, not %r" % (what, x), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    return x


def _parse_linear(text: str) -> Tuple[Dict[str, List[Tuple[int, ...]]], Dict[str, int]]:
    """Triton's printed LinearLayout (` - in=1 -> (o)` lines, `where out
    dims are: [name (size n), ...]`) as {in: [outputs per bit]}, {out: size}."""
    bases: Dict[str, List[Tuple[int, ...]]] = {}
    current = None
    out_dims: Dict[str, int] = {}
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("where out dims are:"):
            for part in s.split("[", 1)[1].rstrip("]").split(","):
                name, _, n = part.strip().partition(" (size ")
                if name:
                    out_dims[name] = int(n.rstrip(")"))
            continue
        if s.startswith("- "):
            s = s[2:]
            current = s.split("=", 1)[0]
            bases[current] = []
        if current and "->" in s:
            out = s.split("->", 1)[1].strip().strip("()")
            bases[current].append(tuple(int(v) for v in out.split(",") if v.strip()))
    return bases, out_dims


def handle_of(x: Any) -> "_native.Handle":
    """The native value of a Python argument: a Value, CuTe notation (a
    str), an integer tuple, or a tuple of layouts (a by-mode tiler).

    >>> handle_of((Layout(2), Layout(4))).text(), handle_of("(6,2):(8,2)").text()
    ('<2:1,4:1>', '(6,2):(8,2)')
    """
    if isinstance(x, (Value, LinearLayout)):
        return x._h
    if isinstance(x, str):
        return _native.from_text(x)
    if isinstance(x, (tuple, list)) and _holds_value(x):
        return _native.from_text(notation(x))
    try:
        return tuple_handle(x)
    except LayoutTypeError:
        raise LayoutTypeError("%r (%s) is not an argument of the algebra: give a Layout, an int, a tuple or a str"
                              % (x, type(x).__name__), "LAYOUTC_ERROR_ALGEBRA_TYPE") from None


def _holds_value(x: Any) -> bool:
    return isinstance(x, Value) or (isinstance(x, (tuple, list)) and any(_holds_value(e) for e in x))


def python_of(h: "_native.Handle", k: Optional[int] = None) -> Any:
    """The Python value of a native one (of kind k, when known): a Layout,
    Swizzle, ComposedLayout or Tiler; an integer tuple; a bool; an Equality;
    a LinearLayout; else its text.

    >>> python_of(handle_of("(6,2):(8,2)")), python_of(handle_of((2, (3, 4))))
    (Layout('(6,2):(8,2)'), (2, (3, 4)))
    """
    if k is None:
        k = h.kind()
    cls = _CLASSES.get(k)
    if cls is not None:
        return cls._of(h)
    if k == _native.KIND_INT_TUPLE:
        return tuple_of(h)
    if k == _native.KIND_BOOL:
        return h.text() == "true"
    if k == _native.KIND_EQUALITY:
        return Equality(h.text())
    if k == _native.KIND_LINEAR_LAYOUT:
        return LinearLayout(h)
    return h.text()


def notation(x: Any) -> str:
    """The CuTe notation of a Python argument: a value as printed, an
    integer tuple `(2,(3,_))`, a tuple holding layouts as a tiler `<...>`.

    >>> notation(Layout((6, 2), (8, 2))), notation((2, (3, None))), notation((Layout(2), Layout(3)))
    ('(6,2):(8,2)', '(2,(3,_))', '<2:1,3:1>')
    """
    if isinstance(x, (Value, str)):
        return str(x)
    if isinstance(x, (tuple, list)) and _holds_value(x):
        return "<" + ",".join(notation(e) for e in x) + ">"
    return tuple_notation(x)


def evaluate(expression: str) -> Any:
    """The value of a CuTe expression: a Layout, Swizzle, ComposedLayout or
    Tiler; an int or a tuple (Dynamic and ScaledBasis leaves); a bool; an
    Equality; a LinearLayout; or a tag name.

    >>> evaluate("size((?,4):(1,?))"), evaluate("idx2crd(5, (2,3))")
    (Dynamic(div=4), (1, 2))
    """
    return python_of(_native.from_text(expression))


_NAMES: Dict[str, bytes] = {}


def _call(name: str, *args: Any, template: Tuple[int, ...] = ()) -> Any:
    b = _NAMES.get(name)
    if b is None:
        b = _NAMES[name] = name.encode()
    return python_of(*_native.call(b, [a._h if isinstance(a, Value) else handle_of(a) for a in args], template))


def call(name: str, *args: Any, template: Sequence[int] = ()) -> Any:
    """CuTe's function `name` on `args`, with template arguments:
    call("size", a, template=(0,)) is size<0>(a). Any function of layoutc's
    algebra (docs/semantics.md), those without a Python name too.

    >>> L = Layout((6, 2), (8, 2))
    >>> call("size", L, template=(0,)), call("crd2idx", (1, 1), L)
    (6, 10)
    """
    return _call(name, *args, template=tuple(_template(m) for m in template))


def _template(m: Any) -> int:
    if isinstance(m, bool) or not isinstance(m, int):
        raise LayoutTypeError("a mode must be an int, not %r" % (m,), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    return m


def _modes(mode: Any) -> Tuple[int, ...]:
    if mode is None:
        return ()
    return tuple(_template(m) for m in (mode if isinstance(mode, (tuple, list)) else (mode,)))


def is_layout(x: Any) -> bool:
    """pycute's is_layout: a Layout or a ComposedLayout.

    >>> is_layout(Layout(4)), is_layout((4,))
    (True, False)
    """
    return isinstance(x, LayoutBase)


def make_layout(*args: Any, stride: Any = None) -> Layout:
    """A layout: make_layout(shape, stride=...) as CuTe DSL's (stride
    defaults to compact column-major; "LayoutRight" gives row-major), or
    make_layout(L0, L1, ...) and make_layout([L0, L1, ...]) as pycute's:
    the layouts as the modes of one.

    >>> make_layout((6, 2), stride=(8, 2)), make_layout(Layout(4), Layout((2, 3), (4, 8)))
    (Layout('(6,2):(8,2)'), Layout('(4,(2,3)):(1,(4,8))'))
    """
    if stride is not None:
        if len(args) != 1:
            raise LayoutTypeError("make_layout(shape, stride=...) takes one shape, got %d arguments" % len(args),
                                  "LAYOUTC_ERROR_ALGEBRA_TYPE")
        result: Layout = _call("make_layout", args[0], stride)
        return result
    if len(args) == 1 and not isinstance(args[0], (Layout, str, int, tuple, list)) and hasattr(args[0], "__iter__"):
        args = tuple(args[0])
    elif len(args) == 1 and isinstance(args[0], list) and args[0] and all(isinstance(a, Layout) for a in args[0]):
        args = tuple(args[0])
    if not args:
        raise LayoutTypeError("make_layout needs a shape or layouts", "LAYOUTC_ERROR_ALGEBRA_TYPE")
    result = _call("make_layout", *args)
    return result


# Functions with optional modes: size(a), size(a, mode=0) is size<0>(a),
# get(a, mode=(0, 1)) is get<0,1>(a).

def size(a: Any, mode: Any = None) -> Any:
    """The size of a layout's domain (of mode `mode`); an integer tuple's
    product.

    >>> size(Layout((6, 2), (8, 2))), size(Layout((6, 2), (8, 2)), mode=0), size((2, (3, 4)))
    (12, 6, 24)
    """
    if mode is None and type(a) is Layout:
        return a._size
    return _call("size", a, template=_modes(mode))


def cosize(a: Any, mode: Any = None) -> Any:
    """The size of a layout's codomain: L(size - 1) + 1 with |strides|.

    >>> cosize(Layout((6, 2), (8, 2)))
    43
    """
    return _call("cosize", a, template=_modes(mode))


def rank(a: Any, mode: Any = None) -> int:
    """The number of top-level modes.

    >>> rank(Layout(((2, 3), 4)))
    2
    """
    result: int = _call("rank", a, template=_modes(mode))
    return result


def depth(a: Any, mode: Any = None) -> int:
    """The nesting depth (an integer: 0).

    >>> depth(Layout(((2, 3), 4)))
    2
    """
    result: int = _call("depth", a, template=_modes(mode))
    return result


def shape(a: Any, mode: Any = None) -> Any:  # CuTe DSL: shape(input, *, mode=None)
    """The shape (of mode `mode`).

    >>> shape(Layout(((2, 3), 4)), mode=0)
    (2, 3)
    """
    return _call("shape", a, template=_modes(mode))


def stride(a: Any, mode: Any = None) -> Any:
    """The stride (of mode `mode`).

    >>> stride(Layout(((2, 3), 4)))
    ((1, 2), 6)
    """
    return _call("stride", a, template=_modes(mode))


@overload
def get(a: _K, mode: Any) -> _K: ...
@overload
def get(a: Any, mode: Any) -> Any: ...
def get(a: Any, mode: Any) -> Any:
    """The sub-layout (or sub-tuple) at a mode path: get<i,j>.

    >>> get(Layout(((2, 3), 4)), mode=(0, 1))
    Layout('3:2')
    """
    return _call("get", a, template=_modes(mode))


@overload
def select(a: _K, modes: Any) -> _K: ...
@overload
def select(a: Any, modes: Any) -> Any: ...
def select(a: Any, modes: Any) -> Any:
    """The modes listed, in that order: select<i,...>.

    >>> select(Layout((2, 3, 4)), (2, 0))
    Layout('(4,2):(6,1)')
    """
    return _call("select", a, template=_modes(modes))


@overload
def take(a: _K, begin: int, end: int) -> _K: ...
@overload
def take(a: Any, begin: int, end: int) -> Any: ...
def take(a: Any, begin: int, end: int) -> Any:
    """Modes begin to end - 1: take<B,E>.

    >>> take(Layout((2, 3, 4)), 1, 3)
    Layout('(3,4):(2,6)')
    """
    return _call("take", a, template=(_template(begin), _template(end)))


@overload
def group_modes(a: _K, begin: int, end: int) -> _K: ...
@overload
def group_modes(a: Any, begin: int, end: int) -> Any: ...
def group_modes(a: Any, begin: int, end: int) -> Any:
    """Modes begin to end - 1 as one mode: group<B,E>.

    >>> group_modes(Layout((2, 3, 4)), 0, 2)
    Layout('((2,3),4):((1,2),6)')
    """
    return _call("group_modes", a, template=(_template(begin), _template(end)))


@overload
def append(input: _K, elem: Any = ..., up_to_rank: Optional[int] = ...) -> _K: ...  # noqa: A002
@overload
def append(input: Any, elem: Any = ..., up_to_rank: Optional[int] = ...) -> Any: ...  # noqa: A002
def append(input: Any, elem: Any = None, up_to_rank: Optional[int] = None) -> Any:  # noqa: A002 (CuTe DSL's name)
    """input with elem (default 1:0, or 1 for a tuple) appended as a last
    mode, repeated up to rank up_to_rank when given (CuTe DSL's append).

    >>> append(Layout(4), Layout(1, 0), 3)
    Layout('(4,1,1):(1,0,0)')
    """
    return _call("append", input, *(() if elem is None else (elem,)), template=_rank(input, up_to_rank))


@overload
def prepend(input: _K, elem: Any = ..., up_to_rank: Optional[int] = ...) -> _K: ...  # noqa: A002
@overload
def prepend(input: Any, elem: Any = ..., up_to_rank: Optional[int] = ...) -> Any: ...  # noqa: A002
def prepend(input: Any, elem: Any = None, up_to_rank: Optional[int] = None) -> Any:  # noqa: A002
    """input with elem (default 1:0, or 1 for a tuple) prepended as a first
    mode, repeated up to rank up_to_rank when given (CuTe DSL's prepend).

    >>> prepend(Layout(4), Layout(1, 0))
    Layout('(1,4):(0,1)')
    """
    return _call("prepend", input, *(() if elem is None else (elem,)), template=_rank(input, up_to_rank))


@overload
def append_ones(t: _K, up_to_rank: Optional[int] = ...) -> _K: ...
@overload
def append_ones(t: Any, up_to_rank: Optional[int] = ...) -> Any: ...
def append_ones(t: Any, up_to_rank: Optional[int] = None) -> Any:
    """t with modes 1:0 appended up to rank up_to_rank (one when None).

    >>> append_ones(Layout(4), 3)
    Layout('(4,1,1):(1,0,0)')
    """
    return append(t, Layout(1, 0) if isinstance(t, Value) else 1, up_to_rank)


@overload
def prepend_ones(t: _K, up_to_rank: Optional[int] = ...) -> _K: ...
@overload
def prepend_ones(t: Any, up_to_rank: Optional[int] = ...) -> Any: ...
def prepend_ones(t: Any, up_to_rank: Optional[int] = None) -> Any:
    """t with modes 1:0 prepended up to rank up_to_rank (one when None).

    >>> prepend_ones(Layout(4), 3)
    Layout('(1,1,4):(0,0,1)')
    """
    return prepend(t, Layout(1, 0) if isinstance(t, Value) else 1, up_to_rank)


def _rank(input: Any, up_to_rank: Optional[int]) -> Tuple[int, ...]:  # noqa: A002
    return (rank(input) + 1,) if up_to_rank is None else (_template(up_to_rank),)


@overload
def upcast(a: _K, n: int) -> _K: ...
@overload
def upcast(a: Any, n: int) -> Any: ...
def upcast(a: Any, n: int) -> Any:
    """The layout over elements n times wider: strides divided by n.

    >>> upcast(Layout((4, 8), (8, 1)), 4)
    Layout('(4,2):(2,1)')
    """
    return _call("upcast", a, template=(_template(n),))


@overload
def downcast(a: _K, n: int) -> _K: ...
@overload
def downcast(a: Any, n: int) -> Any: ...
def downcast(a: Any, n: int) -> Any:
    """The layout over elements n times narrower.

    >>> downcast(Layout((4, 2), (2, 1)), 4)
    Layout('(4,8):(8,1)')
    """
    return _call("downcast", a, template=(_template(n),))


@overload
def recast_layout(new_type_bits: int, old_type_bits: int, src_layout: _K) -> _K: ...
@overload
def recast_layout(new_type_bits: int, old_type_bits: int, src_layout: Any) -> Any: ...
def recast_layout(new_type_bits: int, old_type_bits: int, src_layout: Any) -> Any:
    """src_layout over elements of old_type_bits seen as elements of
    new_type_bits: upcast or downcast by their ratio (CuTe DSL's order).

    >>> recast_layout(32, 16, Layout((4, 8), (8, 1)))
    Layout('(4,4):(4,1)')
    """
    return _call("recast_layout", src_layout, template=(_template(old_type_bits), _template(new_type_bits)))


def _by_profile(name: str, layout: Any, profile: Any) -> Any:
    return _call(name, layout) if profile is None else _call(name, layout, profile)


@overload
def coalesce(layout: _K, profile: Any = ..., *, target_profile: Any = ...) -> _K: ...
@overload
def coalesce(layout: Any, profile: Any = ..., *, target_profile: Any = ...) -> Any: ...
def coalesce(layout: Any, profile: Any = None, *, target_profile: Any = None) -> Any:
    """The fewest modes with the same map: R(i) = L(i) for every i, size
    kept; with a profile (target_profile=, as CuTe DSL), coalesced within
    each of its modes.

    >>> coalesce(Layout((2, (1, 6)), (1, (6, 2))))
    Layout('12:1')
    """
    return _by_profile("coalesce", layout, target_profile if profile is None else profile)


def filter(layout: Any, profile: Any = None) -> Layout:  # noqa: A001 (CuTe's and pycute's name)
    """coalesce without the modes of stride 0 or shape 1.

    >>> filter(Layout((2, 3, 4), (1, 0, 2)))
    Layout('8:1')
    """
    result: Layout = _by_profile("filter", layout, profile)
    return result


@overload
def composition(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def composition(layoutA: Any, layoutB: Any) -> Any: ...
def composition(layoutA: Any, layoutB: Any) -> Any:
    """A o B: R(c) = A(B(c)) for every coordinate c of B, B a layout, a
    shape or a by-mode tiler (a tuple of layouts). Refused, with the
    reason, where CuTe's result would not be A o B.

    >>> composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))
    Layout('((2,2),3):((24,2),8)')
    """
    if layoutB is None:
        return layoutA
    return _call("composition", layoutA, layoutB)


def complement(layout: Any, cotarget: Any = None) -> Layout:
    """The layout of the offsets L does not reach, up to cotarget (default
    cosize(L), as CuTe C++; pycute's default is 1): disjoint from L,
    ordered, and make_layout(L, complement) covers cotarget.

    >>> complement(Layout(4, 2), 24)
    Layout('(2,3):(1,8)')
    """
    result: Layout = _by_profile("complement", layout, cotarget)
    return result


@overload
def right_inverse(layout: None) -> None: ...
@overload
def right_inverse(layout: Union[Layout, str]) -> Layout: ...
def right_inverse(layout: Any) -> Any:
    """R with L(R(i)) = i for every i < size(R), R as large as L allows.

    >>> right_inverse(Layout((4, 2), (2, 1)))
    Layout('(2,4):(4,1)')
    """
    if layout is None:
        return None
    return _call("right_inverse", layout)


@overload
def left_inverse(layout: None) -> None: ...
@overload
def left_inverse(layout: Union[Layout, str]) -> Layout: ...
def left_inverse(layout: Any) -> Any:
    """R with R(L(i)) = i for every i < size(L), L injective.

    >>> left_inverse(Layout((4, 2), (2, 1)))
    Layout('(2,4):(4,1)')
    """
    if layout is None:
        return None
    return _call("left_inverse", layout)


@overload
def logical_divide(layoutA: _K, tiler: Any) -> _K: ...
@overload
def logical_divide(layoutA: Any, tiler: Any) -> Any: ...
def logical_divide(layoutA: Any, tiler: Any) -> Any:
    """A o (tiler, complement(tiler, size(A))): A's elements as (tile, rest),
    by mode for a tuple of tilers.

    >>> logical_divide(Layout((4, 2, 3), (2, 1, 8)), Layout(4, 2))
    Layout('((2,2),(2,3)):((4,1),(2,8))')
    """
    if tiler is None:
        return layoutA
    return _call("logical_divide", layoutA, tiler)


@overload
def zipped_divide(layoutA: _K, tiler: Any) -> _K: ...
@overload
def zipped_divide(layoutA: Any, tiler: Any) -> Any: ...
def zipped_divide(layoutA: Any, tiler: Any) -> Any:
    """logical_divide with the tiles' modes gathered first: ((tile), (rest)).

    >>> zipped_divide(Layout((6, 2), (8, 2)), (Layout(3), Layout(2)))
    Layout('((3,2),(2,1)):((8,2),(24,0))')
    """
    return _call("zipped_divide", layoutA, tiler)


@overload
def tiled_divide(layoutA: _K, tiler: Any) -> _K: ...
@overload
def tiled_divide(layoutA: Any, tiler: Any) -> Any: ...
def tiled_divide(layoutA: Any, tiler: Any) -> Any:
    """zipped_divide with the rest's modes unpacked: ((tile), rest0, rest1, ...).

    >>> tiled_divide(Layout((6, 2), (8, 2)), (Layout(3), Layout(2)))
    Layout('((3,2),2,1):((8,2),24,0)')
    """
    return _call("tiled_divide", layoutA, tiler)


@overload
def flat_divide(layoutA: _K, tiler: Any) -> _K: ...
@overload
def flat_divide(layoutA: Any, tiler: Any) -> Any: ...
def flat_divide(layoutA: Any, tiler: Any) -> Any:
    """zipped_divide with every mode unpacked: (tile0, tile1, ..., rest0, ...).

    >>> flat_divide(Layout((6, 2), (8, 2)), (Layout(3), Layout(2)))
    Layout('(3,2,2,1):(8,2,24,0)')
    """
    return _call("flat_divide", layoutA, tiler)


@overload
def logical_product(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def logical_product(layoutA: Any, layoutB: Any) -> Any: ...
def logical_product(layoutA: Any, layoutB: Any) -> Any:
    """(A, complement(A, size(A) cosize(B)) o B): A repeated as B says
    (pycute's logical_product of an integer B divides instead; CuTe's
    multiplies).

    >>> logical_product(Layout(2), Layout(3))
    Layout('(2,3):(1,2)')
    """
    if layoutB is None:
        return layoutA
    return _call("logical_product", layoutA, layoutB)


@overload
def zipped_product(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def zipped_product(layoutA: Any, layoutB: Any) -> Any: ...
def zipped_product(layoutA: Any, layoutB: Any) -> Any:
    """logical_product with modes gathered: ((A), (B)), by mode for tuples.

    >>> zipped_product(Layout((2, 2)), (Layout(3), Layout(2)))
    Layout('((2,2),(3,2)):((1,2),(2,1))')
    """
    return _call("zipped_product", layoutA, layoutB)


@overload
def tiled_product(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def tiled_product(layoutA: Any, layoutB: Any) -> Any: ...
def tiled_product(layoutA: Any, layoutB: Any) -> Any:
    """zipped_product with B's modes unpacked: ((A), B0, B1, ...).

    >>> tiled_product(Layout((2, 2)), (Layout(3), Layout(2)))
    Layout('((2,2),3,2):((1,2),2,1)')
    """
    return _call("tiled_product", layoutA, layoutB)


@overload
def flat_product(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def flat_product(layoutA: Any, layoutB: Any) -> Any: ...
def flat_product(layoutA: Any, layoutB: Any) -> Any:
    """zipped_product with every mode unpacked.

    >>> flat_product(Layout((2, 2)), (Layout(3), Layout(2)))
    Layout('(2,2,3,2):(1,2,2,1)')
    """
    return _call("flat_product", layoutA, layoutB)


@overload
def blocked_product(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def blocked_product(layoutA: Any, layoutB: Any) -> Any: ...
def blocked_product(layoutA: Any, layoutB: Any) -> Any:
    """B's layout of blocks A, mode by mode: (A0 B0, A1 B1, ...), A inner.

    >>> blocked_product(Layout((2, 2)), Layout((3, 2)))
    Layout('((2,3),(2,2)):((1,4),(2,12))')
    """
    return _call("blocked_product", layoutA, layoutB)


@overload
def raked_product(layoutA: _K, layoutB: Any) -> _K: ...
@overload
def raked_product(layoutA: Any, layoutB: Any) -> Any: ...
def raked_product(layoutA: Any, layoutB: Any) -> Any:
    """blocked_product with B inner: A's elements raked across B's blocks.

    >>> raked_product(Layout((2, 2)), Layout((3, 2)))
    Layout('((3,2),(2,2)):((4,1),(12,2))')
    """
    return _call("raked_product", layoutA, layoutB)


@overload
def hier_unzip(splitter: Any, layoutA: _K, layoutB: Any) -> _K: ...
@overload
def hier_unzip(splitter: Any, layoutA: Any, layoutB: Any) -> Any: ...
def hier_unzip(splitter: Any, layoutA: Any, layoutB: Any) -> Any:
    """pycute's hier_unzip: splitter (logical_divide or logical_product)
    applied mode by mode for a tuple B, the halves gathered as ((A0 half,
    A1 half, ...), (rest...)): zipped_divide and zipped_product.

    >>> hier_unzip(logical_divide, Layout((6, 2), (8, 2)), (Layout(3), Layout(2)))
    Layout('((3,2),(2,1)):((8,2),(24,0))')
    """
    names = {logical_divide: "zipped_divide", logical_product: "zipped_product"}
    if splitter not in names:
        raise LayoutTypeError("hier_unzip: splitter must be logical_divide or logical_product, not %r" % (splitter,),
                              "LAYOUTC_ERROR_ALGEBRA_TYPE")
    if layoutB is None:
        return make_layout(Layout(1, 0), layoutA)
    return _call(names[splitter], layoutA, layoutB)


@overload
def slice_and_offset(crd: Any, layout: _K) -> Tuple[_K, Any]: ...
@overload
def slice_and_offset(crd: Any, layout: Any) -> Tuple[Any, Any]: ...
def slice_and_offset(crd: Any, layout: Any) -> Tuple[Any, Any]:
    """(the slice of layout at crd, the offset of the slice): L(crd) =
    slice(c) + offset for the free modes' coordinates c.

    >>> slice_and_offset((None, 1), Layout((6, 2), (8, 2)))
    (Layout('(6):(8)'), 2)
    """
    return _call("slice", crd, layout), _call("crd2idx", crd, layout)


@overload
def unflatten(a: _K, profile: Any) -> _K: ...
@overload
def unflatten(a: Any, profile: Any) -> Any: ...
def unflatten(a: Any, profile: Any) -> Any:
    """The modes of a, in order, nested like profile.

    >>> unflatten(Layout((2, 3, 4)), ((1, 1), 1))
    Layout('((2,3),4):((1,2),6)')
    """
    return _call("unflatten", a, profile)


def filter_zeros(layout: Any, *, target_profile: Any = None) -> Layout:
    """The layout with the shape of every stride-0 mode made 1.

    >>> filter_zeros(Layout((2, 3), (0, 1)))
    Layout('(1,3):(0,1)')
    """
    result: Layout = _by_profile("filter_zeros", layout, target_profile)
    return result


def nullspace(layout: Any) -> Layout:
    """The layout of the coordinates L sends to 0 (its stride-0 modes).

    >>> nullspace(Layout((2, 3, 4), (0, 1, 0)))
    Layout('(2,4):(1,6)')
    """
    result: Layout = _call("nullspace", layout)
    return result


def max_common_layout(a: Any, b: Any) -> Layout:
    """The largest layout R with a(R(i)) and b(R(i)) both i: the common
    contiguous prefix.

    >>> max_common_layout(Layout((4, 8)), Layout((4, 8), (8, 1)))
    Layout('1:0')
    """
    result: Layout = _call("max_common_layout", a, b)
    return result


def max_common_vector(a: Any, b: Any) -> int:
    """The size of max_common_layout(a, b): elements contiguous in both.

    >>> max_common_vector(Layout((4, 8)), Layout((4, 8), (1, 4)))
    32
    """
    result: int = _call("max_common_vector", a, b)
    return result


@overload
def tile_to_shape(block: _K, shape: Any, order: Any = ...) -> _K: ...
@overload
def tile_to_shape(block: Any, shape: Any, order: Any = ...) -> Any: ...
def tile_to_shape(block: Any, shape: Any, order: Any = None) -> Any:
    """block repeated to fill shape (colexicographically, or in `order`).

    >>> tile_to_shape(Layout((2, 2)), (4, 6))
    Layout('((2,2),(2,3)):((1,4),(2,8))')
    """
    return _by_profile("tile_to_shape", block, shape) if order is None else _call("tile_to_shape", block, shape, order)


def dice(a: Any, b: Any) -> Any:
    """The modes of a layout where a coordinate has an integer (slice's
    complement): dice(layout, coord) as CuTe DSL, or dice(coord, layout) as
    CuTe C++.

    >>> dice(Layout((6, 2), (8, 2)), (None, 1)), dice((None, 1), Layout((6, 2), (8, 2)))
    (Layout('(2):(2)'), Layout('(2):(2)'))
    """
    return _call("dice", *_coord_first(a, b))


def _coord_first(a: Any, b: Any) -> Tuple[Any, Any]:
    """(coordinate, target) of a call written either way round: CuTe DSL
    puts the layout first, CuTe C++ and pycute the coordinate."""
    if isinstance(a, Value) or (has_none(b) and not has_none(a)):
        return b, a
    return a, b


def make_ordered_layout(shape: Any, order: Any) -> Layout:
    """Compact strides with the modes ordered from stride 1 as `order` ranks
    them.

    >>> make_ordered_layout((2, 3, 4), (1, 2, 0))
    Layout('(2,3,4):(4,8,1)')
    """
    result: Layout = _call("make_ordered_layout", shape, order)
    return result


def make_identity_layout(shape: Any) -> Layout:
    """The layout whose value at a coordinate is the coordinate: strides are
    the unit vectors E(i).

    >>> make_identity_layout((2, 3))
    Layout('(2,3):(1@0,1@1)')
    """
    result: Layout = _call("make_identity_layout", shape)
    return result


def make_composed_layout(inner: Any, offset: Any, outer: Any) -> ComposedLayout:
    """inner o offset o outer (CuTe DSL's make_composed_layout).

    >>> make_composed_layout(Swizzle(3, 4, 3), 0, Layout((64, 64), (64, 1)))
    ComposedLayout('S<3,4,3> o 0 o (64,64):(64,1)')
    """
    return ComposedLayout(inner, offset, outer)


def make_swizzle(b: int, m: int, s: int) -> Swizzle:
    """CuTe DSL's make_swizzle: the swizzle S<b,m,s>.

    >>> make_swizzle(3, 4, 3)
    Swizzle('S<3,4,3>')
    """
    return Swizzle(b, m, s)


def make_layout_tv(thr_layout: Any, val_layout: Any) -> Tuple[Any, Layout]:
    """(tiler_mn, layout_tv) of CuTe DSL's make_layout_tv: val_layout
    repeated over thr_layout (raked_product, layout_mn); layout_tv maps
    (thread, value) to the tile index, right_inverse(layout_mn) over
    (size(thr), size(val)); tiler_mn = product_each(shape(layout_mn)).

    >>> make_layout_tv(make_layout((2, 3), stride=(3, 1)), make_layout((2, 2), stride=(2, 1)))
    ((4, 6), Layout('((3,2),(2,2)):((8,2),(4,1))'))
    """
    layout_mn = raked_product(thr_layout, val_layout)
    threads_values = Layout((size(thr_layout), size(val_layout)))
    layout_tv = composition(right_inverse(layout_mn), threads_values)
    from .int_tuple import product_each
    return product_each(layout_mn.shape), layout_tv


def compatible(a: Any, b: Any) -> bool:
    """Whether shape b refines shape a: equal sizes, and every coordinate of
    a is a coordinate of b (an integer of a stands for a mode of b).

    >>> compatible(6, (2, 3)), compatible((2, 3), 6)
    (True, False)
    """
    result: bool = _call("compatible", a, b)
    return result


def swizzle(s: Any, offset: int) -> int:
    """S(offset) for a swizzle S.

    >>> swizzle(Swizzle(3, 4, 3), 0x90)
    128
    """
    result: int = _call("swizzle", s, offset)
    return result


def equal(a: Any, b: Any) -> Equality:
    """Whether two layouts are the same function on the same domain: truthy
    only when they are; its reason names a coordinate where they differ.

    >>> bool(equal(Layout((4, 4), (4, 1)), Layout((4, 4), (1, 4))))
    False
    >>> equal(Layout((4, 4), (4, 1)), Layout((4, 4), (1, 4))).reason
    'at index 1, coordinate (1,0) of A, A gives 4 and B gives 1'
    """
    result: Equality = _call("equal", a, b)
    return result


def to_linear_layout(layout: Any) -> LinearLayout:
    """The layout as Triton's LinearLayout (bases per input dimension).

    >>> to_linear_layout(Layout((4, 2), (2, 1))).bases
    {'mode0': [(2,), (4,)], 'mode1': [(1,)]}
    """
    result: LinearLayout = _call("to_linear_layout", layout)
    return result


def from_linear_layout(linear: Any) -> Any:
    """The CuTe layout of a linear layout, where one exists: L(x) is the XOR
    of the bases of x's set bits. `linear` is a LinearLayout, one input
    dimension's bases (bit 0 first) as a tuple, or an expression giving a
    linear layout; the
    answer is a Layout, or a ComposedLayout S o 0 o L where a swizzle S
    makes the XORs; a LayoutError says why neither exists.

    >>> from_linear_layout(to_linear_layout(Layout((4, 2), (2, 1)))), from_linear_layout((2, 4, 1))
    (Layout('(4,2):(2,1)'), Layout('(4,2):(2,1)'))
    >>> from_linear_layout("to_linear_layout(S<2,3,3> o 0 o (8,32):(32,1))")
    ComposedLayout('S<2,3,3> o 0 o (8,32):(32,1)')
    """
    return _call("from_linear_layout", linear)


# The layout functions as methods of a layout (its first argument):
# A.composition(B) is composition(A, B).
_METHODS = ["rank", "depth", "get", "select", "take", "group_modes", "append", "prepend", "upcast", "downcast",
            "recast_layout", "coalesce", "filter", "composition", "complement", "right_inverse", "left_inverse",
            "nullspace", "filter_zeros", "max_common_layout", "max_common_vector", "logical_divide",
            "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
            "flat_product", "blocked_product", "raked_product", "tile_to_shape", "unflatten"]


def _method(f: Any) -> Any:
    def m(self: Any, *args: Any, **kwargs: Any) -> Any:
        return f(self, *args, **kwargs)
    m.__name__ = m.__qualname__ = f.__name__
    m.__doc__ = "A.%s(...) is %s(A, ...), layoutc.%s:\n\n    %s" % (f.__name__, f.__name__, f.__name__, f.__doc__)
    return m


for _name in _METHODS:
    setattr(Layout, _name, _method(globals()[_name]))
setattr(ComposedLayout, "composition", _method(composition))
