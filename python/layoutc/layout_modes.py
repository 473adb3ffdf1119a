"""A layout's modes, by CuTe's functions of them: their number, depth,
sizes, shapes and strides; a mode picked (get), several (select, take),
grouped, appended, prepended or unflattened; which mode leads. Each also
takes integer tuples where CuTe's does. Re-exported by layoutc.

    >>> from layoutc import Layout, get, size
    >>> A = Layout(((2, 3), 4))
    >>> size(A), size(A, mode=0), get(A, mode=0)
    (24, 6, Layout('(2,3):(1,2)'))
"""
from typing import Any, Optional, Tuple, TypeVar, overload

from ._library import LayoutIndexError
from .values import Layout, LayoutBase, Value, _call, _modes, _template

# A Layout or a ComposedLayout: a function that gives a value of its
# argument's kind (get, select, ...) is typed by it.
_K = TypeVar("_K", bound=LayoutBase)

__all__ = ["size", "cosize", "rank", "depth", "shape", "stride", "get", "select", "take", "group_modes", "append",
           "prepend", "append_ones", "prepend_ones", "unflatten", "is_major", "leading_dim"]

# Functions with optional modes: size(a), size(a, mode=0) is size<0>(a),
# get(a, mode=(0, 1)) is get<0,1>(a).

def size(a: Any, mode: Any = None) -> Any:
    """The size of a layout's domain (of mode `mode`); an integer tuple's
    product.

    >>> size(Layout((6, 2), (8, 2))), size(Layout((6, 2), (8, 2)), mode=0), size((2, (3, 4)))
    (12, 6, 24)
    """
    if mode is None and type(a) is Layout:
        return a.size()
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
def unflatten(a: _K, profile: Any) -> _K: ...
@overload
def unflatten(a: Any, profile: Any) -> Any: ...
def unflatten(a: Any, profile: Any) -> Any:
    """The modes of a, in order, nested like profile.

    >>> unflatten(Layout((2, 3, 4)), ((1, 1), 1))
    Layout('((2,3),4):((1,2),6)')
    """
    return _call("unflatten", a, profile)


def is_major(mode: Any, stride: Any) -> bool:
    """CuTe DSL's is_major: whether the first stride of mode `mode` (an int,
    or a path of ints into nested modes) is 1.

    >>> is_major(0, (1, 8)), is_major(1, (1, 8)), is_major([1, 0], (4, (1, 2)))
    (True, False, True)
    """
    s = stride
    for m in (mode if isinstance(mode, (list, tuple)) else [mode]):
        s = get(s, mode=m) if isinstance(s, tuple) else _only_mode(s, m)
    while isinstance(s, tuple):
        s = s[0]
    return type(s) is int and s == 1


def leading_dim(shape: Any, stride: Any) -> Any:
    """CuTe DSL's leading_dim: the index (a path for a nested mode) of the
    first mode with stride 1 and a shape other than 1, or None.

    >>> leading_dim((4, 8), (8, 1)), leading_dim((4, (1, 8)), (8, (1, 1))), leading_dim((4,), (2,))
    (1, (1, 1), None)
    """
    from .tuple_structure import find_if

    def leads(value: Any, position: Any) -> bool:
        if type(value) is not int or value != 1:
            return False
        s = shape
        for m in (position if isinstance(position, tuple) else (position,)):
            s = s[m]
        return not (type(s) is int and s == 1)
    return find_if(stride, leads)


def _only_mode(x: Any, m: Any) -> Any:
    if m != 0:
        raise LayoutIndexError("mode %r is out of range for %r, which has one mode" % (m, x),
                               "LAYOUTC_ERROR_ALGEBRA_INDEX")
    return x
