/*===- layoutc.h - layoutc's stable C API ---------------------------------===
 *
 * layoutc from C and from any language with a C foreign-function interface
 * (Python's ctypes: python/layoutc). Exported by the layoutc::jit shared
 * library (liblayoutc_jit.so).
 *
 *  - Every object is an opaque handle, made by a layoutc_* call and released
 *    by its _free/_destroy call (which accepts NULL).
 *  - Every call that can fail returns a layoutc_status; LAYOUTC_OK is 0. On
 *    failure, layoutc_last_error() is the explanation (the operation, the
 *    argument, the condition, and for expressions where in the text), valid
 *    on the calling thread until its next layoutc call. No C++ exception
 *    crosses this boundary.
 *  - Every argument is checked before it is used, and a bad one is
 *    LAYOUTC_ERROR_INVALID_ARGUMENT with the message "FUNCTION: ARGUMENT
 *    CONDITION": a NULL pointer; a handle that is not live (freed already, a
 *    handle of another kind, an address layoutc did not give out: a handle
 *    is live from the call that makes it to its _free/_destroy); a length
 *    no buffer can have; an integer out of its range (a negative device,
 *    count or buffer size); a NaN or infinite scale, or one past f32 where
 *    the copy multiplies in f32; an arch the backend does not compile for
 *    (at layoutc_jit_create, not at the first compile). A _free/_destroy
 *    of a handle that is not live frees nothing and sets the last error.
 *    Not checkable, and the caller's to keep: a non-NULL pointer to fewer
 *    entries than the length given with it, and a handle freed while
 *    another thread uses it.
 *  - Thread-safe as the C++ API is: any number of threads may use one
 *    layoutc_jit and its kernels at once; values are immutable.
 *  - Versioned: layoutc_version() is the library's version; a program built
 *    against this header may check layoutc_api_version() against
 *    LAYOUTC_API_VERSION (bumped by any incompatible change of this file).
 *
 *===----------------------------------------------------------------------===*/
#ifndef LAYOUTC_LAYOUTC_H
#define LAYOUTC_LAYOUTC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LAYOUTC_API_VERSION 3

typedef enum layoutc_status {
  LAYOUTC_OK = 0,
  /* A NULL handle or pointer, an unknown dtype, launch arguments that do not
     fit the kernel (counts, sizes, `?` values). */
  LAYOUTC_ERROR_INVALID_ARGUMENT = 1,
  /* An expression the algebra refuses: a parse error or an inadmissible
     operation. */
  LAYOUTC_ERROR_ALGEBRA = 2,
  /* A spec or MLIR module the compiler refuses. */
  LAYOUTC_ERROR_COMPILE = 3,
  /* No CUDA driver (libcuda.so.1) could be loaded. */
  LAYOUTC_ERROR_NO_DRIVER = 4,
  /* The driver reports no GPU, or none of the ordinal asked for. */
  LAYOUTC_ERROR_NO_DEVICE = 5,
  /* A CUDA driver call failed (the message names it and the CUDA error). */
  LAYOUTC_ERROR_CUDA = 6,
  LAYOUTC_ERROR_OUT_OF_MEMORY = 7,
  /* Anything else: a bug in layoutc, reported instead of crashing. */
  LAYOUTC_ERROR_INTERNAL = 8,
  /* An algebra function given arguments of the wrong kind or count
     ("argument 2 must be a layout", "takes 2 arguments, got 3"). */
  LAYOUTC_ERROR_ALGEBRA_TYPE = 9,
  /* An algebra function given a mode past the rank ("mode 5 is out of
     range"). */
  LAYOUTC_ERROR_ALGEBRA_INDEX = 10,
  /* A kernel refused an access outside its buffers that only the device
     could see (a gather's or scatter's index naming no row of its table, a
     traced offset outside its tensor): the message gives the first such
     index and its position. The access was skipped (a skipped read gives
     0, a skipped write stores nothing), the rest done; the device stays
     usable. Returned by the next launch on that
     device, or by layoutc_check_device. */
  LAYOUTC_ERROR_DEVICE_FAULT = 11
} layoutc_status;

