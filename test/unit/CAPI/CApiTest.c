/*===- CApiTest.c - layoutc's C API, from C ------------------------------===
 *
 * Compiled as C and linked with the shared layoutc::jit. Checks the algebra
 * (exact values in CuTe notation), the JIT (compile, caches, kernel facts)
 * and every error path: each failure's status and message.
 *
 * Usage: CApiTest MODE CACHE_DIR, where MODE says what driver the run has
 * (ctest sets LAYOUTC_LIBCUDA to match): "no-driver" (none loads: launches
 * fail with LAYOUTC_ERROR_NO_DRIVER) or "stand-in" (test/gpu/standin, one
 * host-only device: launches are marshalled and succeed, running nothing).
 *
 *===----------------------------------------------------------------------===*/
#include "CApiCheck.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int failures = 0;

void expectStatus(layoutc_status got, layoutc_status expected, const char *message, const char *file, int line) {
  if (got != expected) {
    fprintf(stderr, "%s:%d: status %s, expected %s (last error: %s)\n", file, line, layoutc_status_name(got),
            layoutc_status_name(expected), layoutc_last_error());
    ++failures;
    return;
  }
  if (expected == LAYOUTC_OK) {
    if (layoutc_last_error()[0] != '\0') {
      fprintf(stderr, "%s:%d: success left the last error '%s'\n", file, line, layoutc_last_error());
      ++failures;
    }
  } else if (!strstr(layoutc_last_error(), message)) {
    fprintf(stderr, "%s:%d: last error '%s' lacks '%s'\n", file, line, layoutc_last_error(), message);
    ++failures;
  }
}

/* `expression` evaluates to `expected` of kind `kind`. */
static void expectValue(const char *expression, const char *expected, layoutc_value_kind kind, int line) {
  layoutc_value *v = NULL;
  layoutc_status s = layoutc_eval(expression, &v);
  if (s != LAYOUTC_OK) {
    fprintf(stderr, "line %d: %s: %s\n", line, expression, layoutc_last_error());
    ++failures;
    return;
  }
  const char *text = NULL;
  layoutc_value_kind k;
  EXPECT_OK(layoutc_value_str(v, &text));
  EXPECT_OK(layoutc_value_kind_of(v, &k));
  if (strcmp(text, expected) != 0 || k != kind) {
    fprintf(stderr, "line %d: %s gave %s (kind %d), expected %s (kind %d)\n", line, expression, text, (int)k, expected,
            (int)kind);
    ++failures;
  }
  layoutc_value_free(v);
}
#define EXPECT_VALUE(expression, expected, kind) expectValue((expression), (expected), (kind), __LINE__)

static void testVersion(void) {
  CHECK(strcmp(layoutc_version(), LAYOUTC_EXPECTED_VERSION) == 0);
  CHECK(layoutc_api_version() == LAYOUTC_API_VERSION);
  CHECK(strcmp(layoutc_status_name(LAYOUTC_ERROR_NO_DRIVER), "LAYOUTC_ERROR_NO_DRIVER") == 0);
  CHECK(strcmp(layoutc_status_name((layoutc_status)99), "unknown status") == 0);
}

