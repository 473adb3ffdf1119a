/* _launch: layoutc.copy, gather and scatter on torch's tensors, from the
 * call to cuLaunchKernel in C.
 *
 * A launch's host time is what a layout change of a small tensor costs
 * from Python, so this path reads each tensor's attributes once (its data
 * pointer, shape, strides, dtype and device), asks torch for the device's
 * current stream, and calls the C API's layoutc_copy_tensors (or
 * gather/scatter), which finds the copy's family by its structure and
 * launches its kernel without allocating. A tensor it does not take (not
 * one of the exact torch types bound, not on a CUDA device, a dtype
 * layoutc does not move, devices that differ) makes it return
 * NotImplemented: the caller's general path (kernels.py) handles it and
 * says why. Part of the _hotpath module (its functions are added by
 * PyInit__hotpath); stable ABI, as _hotpath.c.
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <dlfcn.h>
#include <stdint.h>

#include "layoutc/layoutc.h"

/* The most modes of a tensor the path takes (layoutc's tensors' limit). */
#define RANK_MAX 64
/* Set in a dtype's index (bind_torch's dtypes) for a complex one. */
#define COMPLEX_BIT 0x100

static struct {
  __typeof__(&layoutc_copy_tensors) copy;
  __typeof__(&layoutc_gather_tensors) gather;
  __typeof__(&layoutc_scatter_tensors) scatter;
} launch_api;

/* bind_torch()'s: the exact types taken as torch tensors (a tuple), torch's
 * dtypes as layoutc's dtype indices (a dict; COMPLEX_BIT set in a complex
 * one's), torch's current-stream
 * accessor (device -> CUstream as an int), and check(status), which raises
 * a failed launch's exception. */
static PyObject *tensor_types, *dtype_indices, *current_stream, *check_launch;
static PyObject *str_data_ptr, *str_shape_attr, *str_stride_fn, *str_dtype, *str_is_cuda, *str_get_device, *str_is_neg,
    *str_is_conj;

typedef struct {
  layoutc_tensor t;
  int64_t shape[RANK_MAX], strides[RANK_MAX];
  int device;
} TorchTensor;

static int taken_type(PyObject *obj) {
  PyObject *type = (PyObject *)Py_TYPE(obj);
  Py_ssize_t n = PyTuple_Size(tensor_types);
  for (Py_ssize_t i = 0; i < n; ++i)
    if (PyTuple_GetItem(tensor_types, i) == type)
      return 1;
  return 0;
}

/* The int64s of a tuple of ints into out (at most RANK_MAX): their count,
 * or -1 (an error set, or -2: not such a tuple). */
static int int64s(PyObject *tuple, int64_t *out) {
  if (!PyTuple_Check(tuple))
    return -2;
  Py_ssize_t n = PyTuple_Size(tuple);
  if (n > RANK_MAX)
    return -2;
  for (Py_ssize_t i = 0; i < n; ++i) {
    out[i] = PyLong_AsLongLong(PyTuple_GetItem(tuple, i));
    if (out[i] == -1 && PyErr_Occurred())
      return -1;
  }
  return (int)n;
}

static PyObject *method(PyObject *obj, PyObject *name) { return PyObject_CallMethodObjArgs(obj, name, NULL); }

/* obj read as a tensor of the path: 1; 0 where the path does not take it;
 * -1 with an error set. */