/* The release, as in the repository's VERSION file, such as "0.2.0". */
const char *layoutc_version(void);
/* LAYOUTC_API_VERSION of the library. */
int layoutc_api_version(void);
/* The calling thread's last failure's explanation ("" when none). */
const char *layoutc_last_error(void);
/* "LAYOUTC_OK", "LAYOUTC_ERROR_ALGEBRA", ...; "unknown status" otherwise. */
const char *layoutc_status_name(layoutc_status status);

/*===- The algebra --------------------------------------------------------===*/

/* A result of the algebra. */
typedef struct layoutc_value layoutc_value;

typedef enum layoutc_value_kind {
  LAYOUTC_VALUE_INT_TUPLE = 0,    /* an integer or a tuple: 12, (2,(3,4)) */
  LAYOUTC_VALUE_LAYOUT = 1,       /* (6,2):(8,2) */
  LAYOUTC_VALUE_SWIZZLE = 2,      /* S<3,4,3> */
  LAYOUTC_VALUE_COMPOSED = 3,     /* S<3,4,3> o 0 o (64,64):(64,1) */
  LAYOUTC_VALUE_TILER = 4,        /* <2:1,4:1> */
  LAYOUTC_VALUE_BOOL = 5,         /* true, false */
  LAYOUTC_VALUE_TAG = 6,          /* LayoutLeft, LayoutRight */
  LAYOUTC_VALUE_EQUALITY = 7,     /* equal's answer: true, false: ..., depends on ?: ... */
  LAYOUTC_VALUE_LINEAR_LAYOUT = 8 /* to_linear_layout's answer, Triton's printed form */
} layoutc_value_kind;

/* Evaluates a layout expression in CuTe's notation and function names
   ("composition((6,2):(8,2), (4,3):(3,1))", "size((2,3):(1,2))", "L(5)") to
   *result. LAYOUTC_ERROR_ALGEBRA for an expression the algebra refuses. */
layoutc_status layoutc_eval(const char *expression, layoutc_value **result);
/* The value in CuTe notation, owned by the value. */
layoutc_status layoutc_value_str(const layoutc_value *value, const char **text);
layoutc_status layoutc_value_kind_of(const layoutc_value *value, layoutc_value_kind *kind);
/* The conditions on run-time (`?`) leaves the value depends on, joined by
   "; " ("" when none), owned by the value. */
layoutc_status layoutc_value_assumptions(const layoutc_value *value, const char **text);
void layoutc_value_free(layoutc_value *value);

/*===- Values without text ---------------------------------------------===*/

/* An integer tuple as a flat list in prefix order: a tuple is its count of
   children, then the children; (2,(3,_)) is
     kinds  TUPLE INT TUPLE INT UNDERSCORE      values 2 2 2 3 0
   A DYNAMIC leaf is a `?`, its value the integer it is known to be a
   multiple of (`?{div=N}`; 1: no such fact). */
typedef enum layoutc_leaf {
  LAYOUTC_LEAF_INT = 0,
  LAYOUTC_LEAF_TUPLE = 1,
  LAYOUTC_LEAF_UNDERSCORE = 2, /* CuTe's _, a slice's free mode */
  LAYOUTC_LEAF_DYNAMIC = 3,    /* ? */
  LAYOUTC_LEAF_OTHER = 4       /* a leaf with no flat form (a scaled basis 1@0), in layoutc_tuple_read */
} layoutc_leaf;

/* The integer tuple of `n` entries of `kinds` and `values`. */
layoutc_status layoutc_tuple_make(const int8_t *kinds, const int64_t *values, size_t n, layoutc_value **result);
/* Writes the flat form of a value's integers into the `capacity` entries
   given, and its length to *n (also when it does not fit: then only *n is
   written): an integer tuple's own, a layout's (shape, stride), a swizzle's
   (B, M, S). LAYOUTC_ERROR_ALGEBRA_TYPE for other values. */
layoutc_status layoutc_value_read(const layoutc_value *value, int8_t *kinds, int64_t *values, size_t capacity,
                                  size_t *n);
/* CuTe's function `name` (an expression's function names: `make_layout`,
   `composition`, `size`, ...) with `n_template` template arguments
   (get<0,1>) applied to `n_args` values, in CuTe's order. The result's
   assumptions are its arguments' and its own; its kind goes to *kind
   unless kind is NULL. */