// The dtypes, in the list's order: layoutc's names, torch's, the sizes.
static void testDTypes(void) {
  const char *name, *torch;
  int bytes, count = layoutc_dtype_count();
  CHECK(count == 14);
  CHECK(layoutc_dtype_info(0, &name, &torch, &bytes) == LAYOUTC_OK && strcmp(name, "f32") == 0 &&
        strcmp(torch, "float32") == 0 && bytes == 4);
  CHECK(layoutc_dtype_info(count - 1, &name, &torch, &bytes) == LAYOUTC_OK && strcmp(name, "c128") == 0 &&
        strcmp(torch, "complex128") == 0 && bytes == 16);
  EXPECT_STATUS(layoutc_dtype_info(count, &name, &torch, &bytes), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_dtype_info: index 14 is not within 0 .. 13");
  EXPECT_STATUS(layoutc_dtype_info(0, NULL, &torch, &bytes), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_dtype_info: name is NULL");
}

static void testAlgebra(void) {
  EXPECT_VALUE("composition((6,2):(8,2), (4,3):(3,1))", "((2,2),3):((24,2),8)", LAYOUTC_VALUE_LAYOUT);
  EXPECT_VALUE("(6,2):(8,2)(5)", "40", LAYOUTC_VALUE_INT_TUPLE);
  EXPECT_VALUE("complement(4:2, 24)", "(2,3):(1,8)", LAYOUTC_VALUE_LAYOUT);
  EXPECT_VALUE("right_inverse((4,2):(2,1))", "(2,4):(4,1)", LAYOUTC_VALUE_LAYOUT);
  EXPECT_VALUE("logical_divide((6,2):(8,2), <2:1,2:1>)", "((2,3),(2,1)):((8,16),(2,0))", LAYOUTC_VALUE_LAYOUT);
  EXPECT_VALUE("idx2crd(5, (2,3))", "(1,2)", LAYOUTC_VALUE_INT_TUPLE);
  EXPECT_VALUE("compatible((2,3), (6))", "false", LAYOUTC_VALUE_BOOL);
  EXPECT_VALUE("S<3,4,3>", "S<3,4,3>", LAYOUTC_VALUE_SWIZZLE);
  EXPECT_VALUE("make_composed_layout(S<3,4,3>, 0, (64,64):(64,1))", "S<3,4,3> o 0 o (64,64):(64,1)",
               LAYOUTC_VALUE_COMPOSED);
  EXPECT_VALUE("<2:1,4:1>", "<2:1,4:1>", LAYOUTC_VALUE_TILER);
  EXPECT_VALUE("LayoutRight", "LayoutRight", LAYOUTC_VALUE_TAG);

  layoutc_value *v = NULL;
  const char *text = NULL;
  EXPECT_OK(layoutc_eval("size((?,4):(1,?))", &v));
  EXPECT_OK(layoutc_value_str(v, &text));
  CHECK(strcmp(text, "?{div=4}") == 0);
  EXPECT_OK(layoutc_value_assumptions(v, &text));
  CHECK(strcmp(text, "") == 0);
  layoutc_value_free(v);
}

static void testAlgebraErrors(void) {
  layoutc_value *v = (layoutc_value *)&v; /* set to NULL on failure */
  EXPECT_STATUS(layoutc_eval("composition((6,2):(8,2)", &v), LAYOUTC_ERROR_ALGEBRA,
                "parse: expected ')' to close the arguments of composition at column 24");
  CHECK(v == NULL);
  EXPECT_STATUS(layoutc_eval("composition((6,2):(1,7), (3,2):(2,3))", &v), LAYOUTC_ERROR_ALGEBRA,
                "composition: A o B is not a layout CuTe can form for A = (6,2):(1,7) and B = (3,2):(2,3)");
  EXPECT_STATUS(layoutc_eval("frobnicate(4:1)", &v), LAYOUTC_ERROR_ALGEBRA, "unknown function 'frobnicate'");
  EXPECT_STATUS(layoutc_eval("size(4:1, 2)", &v), LAYOUTC_ERROR_ALGEBRA_TYPE, "size: takes 1 argument, got 2");
  EXPECT_STATUS(layoutc_eval(NULL, &v), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_eval: expression is NULL");
  EXPECT_STATUS(layoutc_eval("4:1", NULL), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_eval: result is NULL");

  const char *text = NULL;
  layoutc_value_kind kind;
  EXPECT_STATUS(layoutc_value_str(NULL, &text), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_value_str: value is NULL");
  EXPECT_STATUS(layoutc_value_kind_of(NULL, &kind), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_kind_of: value is NULL");
  EXPECT_STATUS(layoutc_value_assumptions(NULL, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_assumptions: value is NULL");
  EXPECT_OK(layoutc_eval("4:1", &v));
  EXPECT_STATUS(layoutc_value_str(v, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_value_str: text is NULL");
  layoutc_value_free(v);
  layoutc_value_free(NULL);
}

/* Pictures of a value: print_layout's table, print1D's offsets, an SVG;
   refused for values that are not layouts, and for unknown pictures. */
static void testPictures(void) {
  layoutc_value *v = NULL;
  const char *text = NULL;
  EXPECT_OK(layoutc_eval("(2,3):(3,1)", &v));
  EXPECT_OK(layoutc_value_picture(v, LAYOUTC_PICTURE_TABLE, &text));
  CHECK(strcmp(text, "(2,3):(3,1)\n"
                     "      0   1   2 \n"
                     "    +---+---+---+\n"
                     " 0  | 0 | 1 | 2 |\n"
                     "    +---+---+---+\n"
                     " 1  | 3 | 4 | 5 |\n"
                     "    +---+---+---+\n") == 0);
  EXPECT_OK(layoutc_value_picture(v, LAYOUTC_PICTURE_OFFSETS, &text));
  CHECK(strcmp(text, "(2,3):(3,1)\n  0    3    1    4    2    5\n") == 0);
  EXPECT_OK(layoutc_value_picture(v, LAYOUTC_PICTURE_SVG, &text));
  CHECK(strncmp(text, "<?xml", 5) == 0 && strstr(text, "</svg>"));
  EXPECT_STATUS(layoutc_value_picture(v, (layoutc_picture)7, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_picture: picture 7 is not a layoutc_picture");
  EXPECT_STATUS(layoutc_value_picture(v, LAYOUTC_PICTURE_TABLE, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_picture: text is NULL");
  layoutc_value_free(v);
  EXPECT_OK(layoutc_eval("S<1,2,3>", &v));
  EXPECT_STATUS(layoutc_value_picture(v, LAYOUTC_PICTURE_TABLE, &text), LAYOUTC_ERROR_ALGEBRA,
                "print_layout: expected a layout or a composed layout, got the swizzle S<1,2,3>");
  layoutc_value_free(v);
  EXPECT_STATUS(layoutc_value_picture(NULL, LAYOUTC_PICTURE_SVG, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_picture: value is NULL");
  /* A TV layout on its tile, the banks of an access, and infer. */
  layoutc_value *tv = NULL, *tile = NULL, *smem = NULL, *inferred = NULL;
  EXPECT_OK(layoutc_eval("(4,2):(2,1)", &tv));
  EXPECT_OK(layoutc_eval("(2,4)", &tile));
  EXPECT_OK(layoutc_value_picture_tv(tv, tile, &text));
  CHECK(strstr(text, "<title>TV (4,2):(2,1) on the tile (2,4)</title>") != NULL);
  EXPECT_STATUS(layoutc_value_picture_tv(tile, tile, &text), LAYOUTC_ERROR_ALGEBRA_TYPE,
                "show_tv: the TV layout must be a layout, not the tuple (2,4)");
  EXPECT_OK(layoutc_eval("(32,32):(32,1)", &smem));
  EXPECT_OK(layoutc_value_picture_banks(smem, smem, "f32", &text));
  CHECK(strstr(text, "</svg>") != NULL);
  EXPECT_STATUS(layoutc_value_picture_banks(smem, smem, NULL, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_value_picture_banks: dtype is NULL");
  const int64_t offsets[] = {0, 2, 4, 1, 3, 5};
  EXPECT_OK(layoutc_infer(offsets, 6, &inferred));
  EXPECT_OK(layoutc_value_str(inferred, &text));
  CHECK(strcmp(text, "(3,2):(2,1)") == 0);
  layoutc_value_free(inferred);
  const int64_t none[] = {0, 1, 1};
  EXPECT_STATUS(layoutc_infer(none, 3, &inferred), LAYOUTC_ERROR_ALGEBRA, "infer");
  CHECK(inferred == NULL);
  layoutc_value_free(smem);
  layoutc_value_free(tile);
  layoutc_value_free(tv);
}

/* Values without text: tuples in flat form, calls, application, equality,
   hashing, and the error statuses of kinds and modes. */
static void testValuesWithoutText(void) {
  /* (2,(3,_)) and back, and (6,2):(8,2) as (shape, stride). */
  const int8_t kinds[] = {LAYOUTC_LEAF_TUPLE, LAYOUTC_LEAF_INT, LAYOUTC_LEAF_TUPLE, LAYOUTC_LEAF_INT,
                          LAYOUTC_LEAF_UNDERSCORE};
  const int64_t values[] = {2, 2, 2, 3, 0};
  layoutc_value *t = NULL, *shape = NULL, *stride = NULL, *a = NULL, *b = NULL, *r = NULL, *again = NULL;
  const char *text = NULL;
  EXPECT_OK(layoutc_tuple_make(kinds, values, 5, &t));
  EXPECT_OK(layoutc_value_str(t, &text));
  CHECK(strcmp(text, "(2,(3,_))") == 0);
  int8_t k[8];
  int64_t x[8];
  size_t n = 0;
  EXPECT_OK(layoutc_value_read(t, k, x, 2, &n)); /* too small: only n */
  CHECK(n == 5);
  EXPECT_OK(layoutc_value_read(t, k, x, 8, &n));
  CHECK(n == 5 && memcmp(k, kinds, 5) == 0 && memcmp(x, values, sizeof values) == 0);
  const int8_t pair[] = {LAYOUTC_LEAF_TUPLE, LAYOUTC_LEAF_INT, LAYOUTC_LEAF_INT};
  const int64_t sixTwo[] = {2, 6, 2}, eightTwo[] = {2, 8, 2};
  EXPECT_OK(layoutc_tuple_make(pair, sixTwo, 3, &shape));
  EXPECT_OK(layoutc_tuple_make(pair, eightTwo, 3, &stride));
  const layoutc_value *parts[] = {shape, stride};
  layoutc_value_kind kind = LAYOUTC_VALUE_BOOL;
  EXPECT_OK(layoutc_call("make_layout", NULL, 0, parts, 2, &a, &kind));
  CHECK(kind == LAYOUTC_VALUE_LAYOUT);
  EXPECT_OK(layoutc_value_str(a, &text));
  CHECK(strcmp(text, "(6,2):(8,2)") == 0);
  EXPECT_OK(layoutc_value_read(a, k, x, 8, &n));
  CHECK(n == 7 && k[0] == LAYOUTC_LEAF_TUPLE && x[0] == 2 && x[2] == 6 && x[5] == 8);
  /* composition, then R(5) three ways. */
  EXPECT_OK(layoutc_eval("(4,3):(3,1)", &b));
  const layoutc_value *ab[] = {a, b};
  EXPECT_OK(layoutc_call("composition", NULL, 0, ab, 2, &r, NULL));
  EXPECT_OK(layoutc_value_str(r, &text));
  CHECK(strcmp(text, "((2,2),3):((24,2),8)") == 0);
  int64_t offset = 0;
  EXPECT_OK(layoutc_apply_index(r, 5, &offset));
  CHECK(offset == 32);
  const int8_t crd[] = {LAYOUTC_LEAF_TUPLE, LAYOUTC_LEAF_INT, LAYOUTC_LEAF_INT};
  const int64_t oneTwo[] = {2, 1, 2};
  EXPECT_OK(layoutc_apply_flat(r, crd, oneTwo, 3, &offset));
  CHECK(offset == 40); /* R(1,2) = A(B(1,2)) = A(5) = 40: CuTe's colexicographic order */
  /* get<1>(a) through a template argument; equality and hashing. */
  const int64_t one = 1;
  const layoutc_value *just[] = {a};
  EXPECT_OK(layoutc_call("get", &one, 1, just, 1, &again, NULL));
  EXPECT_OK(layoutc_value_str(again, &text));
  CHECK(strcmp(text, "2:2") == 0);
  layoutc_value_free(again);
  EXPECT_OK(layoutc_eval("composition((6,2):(8,2),(4,3):(3,1))", &again));
  int equal = 0;
  uint64_t h1 = 0, h2 = 1;
  EXPECT_OK(layoutc_value_equal(r, again, &equal));
  CHECK(equal == 1);
  EXPECT_OK(layoutc_value_hash(r, &h1));
  EXPECT_OK(layoutc_value_hash(again, &h2));
  CHECK(h1 == h2);
  EXPECT_OK(layoutc_value_equal(r, a, &equal));
  CHECK(equal == 0);
  /* Statuses of kinds and modes; malformed flat forms. */
  const int64_t five = 5;
  EXPECT_STATUS(layoutc_call("get", &five, 1, just, 1, &t, NULL), LAYOUTC_ERROR_ALGEBRA_INDEX,
                "get: mode 5 is out of range for layout (6,2):(8,2) of rank 2");
  EXPECT_STATUS(layoutc_call("composition", NULL, 0, just, 1, &t, NULL), LAYOUTC_ERROR_ALGEBRA_TYPE,
                "composition: takes 2 arguments, got 1");
  CHECK(t == NULL);
  EXPECT_STATUS(layoutc_apply_index(t, 0, &offset), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_apply_index: f is NULL");
  EXPECT_STATUS(layoutc_tuple_make(kinds, values, 4, &t), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_tuple_make: entry 2 is a tuple of 2 children, but 1 entries follow");
  EXPECT_STATUS(layoutc_tuple_make(kinds, values, 0, &t), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_tuple_make: the flat form is empty");
  const int8_t bad[] = {9};
  EXPECT_STATUS(layoutc_tuple_make(bad, values, 1, &t), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_tuple_make: entry 0 has kind 9, not a layoutc_leaf it takes");
  EXPECT_STATUS(layoutc_call("composition", NULL, 0, NULL, 2, &t, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_call: args is NULL");
  CHECK(strcmp(layoutc_status_name(LAYOUTC_ERROR_ALGEBRA_TYPE), "LAYOUTC_ERROR_ALGEBRA_TYPE") == 0);
  layoutc_value_free(again);
  layoutc_value_free(r);
  layoutc_value_free(b);
  layoutc_value_free(a);
  layoutc_value_free(stride);
  layoutc_value_free(shape);
}

/* An inner function of the caller's: x -> x + 100 on integers. */
static int released = 0;
static int plusHundred(void *user, const int8_t *kinds, const int64_t *values, size_t n, int8_t *outKinds,
                       int64_t *outValues, size_t capacity, size_t *outN) {
  (void)user;
  if (n != 1 || kinds[0] != LAYOUTC_LEAF_INT)
    return 1;
  *outN = 1;
  if (capacity >= 1) {
    outKinds[0] = LAYOUTC_LEAF_INT;
    outValues[0] = values[0] + 100;
  }
  return 0;
}
static void release(void *user) { released += user == (void *)&released; }

/* Composed layouts with the caller's inner function: evaluated through it,
   its state released once with the last value holding it. */
static void testComposedFunctions(void) {
  layoutc_value *offset = NULL, *outer = NULL, *c = NULL, *sliced = NULL, *tile = NULL;
  const char *text = NULL;
  EXPECT_OK(layoutc_eval("0", &offset));
  EXPECT_OK(layoutc_eval("8:2", &outer));
  EXPECT_OK(layoutc_composed_function_make("plus100", plusHundred, release, &released, offset, outer, &c));
  EXPECT_OK(layoutc_value_str(c, &text));
  CHECK(strcmp(text, "plus100 o 0 o 8:2") == 0);
  int64_t r = 0;
  EXPECT_OK(layoutc_apply_index(c, 3, &r));
  CHECK(r == 106);
  layoutc_value *inner = NULL, *off = NULL, *out = NULL;
  void *user = NULL;
  EXPECT_OK(layoutc_composed_parts(c, &inner, &off, &out, &user));
  CHECK(inner == NULL && user == &released);
  EXPECT_OK(layoutc_value_str(out, &text));
  CHECK(strcmp(text, "8:2") == 0);
  layoutc_value_free(out);
  layoutc_value_free(off);
  EXPECT_STATUS(layoutc_composed_parts(outer, &inner, &off, &out, &user), LAYOUTC_ERROR_ALGEBRA_TYPE,
                "layoutc_composed_parts: expected a composed layout, not the layout 8:2");
  CHECK(off == NULL && out == NULL);
  EXPECT_OK(layoutc_eval("2:3", &tile));
  const layoutc_value *ct[] = {c, tile};
  EXPECT_OK(layoutc_call("composition", NULL, 0, ct, 2, &sliced, NULL));
  layoutc_value_free(c);
  CHECK(released == 0);
  EXPECT_OK(layoutc_apply_index(sliced, 1, &r));
  CHECK(r == 106);
  layoutc_value_free(sliced);
  CHECK(released == 1);
  EXPECT_STATUS(layoutc_composed_function_make("bad", NULL, release, &released, offset, outer, &c),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_composed_function_make: fn is NULL");
  CHECK(released == 2 && c == NULL); /* released also when making fails */
  EXPECT_STATUS(layoutc_composed_function_make("f", plusHundred, NULL, NULL, outer, outer, &c),
                LAYOUTC_ERROR_ALGEBRA_TYPE, "the offset must be an integer or a coordinate, not the layout 8:2");
  /* Equal values are those of one function (issue 51): one user, or one
     make where user is NULL; never two functions of one name. */
  static int otherUser;
  layoutc_value *sameUser = NULL, *again = NULL, *other = NULL, *anon = NULL, *anon2 = NULL;
  EXPECT_OK(layoutc_composed_function_make("f", plusHundred, NULL, &otherUser, offset, outer, &sameUser));
  EXPECT_OK(layoutc_composed_function_make("f", plusHundred, NULL, &otherUser, offset, outer, &again));
  EXPECT_OK(layoutc_composed_function_make("f", plusHundred, NULL, &released, offset, outer, &other));
  EXPECT_OK(layoutc_composed_function_make("f", plusHundred, NULL, NULL, offset, outer, &anon));
  EXPECT_OK(layoutc_composed_function_make("f", plusHundred, NULL, NULL, offset, outer, &anon2));
  int equal = -1;
  uint64_t h1 = 0, h2 = 0;
  EXPECT_OK(layoutc_value_equal(sameUser, again, &equal));
  CHECK(equal == 1);
  EXPECT_OK(layoutc_value_hash(sameUser, &h1));
  EXPECT_OK(layoutc_value_hash(again, &h2));
  CHECK(h1 == h2);
  EXPECT_OK(layoutc_value_equal(sameUser, other, &equal));
  CHECK(equal == 0);
  EXPECT_OK(layoutc_value_equal(anon, anon2, &equal));
  CHECK(equal == 0);
  EXPECT_OK(layoutc_value_equal(anon, anon, &equal));
  CHECK(equal == 1);
  layoutc_value_free(sameUser);
  layoutc_value_free(again);
  layoutc_value_free(other);
  layoutc_value_free(anon);
  layoutc_value_free(anon2);
  CHECK(released == 2); /* no release given: none called */
  layoutc_value_free(tile);
  layoutc_value_free(outer);
  layoutc_value_free(offset);
}

/* Each thread's last error is its own: a thread failing and one succeeding
   at once do not see each other's. */
static void *failingEval(void *unused) {
  (void)unused;
  layoutc_value *v = NULL;
  for (int i = 0; i < 200; ++i)
    if (layoutc_eval("coalesce(", &v) != LAYOUTC_ERROR_ALGEBRA || !strstr(layoutc_last_error(), "parse:"))
      return (void *)1;
  return NULL;
}
static void *succeedingEval(void *unused) {
  (void)unused;
  for (int i = 0; i < 200; ++i) {
    layoutc_value *v = NULL;
    const char *text = NULL;
    if (layoutc_eval("coalesce((2,(1,6)):(1,(6,2)))", &v) != LAYOUTC_OK || layoutc_last_error()[0] != '\0')
      return (void *)1;
    int wrong = layoutc_value_str(v, &text) != LAYOUTC_OK || strcmp(text, "12:1") != 0;
    layoutc_value_free(v);
    if (wrong)
      return (void *)1;
  }
  return NULL;
}

static void testThreads(void) {
  pthread_t threads[4];
  void *(*bodies[4])(void *) = {failingEval, succeedingEval, failingEval, succeedingEval};
  for (int i = 0; i < 4; ++i)
    CHECK(pthread_create(&threads[i], NULL, bodies[i], NULL) == 0);
  for (int i = 0; i < 4; ++i) {
    void *result = (void *)1;
    CHECK(pthread_join(threads[i], &result) == 0);
    CHECK(result == NULL);
  }
}

static const char *kTranspose[2] = {"(640,320):(320,1)", "(640,320):(1,640)"};

static void testJit(const char *cacheDir) {
  layoutc_jit *jit = NULL;
  EXPECT_STATUS(layoutc_jit_create(NULL, 7, 0, NULL, 1, &jit), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_create: opt_level 7 is not 0, 1, 2 or 3");
  EXPECT_STATUS(layoutc_jit_create("sm_75", 0, 0, NULL, 1, &jit), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_create: arch 'sm_75' is not supported: layoutc compiles for sm_90, sm_80");
  EXPECT_STATUS(layoutc_jit_create(NULL, 0, 0, NULL, 1, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_create: jit is NULL");
  EXPECT_OK(layoutc_jit_create(NULL, 0, 1, cacheDir, 1, &jit));

  layoutc_kernel *copy = NULL;
  EXPECT_OK(layoutc_compile_copy(jit, kTranspose[0], kTranspose[1], "f32", NULL, NULL, &copy));
  const char *name = NULL, *ptx = NULL, *family = NULL;
  EXPECT_OK(layoutc_kernel_name(copy, &name));
  CHECK(strcmp(name, "copy") == 0);
  EXPECT_OK(layoutc_kernel_ptx(copy, &ptx));
  CHECK(strstr(ptx, ".target sm_90") && strstr(ptx, ".visible .entry copy("));
  /* A static copy launches its family's kernel: the extents at launch. */
  EXPECT_OK(layoutc_kernel_family(copy, &family));
  CHECK(strcmp(family, "lay-copy-family: modes=2 sizes=?{div=4},?{div=4} src=?{div=4},1 dst=1,?{div=4}") == 0);
  int64_t size = 0, srcElements = 0, dstElements = 0;
  EXPECT_OK(layoutc_copy_extents(copy, NULL, 0, &size, &srcElements, &dstElements));
  CHECK(size == 204800 && srcElements == 204800 && dstElements == 204800);

  /* The same spec again is a memory hit, not a compile; so is another
     shape of its family. */
  layoutc_cache_stats before, after;
  EXPECT_OK(layoutc_jit_cache_stats(jit, &before));
  CHECK(before.families == 1 && before.misses + before.disk_hits == 1); /* the directory may hold it */
  layoutc_kernel *again = NULL, *taller = NULL;
  EXPECT_OK(layoutc_compile_copy(jit, kTranspose[0], kTranspose[1], "f32", NULL, NULL, &again));
  EXPECT_OK(layoutc_compile_copy(jit, "(960,2000):(2000,1)", "(960,2000):(1,960)", "f32", NULL, NULL, &taller));
  EXPECT_OK(layoutc_jit_cache_stats(jit, &after));
  CHECK(after.hits == before.hits + 2 && after.misses == before.misses && after.families == 1);
  layoutc_kernel_free(again);
  layoutc_kernel_free(taller);

  /* A second JIT finds it on disk. */
  layoutc_jit *second = NULL;
  EXPECT_OK(layoutc_jit_create("sm_90", 0, 1, cacheDir, 1, &second));
  EXPECT_OK(layoutc_compile_copy(second, kTranspose[0], kTranspose[1], "f32", NULL, NULL, &again));
  EXPECT_OK(layoutc_jit_cache_stats(second, &after));
  CHECK(after.disk_hits == 1 && after.misses == 0);
  layoutc_kernel_free(again);
  layoutc_jit_destroy(second);

  /* A JIT of shape kernels: the spec is its own kernel. */
  layoutc_jit *shapes = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 0, &shapes));
  EXPECT_OK(layoutc_compile_copy(shapes, kTranspose[0], kTranspose[1], "f32", NULL, NULL, &again));
  EXPECT_OK(layoutc_kernel_family(again, &family));
  CHECK(strcmp(family, "") == 0);
  layoutc_kernel_free(again);
  layoutc_jit_destroy(shapes);

  /* `?` leaves: the extents follow the values given. */
  layoutc_kernel *dynamic = NULL;
  EXPECT_OK(layoutc_compile_copy(jit, "(?,8):(8,1)", "(?,8):(1,?)", "f16", "f32", NULL, &dynamic));
  int64_t values[3] = {10, 10, 12};
  EXPECT_OK(layoutc_copy_extents(dynamic, values, 3, &size, &srcElements, &dstElements));
  CHECK(size == 80 && srcElements == 80 && dstElements == 9 + 7 * 12 + 1);
  EXPECT_STATUS(layoutc_copy_extents(dynamic, values, 2, &size, &srcElements, &dstElements),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "expected 3 values for its `?` leaves, got 2");
  EXPECT_STATUS(layoutc_copy_extents(dynamic, NULL, 3, &size, &srcElements, &dstElements),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_copy_extents: dynamic is NULL with count 3");

  /* Gathers and scatters are copies: R, the rows, is their `?`. */
  layoutc_kernel *gather = NULL, *scatter = NULL;
  EXPECT_OK(layoutc_compile_gather(jit, 64, "bf16", "i64", &gather));
  EXPECT_OK(layoutc_kernel_name(gather, &name));
  CHECK(strcmp(name, "gather") == 0);
  EXPECT_OK(layoutc_compile_scatter(jit, 1, "i8", "i32", &scatter));
  EXPECT_OK(layoutc_kernel_name(scatter, &name));
  CHECK(strcmp(name, "scatter") == 0);
  int64_t rows = 10;
  EXPECT_OK(layoutc_copy_extents(gather, &rows, 1, &size, &srcElements, &dstElements));
  CHECK(size == 640 && srcElements == 0 && dstElements == 640);

  layoutc_kernel_free(copy);
  layoutc_kernel_free(dynamic);
  layoutc_kernel_free(gather);
  layoutc_kernel_free(scatter);
  layoutc_kernel_free(NULL);
  layoutc_jit_destroy(jit);
  layoutc_jit_destroy(NULL);
}

static void testJitErrors(void) {
  layoutc_jit *jit = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  layoutc_kernel *k = (layoutc_kernel *)&k; /* set to NULL on failure */
  EXPECT_STATUS(layoutc_compile_copy(jit, "(4,8):(8,1)", "(4,4):(1,4)", "f32", NULL, NULL, &k), LAYOUTC_ERROR_COMPILE,
                "16");
  CHECK(k == NULL);
  EXPECT_STATUS(layoutc_compile_copy(jit, "(4,8):(8,1", "(4,8):(1,4)", "f32", NULL, NULL, &k), LAYOUTC_ERROR_COMPILE,
                "copy: the source layout: '(4,8):(8,1' is not a layout");
  EXPECT_STATUS(
      layoutc_compile_copy(jit, "(4,8):(8,1)", "(4,8):(1,4)", "f23", NULL, NULL, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
      "layoutc_compile_copy: dtype 'f23' is not a dtype: layoutc moves f32, f16, bf16, f64, i32, i8, i64, u8, "
      "i16, bool, f8e4m3fn, f8e5m2, c64 or c128");
  EXPECT_STATUS(layoutc_compile_copy(jit, "(4,8):(8,1)", "(4,8):(1,4)", "f32", "f8", NULL, &k),
                LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_compile_copy: to_dtype 'f8' is not a dtype");
  EXPECT_STATUS(layoutc_compile_copy(NULL, "4:1", "4:1", "f32", NULL, NULL, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: jit is NULL");
  EXPECT_STATUS(layoutc_compile_copy(jit, NULL, "4:1", "f32", NULL, NULL, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: src_layout is NULL");
  EXPECT_STATUS(layoutc_compile_copy(jit, "4:1", "4:1", NULL, NULL, NULL, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: dtype is NULL");
  EXPECT_STATUS(layoutc_compile_copy(jit, "4:1", "4:1", "f32", NULL, NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_copy: kernel is NULL");
  EXPECT_STATUS(layoutc_compile_gather(jit, 0, "f32", "i32", &k), LAYOUTC_ERROR_COMPILE, "width");
  EXPECT_STATUS(layoutc_compile_gather(jit, 4, "f32", "f32", &k), LAYOUTC_ERROR_COMPILE, "index");
  EXPECT_STATUS(layoutc_compile_scatter(NULL, 4, "f32", "i32", &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_scatter: jit is NULL");
  EXPECT_STATUS(layoutc_compile_mlir(jit, "gpu.module @m {\n  gpu.func @k() kernel { bogus }\n}", "k", 64, &k),
                LAYOUTC_ERROR_COMPILE, "<input>:2:");
  EXPECT_STATUS(layoutc_compile_mlir(jit, "", "k", 48, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_mlir: index_bits 48 is not 32 or 64");
  EXPECT_STATUS(layoutc_compile_mlir(jit, NULL, "k", 64, &k), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_compile_mlir: mlir is NULL");
  const char *text = NULL;
  EXPECT_STATUS(layoutc_kernel_name(NULL, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_kernel_name: kernel is NULL");
  EXPECT_STATUS(layoutc_kernel_ptx(NULL, &text), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_kernel_ptx: kernel is NULL");
  EXPECT_STATUS(layoutc_kernel_family(NULL, &text), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_kernel_family: kernel is NULL");
  EXPECT_STATUS(layoutc_jit_cache_stats(NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_jit_cache_stats: jit is NULL");
  layoutc_jit_destroy(jit);
}

/* Launches: what the driver `mode` allows. */
static void testLaunch(const char *mode) {
  int standIn = strcmp(mode, "stand-in") == 0;
  layoutc_jit *jit = NULL;
  EXPECT_OK(layoutc_jit_create(NULL, 0, 0, NULL, 1, &jit));
  layoutc_kernel *copy = NULL, *gather = NULL;
  EXPECT_OK(layoutc_compile_copy(jit, "(64,32):(32,1)", "(64,32):(1,64)", "f32", NULL, NULL, &copy));
  EXPECT_OK(layoutc_compile_gather(jit, 16, "f32", "i32", &gather));
  /* The stand-in's device memory is host memory; without it the pointers
     are never read. */
  float *src = malloc(2048 * sizeof(float)), *dst = malloc(2048 * sizeof(float));
  int *indices = malloc(8 * sizeof(int));
  layoutc_buffer both[2] = {{src, 0}, {dst, 0}}, offset[2] = {{src + 1, 0}, {dst, 0}};
  layoutc_buffer rows[3] = {{src, 128 * 16}, {dst, 0}, {indices, 8}};
  int64_t count = 8;
  /* The tensors of the path from Python: a (64, 32) f32 transposed. */
  int64_t shape[2] = {64, 32}, rowMajor[2] = {32, 1}, colMajor[2] = {1, 64};
  layoutc_tensor tSrc = {src, 0, 2, shape, rowMajor}, tDst = {dst, 0, 2, shape, colMajor};
  int64_t tableShape[2] = {128, 16}, tableStrides[2] = {16, 1}, idxShape[1] = {8}, one[1] = {1};
  int64_t rowsShape[2] = {8, 16};
  layoutc_tensor table = {src, 0, 2, tableShape, tableStrides}, idx = {indices, 4, 1, idxShape, one},
                 out = {dst, 0, 2, rowsShape, tableStrides};
  int64_t taller[2] = {48, 32};

  int devices = -1;
  EXPECT_STATUS(layoutc_device_count(NULL), LAYOUTC_ERROR_INVALID_ARGUMENT, "layoutc_device_count: count is NULL");
  if (standIn) {
    EXPECT_OK(layoutc_device_count(&devices));
    CHECK(devices == 1);
    EXPECT_OK(layoutc_launch_copy(copy, 0, both, 2, NULL, 0, NULL));
    EXPECT_OK(layoutc_launch_copy(copy, 0, offset, 2, NULL, 0, NULL)); /* the any-alignment kernel */
    EXPECT_OK(layoutc_launch_copy(gather, 0, rows, 3, &count, 1, NULL));
    EXPECT_STATUS(layoutc_launch_copy(copy, 5, both, 2, NULL, 0, NULL), LAYOUTC_ERROR_NO_DEVICE,
                  "no CUDA device 5: the driver reports 1 device(s)");
    EXPECT_OK(layoutc_copy_tensors(jit, 0, &tSrc, &tDst, NULL, NULL));
    double half = 0.5;
    EXPECT_OK(layoutc_copy_tensors(jit, 0, &tSrc, &tDst, &half, NULL));
    EXPECT_OK(layoutc_gather_tensors(jit, 0, &table, &idx, &out, NULL));
    EXPECT_OK(layoutc_scatter_tensors(jit, 0, &out, &idx, &table, NULL));
    /* A taller tensor of one family compiles nothing (extents of 256 and
       more are launch values; smaller contiguous ones are the family's). */
    layoutc_cache_stats before, after;
    layoutc_tensor tallSrc = tSrc, tallDst = tDst;
    tallSrc.shape = tallDst.shape = (int64_t[]){256, 300};
    tallSrc.strides = (int64_t[]){300, 1};
    tallDst.strides = (int64_t[]){1, 256};
    EXPECT_OK(layoutc_copy_tensors(jit, 0, &tallSrc, &tallDst, NULL, NULL));
    EXPECT_OK(layoutc_jit_cache_stats(jit, &before));
    tallSrc.shape = tallDst.shape = (int64_t[]){512, 300};
    tallDst.strides = (int64_t[]){1, 512};
    EXPECT_OK(layoutc_copy_tensors(jit, 0, &tallSrc, &tallDst, NULL, NULL));
    EXPECT_OK(layoutc_jit_cache_stats(jit, &after));
    CHECK(after.misses == before.misses && after.families == before.families && after.hits == before.hits + 1);
    layoutc_arg args[3] = {{1, src, 2048}, {1, dst, 2048}, {0, NULL, 7}};
    EXPECT_STATUS(layoutc_launch(copy, 0, 1, 0, args, 3, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                  "kernel copy: the launch arguments do not match its");
  } else {
    EXPECT_STATUS(layoutc_device_count(&devices), LAYOUTC_ERROR_NO_DRIVER, "no CUDA driver found: ");
    EXPECT_STATUS(layoutc_launch_copy(copy, 0, both, 2, NULL, 0, NULL), LAYOUTC_ERROR_NO_DRIVER,
                  "no CUDA driver found: ");
    EXPECT_STATUS(layoutc_launch_copy(gather, 0, rows, 3, &count, 1, NULL), LAYOUTC_ERROR_NO_DRIVER,
                  "no CUDA driver found: ");
    EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &tSrc, &tDst, NULL, NULL), LAYOUTC_ERROR_NO_DRIVER,
                  "no CUDA driver found: ");
  }
  layoutc_buffer none[2] = {{NULL, 0}, {dst, 0}};
  EXPECT_STATUS(layoutc_launch_copy(copy, 0, none, 2, NULL, 0, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: buffers[0].address is NULL");
  EXPECT_STATUS(layoutc_launch_copy(copy, 0, both, 2, &count, 1, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: the kernel takes 0 values for `?` leaves, got 1");
  EXPECT_STATUS(layoutc_launch_copy(gather, 0, both, 2, &count, 1, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: copy: the kernel takes 3 buffers (src, dst and its index buffers), got 2");
  layoutc_buffer small[2] = {{src, 100}, {dst, 0}};
  EXPECT_STATUS(layoutc_launch_copy(copy, 0, small, 2, NULL, 0, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch_copy: copy: the source's layout reaches element 2047, but its buffer holds 100");
  /* The tensors' checks come before the driver is needed. */
  layoutc_tensor badType = tSrc;
  badType.dtype = 14;
  EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &badType, &tDst, NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_copy_tensors: src.dtype 14 is not a dtype's index (0 .. 13)");
  layoutc_tensor other = tDst;
  other.shape = taller;
  EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &tSrc, &other, NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_copy_tensors: copy: src has shape (64, 32) but dst (48, 32); a copy between tensors takes one "
                "shape");
  layoutc_tensor repeated = tDst;
  repeated.strides = (int64_t[]){1, 0};
  EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &tSrc, &repeated, NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_copy_tensors: copy: dst's elements repeat");
  layoutc_tensor negative = tSrc;
  negative.strides = (int64_t[]){-32, 1};
  EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &negative, &tDst, NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_copy_tensors: src: stride -32 of mode 0 is negative");
  /* Empty tensors (torch's have address 0) move nothing, with no driver needed. */
  int64_t noRows[2] = {0, 64}, emptyStrides[2] = {64, 1};
  layoutc_tensor empty = {NULL, 0, 2, noRows, emptyStrides};
  EXPECT_OK(layoutc_copy_tensors(jit, 0, &empty, &empty, NULL, NULL));
  layoutc_tensor nowhere = tSrc;
  nowhere.address = NULL;
  EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &nowhere, &tDst, NULL, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_copy_tensors: src.address is NULL");
  double infinite = 1.0 / 0.0;
  EXPECT_STATUS(layoutc_copy_tensors(jit, 0, &tSrc, &tDst, &infinite, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_copy_tensors: copy: the scale inf is not a finite number");
  layoutc_tensor floatIndices = idx;
  floatIndices.dtype = 0;
  EXPECT_STATUS(layoutc_gather_tensors(jit, 0, &table, &floatIndices, &out, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_gather_tensors: gather: indices are f32; they must be i32 or i64");
  layoutc_tensor transposed = table;
  transposed.strides = (int64_t[]){1, 128};
  EXPECT_STATUS(
      layoutc_gather_tensors(jit, 0, &transposed, &idx, &out, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
      "layoutc_gather_tensors: gather: table (shape (128, 16), strides (1, 128), f32) is not contiguous (row-major)");
  EXPECT_STATUS(layoutc_launch(NULL, 0, 1, 0, NULL, 0, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch: kernel is NULL");
  EXPECT_STATUS(layoutc_launch(copy, 0, 1, 0, NULL, 2, NULL), LAYOUTC_ERROR_INVALID_ARGUMENT,
                "layoutc_launch: args is NULL with count 2");
  free(src);
  free(dst);
  free(indices);
  layoutc_kernel_free(copy);
  layoutc_kernel_free(gather);
  layoutc_jit_destroy(jit);
}

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "no-driver") != 0 && strcmp(argv[1], "stand-in") != 0)) {
    fprintf(stderr, "usage: CApiTest no-driver|stand-in CACHE_DIR\n");
    return 2;
  }
  testVersion();
  testDTypes();
  testAlgebra();
  testAlgebraErrors();
  testPictures();
  testValuesWithoutText();
  testComposedFunctions();
  testThreads();
  testJit(argv[2]);
  testJitErrors();
  testLaunch(argv[1]);
  testCompile(argv[1]);
  testBoundary();
  testExchange();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("CApiTest %s: all checks passed\n", argv[1]);
  return 0;
}
