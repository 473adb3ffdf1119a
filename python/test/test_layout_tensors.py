"""make_tensor over any layout, and the tracing of Python inner functions
into kernels, without a GPU: host reads through composed layouts, the exact
steps a function traces to, the functions that cannot be traced (each with
its reason), and the kernels they compile to (PTX, no launch). The GPU half,
every element copied and checked, is test_layout_tensors_gpu.py."""
import sys
import unittest

import layoutc as cute
from layoutc.copy_sides import traced_side
from layoutc.kernels import Jit
from layoutc.tracing import ADD, CONSTANT, FLOOR_DIV, INPUT, LOAD, MOD, MUL, SUB, Program, trace


class HostReadsTest(unittest.TestCase):
    def test_gather_through_an_index_tensor(self):
        # CuTe DSL's notebook: inner(c) = offsets[c] over make_layout(shape).
        data = list(range(100, 164))
        offsets = cute.make_tensor([7, 3, 60, 0, 12, 12], cute.make_layout((2, 3), stride=(3, 1)))
        gather = cute.make_tensor(data, cute.make_composed_layout(lambda c: offsets[c], 0, cute.make_layout((2, 3))))
        # index i is coordinate (i % 2, i // 2) of (2,3); offsets' layout (2,3):(3,1) reads offset 3 (i % 2) + i // 2
        self.assertEqual([gather[i] for i in range(6)], [107, 100, 103, 112, 160, 112])

    def test_a_coordinate_result_indexes_the_data(self):
        # inner(x, y) = (x, y + 1) over the identity layout of (8, 4), offset (1, 0), on 9 x 5 row-major data.
        def inner(c):
            x, y = c
            return x, y + 1
        data = list(range(45))
        t = cute.make_tensor(data, cute.make_composed_layout(inner, (1, 0), cute.make_identity_layout((8, 4))))
        t.data_shape, t.data_strides = (9, 5), (5, 1)
        self.assertEqual(t[0], 1 * 5 + 1)
        self.assertEqual(t[(7, 3)], 8 * 5 + 4)

    def test_plain_layouts(self):
        t = cute.make_tensor(list(range(12)), cute.make_layout((3, 4), stride=(4, 1)))
        self.assertEqual([t[i] for i in range(12)], [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11])
        self.assertEqual(cute.from_dlpack([1, 2, 3]).layout, cute.Layout((3,), (1,)))  # rank 1, as CuTe DSL's


class InnerFunctionIdentityTest(unittest.TestCase):
    """Issue 51: composed layouts are equal, and hash equal, by the identity
    of their inner functions, not by the functions' names."""

    def test_one_function_is_one_layout(self):
        f = lambda c: c * 3  # noqa: E731
        a, b = cute.make_composed_layout(f, 0, cute.make_layout(8)), cute.make_composed_layout(f, 0, cute.make_layout(8))
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertIs(a.inner, f)
        # Values derived from one function keep its identity.
        self.assertEqual(cute.composition(a, cute.make_layout(4)), cute.composition(b, cute.make_layout(4)))

    def test_functions_of_one_name_are_not_one(self):
        a = cute.make_composed_layout(lambda c: c * 2, 0, cute.make_layout(8))
        b = cute.make_composed_layout(lambda c: c * 3, 0, cute.make_layout(8))
        self.assertEqual(str(a), str(b))  # both print as <lambda> o 0 o 8:1
        self.assertNotEqual(a, b)
        self.assertEqual(len({a, b}), 2)
        self.assertEqual((a(3), b(3)), (6, 9))


class InnerFunctionFailureTest(unittest.TestCase):
    """Issue 51: an inner function's exception is its call's, raised once."""

    def test_an_exception_is_raised_by_its_call_and_by_no_later_one(self):
        calls = []

        def flaky(i):
            calls.append(i)
            if len(calls) == 1:
                raise ValueError("the first call fails")
            return i

        layout = cute.make_composed_layout(flaky, 0, cute.make_layout(8))
        with self.assertRaisesRegex(ValueError, "the first call fails"):
            layout(1)
        self.assertEqual(calls, [1])  # not tried again on another path
        with self.assertRaises(cute.LayoutError):  # an unrelated failure is its own
            cute.Layout("(2,3):(1)")
        self.assertEqual(layout(2), 2)

    def test_a_recursive_inner_function_raises_recursion_error_once(self):
        calls = [0]

        def recurse(i):
            calls[0] += 1
            return layout(i)

        layout = cute.make_composed_layout(recurse, 0, cute.make_layout(8))
        with self.assertRaises(RecursionError):
            layout(1)
        # One call a level (each failure was tried again: 2^depth calls).
        self.assertLess(calls[0], sys.getrecursionlimit())