layoutc_status layoutc_call(const char *name, const int64_t *template_args, size_t n_template,
                            const layoutc_value *const *args, size_t n_args, layoutc_value **result,
                            layoutc_value_kind *kind);
/* f(arg): a layout at a coordinate or index (a slice when it holds _), a
   swizzle or composed layout at an offset; the result's kind goes to *kind
   unless kind is NULL. */
layoutc_status layoutc_apply(const layoutc_value *f, const layoutc_value *arg, layoutc_value **result,
                             layoutc_value_kind *kind);
/* f(index) for an integer index whose value is an integer: the fast form
   of layoutc_apply (a layout's offset at a 1-D coordinate). */
layoutc_status layoutc_apply_index(const layoutc_value *f, int64_t index, int64_t *result);
/* f(coordinate) for a coordinate in flat form (layoutc_tuple_make's) whose
   value is an integer. */
layoutc_status layoutc_apply_flat(const layoutc_value *f, const int8_t *kinds, const int64_t *values, size_t n,
                                  int64_t *result);
/* A composed layout's inner function that the caller gives (CuTe DSL's
   make_composed_layout with a Python function inside): called with
   offset + outer(c) in flat form, it writes its result in flat form into
   the `capacity` entries given and the result's length to *out_n (when the
   result does not fit, only *out_n, and it is called again with room), and
   returns 0; nonzero fails the evaluation, and so does returning 0 without
   writing *out_n (a callback that did not run). */
typedef int (*layoutc_inner_fn)(void *user, const int8_t *kinds, const int64_t *values, size_t n, int8_t *out_kinds,
                                int64_t *out_values, size_t capacity, size_t *out_n);
/* Called once with `user` when the last value that holds the function is
   freed (NULL: never). */
typedef void (*layoutc_release_fn)(void *user);
/* inner o offset o outer with `fn` as the inner function, printed as `name`:
   c -> fn(offset + outer(c)). */
layoutc_status layoutc_composed_function_make(const char *name, layoutc_inner_fn fn, layoutc_release_fn release,
                                              void *user, const layoutc_value *offset, const layoutc_value *outer,
                                              layoutc_value **result);
/* The parts of a composed layout inner o offset o outer, as new values;
   for an inner function, *inner is NULL and *user the `user` it was made
   with (NULL for one made elsewhere). LAYOUTC_ERROR_ALGEBRA_TYPE for a
   value that is not a composed layout. */
layoutc_status layoutc_composed_parts(const layoutc_value *composed, layoutc_value **inner, layoutc_value **offset,
                                      layoutc_value **outer, void **user);
/* Whether two values are the same (same kind, same printed form, and for a
   composed layout with an inner function, the same function: made with
   the same `user`, or by the same layoutc_composed_function_make where
   `user` is NULL). */
layoutc_status layoutc_value_equal(const layoutc_value *a, const layoutc_value *b, int *equal);
/* A hash of the value, equal for values layoutc_value_equal calls equal. */
layoutc_status layoutc_value_hash(const layoutc_value *value, uint64_t *hash);

typedef enum layoutc_picture {
  LAYOUTC_PICTURE_TABLE = 0,   /* CuTe's print_layout: the (m,n) -> offset table (layoutc print2d) */
  LAYOUTC_PICTURE_OFFSETS = 1, /* CuTe's print1D: the offset at every index (layoutc print1d) */
  LAYOUTC_PICTURE_SVG = 2      /* an SVG picture, CuTe's figures' cells and rules (layoutc show) */
} layoutc_picture;

/* A picture of a layout or composed layout value, owned by the value until
   its next picture or its free. LAYOUTC_ERROR_ALGEBRA for other values, `?`
   leaves, and layouts too large to draw. */
layoutc_status layoutc_value_picture(const layoutc_value *value, layoutc_picture picture, const char **text);
/* The SVG picture of a TV layout (thread, value) -> tile index over the
   tile of shape `tile`, as `layoutc show --tv` draws it: each cell labelled
   T<t> V<v>, coloured by thread. The text is owned by `tv` as above. */
