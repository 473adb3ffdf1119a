"""Pictures of layouts where people look: CuTe's print_layout table, and SVG
pictures (CuTe's figures: a cell per coordinate holding its value, thicker
rules between sub-modes) of layouts, TV layouts and shared-memory bank maps,
which notebooks display (`_repr_svg_`) and `show` returns or writes.

    >>> import layoutc
    >>> layoutc.print_layout(layoutc.Layout((2, 3), (3, 1)))
    (2,3):(3,1)
          0   1   2
        +---+---+---+
     0  | 0 | 1 | 2 |
        +---+---+---+
     1  | 3 | 4 | 5 |
        +---+---+---+
"""
import ctypes
import os
import sys
from typing import IO, Any, Optional, Sequence, Union

from ._library import check, int64_array, lib
from .values import Layout, handle_of, python_of

__all__ = ["print_layout", "print1d", "svg", "show", "TVLayout", "BankMap", "infer"]

# layoutc_picture (layoutc.h)
_TABLE, _OFFSETS, _SVG = range(3)


def _text(status: int, out: Any) -> str:
    check(status)
    picture: str = out.value.decode()
    return picture


def _picture(x: Any, kind: int) -> str:
    h = handle_of(x)  # alive through the call: the text is the value's
    out = ctypes.c_char_p()
    return _text(lib.layoutc_value_picture(h.ptr, kind, ctypes.byref(out)), out)


def print_layout(x: Any, file: Optional[IO[str]] = None) -> None:
    """CuTe's print_layout: a rank-1 or rank-2 layout (or composed layout)
    as its (m,n) -> offset table, as `layoutc print2d` prints it, to `file`
    (default sys.stdout).

    >>> print_layout(Layout((2, 2), (1, 2)))
    (2,2):(1,2)
          0   1
        +---+---+
     0  | 0 | 2 |
        +---+---+
     1  | 1 | 3 |
        +---+---+
    """
    print(_picture(x, _TABLE), end="", file=file or sys.stdout)


def print1d(x: Any, file: Optional[IO[str]] = None) -> None:
    """CuTe's print1D: the offset at every index of the layout's domain.

    >>> print1d(Layout((4, 2), (2, 1)))
    (4,2):(2,1)
      0    2    4    6    1    3    5    7
    """
    print(_picture(x, _OFFSETS), end="", file=file or sys.stdout)


def svg(x: Any) -> str:
    """The SVG picture of a layout or composed layout (`layoutc show`), as
    text; a notebook draws a Layout by it.

    >>> svg(Layout((2, 2)))[:38]
    '<?xml version="1.0" encoding="UTF-8"?>'
    """
    if isinstance(x, (TVLayout, BankMap)):
        return x.svg()
    return _picture(x, _SVG)


def show(x: Any, file: Union[None, str, "os.PathLike[str]", IO[str]] = None) -> Optional[str]:
    """The SVG picture of a layout, composed layout, TVLayout or BankMap:
    returned, or written to `file` (a path or a text file) when given.

    >>> show(Layout((2, 2)))[:38]
    '<?xml version="1.0" encoding="UTF-8"?>'
    >>> import io
    >>> f = io.StringIO()
    >>> show(Layout((2, 2)), f), f.getvalue() == svg(Layout((2, 2)))
    (None, True)
    """
    picture = svg(x)
    if file is None:
        return picture
    if hasattr(file, "write"):
        file.write(picture)
    else:
        with open(file, "w") as f:
            f.write(picture)
    return None


class TVLayout:
    """A TV layout, (thread, value) -> index in a tile of shape `tile`, as a
    picture: each tile cell labelled T<t> V<v> and coloured by thread (CuTe's
    print_latex of a TiledCopy).

    >>> tv = TVLayout(Layout((4, 2), (2, 1)), (2, 4))
    >>> tv.svg()[:38]
    '<?xml version="1.0" encoding="UTF-8"?>'
    """

    __slots__ = ("layout", "tile")

    def __init__(self, layout: Any, tile: Any) -> None:
        self.layout = layout if isinstance(layout, Layout) else Layout(layout)
        self.tile = tile

    def svg(self) -> str:
        """The picture as SVG text: the tile's cells, each labelled with the
        thread and value the layout sends there.

        >>> TVLayout(Layout((4, 2), (2, 1)), (2, 4)).svg()[:38]
        '<?xml version="1.0" encoding="UTF-8"?>'
        """
        tile = handle_of(self.tile)  # alive through the call
        out = ctypes.c_char_p()
        return _text(lib.layoutc_value_picture_tv(self.layout._h.ptr, tile.ptr, ctypes.byref(out)), out)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return "TVLayout(%r, %r)" % (self.layout, self.tile)


class BankMap:
    """The shared-memory banks an access touches: `smem` (tile index ->
    element offset: a layout or a swizzled composed layout), `access`
    ((thread, value) -> tile index), elements of `dtype` ("f32", "f16",
    ...). As a picture: each cell labelled with its bank, the cells of the
    worst warp instruction outlined; `conflicts` is bank_conflicts' answer,
    (wavefronts of the worst instruction, the fewest it could take).

    >>> BankMap(Layout((32, 32), (32, 1)), Layout((32, 32), (1, 32)), "f32").conflicts
    (32, 4)
    """

    __slots__ = ("smem", "access", "dtype")

    def __init__(self, smem: Any, access: Any, dtype: str) -> None:
        self.smem, self.access, self.dtype = smem, access, dtype

    @property
    def conflicts(self) -> Any:
        """bank_conflicts(smem, access, dtype): (wavefronts of the worst
        warp instruction, the fewest it could take); equal when the access
        is conflict-free.

        >>> BankMap(Layout((32, 32), (32, 1)), Layout((32, 32), (32, 1)), "f32").conflicts
        (1, 1)
        """
        from .values import call
        return call("bank_conflicts", self.smem, self.access, self.dtype)

    def svg(self) -> str:
        """The picture as SVG text: each cell labelled with its bank, the
        worst instruction's cells outlined.

        >>> BankMap(Layout((32, 32), (32, 1)), Layout((32, 32), (1, 32)), "f32").svg()[:38]
        '<?xml version="1.0" encoding="UTF-8"?>'
        """
        smem, access = handle_of(self.smem), handle_of(self.access)  # alive through the call
        out = ctypes.c_char_p()
        return _text(lib.layoutc_value_picture_banks(smem.ptr, access.ptr, self.dtype, ctypes.byref(out)),
                     out)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return "BankMap(%r, %r, %r)" % (self.smem, self.access, self.dtype)


def infer(offsets: Sequence[int]) -> Layout:
    """The layout L with L(i) == offsets[i] for every i (`layoutc infer`), or
    a LayoutError saying why none exists.

    >>> infer([0, 2, 4, 1, 3, 5])
    Layout('(3,2):(2,1)')
    """
    values = list(offsets)
    array = int64_array(values, "infer: offsets")
    out = ctypes.c_void_p()
    check(lib.layoutc_infer(array, len(values), ctypes.byref(out)))
    from ._native import Handle
    layout: Layout = python_of(Handle(out.value))
    return layout

