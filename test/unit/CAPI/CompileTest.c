/*===- CompileTest.c - layoutc_compile, from C ----------------------------===
 *
 * Copies between sides of every kind: a gather through a composed layout
 * whose inner function is a traced program, a two-input function over an
 * identity layout, rows an index buffer places, plain and swizzled sides;
 * the cache's hits and misses; every refusal's status and message; launches
 * through layoutc_launch_copy. The caller's inner function is never called:
 * the program stands for it.
 *
 *===----------------------------------------------------------------------===*/
#include "CApiCheck.h"

#include <stdlib.h>
#include <string.h>

static int innerCalls = 0;
static int neverCalled(void *user, const int8_t *kinds, const int64_t *values, size_t n, int8_t *outKinds,
                       int64_t *outValues, size_t capacity, size_t *outN) {
  (void)user, (void)kinds, (void)values, (void)n, (void)outKinds, (void)outValues, (void)capacity, (void)outN;
  ++innerCalls;
  return 1;
}

static layoutc_value *value(const char *text) {
  layoutc_value *v = NULL;
  EXPECT_OK(layoutc_eval(text, &v));
  return v;
}

/* f o offset o outer, f a function of the caller's. */
static layoutc_value *composedFunction(const char *offset, const char *outer) {
  layoutc_value *off = value(offset), *out = value(outer), *c = NULL;
  EXPECT_OK(layoutc_composed_function_make("f", neverCalled, NULL, NULL, off, out, &c));
  layoutc_value_free(off);
  layoutc_value_free(out);
  return c;
}

static layoutc_copy_side side(const layoutc_value *layout, const layoutc_step *steps, size_t count, int64_t result) {
  layoutc_copy_side s = {layout, steps, count, result, 0, 0};
  return s;
}

/* layoutc_compile of src and dst. */
static layoutc_status compileSides(layoutc_jit *jit, const layoutc_copy_side *src, const layoutc_copy_side *dst,
                                   const char *dtype, const char *to, const char *const *indexTypes, size_t count,
                                   layoutc_kernel **kernel) {
  layoutc_copy_spec spec = {*src, *dst, dtype, to, NULL, indexTypes, count, 0};
  return layoutc_compile(jit, &spec, kernel);
}

/* inner(i) = idx[i]. */
static const layoutc_step kGather[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_LOAD, 0, 0}};
/* inner(i) = idx[i] * 2. */
static const layoutc_step kGatherTwice[] = {
    {LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_LOAD, 0, 0}, {LAYOUTC_OP_CONSTANT, 2, 0}, {LAYOUTC_OP_MUL, 1, 2}};
/* (x, y) -> x * 9 + (y + 1). */
static const layoutc_step kTwoInputs[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_CONSTANT, 9, 0}, {LAYOUTC_OP_MUL, 0, 1},
                                          {LAYOUTC_OP_INPUT, 1, 0}, {LAYOUTC_OP_CONSTANT, 1, 0}, {LAYOUTC_OP_ADD, 3, 4},
                                          {LAYOUTC_OP_ADD, 2, 5}};
static const char *kI32[] = {"i32"};

/* The number of parameters of the PTX entry `copy`: a buffer is 5. */
static int ptxParameters(const layoutc_kernel *kernel) {
  const char *ptx = NULL;
  if (layoutc_kernel_ptx(kernel, &ptx) != LAYOUTC_OK)
    return -1;
  const char *entry = strstr(ptx, ".entry copy("), *close = entry ? strchr(entry, ')') : NULL;
  int n = 0;
  for (const char *p = entry; p && (p = strstr(p, ".param")) && p < close; ++p)
    ++n;
  return n;
}

