"""Survival: one Python process sends every class of hostile input from issue
32 through layoutc's Python surface (and the commands, by subprocess, where a
class is theirs alone), gets an exception of the right type for each, and
still computes a correct composition afterwards.

Where a regression would crash or hang this process (a picture of an empty
layout, a huge expression), a child process tries the case first, so that a
regression fails that case alone instead of ending the suite.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import layoutc
from layoutc import ArgumentError, CompileError, Layout, LayoutError, LayoutIndexError

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("LAYOUTC_BUILD_DIR", os.path.join(HERE, "..", "..", "build"))


def tool(name):
    """A command of the build (tools/NAME/NAME), else the one on PATH; None without either."""
    built = os.path.join(BUILD, "tools", name, name)
    return built if os.path.isfile(built) else shutil.which(name)


def survives_in_a_child(code, timeout=60):
    """Whether `code` (after `import layoutc; from layoutc import Layout`)
    ends normally or by an exception in a fresh process: not killed by a
    signal, not hung."""
    script = "import layoutc\nfrom layoutc import Layout\ntry:\n    %s\nexcept Exception:\n    pass\n" % code
    try:
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False
    return run.returncode == 0


class Ints:
    """An object with a malformed __cuda_array_interface__."""

    def __init__(self, interface):
        self.__cuda_array_interface__ = interface


GOOD = {"shape": (4,), "typestr": "<f4", "data": (4096, False), "version": 3}


class SurvivalTest(unittest.TestCase):
    def run_command(self, args, timeout=30, stdin=None):
        """A command's (exit code, stderr); a hang fails the case."""
        command = tool(args[0])
        if command is None:
            self.skipTest("%s is not built" % args[0])
        try:
            run = subprocess.run([command] + args[1:], capture_output=True, text=True, timeout=timeout, stdin=stdin)
        except subprocess.TimeoutExpired:
            self.fail("%s did not end within %d s" % (" ".join(args), timeout))
        self.assertGreater(run.returncode, 0, "%s: %s" % (" ".join(args), run.stderr))  # not a signal
        self.assertLess(run.returncode, 128, run.stderr)
        return run.returncode, run.stderr

    # --- pictures of empty layouts ------------------------------------------

    def test_pictures_of_the_empty_layout(self):
        self.assertTrue(survives_in_a_child("layoutc.print_layout(Layout('():()'))"), "print_layout crashed")
        for draw in (layoutc.print_layout, layoutc.svg):
            with self.assertRaises(LayoutError):
                draw(Layout("():()"))

    def test_pictures_of_a_composed_layout_over_the_empty_layout(self):
        self.assertTrue(survives_in_a_child("layoutc.svg(layoutc.evaluate('S<1,0,1> o 0 o ():()'))"), "svg crashed")
        composed = layoutc.evaluate("S<1,0,1> o 0 o ():()")
        for draw in (layoutc.print_layout, layoutc.svg):
            with self.assertRaises(LayoutError):
                draw(composed)

    def test_tv_picture_of_an_empty_tile(self):
        self.assertTrue(survives_in_a_child("layoutc.TVLayout(Layout('(4,2):(2,1)'), ()).svg()"), "svg crashed")
        with self.assertRaises(LayoutError):
            layoutc.TVLayout(Layout("(4,2):(2,1)"), ()).svg()

    # --- kernels -------------------------------------------------------------

    def test_kernel_with_a_known_block_size_of_zero_or_minus_one(self):
        jit = layoutc.Jit(disk_cache=False)
        for size in (0, -1):
            module = ("gpu.module @m { gpu.func @k() kernel attributes {known_block_size = array<i32: %d, 1, 1>} "
                      "{ gpu.return } }" % size)
            with self.assertRaises(CompileError) as e:
                jit.compile(module, "k")
            self.assertEqual(str(e.exception), "<input>: gpu.func @k: known_block_size (%d, 1, 1) must have every "
                             "dimension at least 1 and at most 1024 in all" % size)

    def test_a_composed_layout_dropped_while_an_exception_propagates(self):
        # Issue 51: its release ran Python with the exception set (SystemError,
        # then a crash); the exception is the caller's, and later layouts are
        # made (no lock left held).
        case = "(layoutc.make_composed_layout(lambda c: c, 0, layoutc.make_layout(8)), 1 / 0)"
        self.assertTrue(survives_in_a_child(case), "dropping the layout crashed")
        with self.assertRaises(ZeroDivisionError):
            (layoutc.make_composed_layout(lambda c: c, 0, layoutc.make_layout(8)), 1 / 0)
        later = layoutc.make_composed_layout(lambda c: c + 1, 0, layoutc.make_layout(8))
        self.assertEqual(later(2), 3)

    def test_deeply_nested_mlir(self):
        # Issue 51: 20,000 nested brackets overflowed MLIR parser's stack in
        # the caller's process; refused before parsing, the process alive.
        module = "module attributes {x = " + "[" * 20000 + "]" * 20000 + "} {}"
        self.assertTrue(survives_in_a_child("layoutc.Jit(disk_cache=False).compile(%r, 'k')" % module),
                        "compile crashed")
        with self.assertRaises(CompileError) as e:
            layoutc.Jit(disk_cache=False).compile(module, "k")
        self.assertEqual(str(e.exception), "<input>: nesting deeper than 128 levels at line 1 column 151 (brackets, "
                         "regions, types, affine operators): refused before parsing, as MLIR's parser recurses per level")

    def test_copy_of_unsupported_element_types_from_python(self):
        jit = layoutc.Jit(disk_cache=False)
        with self.assertRaises(ArgumentError) as e:
            jit.copy_kernel("8:1", "8:1", "f128")
        self.assertIn("dtype 'f128' is not a dtype", str(e.exception))
        # Every dtype torch copies is data.
        self.assertEqual(jit.copy_kernel("8:1", "8:1", "i64", to="f8e5m2").name, "copy")

    def test_copy_of_unsupported_element_types_in_mlir(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "copy.mlir")
            tensor = '!lay.tensor<i1, !lay.layout<"64:1">>'
            with open(path, "w") as f:
                f.write("func.func @f(%%s: %s, %%d: %s) {\n  lay.copy %%s, %%d : %s, %s\n  return\n}\n"
                        % (tensor, tensor, tensor, tensor))
            _, stderr = self.run_command(["layoutc-opt", path, "--lay-copy-kernels"])
        self.assertIn("i1", stderr)

    def test_copy_sizes_past_int64(self):
        jit = layoutc.Jit(disk_cache=False)
        with self.assertRaises(CompileError) as e:
            jit.copy_kernel("(4294967296,4294967296):(1,4294967296)", "(4294967296,4294967296):(1,4294967296)", "f32")
        self.assertIn("has a size or offsets past int64", str(e.exception))
        kernel = jit.copy_kernel("(?,?):(1,?)", "(?,?):(1,?)", "f32")
        with self.assertRaises(ArgumentError):  # launch values the layouts cannot take
            kernel.copy_extents([2 ** 40] * 6)
        with self.assertRaises(OverflowError) as o:
            kernel.copy_extents([2 ** 64] * 6)
        self.assertIn("copy_extents: dynamic[0] 18446744073709551616 is out of range for int64_t", str(o.exception))
        with self.assertRaises(OverflowError):
            kernel.launch([("buffer", 4096, 2 ** 63)], grid=1)
        with self.assertRaises(OverflowError):
            layoutc.copy(Ints(dict(GOOD, shape=(2 ** 62, 4))), Ints(GOOD))

    # --- modes past int32 ----------------------------------------------------

    def test_modes_past_int32(self):
        a = Layout("(2,3):(1,2)")
        for f in (lambda: layoutc.get(a, 4294967296), lambda: layoutc.select(a, [4294967296]),
                  lambda: layoutc.take(a, 0, 4294967296), lambda: layoutc.group_modes(a, 0, 4294967296)):
            with self.assertRaises(LayoutIndexError) as e:
                f()
            self.assertIn("4294967296", str(e.exception))
        with self.assertRaises(LayoutError) as e:
            layoutc.append(a, Layout(1), up_to_rank=4294967296)
        self.assertIn("4294967296", str(e.exception))

    def test_modes_past_int64(self):
        with self.assertRaises(OverflowError) as e:
            layoutc.get(Layout("(2,3):(1,2)"), 2 ** 64)
        self.assertIn("a mode 18446744073709551616 is out of range for int64_t", str(e.exception))

    # --- copy plans ------------------------------------------------------------

    def test_copy_plan_tv_layouts_outside_the_tile_or_with_stride_zero_or_negative(self):
        tensor = '!lay.tensor<f32, !lay.layout<"64:1">>'
        for tv in ("(32,2):(1,64)", "(32,2):(0,1)", "(32,2):(1,-32)"):
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "plan.mlir")
                with open(path, "w") as f:
                    f.write("func.func @f(%%s: %s, %%d: %s, %%t: index) {\n  lay.tiled_copy %%s, %%d thread %%t : %s, "
                            "%s plan #lay.copy_plan<tv = !lay.layout<\"%s\">>\n  return\n}\n"
                            % (tensor, tensor, tensor, tensor, tv))
                _, stderr = self.run_command(["layoutc-opt", path])
            self.assertIn("tv", stderr)

    # --- scales ----------------------------------------------------------------

    def test_scales_nan_infinite_or_past_f32(self):
        jit = layoutc.Jit(disk_cache=False)
        for scale, why in ((float("nan"), "nan is not a finite number"), (float("inf"), "inf is not a finite number"),
                           (-float("inf"), "-inf is not a finite number"),
                           (1e39, "1e+39 is past f32's range (largest 3.40282e+38)")):
            with self.assertRaises(ArgumentError) as e:
                jit.copy_kernel("8:1", "8:1", "f32", scale=scale)
            self.assertIn("layoutc_compile: copy: the scale " + why, str(e.exception))
        self.assertEqual(jit.copy_kernel("8:1", "8:1", "f64", scale=1e39).name, "copy")  # f64 multiplies in f64
        code, stderr = self.run_command(["layoutc", "copy", "--src", "8:1", "--dst", "8:1", "--scale", "1e39"])
        self.assertIn("copy: the scale 1e+39 is past f32's range", stderr)
        for scale in ("nan", "inf"):
            code, stderr = self.run_command(["layoutc", "copy", "--src", "8:1", "--dst", "8:1", "--scale", scale])
            self.assertIn("needs a finite number, not '%s'" % scale, stderr)

    # --- endless and huge inputs -------------------------------------------------

    def test_endless_inputs_to_the_commands(self):
        _, stderr = self.run_command(["layoutc", "eval", "--tsv", "/dev/zero"], timeout=10)
        self.assertIn("/dev/zero", stderr)
        _, stderr = self.run_command(["layoutc", "compile", "/dev/zero"], timeout=10)
        self.assertIn("/dev/zero", stderr)

    def test_a_50_mb_nested_expression(self):
        with self.assertRaises(LayoutError) as e:
            Layout("(" * 25_000_000 + ")" * 25_000_000)
        self.assertIn("parse: the text is 50000000 bytes, past the limit of 1 MiB layoutc parses", str(e.exception))
        # Below the size limit, nesting has its own.
        with self.assertRaises(LayoutError) as e:
            Layout("(" * 300 + "1" + ")" * 300)
        self.assertIn("parse: nesting deeper than 200 levels at column 201", str(e.exception))

    def test_a_50_mb_flat_expression(self):
        flat = "'(' + '1,' * 25_000_000 + '1)'"
        self.assertTrue(survives_in_a_child("layoutc.evaluate(%s)" % flat, timeout=20), "not refused within 20 s")
        with self.assertRaises(LayoutError):
            layoutc.evaluate(eval(flat))

    # --- the algebra's refusals ----------------------------------------------------

    def test_complement_of_an_injective_layout_that_has_none(self):
        # Injective, but its modes interleave: the reason is that, not "not injective".
        with self.assertRaises(LayoutError) as e:
            layoutc.complement(Layout("(2,2):(3,2)"))
        self.assertIn("complement: layout (2,2):(3,2) has no complement", str(e.exception))
        self.assertIn("(its modes interleave)", str(e.exception))
        self.assertNotIn("injective", str(e.exception))

    def test_int64_overflow_in_infer(self):
        # Offsets that fit in int64 and fit no layout: refused for that, not
        # for an overflow.
        with self.assertRaises(LayoutError) as e:
            layoutc.infer([0, 2 ** 62, 2 ** 63 - 1])
        self.assertIn("infer: no layout of size 3: f(1*j) = 4611686018427387904*j holds for j < 2", str(e.exception))
        self.assertNotIn("overflow", str(e.exception))
        with self.assertRaises(OverflowError) as o:
            layoutc.infer([0, 2 ** 63])
        self.assertIn("infer: offsets[1] 9223372036854775808 is out of range for int64_t", str(o.exception))

    def test_control_bytes_in_messages_are_escaped(self):
        with self.assertRaises(LayoutError) as e:
            Layout("(2,\x1b[31m):(1)")
        self.assertNotIn("\x1b", str(e.exception))
        self.assertIn("\\x1b", str(e.exception))

    def test_bytes_that_are_not_utf8_in_messages(self):
        with self.assertRaises(LayoutError) as e:
            layoutc.evaluate(b"(2,\xff)")
        self.assertIn("\\xff", str(e.exception))

    # --- the Python boundary ---------------------------------------------------------

    def test_malformed_cuda_array_interface(self):
        cases = [
            ([1], TypeError, "src: __cuda_array_interface__ is a list; it must be a dict"),
            ({"typestr": "<f4", "data": (4096, False)}, TypeError,
             "src: __cuda_array_interface__ has no 'shape' key; 'shape' must be a tuple of ints"),
            (dict(GOOD, shape="4"), TypeError,
             "src: __cuda_array_interface__ has '4' (str) under 'shape'; 'shape' must be a tuple of ints"),
            (dict(GOOD, typestr=4), TypeError,
             "src: __cuda_array_interface__ has 4 (int) under 'typestr'; 'typestr' must be a str such as '<f4'"),
            (dict(GOOD, typestr="%d"), ArgumentError, "src: typestr '%d' is not a dtype"),
            (dict(GOOD, data=("0x1000", False)), TypeError,
             "src: __cuda_array_interface__ has ('0x1000', False) (tuple) under 'data'; 'data' must be a tuple "
             "(address: int, readonly: bool)"),
            (dict(GOOD, data=(4096,)), TypeError, "under 'data'; 'data' must be a tuple (address: int, readonly: bool)"),
            (dict(GOOD, strides=(4, 4)), ArgumentError,
             "src: __cuda_array_interface__ has shape (4,) and strides (4, 4) of another length"),
            (dict(GOOD, strides="4"), TypeError, "under 'strides'; 'strides' must be None or a tuple of ints"),
            (dict(GOOD, data=(2 ** 64, False)), OverflowError, "src: the address 18446744073709551616 is out of range"),
        ]
        for interface, error, message in cases:
            with self.assertRaises(error, msg=repr(interface)) as e:
                layoutc.copy(Ints(interface), Ints(GOOD))
            self.assertIn(message, str(e.exception))

    def test_text_with_a_nul_byte(self):
        with self.assertRaises(ArgumentError) as e:
            Layout("4:1\x00junk")
        self.assertEqual(str(e.exception), "layoutc_eval: expression '4:1\\x00junk' holds a NUL byte at index 3; "
                         "C text ends at a NUL, so it would be read as '4:1'")
        for f in (lambda: layoutc.evaluate(b"4:1\x00junk"), lambda: layoutc.Jit(arch="sm_90\x00junk"),
                  lambda: layoutc.call("size\x00junk", Layout("4:1")),
                  lambda: layoutc.Jit(disk_cache=False).copy_kernel("8:1", "8:1\x00", "f32")):
            with self.assertRaises(ArgumentError):
                f()

    def test_integers_past_their_c_type(self):
        jit = layoutc.Jit(disk_cache=False)
        kernel = jit.copy_kernel("8:1", "8:1", "f32")
        for f, message in ((lambda: kernel.launch([], grid=2 ** 32), "layoutc_launch: grid 4294967296"),
                           (lambda: kernel.launch([], grid=1, device=-2 ** 31 - 1), "layoutc_launch: device"),
                           (lambda: jit.gather_kernel(2 ** 63, "f32", "i32"),
                            "layoutc_compile_gather: row_width 9223372036854775808"),
                           (lambda: layoutc.Jit(opt_level=2 ** 40), "layoutc_jit_create: opt_level")):
            with self.assertRaises(OverflowError) as e:
                f()
            self.assertIn(message, str(e.exception))
        # A launch's device and stream are checked before its unchecked C call.
        idx = {"shape": (4,), "typestr": "<i4", "data": (8192, False), "version": 3}
        for f, message in ((lambda: layoutc.copy(Ints(GOOD), Ints(GOOD), device=2 ** 31), "device 2147483648"),
                           (lambda: layoutc.gather(Ints(GOOD), Ints(idx), Ints(GOOD), stream=2 ** 64),
                            "stream 18446744073709551616")):
            with self.assertRaises(OverflowError) as e:
                f()
            self.assertIn(message, str(e.exception))
        with self.assertRaises(TypeError):
            kernel.launch([], grid=1.5)
        with self.assertRaises(OverflowError):
            Layout((2 ** 70, 2))

    def test_arch_sm_10(self):
        with self.assertRaises(ArgumentError) as e:
            layoutc.Jit(arch="sm_10")
        self.assertEqual(str(e.exception),
                         "layoutc_jit_create: arch 'sm_10' is not supported: layoutc compiles for sm_90, sm_80, sm_86, sm_87, sm_89, sm_90a, sm_100, sm_100a, sm_103, sm_120, sm_121 (or, by default, for each device's own)")

    # --- and after all of them -------------------------------------------------------

    def test_zz_still_computes_a_composition(self):
        a, b = Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1))
        r = layoutc.composition(a, b)
        self.assertEqual(str(r), "((2,2),3):((24,2),8)")
        self.assertEqual([r(i) for i in range(r.size())], [a(b(i)) for i in range(b.size())])


if __name__ == "__main__":
    unittest.main()
