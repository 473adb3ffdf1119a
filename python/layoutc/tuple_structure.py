"""The structure of nested tuples: CuTe DSL's tuple helpers (cute.tuple),
which look only at how tuples nest, never at the integers' arithmetic (that
is the algebra's, in int_tuple.py).

    >>> tuple_cat((1, 2), 3), get_leaves(((2, 3), 4)), find((3, (4, 5)), 4)
    ((1, 2, 3), (2, 3, 4), (1, 0))
"""
from typing import Any, Callable, Tuple

from .int_tuple import Dynamic, ScaledBasis, has_none

__all__ = ["wrap", "unwrap", "repeat_as_tuple", "repeat", "repeat_like", "get_leaves", "flatten_to_tuple",
           "tuple_cat", "front", "has_underscore", "is_static", "find_if", "find", "transform_leaf", "basis_value",
           "basis_get", "is_integer", "is_int_tuple"]


def wrap(x: Any) -> Tuple[Any, ...]:
    """x as a tuple: (x,) unless it is one.

    >>> wrap(3), wrap((3, 4))
    ((3,), (3, 4))
    """
    return x if isinstance(x, tuple) else (x,)


def unwrap(x: Any) -> Any:
    """The element of a 1-tuple (repeatedly); other values as they are.

    >>> unwrap(((5,),)), unwrap((1, 2))
    (5, (1, 2))
    """
    while isinstance(x, tuple) and len(x) == 1:
        x = x[0]
    return x


def repeat_as_tuple(x: Any, n: int) -> Tuple[Any, ...]:
    """(x, x, ..., x), n times.

    >>> repeat_as_tuple(1, 3)
    (1, 1, 1)
    """
    return (x,) * n


def repeat(x: Any, n: int) -> Any:
    """x itself for n == 1, else (x, ..., x) n times.

    >>> repeat(0, 1), repeat(0, 2)
    (0, (0, 0))
    """
    return x if n == 1 else (x,) * n


def repeat_like(x: Any, target: Any) -> Any:
    """A tuple congruent to target with x at every leaf.

    >>> repeat_like(0, ((2, 3), 4))
    ((0, 0), 0)
    """
    if isinstance(target, tuple):
        return tuple(repeat_like(x, t) for t in target)
    return x


def get_leaves(t: Any) -> Tuple[Any, ...]:
    """The leaves of t in order, as a flat tuple.

    >>> get_leaves(((2, 3), 4)), get_leaves(5)
    ((2, 3, 4), (5,))
    """
    if isinstance(t, tuple):
        return tuple(leaf for m in t for leaf in get_leaves(m))
    return (t,)


flatten_to_tuple = get_leaves


def tuple_cat(*tuples: Any) -> Tuple[Any, ...]:
    """The modes of the tuples in order (an integer is one mode).

    >>> tuple_cat((1, 2), 3, ((4, 5),))
    (1, 2, 3, (4, 5))
    """
    return tuple(m for t in tuples for m in wrap(t))


def front(t: Any) -> Any:
    """The first leaf of t.

    >>> front(((2, 3), 4))
    2
    """
    while isinstance(t, tuple):
        t = t[0]
    return t


def has_underscore(a: Any) -> bool:
    """CuTe DSL's name for has_none: a holds None (`_`).

    >>> has_underscore((1, (None, 2)))
    True
    """
    return has_none(a)


def is_integer(x: Any) -> bool:
    """CuTe DSL's is_integer: an integer, known now (an int) or at run time
    (a Dynamic); not a bool.

    >>> is_integer(3), is_integer(Dynamic()), is_integer(True), is_integer((3,))
    (True, True, False, False)
    """
    return (isinstance(x, int) and not isinstance(x, bool)) or isinstance(x, Dynamic)


def is_int_tuple(x: Any) -> bool:
    """CuTe DSL's is_int_tuple: an integer, or a tuple of integer tuples.

    >>> is_int_tuple((2, (3, Dynamic()))), is_int_tuple((2, None)), is_int_tuple(())
    (True, False, True)
    """
    if isinstance(x, tuple):
        return all(is_int_tuple(m) for m in x)
    return is_integer(x)


def is_static(x: Any) -> bool:
    """Whether every leaf of x is known now (no Dynamic leaf).

    >>> is_static((2, 3)), is_static((2, Dynamic()))
    (True, False)
    """
    if isinstance(x, tuple):
        return all(is_static(m) for m in x)
    from .values import Value
    if isinstance(x, Value):
        return "?" not in str(x)
    return not isinstance(x, Dynamic)


def find_if(t: Any, pred_fn: Callable[[Any, Any], Any]) -> Any:
    """The index of the first mode m of t with pred_fn(m, i) (hierarchical
    modes searched depth first, giving a path tuple), or None.

    >>> find_if((3, (4, 5)), lambda m, i: m == 5)
    (1, 1)
    """
    def search(x: Any, path: Tuple[int, ...]) -> Any:
        for i, m in enumerate(wrap(x)):
            here = path + (i,)
            if pred_fn(m, here[0] if len(here) == 1 else here):
                return here[0] if len(here) == 1 else here
            if isinstance(m, tuple):
                found = search(m, here)
                if found is not None:
                    return found
        return None
    return search(t, ())


def find(t: Any, x: Any) -> Any:
    """The index (a path for nested modes) of the first mode equal to x, or
    None.

    >>> find((3, (4, 5)), 4)
    (1, 0)
    """
    return find_if(t, lambda m, i: m == x)


def transform_leaf(f: Callable[..., Any], *args: Any) -> Any:
    """f applied to the leaves of congruent tuples, nested as they are.

    >>> transform_leaf(lambda a, b: a * b, (2, (3, 4)), (5, (6, 7)))
    (10, (18, 28))
    """
    if isinstance(args[0], tuple):
        return tuple(transform_leaf(f, *ms) for ms in zip(*args))
    return f(*args)


def basis_value(e: Any) -> Any:
    """The scale of a ScaledBasis; other values as they are.

    >>> basis_value(ScaledBasis(4, 1)), basis_value(7)
    (4, 7)
    """
    return e.value if isinstance(e, ScaledBasis) else e


def basis_get(basis: Any, t: Any) -> Any:
    """The mode of t a ScaledBasis points at (get along its modes); t itself
    for a plain integer.

    >>> basis_get(ScaledBasis(1, (1, 0)), ((2, 3), (4, 5)))
    4
    """
    if not isinstance(basis, ScaledBasis):
        return t
    for m in basis.modes:
        t = t[m]
    return t
