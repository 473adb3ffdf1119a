"""pycute's surface on layoutc: its constructors and functions with its
signatures, and the post-conditions its own tests check (R(c) = A(B(c)) for
a composition, disjoint codomains for a complement, the same map for
coalesce, inverses that invert), on layouts of this project's choosing.
Exact values are CuTe's."""
import itertools
import unittest

import layoutc
from layoutc import (ComposedLayout, Integer, Layout, Swizzle, coalesce, complement, composition, cosize, crd2crd,
                     crd2idx, elem_scale, filter, flatten, has_none, idx2crd, inner_product, is_int, is_layout,
                     is_tuple, left_inverse, logical_divide, logical_product, make_layout, prefix_product, product,
                     right_inverse, shape_div, size, slice_, slice_and_offset, tiled_divide, tuple_max,
                     zipped_divide)

LAYOUTS = [Layout(1, 0), Layout(1, 1), Layout(4, 0), Layout(6), Layout(6, 2), Layout((3, 5)), Layout((2, 4), (1, 2)),
           Layout((2, 3), (1, 2)), Layout((2, 4, 8), (8, 1, 64)), Layout(((2, 2), (2, 2)), ((1, 4), (8, 32))),
           Layout((2, (3, 4)), (3, (1, 6))), Layout((4, 6), (1, 6)), Layout((5, 3), (3, 1)), Layout((2, 1, 7), (1, 9, 2))]


class ConstructorsTest(unittest.TestCase):
    def test_layout_as_pycute_builds_it(self):
        self.assertEqual(str(Layout(1, 0)), "1:0")
        self.assertEqual(str(Layout((4, 3))), "(4,3):(1,4)")
        self.assertEqual(str(Layout((4, 3), (3, 1))), "(4,3):(3,1)")
        self.assertEqual(str(Layout((2, 1, 6))), "(2,1,6):(1,0,2)")  # CuTe: a shape-1 mode has stride 0
        L = Layout((6, (2, 3)), (1, (6, 12)))
        self.assertEqual((L.shape, L.stride, len(L)), ((6, (2, 3)), (1, (6, 12)), 2))
        self.assertEqual([str(m) for m in L], ["6:1", "(2,3):(6,12)"])
        self.assertEqual(str(L[-1]), "(2,3):(6,12)")
        self.assertEqual(str(L[0:1]), "(6):(1)")
        self.assertEqual((L.size(), L.cosize(), size(L), cosize(L)), (36, 36, 36, 36))
        self.assertTrue(is_layout(L) and is_layout(ComposedLayout(Swizzle(1, 0, 1), 0, Layout(4))))
        self.assertFalse(is_layout((6, 2)))

    def test_values_are_immutable_and_hashable(self):
        a, b = Layout((4, 3), (3, 1)), Layout("(4,3):(3,1)")
        self.assertEqual(a, b)
        self.assertEqual(len({a, b, Layout(12)}), 2)
        with self.assertRaises(AttributeError):
            a.shape = (2, 6)
        self.assertNotEqual(a, "(4,3):(3,1)")

    def test_make_layout_of_layouts_and_of_a_shape(self):
        self.assertEqual(str(make_layout(Layout(4), Layout((2, 3), (4, 8)))), "(4,(2,3)):(1,(4,8))")
        self.assertEqual(str(make_layout([Layout(2, 1), Layout(3, 2)])), "(2,3):(1,2)")
        self.assertEqual(str(make_layout(m for m in Layout((2, 3)))), "(2,3):(1,2)")
        self.assertEqual(str(make_layout((6, 2), stride=(8, 2))), "(6,2):(8,2)")

    def test_swizzle_and_composed_layout(self):
        s = Swizzle(2, 1, 3)
        self.assertEqual((str(s), s.bits, s.base, s.shift, s.size()), ("S<2,1,3>", 2, 1, 3, 64))
        self.assertEqual([s(x) for x in (0, 8, 16, 24, 40)], [0, 8, 18, 26, 44])  # bits 4,5 into 1,2
        c = ComposedLayout(s, 0, Layout((8, 8), (8, 1)))
        self.assertEqual(str(c), "S<2,1,3> o 0 o (8,8):(8,1)")
        self.assertEqual((c(2, 0), c(0, 1), len(c), str(c.layoutA), str(c.layoutB)), (18, 1, 2, "(8,8):(8,1)",
                                                                                       "S<2,1,3>"))

    def test_integer_typing(self):
        self.assertTrue(isinstance(3, Integer) and issubclass(int, Integer))
        self.assertFalse(isinstance(True, Integer) or isinstance(3.0, Integer) or isinstance("3", Integer))


