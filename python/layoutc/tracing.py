"""A composed layout's Python inner function as a program the compiler
builds into the kernel (layoutc.h's layoutc_step): the function is called
once with Traced values in place of its input, and each +, -, *, //, % on
them, and each read of an index tensor at them (`offsets[c]`), records one
step. What a step cannot express (a comparison, an `if` on a traced value,
int(), a float) raises TraceError naming it.

    >>> p = Program()
    >>> r = trace(lambda c: (c * 4 + 1) % 7, p, 1)
    >>> p.steps, r
    ([(0, 0, 0), (1, 4, 0), (4, 0, 1), (1, 1, 0), (2, 2, 3), (1, 7, 0), (6, 4, 5)], 6)
"""
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._library import LayoutTypeError

__all__ = ["TraceError", "Traced", "Program", "trace", "steps_of", "first_traced", "symbolic_crd2idx"]

# layoutc_op (layoutc.h)
INPUT, CONSTANT, ADD, SUB, MUL, FLOOR_DIV, MOD, LOAD = range(8)
_NAMES = ["input", "constant", "sum", "difference", "product", "quotient", "remainder", "read"]
_INT64 = (-(1 << 63), (1 << 63) - 1)
Range = Tuple[int, int]


class TraceError(LayoutTypeError):
    """An inner function the compiler cannot take: it does something to a
    traced value other than integer arithmetic (+, -, *, //, %), tuples, and
    index-tensor reads.

    >>> trace(lambda c: c if c > 2 else 0, Program(), 1)
    Traceback (most recent call last):
    ...
    layoutc.tracing.TraceError: the inner function compares a traced value (>): a kernel's inner function is integer arithmetic (+, -, *, //, %), tuples and index-tensor reads, without branches
    """


