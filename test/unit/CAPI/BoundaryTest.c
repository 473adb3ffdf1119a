/*===- BoundaryTest.c - The C API refuses bad arguments before using them ===
 *
 * Part of CApiTest (compiled as C): handles in every state (live, freed,
 * freed twice, of another kind, never made), lengths no buffer can have,
 * integers out of range, NaN, infinite and out-of-range scales, launch bounds
 * LLVM cannot take, and an arch the backend does not compile for. Each is LAYOUTC_ERROR_INVALID_ARGUMENT
 * with a message naming the function, the argument and the condition.
 *
 *===----------------------------------------------------------------------===*/
#include "CApiCheck.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static const char *kNotLiveValue = "is not a live layoutc_value (freed already, or not made by layoutc";

static void testHandles(void) {
  layoutc_value *v = NULL;
  const char *text = NULL;
  EXPECT_OK(layoutc_eval("(2,3):(1,2)", &v));
  layoutc_value_free(v); /* v is freed: every use is refused, nothing is read through it */
  EXPECT_STATUS(layoutc_value_str(v, &text), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_value_str: value is not a live");
  EXPECT_STATUS(layoutc_value_str(v, &text), LAYOUTC_ERROR_INVALID_ARGUMENT, kNotLiveValue);
  int64_t offset = 0;
  EXPECT_STATUS(layoutc_apply_index(v, 1, &offset), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_apply_index: f is not a live layoutc_value");
  layoutc_value *args[1] = {v}, *out = NULL;
  EXPECT_STATUS(layoutc_call("size", NULL, 0, (const layoutc_value *const *)args, 1, &out, NULL),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_call: args[0] is not a live layoutc_value");
  layoutc_value_free(v); /* freed twice: nothing is freed, and the last error says why */
  CHECK(strstr(layoutc_last_error(), "layoutc_value_free: value is not a live layoutc_value") != NULL);
  CHECK(strstr(layoutc_last_error(), "; nothing freed") != NULL);

  int local = 0; /* an address layoutc never gave out */
  EXPECT_STATUS(layoutc_value_str((const layoutc_value *)&local, &text), LAYOUTC_ERROR_INVALID_ARGUMENT, kNotLiveValue);

  layoutc_jit *jit = NULL;
  layoutc_kernel *kernel = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  EXPECT_OK(layoutc_compile_gather(jit, 4, "f32", "i32", &kernel));
  /* A handle of another kind where a value belongs. */
  EXPECT_STATUS(layoutc_value_str((const layoutc_value *)kernel, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_str: value is a layoutc_kernel, not a layoutc_value");
  layoutc_value_free((layoutc_value *)jit);
  CHECK(strstr(layoutc_last_error(), "layoutc_value_free: value is a layoutc_jit, not a layoutc_value") != NULL);
  layoutc_jit_destroy(jit);
  /* The kernel outlives its JIT; the JIT is gone. */
  EXPECT_OK(layoutc_kernel_name(kernel, &text));
  CHECK(strcmp(text, "gather") == 0);
  layoutc_kernel *another = NULL;
  EXPECT_STATUS(layoutc_compile_gather(jit, 4, "f32", "i32", &another), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_gather: jit is not a live layoutc_jit");
  CHECK(another == NULL);
  EXPECT_STATUS(layoutc_jit_cache_stats(jit, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_cache_stats: jit is not a live layoutc_jit");
  layoutc_jit_destroy(jit);
  CHECK(strstr(layoutc_last_error(), "layoutc_jit_destroy: jit is not a live layoutc_jit") != NULL);
  layoutc_kernel_free(kernel);
  EXPECT_STATUS(layoutc_kernel_ptx(kernel, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_kernel_ptx: kernel is not a live layoutc_kernel");
  layoutc_kernel_free(kernel);
  CHECK(strstr(layoutc_last_error(), "layoutc_kernel_free: kernel is not a live layoutc_kernel") != NULL);
}

static void testLengths(void) {
  int8_t kinds[1] = {0};
  int64_t values[1] = {4};
  layoutc_value *v = NULL;
  EXPECT_STATUS(layoutc_infer(values, SIZE_MAX, &v), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_infer: n 18446744073709551615 is longer than any buffer can be");
  EXPECT_STATUS(layoutc_tuple_make(kinds, values, SIZE_MAX / 2, &v), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_tuple_make: n 9223372036854775807 is longer than any buffer can be");
  EXPECT_STATUS(layoutc_call("size", values, SIZE_MAX, NULL, 0, &v, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_call: n_template 18446744073709551615 is longer than any buffer can be");
  EXPECT_STATUS(layoutc_call("size", NULL, 0, NULL, SIZE_MAX / 4, &v, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_call: n_args 4611686018427387903 is longer than any buffer can be");
  CHECK(v == NULL);
}

static void testIntegers(void) {
  layoutc_jit *jit = NULL;
  layoutc_kernel *copy = NULL, *gather = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  EXPECT_OK(layoutc_compile_copy(jit, "8:1", "8:1", "f32", NULL, NULL, &copy));
  EXPECT_OK(layoutc_compile_gather(jit, 16, "f32", "i32", &gather));
  float buffer[8];
  int indices[1] = {0};
  layoutc_buffer both[2] = {{buffer, 0}, {buffer, 0}};
  EXPECT_STATUS(layoutc_launch_copy(copy, -1, both, 2, NULL, 0, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: device -1 is negative");
  layoutc_buffer negative[3] = {{buffer, -1}, {buffer, 0}, {indices, 1}};
  int64_t rows = 1;
  EXPECT_STATUS(layoutc_launch_copy(gather, 0, negative, 3, &rows, 1, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: buffers[0].elements -1 is negative");
  layoutc_buffer table[3] = {{buffer, 16}, {buffer, 0}, {indices, 1}};
  rows = -5;
  EXPECT_STATUS(layoutc_launch_copy(gather, 0, table, 3, &rows, 1, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: copy: the layout (16,-5):(1,16): mode 1 (-5:16) has a shape below 1");
  rows = INT64_MAX / 8;
  EXPECT_STATUS(layoutc_launch_copy(gather, 0, table, 3, &rows, 1, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: copy: the layout (16,1152921504606846975):(1,16)");
  EXPECT_STATUS(layoutc_launch_copy(copy, 0, both, SIZE_MAX, NULL, 0, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: buffer_count 18446744073709551615 is longer than any buffer can be");
  layoutc_arg args[2] = {{1, buffer, -1}, {1, buffer, 8}};
  EXPECT_STATUS(layoutc_launch(copy, 0, 1, 0, args, 2, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch: args[0].value (a buffer's elements) -1 is negative");
  EXPECT_STATUS(layoutc_launch(copy, 0, 1, 0, args, SIZE_MAX, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch: count 18446744073709551615 is longer than any buffer can be");
  layoutc_kernel_free(copy);
  layoutc_kernel_free(gather);
  layoutc_jit_destroy(jit);
}

static void testScales(void) {
  layoutc_jit *jit = NULL;
  layoutc_kernel *k = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  double nan = NAN, inf = INFINITY, minusInf = -INFINITY, big = 1e39;
  EXPECT_STATUS(layoutc_compile_copy(jit, "8:1", "8:1", "f32", NULL, &nan, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: copy: the scale nan is not a finite number");
  EXPECT_STATUS(layoutc_compile_copy(jit, "8:1", "8:1", "f32", NULL, &inf, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: copy: the scale inf is not a finite number");
  EXPECT_STATUS(layoutc_compile_copy(jit, "8:1", "8:1", "f16", "f32", &minusInf, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: copy: the scale -inf is not a finite number");
  EXPECT_STATUS(layoutc_compile_copy(jit, "8:1", "8:1", "f32", NULL, &big, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: copy: the scale 1e+39 is past f32's range (largest 3.40282e+38), the type it "
                "multiplies in unless a side is f64 or c128");
  CHECK(k == NULL);
  EXPECT_OK(layoutc_compile_copy(jit, "8:1", "8:1", "f64", NULL, &big, &k)); /* f64 multiplies in f64 */
  layoutc_kernel_free(k);
  layoutc_jit_destroy(jit);
}

static void testLaunchBounds(void) {
  layoutc_jit *jit = NULL;
  layoutc_kernel *k = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  EXPECT_STATUS(layoutc_compile_mlir(jit,
                                     "gpu.module @m { gpu.func @k() kernel attributes "
                                     "{known_block_size = array<i32: -1, 1, 1>} { gpu.return } }",
                                     "k", 64, &k),
                LAYOUTC_ERROR_COMPILE,
                "<input>: gpu.func @k: known_block_size (-1, 1, 1) must have every dimension at least 1 and at most "
                "1024 in all");
  EXPECT_STATUS(layoutc_compile_mlir(jit,
                                     "gpu.module @m { gpu.func @k() kernel attributes "
                                     "{known_block_size = array<i32: 0, 1, 1>} { gpu.return } }",
                                     "k", 64, &k),
                LAYOUTC_ERROR_COMPILE, "known_block_size (0, 1, 1) must have every dimension at least 1");
  EXPECT_STATUS(layoutc_compile_mlir(jit,
                                     "gpu.module @m { gpu.func @k() kernel attributes "
                                     "{known_block_size = array<i32: 64, 32, 1>} { gpu.return } }",
                                     "k", 64, &k),
                LAYOUTC_ERROR_COMPILE, "known_block_size (64, 32, 1) must have every dimension at least 1");
  EXPECT_STATUS(layoutc_compile_mlir(jit,
                                     "gpu.module @m { gpu.func @k() kernel attributes "
                                     "{known_grid_size = array<i32: 1, -5, 1>} { gpu.return } }",
                                     "k", 64, &k),
                LAYOUTC_ERROR_COMPILE, "known_grid_size (1, -5, 1) must have every dimension at least 1");
  CHECK(k == NULL);
  EXPECT_OK(layoutc_compile_mlir(jit,
                                 "gpu.module @m { gpu.func @k() kernel attributes "
                                 "{known_block_size = array<i32: 256, 4, 1>} { gpu.return } }",
                                 "k", 64, &k));
  layoutc_kernel_free(k);
  layoutc_jit_destroy(jit);
}

static void testArch(void) {
  layoutc_jit *jit = (layoutc_jit *)&jit;
  EXPECT_STATUS(layoutc_jit_create("sm_10", 0, 0, NULL, 1, &jit), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_create: arch 'sm_10' is not supported: layoutc compiles for sm_90, sm_80, sm_86, sm_87, "
                "sm_89, sm_90a, sm_100, sm_100a, sm_103, sm_120, sm_121 (or, by default, for each device's own)");
  CHECK(jit == NULL);
  /* "" as NULL: each device's own target. */
  EXPECT_OK(layoutc_jit_create("", 0, 0, NULL, 1, &jit));
  layoutc_jit_destroy(jit);
  EXPECT_OK(layoutc_jit_create("sm_80", 0, 0, NULL, 1, &jit));
  layoutc_jit_destroy(jit);
}

/* Issue 51: the caller's bytes that a message quotes arrive escaped: no
 * terminal control sequence, no invalid UTF-8. */
static void testEscapes(void) {
  layoutc_jit *jit = NULL;
  EXPECT_STATUS(layoutc_jit_create("sm_\x1b[2J\xff", 0, 0, NULL, 1, &jit), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_create: arch 'sm_\\x1b[2J\\xff' is not supported");
  CHECK(strchr(layoutc_last_error(), 0x1b) == NULL);
  layoutc_value *v = NULL;
  EXPECT_STATUS(layoutc_eval("(2,\x07\x80)", &v), LAYOUTC_ERROR_ALGEBRA, "\\x07\\x80");
}

void testBoundary(void) {
  testHandles();
  testLengths();
  testIntegers();
  testScales();
  testLaunchBounds();
  testArch();
  testEscapes();
}
