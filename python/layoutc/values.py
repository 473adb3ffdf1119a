"""The algebra's values in Python: layouts, swizzles, composed layouts and
tilers, immutable and hashable, each holding a native value of layoutc's C
API (a layoutc_value handle); the Equality and LinearLayout answers
(query_answers.py) re-exported; and the conversions between Python arguments and native values that every call of
the algebra goes through (handle_of, python_of, _call).

A call passes handles, not notation, and `L(i)` is one native call.
Integer tuples are Python's ints and tuples (int_tuple.py). Arguments may
also be CuTe notation (`"(6,2):(8,2)"`), parsed once.

    >>> A = Layout((6, 2), (8, 2))
    >>> A, A.shape, A(5), A(1, 1)
    (Layout('(6,2):(8,2)'), (6, 2), 40, 10)
"""
import ctypes
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Type, TypeVar, Union

from . import _native
from ._library import LayoutIndexError, LayoutTypeError, c_value, check, lib, library_path, take_callback_error, text
from .int_tuple import notation as tuple_notation, tuple_handle, tuple_of, tuple_of_notation as _tuple_of_notation
from .query_answers import Equality, LinearLayout

__all__ = ["LayoutBase", "Value", "Layout", "Swizzle", "ComposedLayout", "Tiler", "Equality", "LinearLayout",
           "evaluate", "notation", "call"]

_setattr = object.__setattr__
_hotpath = _native.hotpath
_fill = _hotpath.fill
_apply = _hotpath.apply
_byref = ctypes.byref


class LayoutBase:
    """What pycute's is_layout recognizes: a Layout or a ComposedLayout.

    >>> isinstance(Layout(4), LayoutBase), isinstance(Swizzle(1, 0, 1), LayoutBase)
    (True, False)
    """

    __slots__ = ()


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
        _fill(self, h)

    def __str__(self) -> str:
        if self._text is None:
            _setattr(self, "_text", self._h.text())
        return self._text  # type: ignore[return-value]  # set just above when it was None

    def __repr__(self) -> str:
        return "%s(%r)" % (type(self).__name__, str(self))

    def __eq__(self, other: object) -> bool:
        # type(other) is type(self) does not narrow `other` from object
        return type(other) is type(self) and _hotpath.equal(self._h, other._h)  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        n: int = _hotpath.hash_of(self._h)
        return n

    def __call__(self, *coordinate: Any) -> Any:
        """A(c): a layout at a coordinate (a slice when c holds None, CuTe's
        `_`), a swizzle or composed layout at an offset; A(1, 2) is A((1, 2)).

        >>> L = Layout((6, 2), (8, 2))
        >>> L(1, 1), L((None, 1)), Swizzle(3, 4, 3)(0x90)
        (10, Layout('(6):(8)'), 128)
        """
        c = coordinate[0] if len(coordinate) == 1 else coordinate
        offset = _apply(self._h, c)
        if offset is not None:
            return offset
        raised = take_callback_error()
        if raised is not None:  # the inner function failed: its exception, not tried again on the general path
            raise raised
        return _hotpath.apply_value(self._h, handle_of(c))

    def _repr_svg_(self) -> str:
        from .pictures import svg
        return svg(self)


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

    # shape and stride are read from the native value when the Layout is made
    # (_hotpath.c's fill), so that they are plain attributes; the size is
    # computed when first asked for (None until then).
    __slots__ = ("shape", "stride", "_size")
    _KIND = _native.KIND_LAYOUT
    shape: Any  # an integer tuple, as is stride
    stride: Any
    _size: Any  # an int, or a Dynamic; None until size() is asked for

    def __init__(self, shape: Any, stride: Any = None) -> None:
        if stride is None and isinstance(shape, (str, Value)):
            super().__init__(shape)
            return
        shape = tuple_handle(shape)  # its leaves' errors, as an integer tuple's
        made: Layout = _call("make_layout", *((shape,) if stride is None else (shape, stride)))
        self._set(made._h)

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
            return _call("make_layout", *[self[j] for j in range(*i.indices(n))])  # type: ignore[no-any-return]
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
        n = self._size
        if n is None:
            n = _call("size", self)
            _setattr(self, "_size", n)
        return n

    def cosize(self) -> Any:
        """The size of the codomain, L(size - 1) + 1 (with |strides|).

        >>> Layout((6, 2), (8, 2)).cosize()
        43
        """
        return _call("cosize", self)


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
        n: int = _call("size", self)
        return n

    def cosize(self) -> int:
        """The size of its codomain: its size, as it permutes [0, size).

        >>> Swizzle(3, 4, 3).cosize()
        1024
        """
        n: int = _call("cosize", self)
        return n