static void testKernels(layoutc_jit *jit) {
  layoutc_value *f = composedFunction("0", "(16,8):(8,1)"), *col = value("(16,8):(1,16)");
  layoutc_copy_side gather = side(f, kGather, 2, 1), dst = side(col, NULL, 0, 0);
  layoutc_kernel *k = NULL, *again = NULL, *twice = NULL;
  EXPECT_OK(compileSides(jit, &gather, &dst, "f32", NULL, kI32, 1, &k));
  const char *name = NULL;
  EXPECT_OK(layoutc_kernel_name(k, &name));
  CHECK(strcmp(name, "copy") == 0);
  CHECK(ptxParameters(k) == 25); /* src, dst, index_0, the error word's claim and report */

  /* The same spec again is a memory hit; another program, a compile. */
  layoutc_cache_stats before, after;
  EXPECT_OK(layoutc_jit_cache_stats(jit, &before));
  EXPECT_OK(compileSides(jit, &gather, &dst, "f32", NULL, kI32, 1, &again));
  EXPECT_OK(layoutc_jit_cache_stats(jit, &after));
  CHECK(after.hits == before.hits + 1 && after.misses == before.misses);
  layoutc_copy_side doubled = side(f, kGatherTwice, 4, 3);
  EXPECT_OK(compileSides(jit, &doubled, &dst, "f32", NULL, kI32, 1, &twice));
  EXPECT_OK(layoutc_jit_cache_stats(jit, &before));
  CHECK(before.misses == after.misses + 1 && before.hits == after.hits);
  layoutc_kernel_free(again);
  layoutc_kernel_free(twice);

  /* A scatter: the function on the destination. */
  layoutc_copy_side scatterDst = side(f, kGather, 2, 1), rows = side(col, NULL, 0, 0);
  EXPECT_OK(compileSides(jit, &rows, &scatterDst, "bf16", NULL, (const char *[]){"i64"}, 1, &again));
  layoutc_kernel_free(again);

  /* Two inputs: the coordinates of an identity layout, offset (1,0). */
  layoutc_value *identity = composedFunction("(1,0)", "(16,8):(1@0,1@1)");
  layoutc_copy_side twoInputs = side(identity, kTwoInputs, 7, 6);
  EXPECT_OK(compileSides(jit, &twoInputs, &dst, "f16", "f32", NULL, 0, &again));
  CHECK(ptxParameters(again) == 10);
  layoutc_kernel_free(again);

  /* Plain and swizzled sides, no index buffers. */
  layoutc_value *rowMajor = value("(64,64):(64,1)"), *swizzled = value("S<3,4,3> o 0 o (64,64):(1,64)");
  layoutc_copy_side plain = side(rowMajor, NULL, 0, 0), swizzle = side(swizzled, NULL, 0, 0);
  EXPECT_OK(compileSides(jit, &plain, &swizzle, "i8", "i32", NULL, 0, &again));
  CHECK(ptxParameters(again) == 10);
  layoutc_kernel_free(again);

  CHECK(innerCalls == 0);
  layoutc_kernel_free(k);
  layoutc_value_free(rowMajor);
  layoutc_value_free(swizzled);
  layoutc_value_free(identity);
  layoutc_value_free(f);
  layoutc_value_free(col);
}

/* copy(src, dst) of f32 with one i32 index buffer is a compile error with
   `message`. */
static void expectSidesRefused(layoutc_jit *jit, layoutc_copy_side src, layoutc_copy_side dst, const char *message,
                               int line) {
  layoutc_kernel *k = (layoutc_kernel *)&k;
  expectStatus(compileSides(jit, &src, &dst, "f32", NULL, kI32, 1, &k), LAYOUTC_ERROR_COMPILE, message, __FILE__, line);
  CHECK(k == NULL);
}
#define EXPECT_SIDES_REFUSED(src, dst, message) expectSidesRefused(jit, (src), (dst), (message), __LINE__)

/* A gather over (16,8):(8,1) with `steps` into (16,8):(1,16) is a compile
   error with `message`. */
static void expectProgramRefused(layoutc_jit *jit, const layoutc_step *steps, size_t count, int64_t result,
                                 const char *message, int line) {
  layoutc_value *f = composedFunction("0", "(16,8):(8,1)"), *col = value("(16,8):(1,16)");
  expectSidesRefused(jit, side(f, steps, count, result), side(col, NULL, 0, 0), message, line);
  layoutc_value_free(f);
  layoutc_value_free(col);
}
#define EXPECT_PROGRAM_REFUSED(steps, result, message)                                                                 \
  expectProgramRefused(jit, (steps), sizeof(steps) / sizeof(layoutc_step), (result), (message), __LINE__)

