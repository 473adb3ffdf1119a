"""CuTe's make_tensor over the caller's data: a LayoutTensor is data (a
torch or CuPy tensor, anything with __cuda_array_interface__ or
__dlpack__; on the host, a Python sequence too) seen through a layout, any
layout: a Layout, a swizzled one, or a composed layout whose inner is a
Python function (CuTe DSL's notebook's gather: `def inner(c): return
offsets[c]`). The element at coordinate c is data's element at offset
layout(c); where layout(c) is a coordinate (a function returning a tuple),
the element of data at that coordinate. layoutc.copy(src, dst) between two
LayoutTensors compiles one kernel (the inner functions traced into it,
tracing.py) and runs it on the GPU.

    >>> import layoutc as cute
    >>> data = list(range(100, 116))
    >>> t = cute.make_tensor(data, cute.make_layout((4, 4), stride=(4, 1)))
    >>> t[1, 2], t[(3, 0)], t[5]
    (106, 112, 105)
"""
import importlib
from typing import Any, Optional, Tuple

from ._library import ArgumentError
from .tracing import ADD, LOAD, Program, Traced, first_traced, steps_of, symbolic_crd2idx
from .algebra import dice, slice_and_offset, zipped_divide
from .int_tuple import crd2idx, idx2crd, product_each
from .values import ComposedLayout, Layout, LayoutBase, Value

__all__ = ["LayoutTensor", "make_tensor", "from_dlpack", "local_tile", "local_partition"]


class LayoutTensor:
    """data seen through layout (make_tensor's result): `data` the caller's
    object, `layout` a Layout or ComposedLayout; `shape` the layout's.

    >>> t = make_tensor([5, 6, 7, 8], Layout(2, 2))
    >>> t, t.shape, t[1]
    (LayoutTensor(list, 2:2), 2, 7)
    """

    __slots__ = ("data", "layout", "data_shape", "data_strides", "base")

    def __init__(self, data: Any, layout: Any, data_shape: Tuple[int, ...], data_strides: Tuple[int, ...],
                 base: int = 0) -> None:
        self.data = data
        self.layout = layout
        self.data_shape = data_shape  # the data's own shape and strides, in elements
        self.data_strides = data_strides
        self.base = base  # the element offset the layout's offsets start from (a tile's, local_tile)

    @property
    def shape(self) -> Any:
        """The layout's shape (a composed layout's, its outer layout's).

        >>> make_tensor([0] * 8, ComposedLayout(lambda i: 7 - i, 0, Layout((2, 4)))).shape
        (2, 4)
        """
        layout = self.layout.outer if isinstance(self.layout, ComposedLayout) else self.layout
        return layout.shape

    def __getitem__(self, c: Any) -> Any:
        """The element at coordinate (or index) c; inside a traced inner
        function, the read of this tensor at traced c (a step)."""
        first = first_traced(c)
        if first is not None:
            return _traced_read(self, c, first.program)
        return _read(self.data, self.offset(c))

    def offset(self, c: Any) -> int:
        """The element offset of coordinate c in data: layout(c), made an
        offset through data's strides where layout(c) is a coordinate.

        >>> make_tensor([0] * 8, Layout((2, 4), (4, 1))).offset((1, 2))
        6
        """
        value = self.layout(c)
        if isinstance(value, int) and not isinstance(value, bool):
            return self.base + value
        if isinstance(value, tuple):
            return self.base + _dot(value, self.data_shape, self.data_strides)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ArgumentError("%r at %r is %r, not an offset or a coordinate of the data" % (self.layout, c, value))
        return value

    def __repr__(self) -> str:
        base = " + %d" % self.base if self.base else ""
        return "LayoutTensor(%s%s, %s)" % (type(self.data).__name__, base, self.layout)