layoutc_status layoutc_value_picture_tv(const layoutc_value *tv, const layoutc_value *tile, const char **text);
/* The SVG picture of the shared-memory banks an access touches, as
   `layoutc show --banks`: smem (tile index -> element offset), the access
   (thread, value) -> tile index, elements of `dtype` ("f32", "f16", ...).
   The text is owned by `smem` as above. */
layoutc_status layoutc_value_picture_banks(const layoutc_value *smem, const layoutc_value *access, const char *dtype,
                                           const char **text);
/* The layout L with L(i) == offsets[i] for every i < n, or why none exists
   (layoutc infer). */
layoutc_status layoutc_infer(const int64_t *offsets, size_t n, layoutc_value **result);

/*===- Redistribution (docs/distributed.md) -------------------------------===*/

/* One rank's part in moving a tensor from one distribution over ranks to
   another (algebra::RankExchange): a chunk for each peer it sends to and
   receives from, each chunk moved as pieces; where each piece is read in
   the source and where it lands in the destination. */
typedef struct layoutc_exchange layoutc_exchange;

/* Rank `rank` of `ranks` moving the tensor distributed as `source` to
   `destination` (layouts in CuTe notation whose strides are local offsets,
   d or d@0, and ranks, d@1). LAYOUTC_ERROR_ALGEBRA when a distribution is
   not static, not one-to-one, reaches a rank past ranks-1 or a negative
   offset, when the two shapes have no common refinement, or when rank is
   not within 0..ranks-1; the message names which. element_bytes > 0 (the
   elements' size) lets chunks be cut into pieces of 4 MiB or more, whose
   packing and transfers overlap, and pieces be received in place as runs
   of 64 KiB or more; 0 moves whole chunks, received in place only where
   each lands as one run. */
layoutc_status layoutc_exchange_create(const char *source, const char *destination, int64_t ranks, int64_t rank,
                                       int64_t element_bytes, layoutc_exchange **result);
void layoutc_exchange_destroy(layoutc_exchange *exchange);
/* pack: a piece's element -> source offset from the piece's start; unpack:
   a piece's element -> destination offset from its start (CuTe notation,
   valid while the handle lives); chunk: elements per chunk; pieces: pieces
   per chunk (of chunk / pieces elements). */
layoutc_status layoutc_exchange_layouts(const layoutc_exchange *exchange, const char **pack, const char **unpack,
                                        int64_t *chunk, int64_t *pieces);
/* The peer of each chunk this rank sends (receive = 0) or receives
   (receive = 1), in order; *count is 0 where it sends or receives nothing.
   *ranks is valid while the handle lives. */
layoutc_status layoutc_exchange_peers(const layoutc_exchange *exchange, int receive, const int64_t **ranks,
                                      size_t *count);
/* Where piece k of chunk i starts: offsets[i * pieces + k], a local source
   offset (receive = 0) or destination offset (receive = 1); *count offsets,
   valid while the handle lives. */
layoutc_status layoutc_exchange_pieces(const layoutc_exchange *exchange, int receive, const int64_t **offsets,
                                       size_t *count);
/* *run > 0 where pieces are received in place: each as piece / run
   messages of run elements, message t at the piece's destination start
   plus starts[t] (*count starts, valid while the handle lives); *run = 0
   where pieces are received into a buffer and unpacked. */
layoutc_status layoutc_exchange_runs(const layoutc_exchange *exchange, int64_t *run, const int64_t **starts,
                                     size_t *count);
/* The largest local source offset this rank reads, and destination offset
   it writes, plus one (0 where it sends or receives nothing): the elements
   its buffers hold at least. */
layoutc_status layoutc_exchange_extents(const layoutc_exchange *exchange, int64_t *source, int64_t *destination);

/*===- The JIT ------------------------------------------------------------===*/

/* The element types kernels move (dtypes), in order, index 0 to
   layoutc_dtype_count() - 1: *name is layoutc's ("f32", "f8e4m3fn",
   "c64": the names the functions below take), *torch_name torch's
   ("float32", "float8_e4m3fn", "complex64"), *bytes an element's size;
   the strings are static. A layoutc_tensor's dtype is the index. Every pair
   converts as torch's .to() does on the GPU, bit for bit. */
