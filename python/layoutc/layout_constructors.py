"""Layouts made from their parts, by CuTe's and CuTe DSL's constructors:
make_layout (pycute's and CuTe DSL's), ordered, identity, composed, the
swizzle, the TV layout of a thread and a value layout, a layout like
another. Re-exported by layoutc.

    >>> from layoutc import make_layout, make_ordered_layout
    >>> make_layout((4, 2), stride=(2, 1)), make_ordered_layout((4, 2), (1, 0))
    (Layout('(4,2):(2,1)'), Layout('(4,2):(2,1)'))
"""
from typing import Any, Tuple

from ._library import LayoutTypeError
from .algebra import composition, filter_zeros, raked_product, right_inverse
from .layout_modes import size
from .values import ComposedLayout, Layout, LayoutBase, Swizzle, _call

__all__ = ["is_layout", "make_layout", "make_ordered_layout", "make_identity_layout", "make_composed_layout",
           "make_swizzle", "make_layout_tv", "make_layout_like"]


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


def make_layout_like(layout: Any) -> Layout:
    """CuTe's make_layout_like: the compact layout of layout's shape whose
    strides follow the order of layout's strides; modes of stride 0 keep
    stride 0 (a LayoutTensor's layout for a LayoutTensor).

    >>> make_layout_like(Layout((2, 3, 4, 5), (0, 42, 1, 0)))
    Layout('(2,3,4,5):(0,4,1,0)')
    """
    layout = getattr(layout, "layout", layout) if not isinstance(layout, Layout) else layout
    if not isinstance(layout, Layout):
        raise LayoutTypeError("make_layout_like: %r is not a layout" % (layout,), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    ordered = make_ordered_layout(filter_zeros(layout).shape, _static_strides(layout, "make_layout_like"))
    return Layout(layout.shape, ordered.stride)


def _static_strides(layout: Layout, op: str) -> Any:
    def check(d: Any) -> Any:
        if isinstance(d, tuple):
            return tuple(check(x) for x in d)
        if type(d) is not int:
            raise LayoutTypeError("%s: %s has the stride %s, not an integer" % (op, layout, d),
                                  "LAYOUTC_ERROR_ALGEBRA_TYPE")
        return d
    return check(layout.stride)
