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
from typing import Any, Optional, Tuple

from ._library import ArgumentError
from .tracing import LOAD, Program, Traced, symbolic_crd2idx
from .values import ComposedLayout, Layout, LayoutBase, Value

__all__ = ["LayoutTensor", "make_tensor", "from_dlpack"]


class LayoutTensor:
    """data seen through layout (make_tensor's result): `data` the caller's
    object, `layout` a Layout or ComposedLayout; `shape` the layout's.

    >>> t = make_tensor([5, 6, 7, 8], Layout(2, 2))
    >>> t, t.shape, t[1]
    (LayoutTensor(list, 2:2), 2, 7)
    """

    __slots__ = ("data", "layout", "data_shape", "data_strides")

    def __init__(self, data: Any, layout: Any, data_shape: Tuple[int, ...], data_strides: Tuple[int, ...]) -> None:
        self.data = data
        self.layout = layout
        self.data_shape = data_shape  # the data's own shape and strides, in elements
        self.data_strides = data_strides

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
        if _traced(c):
            return _traced_read(self, c)
        return _read(self.data, self.offset(c))

    def offset(self, c: Any) -> int:
        """The element offset of coordinate c in data: layout(c), made an
        offset through data's strides where layout(c) is a coordinate.

        >>> make_tensor([0] * 8, Layout((2, 4), (4, 1))).offset((1, 2))
        6
        """
        value = self.layout(c)
        if isinstance(value, tuple):
            return _dot(value, self.data_shape, self.data_strides)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ArgumentError("%r at %r is %r, not an offset or a coordinate of the data" % (self.layout, c, value))
        return value

    def __repr__(self) -> str:
        return "LayoutTensor(%s, %s)" % (type(self.data).__name__, self.layout)


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
    if isinstance(data, (list, tuple, range, memoryview)) or type(data).__name__ == "array":
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


def _traced(c: Any) -> bool:
    return isinstance(c, Traced) or (isinstance(c, tuple) and any(_traced(x) for x in c))


def _traced_read(t: LayoutTensor, c: Any) -> Traced:
    if not isinstance(t.layout, Layout):
        raise ArgumentError("an index tensor read in an inner function needs a plain layout, not %s" % t.layout)
    first = c if isinstance(c, Traced) else next(x for x in _leaves(c) if isinstance(x, Traced))
    program: Program = first.program
    step = symbolic_crd2idx(_steps(c, program), t.layout.shape, t.layout.stride, program)
    return Traced(program, program.add(LOAD, program.buffer(t.data), step))


def _steps(c: Any, program: Program) -> Any:
    return tuple(_steps(x, program) for x in c) if isinstance(c, tuple) else program.step_of(c)


def _leaves(c: Any) -> Any:
    for x in c:
        if isinstance(x, tuple):
            yield from _leaves(x)
        else:
            yield x


def _read(data: Any, offset: int) -> Any:
    """data's element at `offset` from its first element, on the host."""
    if isinstance(data, (list, tuple, range, memoryview)) or type(data).__name__ == "array":
        return data[offset]
    if type(data).__module__.startswith("torch"):
        element = data.as_strided((1,), (1,), data.storage_offset() + offset)
        return element.item()
    raise ArgumentError("reading a %s on the host needs a torch tensor or a Python sequence; copy it with "
                        "layoutc.copy to read it on the GPU" % type(data).__name__)


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