class HostOffsetsTest(unittest.TestCase):
    def test_offsets_outside_the_data_are_refused(self):
        # Issue 51: a negative offset read from the end of a Python sequence.
        t = cute.make_tensor([1, 2, 3, 4], cute.make_composed_layout(lambda i: i - 2, 0, cute.make_layout(4)))
        self.assertEqual(t[3], 2)
        with self.assertRaises(IndexError) as e:
            t[0]
        self.assertEqual(str(e.exception), "the layout reaches element -2 of the list, which holds 4 (offsets from 0 "
                         "to 3)")
        with self.assertRaises(IndexError):
            cute.make_tensor([1, 2, 3, 4], cute.make_layout(8))[5]

    def test_a_traced_value_kept_past_its_trace(self):
        kept = []

        def keep(c):
            kept.append(c)
            return c

        data = list(range(8))
        side = traced_side(cute.make_tensor(data, cute.make_composed_layout(keep, 0, cute.make_layout(8))), [])
        self.assertEqual(side.steps, [(INPUT, 0, 0)])
        stale = kept[-1]
        for use in (lambda: stale + 1, lambda: cute.make_tensor(data)[stale]):
            with self.assertRaises(cute.TraceError) as e:
                use()
            self.assertEqual(str(e.exception), "a traced value is used after its trace ended (kept by the inner "
                             "function): it stands for a value only the kernel has")


class PartitionTest(unittest.TestCase):
    def test_local_tile(self):
        # CuTe C++'s local_tile: the tile at the grid coordinate, from the tile's offset
        L = cute.make_layout((16, 24))
        self.assertEqual(cute.local_tile(L, (2, 4), (1, 1)), cute.Layout((2, 4), (1, 16)))
        t = cute.local_tile(cute.make_tensor(list(range(384)), L), (2, 4), (1, 1))
        self.assertEqual(t.base, 2 + 4 * 16)
        self.assertEqual([t[i] for i in range(8)], [66, 67, 82, 83, 98, 99, 114, 115])
        # a projection keeps the tiler's and coordinate's modes where it has an integer
        self.assertEqual(cute.local_tile(cute.make_layout((16, 24, 4)), (2, 4, 8), (1, 1, 3), proj=(1, 1, None)),
                         cute.Layout((2, 4, 4), (1, 16, 384)))

    def test_local_partition(self):
        # thread 3 of (2,4):(1,2) is at (1,1): every element at 9 + 2 i + 32 j of an 8 x 8 column-major layout
        self.assertEqual(cute.local_partition(cute.make_layout((8, 8)), cute.make_layout((2, 4)), 3),
                         cute.Layout((4, 2), (2, 32)))
        t = cute.local_partition(cute.make_tensor(list(range(64)), cute.make_layout((8, 8))), (2, 4), 3)
        self.assertEqual([t[i] for i in range(8)], [9, 11, 13, 15, 41, 43, 45, 47])
        # a row-major thread layout: thread 3 of (2,4):(4,1) is at (0,3), from element 3 * 8
        t = cute.local_partition(cute.make_tensor(list(range(64)), cute.make_layout((8, 8))),
                                 cute.make_layout((2, 4), stride=(4, 1)), 3)
        self.assertEqual([t[i] for i in range(8)], [24, 26, 28, 30, 56, 58, 60, 62])