def make_tensor(data: Any, layout: Any = None) -> LayoutTensor:
    """CuTe's make_tensor(data, layout): data (a framework tensor, or a
    Python sequence on the host) through layout; without a layout, data's
    own (its shape and strides: t[i, j] is data[i, j]).

    >>> make_tensor([1, 2, 3, 4, 5, 6], Layout((2, 3), (3, 1)))[1, 0]
    4
    """
    shape, strides = _shape_of(data)
    if layout is None:
        layout = Layout(shape, strides) if shape else Layout(1)
    elif not isinstance(layout, LayoutBase):
        layout = Layout(layout)
    return LayoutTensor(data, layout, shape, strides)


def from_dlpack(data: Any) -> LayoutTensor:
    """CuTe DSL's from_dlpack: a framework tensor as a LayoutTensor over its
    own layout (make_tensor(data)).

    >>> from_dlpack([3, 4, 5]).layout
    Layout('(3):(1)')
    """
    return make_tensor(data)


def _shape_of(data: Any) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
    if _is_sequence(data):
        return (len(data),), (1,)
    from .tensors import Pending, tensor
    t = tensor(data, "data")
    resolved = t.resolve(None) if isinstance(t, Pending) else t
    return tuple(resolved.shape), tuple(resolved.strides)


def _dot(c: Tuple[Any, ...], shape: Tuple[int, ...], strides: Tuple[int, ...]) -> int:
    if len(c) != len(shape):
        raise ArgumentError("the inner function gave the coordinate %r, but the data has %d modes %r"
                            % (c, len(shape), shape))
    return sum(x * d for x, d in zip(c, strides))


def _traced_read(t: LayoutTensor, c: Any, program: Program) -> Traced:
    """The read of t at c (holding Traced values of program), as a LOAD step."""
    if not isinstance(t.layout, Layout):
        raise ArgumentError("an index tensor read in an inner function needs a plain layout, not %s" % t.layout)
    step = symbolic_crd2idx(steps_of(c, program), t.layout.shape, t.layout.stride, program)
    if t.base:
        step = program.add(ADD, step, program.constant(t.base))
    return Traced(program, program.add(LOAD, program.buffer(t.data), step))


def _is_sequence(data: Any) -> bool:
    """Host data read by index: a list, tuple, range, memoryview or array."""
    return isinstance(data, (list, tuple, range, memoryview)) or type(data).__name__ == "array"


def _read(data: Any, offset: int) -> Any:
    """data's element at `offset` from its first element, on the host; an
    offset outside data's elements is an IndexError (a negative one would
    have read from a Python sequence's end, or before a tensor's start)."""
    if _is_sequence(data):
        _check_offset(offset, len(data), data)
        return data[offset]
    view = _as_torch(data)
    if view is None:
        raise ArgumentError("reading a %s on the host needs PyTorch (to view it) or a Python sequence; copy it "
                            "with layoutc.copy to read it on the GPU" % type(data).__name__)
    reach = 0 if view.numel() == 0 else 1 + sum((n - 1) * d for n, d in zip(view.shape, view.stride()))
    _check_offset(offset, reach, data)
    return view.as_strided((1,), (1,), view.storage_offset() + offset).item()


def _check_offset(offset: int, extent: int, data: Any) -> None:
    if not 0 <= offset < extent:
        raise IndexError("the layout reaches element %d of the %s, which holds %d (offsets from 0 to %d)"
                         % (offset, type(data).__name__, extent, extent - 1))


def _as_torch(data: Any) -> Any:
    """data as a torch tensor (itself, or a view through DLPack or the
    CUDA array interface), or None without PyTorch."""
    if type(data).__module__.startswith("torch"):
        return data
    try:
        torch = importlib.import_module("torch")
    except ImportError:
        return None
    if hasattr(data, "__dlpack__"):
        return torch.from_dlpack(data)
    if hasattr(data, "__cuda_array_interface__"):
        return torch.as_tensor(data, device="cuda")
    return None