int layoutc_dtype_count(void);
layoutc_status layoutc_dtype_info(int index, const char **name, const char **torch_name, int *bytes);

/* A JIT: the compiler, its memory cache and (optionally) its disk cache. */
typedef struct layoutc_jit layoutc_jit;
/* A compiled kernel: a copy (a gather and a scatter are copies), or a
   kernel of MLIR. */
typedef struct layoutc_kernel layoutc_kernel;

/* arch: a PTX target ("sm_80" ... "sm_121", "sm_90a", "sm_100a"), or NULL
   or "": each kernel compiled for the device it runs on (any other is
   LAYOUTC_ERROR_INVALID_ARGUMENT here). opt_level: 0 (the default, leaving
   optimization to the driver's ptxas) to 3. disk_cache: nonzero keeps
   kernels on disk too, in cache_directory (NULL or "": the default,
   $LAYOUTC_CACHE_DIR, else $XDG_CACHE_HOME/layoutc or ~/.cache/layoutc).
   family: nonzero (what a caller wants but to compare the two) launches a
   static copy between plain layouts with its family's kernel, its extents
   and strides given at launch (one kernel for every shape of the family);
   0 compiles every spec with its extents in. */
layoutc_status layoutc_jit_create(const char *arch, int opt_level, int disk_cache, const char *cache_directory,
                                  int family, layoutc_jit **jit);
/* Kernels made by the JIT stay valid after it is destroyed. */
void layoutc_jit_destroy(layoutc_jit *jit);

/* hits: served from memory; disk_hits: read from the disk cache; misses:
   compiled; entries: kernels in memory; families: families in memory. */
typedef struct layoutc_cache_stats {
  uint64_t hits, disk_hits, misses, entries, families;
} layoutc_cache_stats;
layoutc_status layoutc_jit_cache_stats(const layoutc_jit *jit, layoutc_cache_stats *stats);

/* One step of a composed layout's inner function, traced as a program of
   integer operations: step i's value is `op` of earlier steps' values (a
   and b are step numbers below i), int64, with Python's floor division and
   modulo (the quotient rounded toward minus infinity; the remainder has
   the divisor's sign). A divisor of 0 at run time, or a result past int64,
   gives an unspecified offset. */
typedef enum layoutc_op {
  LAYOUTC_OP_INPUT = 0,    /* the function's input number a (0-based) */
  LAYOUTC_OP_CONSTANT = 1, /* the integer a */
  LAYOUTC_OP_ADD = 2,
  LAYOUTC_OP_SUB = 3,
  LAYOUTC_OP_MUL = 4,
  LAYOUTC_OP_FLOOR_DIV = 5,
  LAYOUTC_OP_MOD = 6,
  LAYOUTC_OP_LOAD = 7 /* the element at offset (step b's value) of index buffer a, as int64 */
} layoutc_op;
typedef struct layoutc_step {
  int32_t op; /* a layoutc_op */
  int64_t a, b;
} layoutc_step;

/* The most steps a program may have. */
#define LAYOUTC_MAX_STEPS 4096
/* The most index buffers a kernel takes. */
#define LAYOUTC_MAX_INDEX_BUFFERS 64

/* One side of a copy: its layout (a layout, or a composed layout, as a
   layoutc_value) from the domain to its buffer's elements, `?` leaves
   given at launch. For a composed layout whose inner is a function
   (layoutc_composed_function_make), that function as a program: `steps`,
   and `result`, the step whose value is the element's offset (steps NULL
   and step_count 0 for other layouts; the function itself is never called).
   Its inputs are the components of offset + outer(c): one when that is an
   integer, else one per coordinate mode (an identity-layout outer, its
   strides d@m). With row_width > 0, rows an index buffer places: the layout
   is the rows' (row_width,R):(1,row_width), or R:1 for row_width 1, and
   value x lands at indices[x / W] * W + x % W of the buffer, `indices`
   index buffer number `index_buffer` (a gather's table, a scatter's). */
typedef struct layoutc_copy_side {
  const layoutc_value *layout;
  const layoutc_step *steps;
  size_t step_count;
  int64_t result;
  int64_t row_width;
  size_t index_buffer;
} layoutc_copy_side;