class Program:
    """The steps of one traced function (op, a, b), constants made once,
    and the index tensors its LOAD steps read (by identity; a list the
    programs of one kernel share).

    >>> p = Program()
    >>> p.constant(3) == p.constant(3), p.steps
    (True, [(1, 3, 0)])
    """

    def __init__(self, buffers: Optional[List[Any]] = None,
                 input_ranges: Optional[List[Optional[Range]]] = None) -> None:
        self.steps: List[Tuple[int, int, int]] = []
        # Each step's least and largest value over the kernel's domain, where
        # known: the inputs' from their layout (input_ranges), constants',
        # and what +, -, *, //, % of known ranges give; None for a read of
        # an index tensor and what depends on one.
        self.ranges: List[Optional[Range]] = []
        self.input_ranges = input_ranges or []
        self.buffers: List[Any] = [] if buffers is None else buffers  # shared by the programs of one kernel
        self._constants: Dict[int, int] = {}
        self.closed = False  # its trace ended: its values are kept past it

    def add(self, op: int, a: int, b: int = 0) -> int:
        if self.closed:
            raise TraceError("a traced value is used after its trace ended (kept by the inner function): it "
                             "stands for a value only the kernel has", "LAYOUTC_ERROR_ALGEBRA_TYPE")
        r = self._range(op, a, b)
        if r is not None and not (_INT64[0] <= r[0] and r[1] <= _INT64[1]):
            raise TraceError("the inner function's %s ranges over [%d, %d] on the layout's domain, past int64: "
                             "the kernel's int64 arithmetic would wrap" % (_NAMES[op], r[0], r[1]),
                             "LAYOUTC_ERROR_ALGEBRA_TYPE")
        self.steps.append((op, a, b))
        self.ranges.append(r)
        return len(self.steps) - 1

    def _range(self, op: int, a: int, b: int) -> Optional[Range]:
        """The range of step (op, a, b); refuses a divisor whose range holds 0."""
        if op == CONSTANT:
            return (a, a)
        if op == INPUT:
            return self.input_ranges[a] if a < len(self.input_ranges) else None
        if op == LOAD:
            return None
        x, y = self.ranges[a], self.ranges[b]
        if op in (FLOOR_DIV, MOD) and (y is None or y[0] <= 0 <= y[1]):
            raise TraceError("the inner function divides by %s: a kernel cannot divide by 0" % (
                "0" if y == (0, 0) else "a value that may be 0 (%s)" % (
                    "it depends on an index tensor's values" if y is None else "it ranges over [%d, %d]" % y)),
                "LAYOUTC_ERROR_ALGEBRA_TYPE")
        if x is None or y is None:
            return None
        if op == ADD:
            return (x[0] + y[0], x[1] + y[1])
        if op == SUB:
            return (x[0] - y[1], x[1] - y[0])
        if op == MUL:
            corners = [p * q for p in x for q in y]
        elif op == FLOOR_DIV:  # y has one sign: the corners bound the quotient
            corners = [p // q for p in x for q in y]
        else:  # MOD, Python's: the divisor's sign, below its magnitude
            return (0, y[1] - 1) if y[0] > 0 else (y[0] + 1, 0)
        return (min(corners), max(corners))

    def constant(self, value: int) -> int:
        if not _INT64[0] <= value <= _INT64[1]:
            raise TraceError("the inner function uses %d, which does not fit in int64" % value,
                             "LAYOUTC_ERROR_ALGEBRA_TYPE")
        step = self._constants.get(value)
        if step is None:
            step = self._constants[value] = self.add(CONSTANT, value)
        return step

    def buffer(self, tensor: Any) -> int:
        for i, b in enumerate(self.buffers):
            if b is tensor:
                return i
        self.buffers.append(tensor)
        return len(self.buffers) - 1

    def step_of(self, x: Any) -> int:
        """The step of an int or a Traced value."""
        if isinstance(x, Traced):
            if x.program is not self:
                raise TraceError("a traced value of another inner function is used here", "LAYOUTC_ERROR_ALGEBRA_TYPE")
            return x.step
        if isinstance(x, bool) or not isinstance(x, int):
            if hasattr(x, "__index__") and not isinstance(x, bool):
                return self.constant(x.__index__())
            raise TraceError("the inner function computes with %r (%s): a kernel's inner function is integer "
                             "arithmetic on ints" % (x, type(x).__name__), "LAYOUTC_ERROR_ALGEBRA_TYPE")
        return self.constant(x)


def _refuse(what: str, how: str) -> Callable[..., Any]:
    def refused(self: "Traced", *args: Any) -> Any:
        raise TraceError("the inner function %s a traced value (%s): a kernel's inner function is integer "
                         "arithmetic (+, -, *, //, %%), tuples and index-tensor reads, without branches"
                         % (what, how), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    return refused


def _binary(op: int, reflected: bool = False) -> Callable[["Traced", Any], "Traced"]:
    def apply(self: "Traced", other: Any) -> "Traced":
        p = self.program
        a, b = self.step, p.step_of(other)
        if reflected:
            a, b = b, a
        return Traced(p, p.add(op, a, b))
    return apply


class Traced:
    """A value of a function being traced: step `step` of `program`.

    >>> p = Program()
    >>> x = Traced(p, p.add(INPUT, 0))
    >>> (2 * x - 1).step, p.steps[-1]
    (4, (3, 2, 3))
    """

    __slots__ = ("program", "step")

    def __init__(self, program: Program, step: int) -> None:
        self.program = program
        self.step = step

    __add__ = _binary(ADD)
    __radd__ = _binary(ADD, True)
    __sub__ = _binary(SUB)
    __rsub__ = _binary(SUB, True)
    __mul__ = _binary(MUL)
    __rmul__ = _binary(MUL, True)
    __floordiv__ = _binary(FLOOR_DIV)
    __rfloordiv__ = _binary(FLOOR_DIV, True)
    __mod__ = _binary(MOD)
    __rmod__ = _binary(MOD, True)

    def __neg__(self) -> "Traced":
        return Traced(self.program, self.program.add(SUB, self.program.constant(0), self.step))

    def __pos__(self) -> "Traced":
        return self

    __bool__ = _refuse("tests", "bool(): an if or a while")
    __index__ = _refuse("converts", "__index__: int() or a subscript")
    __int__ = _refuse("converts", "int()")
    __float__ = _refuse("converts", "float()")
    __truediv__ = _refuse("divides", "/: use //")
    __rtruediv__ = _refuse("divides", "/: use //")
    __pow__ = _refuse("raises", "**")
    __lt__ = _refuse("compares", "<")
    __le__ = _refuse("compares", "<=")
    __gt__ = _refuse("compares", ">")
    __ge__ = _refuse("compares", ">=")
    __and__ = _refuse("masks", "&")
    __or__ = _refuse("masks", "|")
    __xor__ = _refuse("masks", "^")
    __lshift__ = _refuse("shifts", "<<")
    __rshift__ = _refuse("shifts", ">>")
    __hash__ = None  # type: ignore[assignment]  # == below is refused too

    def __eq__(self, other: object) -> bool:
        raise TraceError("the inner function compares a traced value (==): a kernel's inner function is integer "
                         "arithmetic (+, -, *, //, %), tuples and index-tensor reads, without branches",
                         "LAYOUTC_ERROR_ALGEBRA_TYPE")

    def __repr__(self) -> str:
        return "Traced(step %d)" % self.step


def trace(fn: Callable[[Any], Any], program: Program, inputs: int) -> Any:
    """Calls fn on Traced inputs (one value, or a tuple of `inputs` values
    when inputs > 1) and returns its result with Traced values as their
    steps (ints, or tuples of them).

    >>> p = Program()
    >>> trace(lambda c: (c[1], c[0] + 1), p, 2), p.steps
    ((1, 3), [(0, 0, 0), (0, 1, 0), (1, 1, 0), (2, 0, 2)])
    """
    args = [Traced(program, program.add(INPUT, i)) for i in range(inputs)]
    result = fn(args[0] if inputs == 1 else tuple(args))
    return steps_of(result, program)


def steps_of(x: Any, program: Program) -> Any:
    """x (an int, a Traced value, or tuples and lists of them) with each
    leaf as its step in program.

    >>> p = Program()
    >>> steps_of((Traced(p, p.add(INPUT, 0)), [3]), p)
    (0, (1,))
    """
    if isinstance(x, (tuple, list)):
        return tuple(steps_of(e, program) for e in x)
    return program.step_of(x)


def first_traced(c: Any) -> Optional[Traced]:
    """The first Traced leaf of c (a value, or tuples of them), or None.

    >>> p = Program()
    >>> first_traced((1, (2, Traced(p, 0)))), first_traced((1, 2))
    (Traced(step 0), None)
    """
    if isinstance(c, Traced):
        return c
    if isinstance(c, tuple):
        for x in c:
            found = first_traced(x)
            if found is not None:
                return found
    return None


def symbolic_crd2idx(c: Any, shape: Any, stride: Any, program: Program) -> int:
    """CuTe's crd2idx(c, shape, stride) as steps: c an index (a step) or a
    coordinate congruent to shape (tuples of steps); an index spreads over
    a tuple shape's modes colexicographically, the last mode taking what
    is left. Returns the offset's step.

    >>> p = Program()
    >>> i = p.add(INPUT, 0)
    >>> o = symbolic_crd2idx(i, (2, 3), (3, 1), p)
    >>> [s[0] for s in p.steps]
    [0, 1, 6, 1, 4, 5, 1, 4, 2]
    """
    if isinstance(c, tuple):
        if not isinstance(shape, tuple) or len(shape) != len(c):
            raise TraceError("the coordinate has %d modes but the index tensor's shape is %r" % (len(c), shape),
                             "LAYOUTC_ERROR_ALGEBRA_TYPE")
        return _sum([symbolic_crd2idx(x, s, d, program) for x, s, d in zip(c, shape, stride)], program)
    if isinstance(shape, tuple):
        parts = []
        rest = c
        for k, (s, d) in enumerate(zip(shape, stride)):
            last = k == len(shape) - 1
            n = _size(s)
            here = rest if last else program.add(MOD, rest, program.constant(n))
            parts.append(symbolic_crd2idx(here, s, d, program))
            if not last:
                rest = program.add(FLOOR_DIV, rest, program.constant(n))
        return _sum(parts, program)
    if isinstance(stride, bool) or not isinstance(stride, int):
        raise TraceError("the index tensor's stride %r is not an integer" % (stride,), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    return program.add(MUL, c, program.constant(stride))


def _sum(parts: List[int], program: Program) -> int:
    """The step of the sum of the steps `parts` (0 for none)."""
    if not parts:
        return program.constant(0)
    total = parts[0]
    for part in parts[1:]:
        total = program.add(ADD, total, part)
    return total


def _size(shape: Any) -> int:
    if isinstance(shape, tuple):
        n = 1
        for s in shape:
            n *= _size(s)
        return n
    if isinstance(shape, bool) or not isinstance(shape, int):
        raise TraceError("the index tensor's shape %r is not static" % (shape,), "LAYOUTC_ERROR_ALGEBRA_TYPE")
    return shape
