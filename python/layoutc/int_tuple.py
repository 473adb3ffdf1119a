"""Integer tuples: Python's ints and tuples as CuTe's IntTuples, their leaves
that are not plain integers (a run-time `?`, a scaled basis `1@0`), and
CuTe's functions on them in pycute's names and signatures.

Every function computes through layoutc's algebra; where pycute and CuTe C++
disagree, the docstring says so and CuTe C++ wins.

    >>> from layoutc import product, prefix_product, shape_div, crd2idx
    >>> product(((2, 3), 4)), prefix_product(((2, 3), 4)), shape_div((3, 4), 6)
    (24, ((1, 2), 6), (1, 2))
    >>> crd2idx((1, 2), (2, 3))
    5
"""
import ctypes
from abc import ABC
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union, cast

from . import _native
from ._library import LayoutTypeError, c_value

__all__ = ["Integer", "Dynamic", "ScaledBasis", "E", "IntTuple", "is_int", "is_tuple", "has_none", "flatten",
           "signum", "product", "inner_product", "tuple_max", "elem_scale", "shape_div", "prefix_product",
           "idx2crd", "crd2idx", "crd2crd", "slice_", "product_each", "ceil_div", "congruent", "weakly_congruent",
           "weakly_compatible", "elem_less", "round_up", "product_like", "is_congruent", "is_weakly_congruent"]


class Integer(ABC):
    """What counts as an integer leaf: int and its subclasses except bool
    (pycute's typing.Integer); float and str do not.

    >>> isinstance(3, Integer), isinstance(True, Integer), isinstance(3.0, Integer)
    (True, False, False)
    """

    @classmethod
    def __subclasshook__(cls, c: type) -> bool:
        if c in (bool, float):
            return False
        return issubclass(c, int)


class Dynamic:
    """A leaf known only at run time: CuTe's dynamic integer, `?` in
    notation, with the fact that it is a multiple of `div` (`?{div=64}`).

    >>> Dynamic(), Dynamic(div=64)
    (Dynamic(), Dynamic(div=64))
    >>> str(Dynamic(div=64))
    '?{div=64}'
    """

    __slots__ = ("div",)
    div: int

    def __init__(self, div: int = 1) -> None:
        if type(div) is not int or div < 1:
            raise LayoutTypeError("Dynamic: div must be an int of 1 or more, not %r" % (div,),
                                  "LAYOUTC_ERROR_ALGEBRA_TYPE")
        object.__setattr__(self, "div", div)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Dynamic is immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Dynamic and other.div == self.div

    def __hash__(self) -> int:
        return hash(("?", self.div))

    def __str__(self) -> str:
        return "?" if self.div == 1 else "?{div=%d}" % self.div

    def __repr__(self) -> str:
        return "Dynamic()" if self.div == 1 else "Dynamic(div=%d)" % self.div