/* copy(src, dst): dst[Ld(k)] = src[Ls(k)] for every k < size(Ls), each
   element converted from dtype to to_dtype (NULL: dtype) and multiplied by
   *scale unless scale is NULL: finite, and within f32's range unless a side
   is f64 or c128 (the type it multiplies in). Kernels that differ only in
   their scale share a compiled kernel, which takes the scale at launch. The kernel's buffers are src,
   dst, then index_count index buffers of index_dtypes[i] ("i32" or "i64"),
   which the rows and the programs' LOAD steps read. With shared_shape, the
   destination's `?` shape leaves are the source's (one domain's modes); a
   destination that no index buffer places must be one-to-one (a scatter's
   indices, not checked, must not repeat). LAYOUTC_ERROR_INVALID_ARGUMENT
   for NULL pointers, an unknown dtype, more than LAYOUTC_MAX_STEPS steps
   or LAYOUTC_MAX_INDEX_BUFFERS buffers; LAYOUTC_ERROR_COMPILE for a spec
   the compiler refuses, naming the side ("the source layout"), the step
   and the condition. The kernel is compiled for the JIT's target; a launch
   on a device of another compiles that one's. */
typedef struct layoutc_copy_spec {
  layoutc_copy_side src, dst;
  const char *dtype, *to_dtype;
  const double *scale;
  const char *const *index_dtypes;
  size_t index_count;
  int shared_shape;
} layoutc_copy_spec;
layoutc_status layoutc_compile(layoutc_jit *jit, const layoutc_copy_spec *spec, layoutc_kernel **kernel);
/* The copy of two layouts in CuTe notation (or expressions giving one): a
   layoutc_compile of two plain sides. */
layoutc_status layoutc_compile_copy(layoutc_jit *jit, const char *src_layout, const char *dst_layout, const char *dtype,
                                    const char *to_dtype, const double *scale, layoutc_kernel **kernel);
/* gather: rows[r, c] = table[indices[r], c]; scatter: table[indices[r], c] =
   rows[r, c]; for r < R (the launch's one `?` value) and c < row_width;
   row-major tables and rows; the buffers table, rows, indices (gather) and
   rows, table, indices (scatter). index_dtype: "i32" or "i64". */
layoutc_status layoutc_compile_gather(layoutc_jit *jit, int64_t row_width, const char *dtype, const char *index_dtype,
                                      layoutc_kernel **kernel);
layoutc_status layoutc_compile_scatter(layoutc_jit *jit, int64_t row_width, const char *dtype, const char *index_dtype,
                                       layoutc_kernel **kernel);
/* The gpu.func `kernel_name` of an MLIR module (lay ops in a gpu.module).
   Its index math is as wide as lay-index-width records (lay.index_bits),
   else index_bits (32 or 64) wide. */
layoutc_status layoutc_compile_mlir(layoutc_jit *jit, const char *mlir, const char *kernel_name, int index_bits,
                                    layoutc_kernel **kernel);
void layoutc_kernel_free(layoutc_kernel *kernel);

/* The kernel's entry name and PTX (for 16-byte aligned buffers, the JIT's
   target), owned by the kernel. */
layoutc_status layoutc_kernel_name(const layoutc_kernel *kernel, const char **name);
layoutc_status layoutc_kernel_ptx(const layoutc_kernel *kernel, const char **ptx);
/* What a copy's kernel is specialized on: its family, as `lay-copy-family:
   modes=... sizes=... src=... dst=...` ("" for a spec that is its own
   kernel), owned by the kernel. */
layoutc_status layoutc_kernel_family(const layoutc_kernel *kernel, const char **family);

/* A copy kernel's facts for the `?` values `dynamic` (count of them): the
   elements it moves, and the elements src and dst must hold (largest offset
   + 1; 0 for a side the index buffers place). */
layoutc_status layoutc_copy_extents(const layoutc_kernel *kernel, const int64_t *dynamic, size_t count, int64_t *size,
                                    int64_t *src_elements, int64_t *dst_elements);