class ComposedLayout(LayoutBase, Value):
    """inner o offset o outer: c -> inner(offset + outer(c)), with inner a
    layout or a swizzle; ComposedLayout(inner, offset, outer) as pycute's
    (its layoutB, offset, layoutA) and CuTe DSL's make_composed_layout.

    >>> c = ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1)))
    >>> c, c(1), len(c), c.outer
    (ComposedLayout('S<1,0,1> o 0 o (2,2):(2,1)'), 3, 2, Layout('(2,2):(2,1)'))
    """

    __slots__ = ("_parts_read",)
    _KIND = _native.KIND_COMPOSED
    _parts_read: Tuple[Any, Any, "Layout"]

    def __init__(self, inner: Any, offset: Any = None, outer: Any = None) -> None:
        if offset is None and outer is None:
            super().__init__(inner)
            return
        if callable(inner) and not isinstance(inner, (Value, str)):
            from . import inner_functions
            self._set(inner_functions.make(inner, handle_of(offset), handle_of(outer)))
            return
        made: ComposedLayout = _call("make_composed_layout", inner, offset, outer)
        self._set(made._h)

    def _parts(self) -> Tuple[Any, Any, "Layout"]:
        """(inner, offset, outer), read from the native value when first
        asked for (the value is immutable): inner a Layout, a Swizzle or the
        Python function the layout was made with."""
        try:
            return self._parts_read
        except AttributeError:
            parts = self._read_parts()
            _setattr(self, "_parts_read", parts)
            return parts

    def _read_parts(self) -> Tuple[Any, Any, "Layout"]:
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
        return _call("size", self)

    def cosize(self) -> Any:
        """CuTe's cosize of a composed layout: the outer layout's cosize, a
        LayoutError where that does not bound the values (an offset not 0).

        >>> ComposedLayout(Swizzle(1, 0, 1), 0, Layout((2, 2), (2, 1))).cosize()
        4
        """
        return _call("cosize", self)

    if TYPE_CHECKING:  # set below as the function's method, as Layout's are
        def composition(self, layoutB: Any) -> "ComposedLayout": ...


class Tiler(Value):
    """A by-mode tiler <L0,L1,...>: a layout (or a shape, or `_`) per mode.

    >>> Tiler("<2:1,4:1>"), Tiler((Layout(2), Layout(4)))
    (Tiler('<2:1,4:1>'), Tiler('<2:1,4:1>'))
    """

    __slots__ = ()
    _KIND = _native.KIND_TILER


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
    return _hotpath.wrap(h, h.kind() if k is None else k)


def _python_of_other(h: "_native.Handle", k: int) -> Any:
    """python_of for the kinds _hotpath.c hands back: not a value class's,
    not an integer tuple."""
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
        b = _NAMES[name] = text(name, "call: the function name")
    return _hotpath.call(b, args, template)


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
    n: int = c_value(m, ctypes.c_int64, "a mode")
    return n


def _modes(mode: Any) -> Tuple[int, ...]:
    if mode is None:
        return ()
    return tuple(_template(m) for m in (mode if isinstance(mode, (tuple, list)) else (mode,)))


def _dynamic(div: int) -> Any:
    from .int_tuple import Dynamic
    return Dynamic(div=div)


# _hotpath.c builds values of these classes, and hands back what it does not.
_hotpath.bind(library_path, check, _python_of_other, handle_of, _tuple_of_notation, _dynamic, Value, Layout,
              _CLASSES)