class ScaledBasis:
    """`value` times the unit vector of a mode: CuTe's E<modes...> scaled,
    the strides of identity layouts; `modes` is the path, outermost first.
    It prints as CuTe does, innermost mode first: ScaledBasis(1, (1, 0)) is
    1@0@1.

    >>> ScaledBasis(1, 0), str(ScaledBasis(2, (1, 0)))
    (ScaledBasis(1, 0), '2@0@1')
    """

    __slots__ = ("value", "modes")
    value: int
    modes: Tuple[int, ...]

    def __init__(self, value: int, modes: Union[int, Tuple[int, ...]]) -> None:
        # mypy does not narrow by `type(modes) is int`: the else branch may hold an int subclass (tuple() refuses it)
        path = (modes,) if type(modes) is int else tuple(cast(Iterable[int], modes))
        if type(value) is not int or not path or any(type(m) is not int or m < 0 for m in path):
            raise LayoutTypeError("ScaledBasis: needs an int value and modes of ints >= 0, not %r, %r"
                                  % (value, modes), "LAYOUTC_ERROR_ALGEBRA_TYPE")
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "modes", path)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("ScaledBasis is immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is ScaledBasis and (other.value, other.modes) == (self.value, self.modes)

    def __hash__(self) -> int:
        return hash((self.value, self.modes))

    def __str__(self) -> str:
        return str(self.value) + "".join("@%d" % m for m in reversed(self.modes))

    def __repr__(self) -> str:
        modes = self.modes[0] if len(self.modes) == 1 else self.modes
        return "ScaledBasis(%d, %r)" % (self.value, modes)


def E(*modes: int) -> ScaledBasis:
    """CuTe's E<modes...>: the unit vector of a mode, 1@mode.

    >>> E(1), str(E(1, 0))
    (ScaledBasis(1, 1), '1@0@1')
    """
    return ScaledBasis(1, modes)


# An integer tuple as this package gives one back: an int, a Dynamic, a
# ScaledBasis, None (CuTe's `_`) or a tuple of integer tuples.
IntTuple = Union[int, Dynamic, ScaledBasis, None, Tuple[Any, ...]]


def is_int(x: Any) -> bool:
    """pycute's is_int: x is an int (isinstance(x, int)).

    >>> is_int(3), is_int((3,))
    (True, False)
    """
    return isinstance(x, int)


def is_tuple(x: Any) -> bool:
    """pycute's is_tuple: x is a tuple.

    >>> is_tuple((3,)), is_tuple(3)
    (True, False)
    """
    return isinstance(x, tuple)


def has_none(a: Any) -> bool:
    """pycute's has_none: a holds None (CuTe's `_`) at some leaf.

    >>> has_none((1, (None, 2))), has_none((1, 2))
    (True, False)
    """
    if isinstance(a, tuple):
        return any(has_none(x) for x in a)
    return a is None


def notation(t: Any) -> str:
    """The CuTe notation of an integer tuple: (2,(3,_)).

    >>> notation((2, (3, None))), notation((Dynamic(div=4), E(1)))
    ('(2,(3,_))', '(?{div=4},1@1)')
    """
    if isinstance(t, (tuple, list)):
        return "(" + ",".join(notation(x) for x in t) + ")"
    if t is None:
        return "_"
    if isinstance(t, bool) or not isinstance(t, (int, Dynamic, ScaledBasis)):
        raise LayoutTypeError("%r (%s) is not an integer tuple's leaf: give an int, a tuple, None, Dynamic or "
                              "ScaledBasis" % (t, type(t).__name__), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    if isinstance(t, int):
        c_value(t, ctypes.c_int64, "an integer tuple's leaf")  # OverflowError past int64, as C takes it
    return str(t)


def _plain(t: Any) -> Any:
    """t with its numpy and torch integers (anything with __index__) as
    ints, for notation()."""
    if isinstance(t, (tuple, list)):
        return tuple(_plain(x) for x in t)
    if t is None or isinstance(t, (bool, int, Dynamic, ScaledBasis, str)) or not hasattr(t, "__index__"):
        return t
    return t.__index__()


def tuple_handle(t: Any) -> "_native.Handle":
    """The native value of a Python integer tuple (or of its notation).

    >>> tuple_handle((2, (3, None))).text(), tuple_handle("(4,?)").text()
    ('(2,(3,_))', '(4,?)')
    """
    if isinstance(t, str):
        return _native.from_text(t)
    h = _native.hotpath.make_tuple(t)
    if h is None:  # leaves with no flat form here: through the notation
        return _native.from_text(notation(_plain(t)))
    return h


def tuple_of(h: "_native.Handle") -> Any:
    """The Python integer tuple of a native value (tuple_handle's inverse);
    of a layout, (shape, stride).

    >>> tuple_of(tuple_handle((2, (Dynamic(), E(0)))))
    (2, (Dynamic(), ScaledBasis(1, 0)))
    """
    return _native.hotpath.tuple_of(h)


def tuple_of_notation(h: "_native.Handle") -> Any:
    """tuple_of for values with leaves that have no flat form (scaled
    bases): read from the value's notation.

    >>> tuple_of_notation(tuple_handle((2, E(1))))
    (2, ScaledBasis(1, 1))
    """
    text = h.text()
    if h.kind() == _native.KIND_LAYOUT:  # shape:stride, the ':' outside any tuple
        depth = 0
        for i, ch in enumerate(text):
            depth += (ch == "(") - (ch == ")")
            if ch == ":" and depth == 0:
                return parse(text[:i]), parse(text[i + 1:])
    return parse(text)


def parse(text: str) -> Any:
    """A printed integer tuple (`(2,(?,1@0),_)`) as a Python value.

    >>> parse("(2,(?,1@0),_)")
    (2, (Dynamic(), ScaledBasis(1, 0)), None)
    """
    pos = 0

    def value() -> Any:
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items: List[Any] = []
            if text[pos] != ")":
                items.append(value())
                while text[pos] == ",":
                    pos += 1
                    items.append(value())
            pos += 1
            return tuple(items)
        end = pos
        depth = 0
        while end < len(text) and (depth or text[end] not in ",)"):
            depth += text[end] == "{"
            depth -= text[end] == "}"
            end += 1
        leaf, pos = text[pos:end], end
        return _parse_leaf(leaf)

    return value()


def _parse_leaf(leaf: str) -> Any:
    if leaf == "_":
        return None
    if leaf.startswith("?"):
        facts = dict(f.split("=") for f in leaf[2:-1].split(",")) if leaf.startswith("?{") else {}
        return Dynamic(div=int(facts.get("div", 1)))
    if "@" in leaf:
        parts = leaf.split("@")
        head = _parse_leaf(parts[0])
        modes = tuple(int(m) for m in reversed(parts[1:]))
        if type(head) is int:
            return ScaledBasis(head, modes)
        return leaf
    return int(leaf)


def _tuple_call(name: str, *args: Any, template: Tuple[int, ...] = ()) -> Any:
    return _native.hotpath.call(name.encode(), tuple(tuple_handle(a) for a in args), template)


def flatten(t: Any) -> Any:
    """The leaves of t in order, as a flat tuple; an integer stays itself
    (CuTe C++; pycute's flatten makes it a 1-tuple). A layout flattens to a
    layout of its leaves' modes.

    >>> flatten(((2, 3), 4)), flatten(5)
    ((2, 3, 4), 5)
    """
    from .values import Value, _call
    if isinstance(t, (Value, str)):
        return _call("flatten", t)
    return _tuple_call("flatten", t)


def signum(a: int) -> int:
    """The sign of an integer: -1, 0 or 1.

    >>> signum(-5), signum(0), signum(7)
    (-1, 0, 1)
    """
    return (a > 0) - (a < 0)


def product(a: Any) -> Any:
    """The product of a's leaves (an integer: itself).

    >>> product(((2, 3), 4))
    24
    """
    return _tuple_call("product", a)


def inner_product(a: Any, b: Any) -> Any:
    """The sum of a_i * b_i over the leaves of congruent a and b.

    >>> inner_product(((2, 3), 4), ((2, 1), 2))
    15
    """
    return _tuple_call("inner_product", a, b)


def tuple_max(a: Any) -> int:
    """The largest leaf of a.

    >>> tuple_max((3, (7, 2)))
    7
    """
    n: int = _tuple_call("tuple_max", a)
    return n


def elem_scale(a: Any, b: Any) -> Any:
    """a * product(b) for an integer a; mode by mode for a tuple a.

    >>> elem_scale((2, 3), (4, (5, 6)))
    (8, 90)
    """
    return _tuple_call("elem_scale", a, b)


def shape_div(a: Any, b: Any) -> Any:
    """CuTe's shape_div: a divided by b mode by mode, a tuple by an integer
    folding the divisor through its modes; integers must divide one another.

    >>> shape_div((3, 4), 6), shape_div(((3, 4), 6), 36)
    ((1, 2), ((1, 1), 2))
    """
    return _tuple_call("shape_div", a, b)


def prefix_product(a: Any, init: int = 1) -> Any:
    """The exclusive prefix products of a's leaves from init, nested as a is.

    >>> prefix_product(((2, 3), 4)), prefix_product((3, 2), 5)
    (((1, 2), 6), (5, 15))
    """
    return _tuple_call("prefix_product", a, init)


def idx2crd(idx: Any, shape: Any, stride: Any = None) -> Any:
    """The coordinate of index idx in shape: colexicographic, or with
    stride, leaf i = (idx // stride_i) % shape_i.

    >>> idx2crd(5, (2, 3)), idx2crd(5, (2, 3), (3, 1))
    ((1, 2), (1, 2))
    """
    if stride is None:
        return _tuple_call("idx2crd", idx, shape)
    return _tuple_call("idx2crd", idx, shape, stride)


def crd2idx(crd: Any, shape: Any, stride: Any = None) -> Any:
    """The index of coordinate crd: its inner product with the stride
    (default: shape's compact column-major stride; CuTe gives shape-1 modes
    stride 0, pycute a prefix product, which crd2idx cannot tell apart). A
    Layout as `shape` is L(crd).

    >>> crd2idx((1, 2), (2, 3)), crd2idx((1, 2), (2, 3), (3, 1))
    (5, 5)
    """
    from .layout_constructors import make_layout
    from .values import Value, _call
    if isinstance(shape, (Value, str)):
        return _call("crd2idx", crd, shape)
    if stride is None:
        return _tuple_call("crd2idx", crd, shape)
    return _call("crd2idx", crd, make_layout(shape, stride=stride))


def crd2crd(crd: Any, dst_shape: Any, src_shape: Optional[Any] = None) -> Any:
    """crd, a coordinate in src_shape, as a coordinate in dst_shape (pycute's
    argument order; CuTe's crd2crd(crd, src, dst)). Without src_shape, an
    integer crd is an index (src = size(dst_shape)) and a tuple crd is in
    dst_shape's own shape mode by mode.

    >>> crd2crd(5, (2, 3)), crd2crd((1, 2), 6, (2, 3))
    ((1, 2), 5)
    """
    if src_shape is None:
        src_shape = dst_shape if isinstance(crd, tuple) else product(dst_shape)
    return _tuple_call("crd2crd", crd, src_shape, dst_shape)


def slice_(crd: Any, trg: Any) -> Any:
    """The modes of trg where crd is None (CuTe's `_`), concatenated; a
    Layout as trg slices the layout. pycute's order, slice_(crd, trg), and
    CuTe DSL's, slice_(layout, coord), are both taken.

    >>> slice_((None, 1, None), (2, 3, 4))
    (2, 4)
    """
    from .algebra import _coord_first
    from .values import Value, _call
    crd, trg = _coord_first(crd, trg)
    if isinstance(trg, (Value, str)):
        return _call("slice", crd, trg)
    return _tuple_call("slice", crd, trg)


def product_each(a: Any) -> Any:
    """The product of each mode: (product(a_0), product(a_1), ...).

    >>> product_each(((2, 3), 4))
    (6, 4)
    """
    return _tuple_call("product_each", a)


def ceil_div(a: Any, b: Any) -> Any:
    """a / b rounded up, mode by mode (a tuple by an integer folds the
    divisor through its modes).

    >>> ceil_div(7, 2), ceil_div((7, 9), (2, 4))
    (4, (4, 3))
    """
    return _tuple_call("ceil_div", a, b)


def congruent(a: Any, b: Any) -> bool:
    """Whether a and b have the same nesting (integers at the same places).

    >>> congruent((2, (3, 4)), (5, (6, 7))), congruent((2, 3), 6)
    (True, False)
    """
    answer: bool = _tuple_call("congruent", a, b)
    return answer


def weakly_congruent(a: Any, b: Any) -> bool:
    """Whether b has a's nesting at least, an integer of a matching any mode.

    >>> weakly_congruent(2, (3, 4)), weakly_congruent((2, 3), 6)
    (True, False)
    """
    answer: bool = _tuple_call("weakly_congruent", a, b)
    return answer


def weakly_compatible(a: Any, b: Any) -> bool:
    """Whether b's modes subdivide a's leaves: a's modes above its leaves are
    b's, and each leaf of a is a multiple of b's size there.

    >>> weakly_compatible(8, (2, 2))
    True
    """
    answer: bool = _tuple_call("weakly_compatible", a, b)
    return answer


def elem_less(a: Any, b: Any) -> bool:
    """Whether every mode of a is below the same mode of b.

    >>> elem_less((1, 2), (2, 3))
    True
    """
    answer: bool = _tuple_call("elem_less", a, b)
    return answer


def round_up(a: Any, b: Any) -> Any:
    """Each leaf of a rounded up to a multiple of b's (an integer b for
    every leaf).

    >>> round_up(7, 4), round_up((5, (6, 7)), 4)
    (8, (8, (8, 8)))
    """
    return _tuple_call("round_up", a, b)


def product_like(a: Any, target_profile: Any) -> Any:
    """The products of a's modes at each leaf of target_profile.

    >>> product_like(((2, 3), (4, 5)), (1, (1, 1)))
    (6, (4, 5))
    """
    return _tuple_call("product_like", a, target_profile)


def is_congruent(a: Any, b: Any) -> bool:
    """CuTe DSL's name for congruent; layouts compare their shapes.

    >>> is_congruent((2, (3, 4)), (5, (6, 7)))
    True
    """
    return congruent(_shape_of(a), _shape_of(b))


def is_weakly_congruent(a: Any, b: Any) -> bool:
    """CuTe DSL's name for weakly_congruent; layouts compare their shapes.

    >>> is_weakly_congruent(2, (3, 4))
    True
    """
    return weakly_congruent(_shape_of(a), _shape_of(b))


def _shape_of(x: Any) -> Any:
    from .layout_modes import shape
    from .values import Value
    return shape(x) if isinstance(x, Value) else x
