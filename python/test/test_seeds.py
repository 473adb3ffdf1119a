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


class LayoutTvTest(unittest.TestCase):
    def test_cute_dsl_example(self):
        thr_layout = cute.make_layout((2, 3), stride=(3, 1))
        val_layout = cute.make_layout((2, 2), stride=(2, 1))
        tiler_mn, layout_tv = cute.make_layout_tv(thr_layout, val_layout)
        self.assertEqual(tiler_mn, (4, 6))
        self.assertEqual(str(layout_tv), "((3,2),(2,2)):((8,2),(4,1))")


if __name__ == "__main__":
    unittest.main()