static int read_tensor(PyObject *obj, TorchTensor *out) {
  if (!taken_type(obj))
    return 0;
  PyObject *is_cuda = PyObject_GetAttr(obj, str_is_cuda);
  if (!is_cuda)
    return -1;
  int cuda = is_cuda == Py_True;
  Py_DECREF(is_cuda);
  if (!cuda)
    return 0;
  PyObject *dtype = PyObject_GetAttr(obj, str_dtype);
  if (!dtype)
    return -1;
  PyObject *index = PyDict_GetItem(dtype_indices, dtype); /* borrowed */
  Py_DECREF(dtype);
  if (!index)
    return 0;
  long code = PyLong_AsLong(index);
  out->t.dtype = (int)(code & ~COMPLEX_BIT);
  /* A lazy negative (or, for complex, conjugate) view: its memory holds the
   * values before the bit, the general path resolves it. */
  PyObject *lazy = method(obj, str_is_neg);
  if (lazy && lazy == Py_False && (code & COMPLEX_BIT)) {
    Py_DECREF(lazy);
    lazy = method(obj, str_is_conj);
  }
  if (!lazy)
    return -1;
  int resolved = lazy == Py_False;
  Py_DECREF(lazy);
  if (!resolved)
    return 0;
  PyObject *shape = PyObject_GetAttr(obj, str_shape_attr), *strides = shape ? method(obj, str_stride_fn) : NULL;
  int rank = strides ? int64s(shape, out->shape) : -1;
  int strideRank = rank >= 0 ? int64s(strides, out->strides) : -1;
  Py_XDECREF(shape);
  Py_XDECREF(strides);
  if (rank == -1 || strideRank == -1)
    return -1;
  if (rank < 0 || strideRank != rank)
    return 0;
  PyObject *pointer = method(obj, str_data_ptr);
  if (!pointer)
    return -1;
  out->t.address = PyLong_AsVoidPtr(pointer);
  Py_DECREF(pointer);
  PyObject *device = method(obj, str_get_device);
  if (!device)
    return -1;
  out->device = (int)PyLong_AsLong(device);
  Py_DECREF(device);
  if (PyErr_Occurred())
    return -1;
  out->t.rank = rank;
  out->t.shape = out->shape;
  out->t.strides = out->strides;
  return 1;
}

/* Reads `count` tensors of one device: 1; 0 where the path does not take
 * one (or their devices differ); -1 with an error set. */
static int read_tensors(PyObject *const *objects, TorchTensor *out, int count) {
  if (!tensor_types) /* bind_torch() not called: torch not seen yet */
    return 0;
  for (int i = 0; i < count; ++i) {
    int got = read_tensor(objects[i], &out[i]);
    if (got <= 0)
      return got;
    if (out[i].device != out[0].device)
      return 0;
  }
  return 1;
}

/* The current stream of `device`, from torch: 0 with an error set where it fails. */
static int stream_of(int device, void **stream) {
  PyObject *d = PyLong_FromLong(device);
  PyObject *s = d ? PyObject_CallFunctionObjArgs(current_stream, d, NULL) : NULL;
  Py_XDECREF(d);
  if (!s)
    return 0;
  *stream = PyLong_AsVoidPtr(s);
  Py_DECREF(s);
  return !PyErr_Occurred();
}

static PyObject *failed(layoutc_status status) {
  PyObject *r = PyObject_CallFunction(check_launch, "i", (int)status);
  Py_XDECREF(r);
  if (!PyErr_Occurred())
    PyErr_Format(PyExc_SystemError, "layoutc._hotpath: check(%d) did not raise", (int)status);
  return NULL;
}

/* The jit argument: a layoutc_jit's address, an int. */
static layoutc_jit *jit_of(PyObject *o) {
  layoutc_jit *jit = (layoutc_jit *)PyLong_AsVoidPtr(o);
  if (!jit && !PyErr_Occurred())
    PyErr_SetString(PyExc_ValueError, "layoutc._hotpath: the jit is NULL");
  return jit;
}

/* copy_tensors(jit, src, dst, scale): dst[c] = src[c] (cast, times scale
 * unless None) on the tensors' device's current stream; None when launched,
 * NotImplemented when the path does not take the tensors. */
static PyObject *copy_tensors(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 4) {
    PyErr_SetString(PyExc_TypeError, "copy_tensors(jit, src, dst, scale)");
    return NULL;
  }
  TorchTensor t[2];
  int got = read_tensors(argv + 1, t, 2);
  if (got <= 0)
    return got < 0 ? NULL : Py_NewRef(Py_NotImplemented);
  double scale = 0;
  int scaled = argv[3] != Py_None;
  if (scaled && (scale = PyFloat_AsDouble(argv[3])) == -1.0 && PyErr_Occurred())
    return NULL;
  layoutc_jit *jit = jit_of(argv[0]);
  void *stream = NULL;
  if (!jit || !stream_of(t[0].device, &stream))
    return NULL;
  layoutc_status s;
  Py_BEGIN_ALLOW_THREADS; /* a first launch compiles */
  s = launch_api.copy(jit, t[0].device, &t[0].t, &t[1].t, scaled ? &scale : NULL, stream);
  Py_END_ALLOW_THREADS;
  if (s)
    return failed(s);
  Py_RETURN_NONE;
}

/* rows_tensors(jit, a, indices, b) for gather (a the table, b the rows)
 * and scatter (a the rows, b the table). */