static void testProgramErrors(layoutc_jit *jit) {
  const layoutc_step badOp[] = {{LAYOUTC_OP_INPUT, 0, 0}, {9, 0, 0}};
  EXPECT_PROGRAM_REFUSED(badOp, 1,
                         "the source layout: step 1 (op 9 0 0): op 9 is not a step op "
                         "(0, INPUT, to 7, LOAD)");
  const layoutc_step negativeOp[] = {{-1, 0, 0}};
  EXPECT_PROGRAM_REFUSED(negativeOp, 0, "the source layout: step 0 (op -1 0 0): op -1 is not a step op");
  const layoutc_step later[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_ADD, 0, 1}};
  EXPECT_PROGRAM_REFUSED(later, 1,
                         "the source layout: step 1 (add 0 1): operand b, 1, is not an earlier step (0 to 0)");
  const layoutc_step negative[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_SUB, -1, 0}};
  EXPECT_PROGRAM_REFUSED(negative, 1, "the source layout: step 1 (sub -1 0): operand a, -1, is not an earlier step");
  const layoutc_step first[] = {{LAYOUTC_OP_MUL, 0, 0}};
  EXPECT_PROGRAM_REFUSED(
      first, 0,
      "the source layout: step 0 (mul 0 0): operand a, 0, is not an earlier step (step 0 has none before it)");
  const layoutc_step input[] = {{LAYOUTC_OP_INPUT, 1, 0}};
  EXPECT_PROGRAM_REFUSED(input, 0,
                         "the source layout: step 0 (in 1): input 1 is not one of the function's 1 input(s) (0 to 0)");
  const layoutc_step buffer[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_LOAD, 1, 0}};
  EXPECT_PROGRAM_REFUSED(
      buffer, 1, "the source layout: step 1 (load 1 0): reads index buffer 1, but the copy has 1 index buffer(s)");
  const layoutc_step loadLater[] = {{LAYOUTC_OP_LOAD, 0, 0}};
  EXPECT_PROGRAM_REFUSED(loadLater, 0, "the source layout: step 0 (load 0 0): operand b, 0, is not an earlier step");
  const layoutc_step divide[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_CONSTANT, 0, 0}, {LAYOUTC_OP_FLOOR_DIV, 0, 1}};
  EXPECT_PROGRAM_REFUSED(divide, 2, "the source layout: step 2 (floordiv 0 1): divides by step 1, the constant 0");
  const layoutc_step modulo[] = {{LAYOUTC_OP_CONSTANT, 0, 0}, {LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_MOD, 1, 0}};
  EXPECT_PROGRAM_REFUSED(modulo, 2, "the source layout: step 2 (mod 1 0): divides by step 0, the constant 0");
  EXPECT_PROGRAM_REFUSED(kGather, 5,
                         "the source layout: the result, step 5, is not one of the program's 2 steps (0 to 1)");
  EXPECT_PROGRAM_REFUSED(kGather, -1, "the source layout: the result, step -1, is not one of the program's 2 steps");
}