class TracingTest(unittest.TestCase):
    def test_arithmetic_steps(self):
        p = Program()
        r = trace(lambda c: (c * 3 - 1) // 2 + c % 5, p, 1)
        self.assertEqual(p.steps, [(INPUT, 0, 0), (CONSTANT, 3, 0), (MUL, 0, 1), (CONSTANT, 1, 0), (SUB, 2, 3),
                                   (CONSTANT, 2, 0), (FLOOR_DIV, 4, 5), (CONSTANT, 5, 0), (MOD, 0, 7),
                                   (ADD, 6, 8)])
        self.assertEqual(r, 9)

    def test_reflected_and_negated(self):
        p = Program()
        r = trace(lambda c: 10 - c + (-c), p, 1)
        self.assertEqual(p.steps, [(INPUT, 0, 0), (CONSTANT, 10, 0), (SUB, 1, 0), (CONSTANT, 0, 0), (SUB, 3, 0),
                                   (ADD, 2, 4)])
        self.assertEqual(r, 5)

    def test_an_index_tensor_read(self):
        offsets = cute.make_tensor([0] * 6, cute.make_layout((2, 3), stride=(3, 1)))
        p = Program()
        r = trace(lambda i: offsets[i], p, 1)
        # crd2idx(i, (2,3), (3,1)) = (i % 2) * 3 + (i // 2) * 1, then the load
        self.assertEqual(p.steps, [(INPUT, 0, 0), (CONSTANT, 2, 0), (MOD, 0, 1), (CONSTANT, 3, 0), (MUL, 2, 3),
                                   (FLOOR_DIV, 0, 1), (CONSTANT, 1, 0), (MUL, 5, 6), (ADD, 4, 7), (LOAD, 0, 8)])
        self.assertEqual((r, p.buffers), (9, [offsets.data]))

    def test_what_cannot_be_traced(self):
        cases = [(lambda c: c if c > 2 else 0, "compares a traced value (>)"),
                 (lambda c: c if c else 0, "tests a traced value (bool(): an if or a while)"),
                 (lambda c: c / 2, "divides a traced value (/: use //)"),
                 (lambda c: c * 1.5, "computes with 1.5 (float)"),
                 (lambda c: int(c), "converts a traced value (int())"),
                 (lambda c: c // 0, "divides by 0"),
                 (lambda c: c + (1 << 64), "does not fit in int64"),
                 (lambda c: [0, 1][c], "converts a traced value (__index__: int() or a subscript)")]
        for fn, why in cases:
            with self.subTest(why=why), self.assertRaises(cute.TraceError) as e:
                trace(fn, Program(), 1)
            self.assertIn(why, str(e.exception))
            self.assertIsInstance(e.exception, TypeError)


    def test_divisors_that_may_be_0_and_ranges_past_int64(self):
        # Issue 51: a traced division by a value that can be 0 launched, and
        # int64 arithmetic that wraps gave the kernel another answer than
        # the host's. Ranges come from the domain: offset + outer(k) for k
        # of the layout, here [0, 63].
        offsets = cute.make_tensor([1] * 64, cute.make_layout(64))
        cases = [(lambda c: 100 // (c - 3), "divides by a value that may be 0 (it ranges over [-3, 60])"),
                 (lambda c: c % c, "divides by a value that may be 0 (it ranges over [0, 63])"),
                 (lambda c: c // offsets[c], "divides by a value that may be 0 (it depends on an index tensor's "
                                             "values)"),
                 (lambda c: c * (1 << 58), "product ranges over [0, 18158513697557839872] on the layout's domain, "
                                           "past int64: the kernel's int64 arithmetic would wrap"),
                 (lambda c: -(1 << 62) - (c + 1) * (1 << 60), "past int64")]
        for fn, why in cases:
            with self.subTest(why=why), self.assertRaises(cute.TraceError) as e:
                trace(fn, Program(input_ranges=[(0, 63)]), 1)
            self.assertIn(why, str(e.exception))
        # Within the range: divisors that cannot be 0, products that fit.
        p = Program(input_ranges=[(0, 63)])
        trace(lambda c: (c * (1 << 56)) // (c + 1) + c % 7 - offsets[c] * 3, p, 1)
        self.assertEqual(p.ranges[-1], None)  # it reads an index tensor
        self.assertEqual(p.ranges[:3], [(0, 63), (1 << 56, 1 << 56), (0, 63 << 56)])


class CompileTest(unittest.TestCase):
    def test_a_gather_compiles_to_one_kernel(self):
        offsets = cute.make_tensor([0] * 128, cute.make_layout(128))
        buffers = []
        src = traced_side(cute.make_tensor([0.0] * 256, cute.make_composed_layout(
            lambda c: offsets[c] * 2, 0, cute.make_layout((16, 8), stride=(8, 1)))), buffers)
        dst = traced_side(cute.make_tensor([0.0] * 128, cute.make_layout((16, 8), stride=(1, 16))), buffers)
        self.assertEqual(buffers, [offsets.data])
        kernel = Jit(disk_cache=False).tensor_copy_kernel(src, dst, "f32", None, ["i32"])
        self.assertIn(".visible .entry copy(", kernel.ptx)
        self.assertIn("ld.global.s32", kernel.ptx)  # the index tensor's read, in the kernel

    def test_the_compiler_names_a_bad_program(self):
        side = traced_side(cute.make_tensor([0.0] * 8, cute.make_layout(8)), [])
        other = traced_side(cute.make_tensor([0.0] * 9, cute.make_layout(9)), [])
        with self.assertRaises(cute.CompileError) as e:
            Jit(disk_cache=False).tensor_copy_kernel(side, other, "f32", None, [])
        self.assertIn("8", str(e.exception))


if __name__ == "__main__":
    unittest.main()
