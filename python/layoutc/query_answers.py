"""What the algebra's queries answer besides values: Equality (equal's
answer, with its reason) and LinearLayout (to_linear_layout's: Triton's
LinearLayout, its bases read from the text layoutc prints). values.py's
python_of makes them from native values.

    >>> import layoutc
    >>> bool(layoutc.equal(layoutc.Layout(4), layoutc.Layout("4:1")))
    True
"""
from typing import TYPE_CHECKING, Dict, List, Tuple

if TYPE_CHECKING:
    from . import _native

__all__ = ["Equality", "LinearLayout"]


class Equality:
    """equal()'s answer: truthy only when the two are equal; `reason` is the
    counterexample or the condition on run-time values it depends on.
    `text` is layoutc's answer: "true", "false: ..." or "depends on ?: ...".

    >>> import layoutc
    >>> e = layoutc.equal(layoutc.Layout("(4,?):(1,4)"), layoutc.Layout(16))
    >>> bool(e), e.text
    (False, 'depends on ?: shape<1>(A) is unknown; A and B agree on the indices below 4')
    """

    __slots__ = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        self.text = text

    def __bool__(self) -> bool:
        return self.text == "true"

    @property
    def reason(self) -> str:
        """Why they are not (or may not be) equal; "" when they are.

        >>> import layoutc
        >>> layoutc.equal(layoutc.Layout(4), layoutc.Layout(4)).reason
        ''
        >>> layoutc.equal(layoutc.Layout(4), layoutc.Layout(4, 2)).reason
        'at index 1, A gives 1 and B gives 2'
        """
        return "" if self else self.text.split(": ", 1)[-1]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "Equality(%r)" % self.text


class LinearLayout:
    """A layout as Triton's LinearLayout: for each input dimension, the
    output of each of its bits (`bases`), and the output dimensions' sizes
    (`out_dims`); L(x) is the XOR of the outputs of x's set bits. `text` is
    the layout as Triton prints it.

    >>> import layoutc
    >>> ll = layoutc.to_linear_layout(layoutc.Layout((4, 2), (2, 1)))
    >>> ll
    LinearLayout(bases={'mode0': [(2,), (4,)], 'mode1': [(1,)]}, out_dims={'offset': 8})
    >>> print(ll)
     - mode0=1 -> (2)
       mode0=2 -> (4)
     - mode1=1 -> (1)
    where out dims are: [offset (size 8)]
    """

    __slots__ = ("text", "bases", "out_dims", "_h")
    text: str
    bases: Dict[str, List[Tuple[int, ...]]]
    out_dims: Dict[str, int]
    _h: "_native.Handle"

    def __init__(self, h: "_native.Handle") -> None:
        self._h = h
        self.text = h.text()
        self.bases, self.out_dims = _parse_linear(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LinearLayout) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "LinearLayout(bases=%r, out_dims=%r)" % (self.bases, self.out_dims)


def _parse_linear(text: str) -> Tuple[Dict[str, List[Tuple[int, ...]]], Dict[str, int]]:
    """Triton's printed LinearLayout (` - in=1 -> (o)` lines, `where out
    dims are: [name (size n), ...]`) as {in: [outputs per bit]}, {out: size}."""
    bases: Dict[str, List[Tuple[int, ...]]] = {}
    current = None
    out_dims: Dict[str, int] = {}
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("where out dims are:"):
            for part in s.split("[", 1)[1].rstrip("]").split(","):
                name, _, n = part.strip().partition(" (size ")
                if name:
                    out_dims[name] = int(n.rstrip(")"))
            continue
        if s.startswith("- "):
            s = s[2:]
            current = s.split("=", 1)[0]
            bases[current] = []
        if current and "->" in s:
            out = s.split("->", 1)[1].strip().strip("()")
            bases[current].append(tuple(int(v) for v in out.split(",") if v.strip()))
    return bases, out_dims
