"""The algebra's post-conditions, checked with hypothesis over random static
layouts against the functions they describe (each answer evaluated index by
index, not compared as text): composition is function composition,
complement is disjoint and ordered, logical_divide, zipped_divide and
logical_product are their definitions in terms of composition and
complement, coalesce keeps the function and filter the image, the inverses
invert, and crd2idx and idx2crd round-trip. Python inner functions that return,
raise or recurse, from several threads, give their values or their own
exception once (issue 51).

CI runs the derandomized profile "ci" (fixed examples, a few seconds);
LAYOUTC_HYPOTHESIS_PROFILE=local runs 20 times as many random ones. Skipped,
saying so, where hypothesis is not installed (Debian: python3-hypothesis).
"""
import os
import sys
import threading
import unittest

import layoutc
from layoutc import Layout, LayoutError

try:
    from hypothesis import HealthCheck, assume, given, settings
    from hypothesis import strategies as st
except ImportError:  # the whole module skips, saying why
    hypothesis = None
else:
    hypothesis = True
    _COMMON = dict(deadline=None, database=None,  # nothing written beside the sources
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    settings.register_profile("ci", derandomize=True, max_examples=150, **_COMMON)
    settings.register_profile("local", max_examples=3000, **_COMMON)
    settings.load_profile(os.environ.get("LAYOUTC_HYPOTHESIS_PROFILE", "ci"))

    def _mode(draw, extent, stride):
        """One mode: an int, or (rarely) a pair of ints, shape and stride congruent."""
        if draw(st.integers(0, 3)) == 0:
            return (draw(extent), draw(extent)), (draw(stride), draw(stride))
        return draw(extent), draw(stride)

    @st.composite
    def layouts(draw, max_rank=3, max_extent=6, max_stride=16, nonzero=False):
        """A static layout of rank 1 to max_rank; strides 0 to max_stride (1
        up where `nonzero`)."""
        extent = st.integers(1, max_extent)
        stride = st.integers(1 if nonzero else 0, max_stride)
        modes = [_mode(draw, extent, stride) for _ in range(draw(st.integers(1, max_rank)))]
        if len(modes) == 1:
            return Layout(modes[0][0], modes[0][1])
        return Layout(tuple(m[0] for m in modes), tuple(m[1] for m in modes))


def values(layout):
    """The layout's offset at every index of its domain."""
    return [layout(i) for i in range(layout.size())]


def injective(layout):
    v = values(layout)
    return len(set(v)) == len(v)


def refused(f, *args):
    """f(*args), or None where the algebra refuses it (a LayoutError: the
    operation is not defined there)."""
    try:
        return f(*args)
    except LayoutError:
        return None


@unittest.skipIf(hypothesis is None, "hypothesis is not installed (Debian: apt-get install python3-hypothesis)")
class AlgebraPropertiesTest(unittest.TestCase):
    if hypothesis:

        @given(layouts(), layouts(max_rank=2))
        def test_composition_is_function_composition(self, a, b):
            assume(max(values(b)) < a.size())
            r = refused(layoutc.composition, a, b)
            assume(r is not None)
            self.assertEqual(r.size(), b.size())
            self.assertEqual(values(r), [a(b(i)) for i in range(b.size())])

        # Open: complement((2,2):(2,6), 9) answers 2:1, as pycute does, which
        # does not cover the cotarget (6 is no multiple of the 4 offsets the
        # stride-2 mode spans); whether to refuse it is not decided yet
        # (found by this test). When it is, this mark goes.
        @unittest.expectedFailure
        @given(layouts(max_rank=2, max_extent=4, max_stride=12, nonzero=True), st.integers(1, 4))
        def test_complement_is_disjoint_ordered_and_covers(self, a, factor):
            assume(injective(a))
            cotarget = a.cosize() * factor
            c = refused(layoutc.complement, a, cotarget)
            assume(c is not None)
            # Disjoint: A(i) + C(j) is one-to-one, so make_layout(A, C) is injective.
            sums = [x + y for y in values(c) for x in values(a)]
            self.assertEqual(len(set(sums)), len(sums), "%s and its complement %s overlap" % (a, c))
            self.assertTrue(injective(layoutc.make_layout(a, c)))
            # Ordered: the strides of its modes of extent > 1 increase.
            flat = layoutc.coalesce(c)
            shapes = flat.shape if isinstance(flat.shape, tuple) else (flat.shape,)
            strides = flat.stride if isinstance(flat.stride, tuple) else (flat.stride,)
            kept = [d for s, d in zip(shapes, strides) if s != 1]
            self.assertEqual(kept, sorted(kept))
            # It covers the cotarget.
            self.assertGreaterEqual(a.size() * c.size(), cotarget)

        @given(layouts(max_rank=2), layouts(max_rank=1, max_extent=4, nonzero=True))
        def test_logical_divide_is_its_definition(self, a, b):
            d = refused(layoutc.logical_divide, a, b)
            c = refused(layoutc.complement, b, a.size())
            assume(d is not None and c is not None)
            defined = refused(layoutc.composition, a, layoutc.make_layout(b, c))
            assume(defined is not None)
            self.assertEqual(d.size(), defined.size())
            self.assertEqual(values(d), values(defined))

        @given(layouts(max_rank=2), layouts(max_rank=1, max_extent=4, nonzero=True))
        def test_zipped_divide_regroups_logical_divide(self, a, b):
            # For one layout as the tiler (no by-mode tuple), zipped_divide is
            # logical_divide's (tile, rest): the same function.
            d = refused(layoutc.logical_divide, a, b)
            z = refused(layoutc.zipped_divide, a, b)
            assume(d is not None and z is not None)
            self.assertEqual(values(z), values(d))

        @given(layouts(max_rank=2, max_extent=4, nonzero=True), layouts(max_rank=2, max_extent=3))
        def test_logical_product_is_its_definition(self, a, b):
            p = refused(layoutc.logical_product, a, b)
            c = refused(layoutc.complement, a, a.size() * b.cosize())
            assume(p is not None and c is not None)
            defined = refused(layoutc.composition, c, b)
            assume(defined is not None)
            self.assertEqual(values(p), values(layoutc.make_layout(a, defined)))

        @given(layouts())
        def test_coalesce_keeps_the_function_filter_the_image(self, a):
            c = layoutc.coalesce(a)
            self.assertEqual(c.size(), a.size())
            self.assertEqual(values(c), values(a))
            f = layoutc.filter(a)
            self.assertEqual(set(values(f)), set(values(a)))

        @given(layouts())
        def test_right_inverse_inverts(self, a):
            r = layoutc.right_inverse(a)
            self.assertEqual([a(r(i)) for i in range(r.size())], list(range(r.size())))

        @given(layouts(max_rank=2, nonzero=True))
        def test_left_inverse_inverts_an_injective_layout(self, a):
            assume(injective(a))
            left = refused(layoutc.left_inverse, a)
            assume(left is not None)
            self.assertEqual([left(a(i)) for i in range(a.size())], list(range(a.size())))

        @given(layouts())
        def test_crd2idx_and_idx2crd_round_trip(self, a):
            for i in range(a.size()):
                crd = layoutc.idx2crd(i, a.shape)
                self.assertEqual(layoutc.crd2idx(crd, a.shape), i)
                self.assertEqual(a(crd), a(i))



class _Raised(Exception):
    """What a drawn inner function raises: an exception of the caller's own."""


@unittest.skipIf(hypothesis is None, "hypothesis is not installed (Debian: apt-get install python3-hypothesis)")
class InnerFunctionPropertiesTest(unittest.TestCase):
    """Issue 51: Python inner functions that return, raise or recurse, from
    one thread or several. A composed layout evaluates its function once per
    call (no retry), the caller gets the function's own exception once, a
    recursion raises RecursionError once, and nothing is left behind: the
    next layout made and evaluated gives its exact values."""

    if hypothesis:

        @given(layouts(max_rank=2), st.integers(0, 8), st.lists(st.sampled_from(["value", "raise", "recurse"]),
                                                                min_size=1, max_size=6))
        def test_each_call_is_the_functions_result_or_its_exception_once(self, outer, offset, behaviors):
            for behavior in behaviors:
                calls = []

                def fn(x, behavior=behavior):
                    calls.append(x)
                    if behavior == "raise":
                        raise _Raised(x)
                    if behavior == "recurse":
                        return composed(0)
                    return 3 * x + 1

                composed = layoutc.make_composed_layout(fn, offset, outer)
                k = outer.size() - 1
                if behavior == "value":
                    self.assertEqual(composed(k), 3 * (offset + outer(k)) + 1)
                    self.assertEqual(calls, [offset + outer(k)])
                elif behavior == "raise":
                    with self.assertRaises(_Raised) as e:
                        composed(k)
                    self.assertEqual(e.exception.args, (offset + outer(k),))
                    self.assertEqual(len(calls), 1)
                else:
                    with self.assertRaises(RecursionError):
                        composed(k)
                    self.assertLessEqual(len(calls), sys.getrecursionlimit())  # one call per level, no retries
                del composed
            fresh = layoutc.make_composed_layout(lambda x: x + 1, offset, outer)
            self.assertEqual([fresh(i) for i in range(outer.size())], [offset + v + 1 for v in values(outer)])

        @given(st.lists(st.tuples(layouts(max_rank=2), st.booleans()), min_size=2, max_size=8))
        def test_threads_make_evaluate_and_drop_composed_layouts(self, cases):
            failures = []

            def worker(outer, raises):
                try:
                    for _ in range(20):
                        def fn(x):
                            if raises and x == outer(outer.size() - 1):
                                raise _Raised(x)
                            return x * 2
                        c = layoutc.make_composed_layout(fn, 0, outer)
                        got = []
                        for i in range(outer.size()):
                            try:
                                got.append(c(i))
                            except _Raised:
                                got.append(None)
                        want = [None if raises and v == outer(outer.size() - 1) else 2 * v for v in values(outer)]
                        if got != want:
                            failures.append((outer, got, want))
                except BaseException as e:  # noqa: B902 - any escape is the finding
                    failures.append((outer, repr(e)))

            threads = [threading.Thread(target=worker, args=case) for case in cases]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=60)
            self.assertFalse(any(t.is_alive() for t in threads), "a thread is stuck (a lock left held)")
            self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