/* The GPUs the CUDA driver reports; LAYOUTC_ERROR_NO_DRIVER or
   LAYOUTC_ERROR_NO_DEVICE (with the reason) where there are none. */
layoutc_status layoutc_device_count(int *count);

/* Waits for the work on `device`, then LAYOUTC_ERROR_DEVICE_FAULT where one
   of its kernels refused an access since the last fault reported (each
   fault is reported once: by this call or by the next launch on the
   device), LAYOUTC_OK otherwise. */
layoutc_status layoutc_check_device(int device);

/* A buffer of a launch: a device address and the elements it holds. */
typedef struct layoutc_buffer {
  const void *address;
  int64_t elements;
} layoutc_buffer;

/* Launches are asynchronous on `stream` (a CUstream; NULL: the default
   stream) of device `device`'s primary context (the one the CUDA runtime,
   PyTorch and CuPy use), which becomes current on the calling thread.
   Pointers are device addresses; buffers not all 16-byte aligned take the
   kernel compiled for any alignment, and tensors that reach more than
   int32 (less a loop's headroom) the kernel of 64-bit index math (each
   compiled on first use). Nothing is copied and nothing waits. Without a
   driver or GPU: LAYOUTC_ERROR_NO_DRIVER or LAYOUTC_ERROR_NO_DEVICE. */

/* A copy's kernel on `buffers` (src, dst, then its index buffers; a side's
   elements of 0: its layout's extent), the values of its `?` leaves
   `dynamic` (count of them: its source's, then its destination's own). */
layoutc_status layoutc_launch_copy(const layoutc_kernel *kernel, int device, const layoutc_buffer *buffers,
                                   size_t buffer_count, const int64_t *dynamic, size_t count, void *stream);

/* One argument of layoutc_launch: a buffer (a memref<?xT>: its device
   address and element count) or an index value. */
typedef struct layoutc_arg {
  int is_buffer;
  const void *address;
  int64_t value; /* a buffer's elements, or the index value */
} layoutc_arg;
/* Any kernel with its arguments in parameter order, on `grid` blocks (0:
   the blocks its plan chose: one per tile where the kernel's domain is
   static, else 1) of `block` threads (0: the threads its plan chose). Any
   grid is correct: the kernels' loops stride by it. */
layoutc_status layoutc_launch(const layoutc_kernel *kernel, int device, unsigned grid, unsigned block,
                              const layoutc_arg *args, size_t count, void *stream);

/* A tensor of the launches between tensors: its device address, dtype (an
   index of layoutc_dtype_info), and `rank` sizes and strides in elements
   (nonnegative strides), as torch's tensors are. */
typedef struct layoutc_tensor {
  const void *address;
  int dtype;
  int rank;
  const int64_t *shape, *strides;
} layoutc_tensor;
/* dst[c] = src[c] for every coordinate c of their one shape (a transpose
   where dst's strides are src's permuted), converted to dst's dtype and
   multiplied by *scale unless scale is NULL: the kernel of the copy's
   family (compiled on first use, found by structure after), launched. The
   tensors' attributes are read once and nothing is allocated once the
   family is compiled: the path from Python's layoutc.copy. */
layoutc_status layoutc_copy_tensors(layoutc_jit *jit, int device, const layoutc_tensor *src, const layoutc_tensor *dst,
                                    const double *scale, void *stream);
/* rows[r] = table[indices[r]] (gather) and table[indices[r]] = rows[r]
   (scatter) for every r: a (T, W) or (T) row-major table, (R, W) or (R)
   rows of its dtype, (R) indices of i32 or i64, below T (checked in the
   kernel: a row whose index is not is skipped, and the next launch on the
   device or layoutc_check_device returns LAYOUTC_ERROR_DEVICE_FAULT); a
   scatter's distinct. */
layoutc_status layoutc_gather_tensors(layoutc_jit *jit, int device, const layoutc_tensor *table,
                                      const layoutc_tensor *indices, const layoutc_tensor *rows, void *stream);
layoutc_status layoutc_scatter_tensors(layoutc_jit *jit, int device, const layoutc_tensor *rows,
                                       const layoutc_tensor *indices, const layoutc_tensor *table, void *stream);

#ifdef __cplusplus
}
#endif

#endif