static void testSideErrors(layoutc_jit *jit) {
  layoutc_value *f = composedFunction("0", "(16,8):(8,1)"), *col = value("(16,8):(1,16)");
  layoutc_copy_side gather = side(f, kGather, 2, 1), dst = side(col, NULL, 0, 0);
  layoutc_kernel *k = (layoutc_kernel *)&k;
  const layoutc_status invalid = LAYOUTC_ERROR_INVALID_ARGUMENT, compile = LAYOUTC_ERROR_COMPILE;

  EXPECT_STATUS(compileSides(NULL, &gather, &dst, "f32", NULL, kI32, 1, &k), invalid, "layoutc_compile: jit is NULL");
  CHECK(k == NULL);
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", NULL, kI32, 1, NULL), invalid,
                "layoutc_compile: kernel is NULL");
  EXPECT_STATUS(layoutc_compile(jit, NULL, &k), invalid, "layoutc_compile: spec is NULL");
  layoutc_copy_side none = side(NULL, NULL, 0, 0);
  EXPECT_STATUS(compileSides(jit, &gather, &none, "f32", NULL, kI32, 1, &k), invalid,
                "layoutc_compile: spec.dst.layout is NULL");
  layoutc_copy_side tooMany = side(f, kGather, LAYOUTC_MAX_STEPS + 1, 1);
  EXPECT_STATUS(compileSides(jit, &tooMany, &dst, "f32", NULL, kI32, 1, &k), invalid,
                "layoutc_compile: spec.src.step_count 4097 is more than the 4096 steps a program may have");
  layoutc_copy_side noSteps = side(f, NULL, 2, 1);
  EXPECT_STATUS(compileSides(jit, &noSteps, &dst, "f32", NULL, kI32, 1, &k), invalid,
                "layoutc_compile: spec.src.steps is NULL with step_count 2");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, NULL, NULL, kI32, 1, &k), invalid,
                "layoutc_compile: spec.dtype is NULL");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", "f8", kI32, 1, &k), invalid,
                "layoutc_compile: spec.to_dtype 'f8' is not a dtype");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", NULL, NULL, 1, &k), invalid,
                "layoutc_compile: spec.index_dtypes is NULL with index_count 1");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", NULL, (const char *[]){"u9"}, 1, &k), invalid,
                "layoutc_compile: spec.index_dtypes[0] 'u9' is not a dtype");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", NULL, (const char *[]){"i32", NULL}, 2, &k), invalid,
                "layoutc_compile: spec.index_dtypes[1] is NULL");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", NULL, (const char *[]){"f32"}, 1, &k), compile,
                "copy: index buffer 0's type must be i32 or i64, not f32");
  EXPECT_STATUS(compileSides(jit, &gather, &dst, "f32", NULL, kI32, 65, &k), invalid,
                "layoutc_compile: spec.index_count 65 is more than the 64 index buffers a kernel may take");

  /* The layouts. */
  layoutc_value *swizzle = value("S<3,4,3>"), *dynamic = value("(?,8):(8,1)"), *half = value("64:1"),
                *broadcast = value("(16,8):(1,0)"), *overlap = value("S<3,4,3> o 0 o (16,8):(0,1)");
  EXPECT_SIDES_REFUSED(side(swizzle, NULL, 0, 0), dst,
                       "copy: the source layout: the swizzle S<3,4,3> is not a layout or a "
                       "composed layout");
  /* `?` leaves are launch values: the sides' sizes are compared at launch. */
  layoutc_kernel *later_sizes = NULL;
  EXPECT_OK(
      compileSides(jit, &(layoutc_copy_side){dynamic, NULL, 0, 0, 0, 0}, &dst, "f32", NULL, NULL, 0, &later_sizes));
  layoutc_kernel_free(later_sizes);
  EXPECT_SIDES_REFUSED(side(f, NULL, 0, 0), dst,
                       "copy: the source layout: the composed layout f o 0 o (16,8):(8,1) has an inner function but no "
                       "program");
  EXPECT_SIDES_REFUSED(
      gather, side(col, kGather, 2, 1),
      "copy: the destination layout: steps are given, but the layout (16,8):(1,16) has no inner function");
  EXPECT_SIDES_REFUSED(gather, side(half, NULL, 0, 0),
                       "copy: the source layout f o 0 o (16,8):(8,1) has 128 elements but the destination layout 64:1 "
                       "has 64; a copy maps one "
                       "domain");
  const layoutc_step later[] = {{LAYOUTC_OP_INPUT, 0, 0}, {LAYOUTC_OP_ADD, 0, 1}};
  EXPECT_SIDES_REFUSED(dst, side(f, later, 2, 1),
                       "the destination layout: step 1 (add 0 1): operand b, 1, is not an earlier step (0 to 0)");
  EXPECT_SIDES_REFUSED(gather, side(broadcast, NULL, 0, 0),
                       "copy: the destination layout (16,8):(1,0) maps two domain indices to one element");
  EXPECT_SIDES_REFUSED(
      gather, side(overlap, NULL, 0, 0),
      "copy: the destination layout S<3,4,3> o 0 o (16,8):(0,1) maps two domain indices to one element");

  /* An identity outer: its offset is a coordinate, its strides all bases. */
  layoutc_value *wrongOffset = composedFunction("(1,0,0)", "(16,8):(1@0,1@1)"),
                *mixed = composedFunction("0", "(16,8):(1@0,16)");
  EXPECT_SIDES_REFUSED(
      side(wrongOffset, kTwoInputs, 7, 6), dst,
      "copy: the source layout: the composed layout's offset (1,0,0) must be 0 or a coordinate of 2 static "
      "integers");
  EXPECT_SIDES_REFUSED(side(mixed, kTwoInputs, 7, 6), dst,
                       "copy: the source layout: mode 1 (8:16) has an integer stride beside scaled-basis ones");
  CHECK(k == NULL);

  layoutc_value_free(wrongOffset);
  layoutc_value_free(mixed);
  layoutc_value_free(swizzle);
  layoutc_value_free(dynamic);
  layoutc_value_free(half);
  layoutc_value_free(broadcast);
  layoutc_value_free(overlap);
  layoutc_value_free(f);
  layoutc_value_free(col);
}