class IntTupleTest(unittest.TestCase):
    def test_pycute_functions(self):
        self.assertEqual((is_int(3), is_int((3,)), is_tuple((3,)), has_none((1, (None,)))), (True, False, True, True))
        self.assertEqual(flatten(((2, 3), (4,))), (2, 3, 4))
        self.assertEqual(product(((2, 3), 4)), 24)
        self.assertEqual(inner_product(((2, 3), 4), ((2, 1), 2)), 15)
        self.assertEqual(tuple_max((3, (7, 2))), 7)
        self.assertEqual(elem_scale((2, 3), (4, (5, 6))), (8, 90))
        self.assertEqual(shape_div((6, (3, 4)), 36), (1, (1, 2)))
        self.assertEqual(prefix_product(((2, 3), (2, 1, 2), (5, 2, 1))), ((1, 2), (6, 12, 12), (24, 120, 240)))
        self.assertEqual(idx2crd(17, (2, (3, 4))), (1, (2, 2)))
        self.assertEqual(idx2crd(17, (2, 3), (3, 1)), (1, 2))
        self.assertEqual(crd2idx((1, (2, 2)), (2, (3, 4))), 17)
        self.assertEqual(crd2idx((1, 2), (2, 3), (3, 1)), 5)
        self.assertEqual(crd2crd(17, (2, (3, 4))), (1, (2, 2)))
        self.assertEqual(crd2crd((1, 2), 6, (2, 3)), 5)
        self.assertEqual(slice_((None, 1, (None, 0)), (2, 3, (4, 5))), (2, 4))
        L = Layout((6, 2), (8, 2))
        self.assertEqual([str(x) if not isinstance(x, int) else x for x in slice_and_offset((None, 1), L)],
                         ["(6):(8)", 2])

    def test_errors_are_the_builtins(self):
        with self.assertRaises(ValueError):
            shape_div((3, 4), 5)
        with self.assertRaises(TypeError):
            product(2.5)
        with self.assertRaises(TypeError):
            inner_product((1, 2))


class PostConditionsTest(unittest.TestCase):
    def test_composition(self):
        for a, b in itertools.product(LAYOUTS, LAYOUTS):
            try:
                r = composition(a, b)
            except layoutc.LayoutError:
                continue  # refused, with the reason, where CuTe's result would be wrong
            with self.subTest(a=str(a), b=str(b)):
                self.assertTrue(all(r(i) == a(b(i)) for i in range(size(r))))

    def test_complement_is_disjoint(self):
        for a in LAYOUTS:
            try:
                c = complement(a, 2 * cosize(a))
            except layoutc.LayoutError:
                continue  # not injective
            with self.subTest(a=str(a)):
                image = {a(i) for i in range(size(a))}
                self.assertTrue(all(c(j) not in image or c(j) == 0 for j in range(size(c))))

    def test_coalesce_and_filter_keep_the_map(self):
        for a in LAYOUTS:
            with self.subTest(a=str(a)):
                r = coalesce(a)
                self.assertEqual(size(r), size(a))
                self.assertEqual([r(i) for i in range(size(a))], [a(i) for i in range(size(a))])
                f = filter(a)
                self.assertEqual(sorted({a(i) for i in range(size(a))}), sorted({f(i) for i in range(size(f))}))

    def test_inverses(self):
        for a in LAYOUTS:
            with self.subTest(a=str(a)):
                r = right_inverse(a)
                self.assertTrue(all(a(r(i)) == i for i in range(size(r))))
                if len({a(i) for i in range(size(a))}) < size(a):
                    continue  # a left inverse inverts injective layouts only
                left = left_inverse(a)
                self.assertTrue(all(left(a(i)) == i for i in range(size(a))))

    def test_divide_and_product(self):
        self.assertEqual(str(logical_divide(Layout((4, 2, 3), (2, 1, 8)), Layout(4, 2))),
                         "((2,2),(2,3)):((4,1),(2,8))")
        self.assertEqual(str(zipped_divide(Layout((9, (4, 8)), (59, (13, 1))),
                                           (Layout(3, 3), Layout((2, 4), (1, 8))))),
                         "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))")
        self.assertEqual(str(tiled_divide(Layout((6, 2), (8, 2)), (Layout(3), Layout(2)))), "((3,2),2,1):((8,2),24,0)")
        self.assertEqual(str(logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))),
                         "((2,2),(2,3)):((4,1),(2,8))")


if __name__ == "__main__":
    unittest.main()
