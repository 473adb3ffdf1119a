#!/usr/bin/env python3
"""layoutc's Python package beside pycute, call for call, in one run: the
same operations on the same layouts, each timed as the best of 5 rounds of
many calls, in calls per second.

Usage: PYTHONPATH=<cutlass>/python:<layoutc>/python python3 python_vs_pycute.py
(LAYOUTC_LIBRARY names a build's library when the package is not installed).
Prints a table: operation, layoutc calls/s, pycute calls/s, ratio.
"""
import time

import pycute

import layoutc


def rate(f, calls):
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(calls):
            f()
        best = min(best, time.perf_counter() - t)
    return calls / best


def cases(m):
    """The operations, as closures over module m's values (layoutc or pycute)."""
    A = m.Layout(((2, 3), (4, 5)), ((1, 2), (6, 24)))
    B = m.Layout((4, 3), (3, 1))
    C = m.Layout((6, 2), (8, 2))
    T = m.Layout(4, 2)
    D = m.Layout((4, 2, 3), (2, 1, 8))
    i = [0]

    def index():
        i[0] = (i[0] + 1) % 120
        return A(i[0])

    return [
        ("L(i)", index),
        ("L(coord)", lambda: A(((1, 2), (3, 4)))),
        ("size(L)", lambda: m.size(A)),
        ("L.shape", lambda: A.shape),
        ("L.stride", lambda: A.stride),
        ("composition", lambda: m.composition(C, B)),
        ("complement", lambda: m.complement(T, 24)),
        ("logical_divide", lambda: m.logical_divide(D, T)),
        ("logical_product", lambda: m.logical_product(B, T)),
        ("coalesce", lambda: m.coalesce(A)),
    ]


def main():
    ours, theirs = cases(layoutc), cases(pycute)
    print("%-16s %14s %14s %8s" % ("operation", "layoutc /s", "pycute /s", "ratio"))
    for (name, f), (_, g) in zip(ours, theirs):
        a, b = rate(f, 20000), rate(g, 20000)
        print("%-16s %14.0f %14.0f %8.2f" % (name, a, b, a / b))


if __name__ == "__main__":
    main()
