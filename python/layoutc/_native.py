"""Native values: layoutc_value handles of the C API, and Python's integer
tuples in the C API's flat form (layoutc.h, "Values without text").

A Handle owns one layoutc_value and frees it when collected. Integer tuples
cross as two arrays (kinds, values) in prefix order; leaves with no flat
form (scaled bases) cross as notation. The algebra's calls go through
_hotpath.c (`hotpath`), which converts arguments and results in C: one C
function per call, no ctypes. The rest of the C API is called with ctypes.
"""
import atexit
import ctypes
import importlib.machinery
import importlib.util
import os
from types import ModuleType
from typing import Any, Callable, List, Sequence, Tuple, Union

from ._library import check, lib, library_path

# layoutc_leaf (layoutc.h)
INT, TUPLE, UNDERSCORE, DYNAMIC, OTHER = range(5)
# layoutc_value_kind (layoutc.h)
KIND_INT_TUPLE, KIND_LAYOUT, KIND_SWIZZLE, KIND_COMPOSED, KIND_TILER, KIND_BOOL, KIND_TAG, KIND_EQUALITY, \
    KIND_LINEAR_LAYOUT = range(9)


def _load_hotpath() -> ModuleType:
    """_hotpath.c's module, built beside the library (a build's lib/Shared,
    the wheel's layoutc/_lib)."""
    path = os.path.join(os.path.dirname(library_path), "_hotpath.abi3.so")
    if not os.path.isfile(path):
        raise ImportError("layoutc: %s not found beside %s: build the package's extension (its CMake target "
                          "layoutc_hotpath) with the library" % (os.path.basename(path), library_path))
    loader = importlib.machinery.ExtensionFileLoader("layoutc._hotpath", path)
    spec = importlib.util.spec_from_file_location("layoutc._hotpath", path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


hotpath = _load_hotpath()
# At exit the values left are the process's to drop: freeing one may call a
# Python function's release into modules already torn down.
atexit.register(hotpath.stop_freeing)
Handle = hotpath.Handle
Handle.__doc__ = """One layoutc_value, freed with this object: `ptr` is its address (None
    for NULL); Handle(address) takes ownership of the value at that address.

    >>> h = from_text("(6,2):(8,2)")
    >>> h.kind() == KIND_LAYOUT, h.text(), from_text("(6,2):(8,2)").assumptions_text()
    (True, '(6,2):(8,2)', '')
    """


def assumptions(h: Any) -> List[str]:
    """The conditions on run-time (`?`) values a value was computed under,
    one string each ([] when there are none).

    >>> assumptions(from_text("(4,8):(1,4)"))
    []
    >>> assumptions(from_text("composition((4,?):(1,4), (2,2):(1,2))"))
    ["composition((4,?):(1,4), (2,2):(1,2)) = (2,2):(1,2) is A o B only if the run-time values meet
      CuTe's divisibility conditions"]
    """
    return [a for a in h.assumptions_text().split("; ") if a]


def from_text(expression: Union[str, bytes]) -> Any:
    """The value of a CuTe expression (layoutc_eval), as a Handle.

    >>> from_text("size((6,2):(8,2))").text()
    '12'
    """
    out = ctypes.c_void_p()
    check(lib.layoutc_eval(expression, ctypes.byref(out)))  # text checked as every argument (_library.c_value)
    return Handle(out.value)


def flatten_into(t: Any, kinds: List[int], values: List[int], leaf: Callable[[Any], Tuple[int, int]]) -> None:
    """Appends t's flat form, in prefix order: an int is (INT, itself), a
    tuple or list (TUPLE, its length) then its elements', None (UNDERSCORE,
    0); `leaf(x)` gives (kind, value) of any other leaf, or raises.

    >>> kinds, values = [], []
    >>> flatten_into((2, (3, None)), kinds, values, None)
    >>> kinds == [TUPLE, INT, TUPLE, INT, UNDERSCORE], values
    (True, [2, 2, 2, 3, 0])
    """
    if type(t) is int:
        kinds.append(INT)
        values.append(t)
    elif type(t) is tuple or type(t) is list:
        kinds.append(TUPLE)
        values.append(len(t))
        for x in t:
            flatten_into(x, kinds, values, leaf)
    elif t is None:
        kinds.append(UNDERSCORE)
        values.append(0)
    else:
        k, v = leaf(t)
        kinds.append(k)
        values.append(v)


def unflatten(kinds: Sequence[int], values: Sequence[int], leaf: Callable[[int, int], Any]) -> Any:
    """The Python tuple of a flat form (flatten_into's inverse); `leaf(kind,
    value)` makes the leaves that are not ints or `_` (None).

    >>> unflatten([TUPLE, INT, TUPLE, INT, UNDERSCORE], [2, 2, 2, 3, 0], None)
    (2, (3, None))
    """
    pos = 0

    def take() -> Any:
        nonlocal pos
        i = pos
        pos += 1
        k = kinds[i]
        if k == INT:
            return values[i]
        if k == TUPLE:
            return tuple([take() for _ in range(values[i])])
        if k == UNDERSCORE:
            return None
        return leaf(k, values[i])

    return take()
