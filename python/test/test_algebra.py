"""The algebra half of the Python package: exact values in CuTe notation,
CuTe's names as functions and methods, and layoutc's errors as LayoutError.
Needs no GPU and no torch. The corpus cases' expected values are CuTe's
(test/corpus)."""
import io
import os
import unittest

import layoutc
from layoutc import Layout

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "corpus")


def corpus_cases(name):
    with open(os.path.join(CORPUS, name)) as f:
        for number, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(fields) < 3:
                continue
            if len(fields) > 3 and fields[-1].startswith("#"):
                fields = fields[:-1]
            yield number, fields[0], fields[1:-1], fields[-1]


def call_case(op, args):
    """A corpus case through the Python functions, in CuTe's argument order."""
    if op == "swizzle":
        return layoutc.Swizzle("S<%s>" % args[0])(int(args[1]))
    if op in ("crd2idx", "idx2crd"):
        args = [args[1], args[0]]
    return getattr(layoutc, op)(*args)


class AlgebraTest(unittest.TestCase):
    def test_layout_prints_cute_notation(self):
        a = Layout("(6,2):(8,2)")
        self.assertEqual(str(a), "(6,2):(8,2)")
        self.assertEqual(repr(a), "Layout('(6,2):(8,2)')")
        self.assertEqual(a.shape, (6, 2))
        self.assertEqual(a.stride, (8, 2))
        self.assertEqual(Layout("composition((6,2):(8,2), (4,3):(3,1))"), Layout("((2,2),3):((24,2),8)"))
        self.assertEqual(Layout((6, 2)), Layout("(6,2):(1,6)"))

    def test_functions_in_cute_names(self):
        a, b = Layout("(6,2):(8,2)"), Layout("(4,3):(3,1)")
        r = layoutc.composition(a, b)
        self.assertIsInstance(r, Layout)
        self.assertEqual(str(r), "((2,2),3):((24,2),8)")
        self.assertEqual(r(5), a(b(5)))
        self.assertEqual(r(5), 32)
        self.assertEqual(str(layoutc.complement("4:2", 24)), "(2,3):(1,8)")
        self.assertEqual(str(layoutc.right_inverse(Layout("(4,2):(2,1)"))), "(2,4):(4,1)")
        self.assertEqual(str(layoutc.coalesce(Layout("(2,(1,6)):(1,(6,2))"))), "12:1")
        self.assertEqual(str(layoutc.logical_divide(Layout("(4,2,3):(2,1,8)"), Layout("4:2"))),
                         "((2,2),(2,3)):((4,1),(2,8))")
        self.assertEqual(str(layoutc.logical_divide(a, (Layout("2:1"), Layout("2:1")))),
                         "((2,3),(2,1)):((8,16),(2,0))")
        self.assertEqual(layoutc.size(a), 12)
        self.assertEqual(layoutc.size(a, mode=0), 6)
        self.assertEqual(layoutc.cosize(a), 43)
        self.assertEqual(layoutc.rank(a), 2)
        self.assertEqual(str(layoutc.get(a, mode=1)), "2:2")
        self.assertEqual(layoutc.idx2crd(5, (2, 3)), (1, 2))
        self.assertEqual(layoutc.crd2idx((1, 2), (2, 3)), 5)
        self.assertIs(layoutc.compatible((2, 3), (6,)), False)
        self.assertEqual(layoutc.make_identity_layout((2, 3)).stride, (layoutc.E(0), layoutc.E(1)))
        self.assertEqual(str(layoutc.make_layout((2, 3), "LayoutRight")), "(2,3):(3,1)")

    def test_methods_are_the_functions(self):
        a = Layout("(6,2):(8,2)")
        self.assertEqual(a.size(), 12)
        self.assertEqual(a.composition(Layout("(4,3):(3,1)")), layoutc.composition(a, "(4,3):(3,1)"))
        self.assertEqual(str(a.zipped_divide((Layout("3:1"), Layout("2:1")))), "((3,2),(2,1)):((8,2),(24,0))")
        self.assertEqual(str(a.complement(96)), "(2,2,2):(1,4,48)")

    def test_application_and_slices(self):
        a = Layout("(2,(2,2)):(4,(2,1))")
        self.assertEqual(a(5), 5)
        self.assertEqual(a(1, (0, 1)), 5)
        self.assertEqual(a((1, (1, 1))), 7)
        self.assertEqual(str(Layout("(6,2):(8,2)")((None, 1))), "(6):(8)")
        self.assertEqual(layoutc.Swizzle("S<3,4,3>")(37), layoutc.swizzle("S<3,4,3>", 37))

    def test_other_values(self):
        self.assertEqual(repr(layoutc.evaluate("S<3,4,3>")), "Swizzle('S<3,4,3>')")
        c = layoutc.make_composed_layout("S<3,4,3>", 0, "(64,64):(64,1)")
        self.assertIsInstance(c, layoutc.ComposedLayout)
        self.assertEqual(str(c), "S<3,4,3> o 0 o (64,64):(64,1)")
        self.assertEqual(str(layoutc.composition(c, "8:1")), "S<3,4,3> o 0 o 8:64")
        self.assertEqual(str(layoutc.Tiler("<2:1,4:1>")), "<2:1,4:1>")
        self.assertEqual(layoutc.evaluate("size((?,4):(1,?))"), layoutc.Dynamic(div=4))
        self.assertEqual(layoutc.evaluate("(2,(3,4))"), (2, (3, 4)))

    def test_errors_carry_layoutc_explanation(self):
        with self.assertRaises(layoutc.LayoutError) as e:
            layoutc.composition("(6,2):(1,7)", "(3,2):(2,3)")
        self.assertIn("composition: A o B is not a layout CuTe can form for A = (6,2):(1,7) and B = (3,2):(2,3)",
                      str(e.exception))
        self.assertEqual(e.exception.status, "LAYOUTC_ERROR_ALGEBRA")
        with self.assertRaises(layoutc.LayoutError) as e:
            Layout("(6,2):(8,2")
        self.assertIn("parse: expected ')' to close the tuple opened at column 7 at column 11", str(e.exception))
        with self.assertRaises(TypeError) as e:
            Layout("(6,2)")
        self.assertEqual(str(e.exception), "Layout: '(6,2)' is the value (6,2), not a layout")
        self.assertIsInstance(e.exception, layoutc.LayoutTypeError)
        with self.assertRaises(IndexError) as e:
            layoutc.size(Layout("4:1"), mode=3)
        self.assertEqual(str(e.exception), "size: get: mode 3 is out of range for layout 4:1 of rank 1")
        self.assertIsInstance(e.exception, layoutc.LayoutIndexError)
        with self.assertRaises(TypeError) as e:
            layoutc.composition(Layout("4:1"), 2.5)
        self.assertEqual(str(e.exception), "2.5 (float) is not an argument of the algebra: give a Layout, an int, "
                                           "a tuple or a str")
        with self.assertRaises(TypeError) as e:
            layoutc.call("composition", Layout("4:1"))
        self.assertEqual(str(e.exception), "composition: takes 2 arguments, got 1")
        with self.assertRaises(IndexError):
            Layout("(6,2):(8,2)")[2]
        with self.assertRaises(ValueError):  # LayoutError is a ValueError
            layoutc.logical_divide("(6,2):(8,2)", "5:1")

    def test_corpus_through_python(self):
        checked = 0
        for name in ("algebra_public.tsv", "cute_unit_cases.tsv"):
            for number, op, args, expected in corpus_cases(name):
                with self.subTest(file=name, line=number):
                    if expected == "error":
                        with self.assertRaises(layoutc.Error):
                            call_case(op, args)
                    else:
                        self.assertEqual(layoutc.notation(call_case(op, args)).replace(" ", ""),
                                         expected.replace(" ", ""))
                checked += 1
        self.assertGreater(checked, 4000)

    def test_corpus_errors_through_python(self):
        checked = 0
        for number, op, args, _ in corpus_cases("algebra_errors_public.tsv"):
            with self.subTest(line=number):
                with self.assertRaises(layoutc.Error):
                    call_case(op, args)
            checked += 1
        self.assertGreater(checked, 100)

    def test_version(self):
        self.assertRegex(layoutc.version(), r"^\d+\.\d+\.\d+$")
        self.assertEqual(layoutc.__version__, layoutc.version())