def python_inner(t: LayoutTensor) -> Optional[Any]:
    """The Python function that is the inner of t's composed layout, or
    None (a plain layout, a layout or swizzle inner).

    >>> python_inner(make_tensor([0] * 4, ComposedLayout(lambda i: 3 - i, 0, Layout(4)))) is not None
    True
    """
    layout = t.layout
    if isinstance(layout, ComposedLayout):
        inner = layout.inner
        if not isinstance(inner, Value):
            return inner
    return None


def local_tile(input: Any, tiler: Any, coord: Any, proj: Any = None) -> Any:  # noqa: A002 (CuTe DSL's name)
    """CuTe's local_tile (inner_partition): the tile of `input` (a layout or
    a LayoutTensor) at `coord` of the grid of tiles, zipped_divide(input,
    tiler)[(_, coord)], coord padded with `_` to the grid's rank; with
    `proj`, the tiler's and coord's modes where proj has an integer. A
    tensor's tile starts at the tile's offset. (CuTe DSL's docstring gives
    the grid's shape as the result; CuTe C++'s, kept here, is the tile's.)

    >>> local_tile(Layout((16, 24)), (2, 4), (1, 1))
    Layout('(2,4):(1,16)')
    >>> local_tile(make_tensor(list(range(384)), Layout((16, 24))), (2, 4), (1, 1))[1, 1]
    83
    """
    if proj is not None:
        tiler, coord = dice(proj, tiler), dice(proj, coord)
    tiled = zipped_divide(_layout_of(input), tiler)
    rest = coord if not isinstance(coord, tuple) else _padded(coord, _rank(tiled, 1))
    return _sliced(input, tiled, (_underscores(_rank(tiled, 0)), rest))


def local_partition(target: Any, tiler: Any, index: int, proj: Any = 1) -> Any:
    """CuTe's local_partition (outer_partition): the elements of `target` (a
    layout or a LayoutTensor) that thread `index` of the thread layout
    `tiler` (a layout, or a shape: its compact column-major layout) owns,
    one per tile: zipped_divide(target, product_each(shape(tiler)))[(c,
    _)], c the flat coordinate of index in tiler; with `proj`, tiler's
    modes where proj has an integer.

    >>> local_partition(Layout((8, 8)), Layout((2, 4)), 3)
    Layout('(4,2):(2,32)')
    """
    tile = tiler if isinstance(tiler, Layout) else Layout(tiler)
    if proj != 1:
        tile = dice(proj, tile)
    shape = product_each(tile.shape) if isinstance(tile.shape, tuple) else tile.shape
    hierarchical = idx2crd(index, tile.shape, tile.stride)
    flat = tuple(crd2idx(c, s) for c, s in zip(hierarchical, tile.shape)) if isinstance(shape, tuple) \
        else crd2idx(hierarchical, tile.shape)
    tiled = zipped_divide(_layout_of(target), shape)
    first = _padded(flat, _rank(tiled, 0)) if isinstance(flat, tuple) else flat
    return _sliced(target, tiled, (first, _underscores(_rank(tiled, 1))))


def _layout_of(x: Any) -> Any:
    return x.layout if isinstance(x, LayoutTensor) else x


def _rank(layout: Any, mode: int) -> int:
    shape = layout[mode].shape if isinstance(layout, Layout) else layout[mode].outer.shape
    return len(shape) if isinstance(shape, tuple) else 1


def _underscores(n: int) -> Any:
    return None if n == 1 else (None,) * n


def _padded(coord: Tuple[Any, ...], rank: int) -> Any:
    return coord + (None,) * (rank - len(coord)) if len(coord) < rank else coord


def _sliced(input: Any, tiled: Any, coord: Any) -> Any:  # noqa: A002
    """tiled at coord (with `_`s) as input's kind: a layout, or a tensor
    starting at the slice's offset."""
    piece, offset = slice_and_offset(coord, tiled)
    if not isinstance(input, LayoutTensor):
        return piece
    return LayoutTensor(input.data, piece, input.data_shape, input.data_strides, input.base + offset)
