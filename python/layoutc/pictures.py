"""Pictures of layouts: CuTe's print_layout table, and SVG pictures (CuTe's
figures: a cell per coordinate holding its offset, thicker rules between
sub-modes) that notebooks draw for Layout and ComposedLayout values."""
import ctypes
import sys

from ._library import check, lib
from .algebra import handle_of

# layoutc_picture (layoutc.h)
_TABLE, _OFFSETS, _SVG = range(3)


def _picture(x, kind):
    h = handle_of(x)
    out = ctypes.c_char_p()
    check(lib.layoutc_value_picture(h.ptr, kind, ctypes.byref(out)))
    return out.value.decode()


def print_layout(x, file=None):
    """CuTe's print_layout: a rank-1 or rank-2 layout (or composed layout)
    as its (m,n) -> offset table, as `layoutc print2d` prints it."""
    print(_picture(x, _TABLE), end="", file=file or sys.stdout)


def print1d(x, file=None):
    """CuTe's print1D: the offset at every index of the layout's domain."""
    print(_picture(x, _OFFSETS), end="", file=file or sys.stdout)


def svg(x):
    """The SVG picture of a layout or composed layout (`layoutc show`), as
    text; a notebook draws a Layout by it."""
    return _picture(x, _SVG)


__all__ = ["print_layout", "print1d", "svg"]