class CuteDslLayoutQueriesTest(unittest.TestCase):
    def test_make_layout_like(self):
        # CuTe C++'s own examples (layout.hpp): the order of the strides, stride-0 modes kept
        self.assertEqual(layoutc.make_layout_like(layoutc.Layout((2, 2, 2, 2), (0, 2, 4, 1))),
                         layoutc.Layout((2, 2, 2, 2), (0, 2, 4, 1)))
        self.assertEqual(layoutc.make_layout_like(layoutc.Layout((2, 3, 4, 5), (0, 42, 1, 0))),
                         layoutc.Layout((2, 3, 4, 5), (0, 4, 1, 0)))
        self.assertEqual(layoutc.make_layout_like(layoutc.Layout((4, 8), (100, 1))), layoutc.Layout((4, 8), (8, 1)))
        with self.assertRaises(TypeError):
            layoutc.make_layout_like(layoutc.Layout("(4,?):(?,1)"))

    def test_is_major_and_leading_dim(self):
        self.assertEqual([layoutc.is_major(m, (1, 8)) for m in (0, 1)], [True, False])
        self.assertTrue(layoutc.is_major([1, 0], (4, (1, 2))))
        with self.assertRaises(IndexError):
            layoutc.is_major(2, (1, 8))
        self.assertEqual(layoutc.leading_dim((4, 8), (8, 1)), 1)
        self.assertEqual(layoutc.leading_dim((4, (1, 8)), (8, (1, 1))), (1, 1))  # shape-1 modes do not lead
        self.assertIsNone(layoutc.leading_dim((4, 4), (4, 16)))


