"""CuTe's layout functions in Python, computed by layoutc's algebra on the
native values of values.py.

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
from typing import Any, Tuple, TypeVar, Union, overload

from ._library import LayoutTypeError
from .int_tuple import has_none
# (the methods of a layout below take these by name from globals())
from .layout_modes import append, depth, get, group_modes, prepend, rank, select, take, unflatten  # noqa: F401
from .values import ComposedLayout, Equality, Layout, LayoutBase, LinearLayout, Swizzle, Value, _call, _template

# A Layout or a ComposedLayout: the functions that give a value of their
# argument's kind (coalesce, the divides and products, ...) are typed by it.
_K = TypeVar("_K", bound=LayoutBase)

__all__ = ["upcast", "downcast", "recast_layout", "coalesce", "filter", "composition", "complement", "right_inverse",
           "left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
           "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "hier_unzip",
           "slice_and_offset", "filter_zeros", "nullspace", "max_common_layout", "max_common_vector",
           "tile_to_shape", "dice", "compatible", "swizzle", "equal", "to_linear_layout", "from_linear_layout"]

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
        return _call("make_layout", Layout(1, 0), layoutA)  # the layouts as modes, as make_layout(L0, L1)
    return _call(names[splitter], layoutA, layoutB)


@overload
def slice_and_offset(crd: Any, layout: _K) -> Tuple[_K, Any]: ...
@overload
def slice_and_offset(crd: Any, layout: Any) -> Tuple[Any, Any]: ...
def slice_and_offset(crd: Any, layout: Any) -> Tuple[Any, Any]:
    """(the slice of layout at crd, the offset of the slice): L(crd) =
    slice(c) + offset for the free modes' coordinates c.

    A composed layout's slice keeps the offset in itself (its offset
    part), and the offset returned is 0, as CuTe C++'s.

    >>> slice_and_offset((None, 1), Layout((6, 2), (8, 2)))
    (Layout('(6):(8)'), 2)
    >>> slice_and_offset((None, 1), ComposedLayout(lambda i: 2 * i, 0, Layout((6, 2), (8, 2))))
    (ComposedLayout('<lambda> o 2 o (6):(8)'), 0)
    """
    piece = _call("slice", crd, layout)
    if isinstance(piece, ComposedLayout):
        return piece, 0
    return piece, _call("crd2idx", crd, layout)


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

