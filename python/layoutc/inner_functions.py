"""Composed layouts whose inner function is a Python function (CuTe DSL's
make_composed_layout(inner, offset, outer) with `def inner(c): ...`):
R(c) = inner(offset + outer(c)).

The algebra calls the function back through the C API whenever it
evaluates the layout (R(i), print_layout, a picture); the function gets
offset + outer(c) as an int or a tuple (a coordinate when outer is an
identity layout) and returns an int or a tuple (anything with __index__ at
the leaves, a torch or numpy integer too). An exception it raises is raised
again from the call that evaluated it.

    >>> import layoutc as cute
    >>> def inner(c):
    ...     x, y = c
    ...     return x, y + 1
    >>> layout = cute.make_composed_layout(inner, (1, 0), cute.make_identity_layout(shape=(8, 4)))
    >>> layout, layout(0), layout(9)
    (ComposedLayout('inner o (1,0) o (8,4):(1@0,1@1)'), (1, 1), (2, 2))
"""
import ctypes
import threading
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _native
from ._library import LayoutTypeError, c_value, callback_error, check, lib
from .int_tuple import Dynamic

__all__ = ["make", "function_of"]

_InnerFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int8),
                            ctypes.POINTER(ctypes.c_int64), ctypes.c_size_t, ctypes.POINTER(ctypes.c_int8),
                            ctypes.POINTER(ctypes.c_int64), ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t))
_ReleaseFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)

# The functions the library holds, by the token it was given, with the
# count of values made with it; a function is one token (the library's
# equality and hashing tell composed layouts apart by it), dropped when the
# library releases the last value holding it. Reentrant: a release can run
# inside a locked region (a value freed by the collector there).
_functions: Dict[int, List[Any]] = {}
_tokens: Dict[int, int] = {}  # id(fn) -> its token, while the library holds fn
_next_token = [1]
_lock = threading.RLock()


def _leaf(x: Any) -> Tuple[int, int]:
    """The flat form's (kind, value) of a result's leaf: a Dynamic, or an
    integer (numpy's and torch's too)."""
    if type(x) is Dynamic:
        return _native.DYNAMIC, x.div
    if hasattr(x, "__index__") and not isinstance(x, bool):
        return _native.INT, x.__index__()
    raise LayoutTypeError("an inner function's result holds %r (%s): give ints and tuples of them"
                          % (x, type(x).__name__), "LAYOUTC_ERROR_ALGEBRA_TYPE")


def _call_inner(user: Optional[int], kinds: Any, values: Any, n: int, out_kinds: Any, out_values: Any,
                capacity: int, out_n: Any) -> int:
    try:
        fn = _functions[user or 0][0]
        x = _native.unflatten(kinds[:n], values[:n], lambda kind, value: Dynamic(div=value))
        result = fn(x)
        k: List[int] = []
        v: List[int] = []
        _native.flatten_into(result, k, v, _leaf)
        out_n[0] = len(k)
        for i in range(min(len(k), capacity)):
            out_kinds[i] = k[i]
            out_values[i] = c_value(v[i], ctypes.c_int64, "an inner function's result's entry %d" % i)
        return 0
    except BaseException as e:  # raised again by the call that evaluated it (_library.check)
        callback_error.error = e
        return 1


def _release(user: Optional[int]) -> None:
    with _lock:
        held = _functions.get(user or 0)
        if held is not None:
            held[1] -= 1
            if held[1] == 0:
                del _functions[user or 0]
                _tokens.pop(id(held[0]), None)


# The callbacks, alive as long as the module, as the C API takes them.
_inner_callback = _InnerFn(_call_inner)
_release_callback = _ReleaseFn(_release)
_INNER = ctypes.cast(_inner_callback, ctypes.c_void_p)
_RELEASE = ctypes.cast(_release_callback, ctypes.c_void_p)


def make(fn: Callable[[Any], Any], offset: "_native.Handle", outer: "_native.Handle") -> "_native.Handle":
    """The native composed layout fn o offset o outer, printed with fn's name.

    >>> from layoutc.values import handle_of
    >>> make(lambda c: 3 * c, handle_of(1), handle_of("4:1")).text()
    '<lambda> o 1 o 4:1'
    """
    if not callable(fn):
        raise TypeError("make_composed_layout: inner must be a layout, a swizzle or a function, not %r" % (fn,))
    with _lock:
        token = _tokens.get(id(fn), 0)
        if token:
            _functions[token][1] += 1
        else:
            token = _next_token[0]
            _next_token[0] += 1
            _functions[token] = [fn, 1]
            _tokens[id(fn)] = token
    name = getattr(fn, "__name__", "inner")
    out = ctypes.c_void_p()
    check(lib.layoutc_composed_function_make(name, _INNER, _RELEASE, token, offset.ptr, outer.ptr,
                                             ctypes.byref(out)))
    return _native.Handle(out.value)


def function_of(token: Optional[int]) -> Optional[Callable[[Any], Any]]:
    """The function a composed layout was made with, by the token the
    library kept with it (None for one made elsewhere).

    >>> from layoutc import make_composed_layout, make_layout
    >>> double = lambda c: 2 * c
    >>> make_composed_layout(double, 0, make_layout(4)).inner is double
    True
    """
    held = _functions.get(token or 0)
    return held[0] if held is not None else None