static PyObject *rows_tensors(PyObject *const *argv, Py_ssize_t argc, int gather) {
  if (argc != 4) {
    PyErr_SetString(PyExc_TypeError,
                    gather ? "gather_tensors(jit, table, indices, out)" : "scatter_tensors(jit, src, indices, table)");
    return NULL;
  }
  TorchTensor t[3];
  int got = read_tensors(argv + 1, t, 3);
  if (got <= 0)
    return got < 0 ? NULL : Py_NewRef(Py_NotImplemented);
  layoutc_jit *jit = jit_of(argv[0]);
  void *stream = NULL;
  if (!jit || !stream_of(t[0].device, &stream))
    return NULL;
  layoutc_status s;
  Py_BEGIN_ALLOW_THREADS;
  s = gather ? launch_api.gather(jit, t[0].device, &t[0].t, &t[1].t, &t[2].t, stream)
             : launch_api.scatter(jit, t[0].device, &t[0].t, &t[1].t, &t[2].t, stream);
  Py_END_ALLOW_THREADS;
  if (s)
    return failed(s);
  Py_RETURN_NONE;
}

static PyObject *gather_tensors(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  return rows_tensors(argv, argc, 1);
}

static PyObject *scatter_tensors(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  return rows_tensors(argv, argc, 0);
}

static void keep(PyObject **slot, PyObject *value) {
  Py_INCREF(value);
  Py_XDECREF(*slot);
  *slot = value;
}

/* bind_torch(library_path, check, types, dtypes, current_stream). */
static PyObject *bind_torch(PyObject *self, PyObject *args) {
  (void)self;
  const char *path;
  PyObject *check, *types, *dtypes, *stream;
  if (!PyArg_ParseTuple(args, "sOOOO:bind_torch", &path, &check, &types, &dtypes, &stream))
    return NULL;
  if (!PyTuple_Check(types) || !PyDict_Check(dtypes) || !PyCallable_Check(stream) || !PyCallable_Check(check)) {
    PyErr_SetString(PyExc_TypeError, "bind_torch: types a tuple, dtypes a dict, check and current_stream callables");
    return NULL;
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return PyErr_Format(PyExc_ImportError, "layoutc._hotpath: cannot open %s: %s", path, dlerror());
  const char *names[] = {"layoutc_copy_tensors", "layoutc_gather_tensors", "layoutc_scatter_tensors"};
  void **slots[] = {(void **)&launch_api.copy, (void **)&launch_api.gather, (void **)&launch_api.scatter};
  for (int i = 0; i < 3; ++i)
    if (!(*slots[i] = dlsym(library, names[i])))
      return PyErr_Format(PyExc_ImportError, "layoutc._hotpath: the library has no %s", names[i]);
  if (!str_data_ptr) {
    str_data_ptr = PyUnicode_InternFromString("data_ptr");
    str_shape_attr = PyUnicode_InternFromString("shape");
    str_stride_fn = PyUnicode_InternFromString("stride");
    str_dtype = PyUnicode_InternFromString("dtype");
    str_is_cuda = PyUnicode_InternFromString("is_cuda");
    str_get_device = PyUnicode_InternFromString("get_device");
    str_is_neg = PyUnicode_InternFromString("is_neg");
    str_is_conj = PyUnicode_InternFromString("is_conj");
    if (!str_data_ptr || !str_shape_attr || !str_stride_fn || !str_dtype || !str_is_cuda || !str_get_device ||
        !str_is_neg || !str_is_conj)
      return NULL;
  }
  keep(&check_launch, check);
  keep(&dtype_indices, dtypes);
  keep(&current_stream, stream);
  keep(&tensor_types, types); /* last: the path takes tensors from here on */
  Py_RETURN_NONE;
}

PyMethodDef layoutc_launch_functions[] = {
    {"bind_torch", bind_torch, METH_VARARGS, "bind_torch(library_path, check, types, dtypes, current_stream)"},
    {"copy_tensors", (PyCFunction)(void (*)(void))copy_tensors, METH_FASTCALL,
     "copy_tensors(jit, src, dst, scale): None, or NotImplemented"},
    {"gather_tensors", (PyCFunction)(void (*)(void))gather_tensors, METH_FASTCALL,
     "gather_tensors(jit, table, indices, out): None, or NotImplemented"},
    {"scatter_tensors", (PyCFunction)(void (*)(void))scatter_tensors, METH_FASTCALL,
     "scatter_tensors(jit, src, indices, table): None, or NotImplemented"},
    {NULL, NULL, 0, NULL},
};