/* Launched with layoutc_launch: src, dst, then the index buffer; grid and
   block 0, the plan's. */
static void testLaunch(layoutc_jit *jit, const char *mode) {
  layoutc_value *f = composedFunction("0", "(16,8):(8,1)"), *col = value("(16,8):(1,16)");
  layoutc_copy_side gather = side(f, kGather, 2, 1), dst = side(col, NULL, 0, 0);
  layoutc_kernel *k = NULL;
  EXPECT_OK(compileSides(jit, &gather, &dst, "f32", NULL, kI32, 1, &k));
  float *src = malloc(128 * sizeof(float)), *out = malloc(128 * sizeof(float));
  int32_t *idx = malloc(128 * sizeof(int32_t));
  layoutc_arg args[3] = {{1, src, 128}, {1, out, 128}, {1, idx, 128}};
  if (strcmp(mode, "stand-in") == 0) {
    EXPECT_OK(layoutc_launch(k, 0, 0, 0, args, 3, NULL));
    EXPECT_OK(layoutc_launch(k, 0, 4, 64, args, 3, NULL));
    args[2].address = idx + 1; /* the any-alignment kernel */
    EXPECT_OK(layoutc_launch(k, 0, 0, 0, args, 3, NULL));
    EXPECT_STATUS(layoutc_launch(k, 0, 0, 0, args, 2, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                  "kernel copy: the launch arguments do not match its 3 parameters");
  } else {
    EXPECT_STATUS(layoutc_launch(k, 0, 0, 0, args, 3, NULL), LAYOUTC_ERROR_NO_DRIVER, "no CUDA driver found: ");
  }
  layoutc_buffer buffers[3] = {{src, 128}, {out, 128}, {idx, 128}};
  if (strcmp(mode, "stand-in") == 0)
    EXPECT_OK(layoutc_launch_copy(k, 0, buffers, 3, NULL, 0, NULL));
  free(src);
  free(out);
  free(idx);
  layoutc_kernel_free(k);
  layoutc_value_free(f);
  layoutc_value_free(col);
}

/* Rows an index buffer places: a gather's source, written out. */
static void testRows(layoutc_jit *jit) {
  layoutc_value *rows = value("(16,?):(1,16)"), *bad = value("(16,?):(16,1)");
  layoutc_copy_side table = {rows, NULL, 0, 0, 16, 0}, out = side(rows, NULL, 0, 0);
  layoutc_copy_spec spec = {table, out, "f16", NULL, NULL, kI32, 1, 1};
  layoutc_kernel *k = NULL;
  EXPECT_OK(layoutc_compile(jit, &spec, &k));
  const char *name = NULL;
  EXPECT_OK(layoutc_kernel_name(k, &name));
  CHECK(strcmp(name, "gather") == 0);
  layoutc_kernel_free(k);
  spec.src.row_width = -1;
  EXPECT_STATUS(layoutc_compile(jit, &spec, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile: spec.src.row_width -1 is negative (0: no rows)");
  spec.src.row_width = 16;
  spec.src.layout = bad;
  EXPECT_STATUS(layoutc_compile(jit, &spec, &k), LAYOUTC_ERROR_COMPILE,
                "copy: the source layout: rows of 16 are the layout (16,R):(1,16), not (16,?):(16,1)");
  spec.src.layout = rows;
  spec.src.index_buffer = 1;
  EXPECT_STATUS(layoutc_compile(jit, &spec, &k), LAYOUTC_ERROR_COMPILE,
                "copy: the source layout: the rows' index buffer 1 is not one of the spec's 1 index buffers");
  layoutc_value_free(rows);
  layoutc_value_free(bad);
}

void testCompile(const char *mode) {
  layoutc_jit *jit = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  testKernels(jit);
  testRows(jit);
  testProgramErrors(jit);
  testSideErrors(jit);
  testLaunch(jit, mode);
  layoutc_jit_destroy(jit);
}