class PicturesTest(unittest.TestCase):
    def printed(self, f, x):
        out = io.StringIO()
        f(x, file=out)
        return out.getvalue()

    def test_print_layout_is_cutes_table(self):
        self.assertEqual(self.printed(layoutc.print_layout, Layout("(2,(2,2)):(4,(2,1))")),
                         "(2,(2,2)):(4,(2,1))\n"
                         "      0   1   2   3 \n"
                         "    +---+---+---+---+\n"
                         " 0  | 0 | 2 | 1 | 3 |\n"
                         "    +---+---+---+---+\n"
                         " 1  | 4 | 6 | 5 | 7 |\n"
                         "    +---+---+---+---+\n")
        self.assertEqual(self.printed(layoutc.print1d, "(4,2):(2,1)"),
                         "(4,2):(2,1)\n  0    2    4    6    1    3    5    7\n")

    def test_notebooks_draw_layouts_as_svg(self):
        picture = Layout("(2,2):(1,2)")._repr_svg_()
        self.assertTrue(picture.startswith("<?xml") and picture.rstrip().endswith("</svg>"))
        self.assertEqual(picture, layoutc.svg("(2,2):(1,2)"))
        composed = layoutc.make_composed_layout("S<1,0,1>", 0, "(2,2):(2,1)")
        self.assertIn("</svg>", composed._repr_svg_())

    def test_tv_layouts_bank_maps_and_show(self):
        picture = layoutc.TVLayout(Layout("(4,2):(2,1)"), (2, 4))._repr_svg_()
        self.assertIn("<title>TV (4,2):(2,1) on the tile (2,4)</title>", picture)
        self.assertEqual(picture.count('class="cell"'), 8)
        self.assertIn('central">T3</text>', picture)
        banks = layoutc.BankMap("(32,32):(32,1)", "(32,32):(1,32)", "f32")
        self.assertEqual(banks.conflicts, (32, 4))  # each thread's 4 values as one 16-byte access
        self.assertIn("</svg>", banks._repr_svg_())
        out = io.StringIO()
        self.assertIsNone(layoutc.show(Layout("(2,2):(1,2)"), out))
        self.assertEqual(out.getvalue(), layoutc.show(Layout("(2,2):(1,2)")))
        self.assertEqual(layoutc.infer([0, 2, 4, 1, 3, 5]), Layout("(3,2):(2,1)"))
        with self.assertRaisesRegex(layoutc.LayoutError, "infer"):
            layoutc.infer([0, 1, 1])

    def test_pictures_refuse_other_values(self):
        with self.assertRaisesRegex(layoutc.LayoutError, "print_layout: expected a layout or a composed "
                                                         "layout, got the swizzle S<1,2,3>"):
            layoutc.print_layout("S<1,2,3>")


if __name__ == "__main__":
    unittest.main()
