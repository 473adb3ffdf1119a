"""The programs users start from (the project's seeds), with
`import layoutc as cute` in place of `cutlass.cute`: CuTe DSL's composition
puzzle gives CuTe's answers, and CuTe DSL's make_layout_tv example its TV
layout."""
import unittest

import layoutc as cute


class CompositionPuzzleTest(unittest.TestCase):
    def test_base_layout_offsets(self):
        base = cute.make_layout((6, 2), stride=(8, 2))
        self.assertEqual([base(c) for c in ((0, 0), (1, 0), (0, 1), (1, 1))], [0, 8, 2, 10])

    def test_coordinate_transformer(self):
        tiler = cute.make_layout((4, 3), stride=(3, 1))
        self.assertEqual([[tiler(i, j) for j in range(3)] for i in range(4)],
                         [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]])

    def test_composition_is_hierarchical(self):
        A = cute.make_layout((6, 2), stride=(8, 2))
        B = cute.make_layout((4, 3), stride=(3, 1))
        R = cute.composition(A, B)
        self.assertEqual(str(R), "((2,2),3):((24,2),8)")
        self.assertEqual(R.shape, ((2, 2), 3))
        # CuTe reads the index 5 colexicographically: A(5) = A((5,0)) = 40
        # (the puzzle's prose reads it row-major and writes 18).
        self.assertEqual((R(1, 2), A(B(1, 2)), A(5)), (40, 40, 40))
        self.assertEqual(R(((1, 0), 2)), A(B(1, 2)))
        self.assertTrue(all(R(i) == A(B(i)) for i in range(cute.size(R))))

    def test_identity_composes_both_ways(self):
        A = cute.make_layout((6, 2), stride=(8, 2))
        identity = cute.make_layout(12, stride=1)
        self.assertEqual(cute.composition(A, identity), cute.coalesce(A))
        self.assertTrue(cute.equal(cute.composition(identity, A), A))


class ComposedLayoutNotebookTest(unittest.TestCase):
    """CuTe DSL's composed-layout notebook, on the host."""

    def test_custom_inner_function(self):
        def inner(c):
            x, y = c
            return x, y + 1

        layout = cute.make_composed_layout(inner, (1, 0), cute.make_identity_layout(shape=(8, 4)))
        self.assertEqual(str(layout), "inner o (1,0) o (8,4):(1@0,1@1)")
        self.assertIs(layout.inner, inner)
        self.assertEqual((layout.offset, str(layout.outer)), ((1, 0), "(8,4):(1@0,1@1)"))
        self.assertIs(cute.composition(layout, cute.make_layout(2)).inner, inner)
        self.assertEqual(layout(0), (1, 1))
        self.assertEqual([layout(i) for i in (7, 8, 31)], [(8, 1), (1, 2), (8, 4)])
        self.assertEqual(cute.size(layout), 32)

    def test_gather_through_an_offset_table(self):
        offset_tensor = [37, 5, 200, 11, 0, 255, 64, 3, 91, 128, 17, 250, 8, 1, 77, 42]

        def inner(c):
            return offset_tensor[c]

        gather_layout = cute.make_composed_layout(inner, 0, cute.make_layout((16,)))
        self.assertEqual(["%d -> %d" % (i, gather_layout(i)) for i in range(cute.size((16,)))],
                         ["%d -> %d" % (i, o) for i, o in enumerate(offset_tensor)])
        self.assertEqual(str(cute.composition(gather_layout, cute.make_layout(4, stride=4))),
                         "inner o 0 o 4:4")

    def test_an_inner_functions_exception_reaches_the_caller(self):
        def inner(c):
            raise KeyError(c)

        layout = cute.make_composed_layout(inner, 0, cute.make_layout(4))
        with self.assertRaises(KeyError) as e:
            layout(2)
        self.assertIsInstance(e.exception.__cause__, cute.LayoutError)
        self.assertIn("inner: the inner function failed at 2", str(e.exception.__cause__))
        self.assertEqual(cute.make_composed_layout(lambda c: c, 0, cute.make_layout(4))(3), 3)

    def test_the_function_lives_as_long_as_a_layout_holds_it(self):
        from layoutc import inner_functions
        before = len(inner_functions._functions)
        layout = cute.make_composed_layout(lambda c: 2 * c, 0, cute.make_layout(8))
        sliced = cute.composition(layout, cute.make_layout(2, stride=3))
        del layout
        self.assertEqual(sliced(1), 6)
        del sliced
        self.assertEqual(len(inner_functions._functions), before)


class LayoutTvTest(unittest.TestCase):
    def test_cute_dsl_example(self):
        thr_layout = cute.make_layout((2, 3), stride=(3, 1))
        val_layout = cute.make_layout((2, 2), stride=(2, 1))
        tiler_mn, layout_tv = cute.make_layout_tv(thr_layout, val_layout)
        self.assertEqual(tiler_mn, (4, 6))
        self.assertEqual(str(layout_tv), "((3,2),(2,2)):((8,2),(4,1))")


if __name__ == "__main__":
    unittest.main()
