"""A copy's side as the compiler takes it: its layout, and a Python inner
function's steps (the function traced over the layout's domain).

    >>> from layoutc import make_layout, make_tensor
    >>> traced_side(make_tensor([0.0] * 8, make_layout(8)), []).steps
    []
"""
from typing import Any, List, Optional, Sequence, Tuple

from ._library import CopySide, Step
from .int_tuple import flatten
from .layout_tensors import LayoutTensor, python_inner
from .tracing import Program, symbolic_crd2idx, trace
from .values import handle_of

__all__ = ["Side", "traced_side"]


class Side:
    """One side of a compiled copy: its layout (a native handle), and an
    inner function's steps and result (none for other layouts)."""

    def __init__(self, layout: Any, steps: Sequence[Tuple[int, int, int]] = (), result: int = 0) -> None:
        self.handle = handle_of(layout)
        self.steps, self.result = list(steps), result

    def native(self) -> CopySide:
        """The side as layoutc_compile reads it (valid while this object
        lives)."""
        steps = (Step * max(len(self.steps), 1))(*[Step(*s) for s in self.steps])
        self._keep = steps  # alive as long as the side the C call reads
        return CopySide(self.handle.ptr, steps if self.steps else None, len(self.steps), self.result, 0, 0)


def _leaves(t: Any) -> Tuple[Any, ...]:
    flat = flatten(t)
    return flat if isinstance(flat, tuple) else (flat,)


def _input_range(composed: Any) -> Optional[Tuple[int, int]]:
    """The least and largest offset + outer(k) over the outer layout's domain
    (integer strides), which the inner function is traced over; None where
    not static integers."""
    shape, stride = _leaves(composed.outer.shape), _leaves(composed.outer.stride)
    offset = composed.offset
    if not all(type(x) is int for x in (offset,) + shape + stride):
        return None
    reach = [(s - 1) * d for s, d in zip(shape, stride)]
    return (offset + sum(r for r in reach if r < 0), offset + sum(r for r in reach if r > 0))


def traced_side(t: LayoutTensor, buffers: List[Any]) -> Side:
    """t's side, its Python inner function (if any) traced; the index
    tensors its reads name are numbered in `buffers` (both sides share it)."""
    fn = python_inner(t)
    if fn is None:
        return Side(t.layout)
    first = t.layout.outer(0)  # the inner function's inputs: an index, or one per coordinate mode (E(m) strides)
    program = Program(buffers, [_input_range(t.layout)] if not isinstance(first, tuple) else None)
    try:
        result = trace(fn, program, len(first) if isinstance(first, tuple) else 1)
        if isinstance(result, tuple):  # a coordinate of the data: through its strides
            result = symbolic_crd2idx(result, t.data_shape, t.data_strides, program)
    finally:
        program.closed = True  # a traced value the function kept is refused from here on
    return Side(t.layout, program.steps, result)
