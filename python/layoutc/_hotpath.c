/* _hotpath: the Python package's calls into layoutc's C API without ctypes.
 *
 * The algebra's calls from Python are short (a composition of small layouts
 * takes half a microsecond in C), so what a call costs is the crossing:
 * ctypes spends microseconds packing arguments. This extension makes the
 * crossing one C function per call: it turns Python's ints and tuples into
 * the C API's flat form, holds values in Handle objects that free them, and
 * builds the results' Python values, all without leaving C. _launch.c adds
 * the launches on torch's tensors to the module.
 *
 * It links nothing: bind() opens the very library the package loaded with
 * ctypes (by its path) and takes the C API's functions from it, and is given
 * the package's Python pieces it hands results to (the value classes, the
 * function that raises a failed call's exception). Built for the stable ABI
 * (abi3, Python 3.10 and later).
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <dlfcn.h>
#include <stdint.h>
#include <string.h>

#include "layoutc/layoutc.h"

/* The flat form's leaf kinds (layoutc_leaf) and the kinds of values. */
enum { LEAF_INT = 0, LEAF_TUPLE = 1, LEAF_UNDERSCORE = 2, LEAF_DYNAMIC = 3, LEAF_OTHER = 4 };
/* Flat forms longer than this are refused by flatten() (the caller's Python
 * path takes them); reads longer than it take a heap buffer. */
#define FLAT_MAX 256
#define ARGS_MAX 16
#define TEMPLATE_MAX 16

/* The C API, taken from the library bind() opened. */
static struct {
  __typeof__(&layoutc_value_free) value_free;
  __typeof__(&layoutc_value_kind_of) kind_of;
  __typeof__(&layoutc_value_str) str;
  __typeof__(&layoutc_value_assumptions) assumptions;
  __typeof__(&layoutc_tuple_make) tuple_make;
  __typeof__(&layoutc_value_read) read;
  __typeof__(&layoutc_call) call;
  __typeof__(&layoutc_apply) apply;
  __typeof__(&layoutc_apply_index) apply_index;
  __typeof__(&layoutc_apply_flat) apply_flat;
  __typeof__(&layoutc_value_equal) equal;
  __typeof__(&layoutc_value_hash) hash;
} api;

/* The package's pieces (bind()): check(status) raises a failed call's
 * exception; python_of(handle, kind) is the Python value of a result of a
 * kind this file does not build; handle_of(x) the Handle of an argument it
 * does not convert; tuple_of(handle) the tuple of a value with leaves that
 * have no flat form; dynamic(div) a `?` leaf. The classes of kinds
 * (KIND -> class), the base class of values and the Layout class. */
static PyObject *check_fn, *python_of_fn, *handle_of_fn, *tuple_of_fn, *dynamic_fn;
static PyObject *value_class, *layout_class, *classes[16];
static PyObject *str_h, *str_text, *str_shape, *str_stride, *str_size;

/*===- Handle: one layoutc_value, freed with the object --------------------===*/

typedef struct {
  PyObject_HEAD layoutc_value *value;
} Handle;

static PyTypeObject *handle_type;
/* Set at interpreter exit (stop_freeing): Handles collected after it leave
 * their values to the process's end, as freeing one may call back into
 * Python code (a composed layout's inner function's release) that is gone. */
static int exiting;

static int bound(void) {
  if (api.call)
    return 1;
  PyErr_SetString(PyExc_RuntimeError, "layoutc._hotpath: bind() has not been called");
  return 0;
}

/* Frees `value` with the caller's error indicator put aside: freeing a
 * composed layout with a Python inner calls its release back into Python,
 * which must not run with an exception set (a value dropped while an
 * exception propagates, or on a call's failure path). */
static void free_value(layoutc_value *value) {
  PyObject *type, *exception, *traceback;
  PyErr_Fetch(&type, &exception, &traceback);
  api.value_free(value);
  PyErr_Restore(type, exception, traceback);
}

/* A new Handle owning `value` (freed if the Handle cannot be made). */
static PyObject *handle_new(layoutc_value *value) {
  Handle *h = PyObject_New(Handle, handle_type);
  if (!h) {
    free_value(value);
    return NULL;
  }
  h->value = value;
  return (PyObject *)h;
}

static int is_handle(PyObject *o) { return PyObject_TypeCheck(o, handle_type); }

static void handle_dealloc(PyObject *self) {
  PyTypeObject *type = Py_TYPE(self);
  if (api.value_free && !exiting)
    free_value(((Handle *)self)->value);
  freefunc free_object = (freefunc)PyType_GetSlot(type, Py_tp_free);
  free_object(self);
  Py_DECREF(type);
}

/* Handle(ptr): takes ownership of the layoutc_value at address ptr (an int,
 * as ctypes gives a c_void_p's value; None for NULL). */
static PyObject *handle_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  PyObject *address;
  if (kwargs && PyDict_Size(kwargs)) {
    PyErr_SetString(PyExc_TypeError, "Handle() takes no keyword arguments");
    return NULL;
  }
  if (!PyArg_ParseTuple(args, "O:Handle", &address))
    return NULL;
  void *value = address == Py_None ? NULL : PyLong_AsVoidPtr(address);
  if (PyErr_Occurred())
    return NULL;
  Handle *h = (Handle *)PyType_GenericAlloc(type, 0);
  if (!h)
    return NULL;
  h->value = value;
  return (PyObject *)h;
}

static PyObject *fail(layoutc_status status) {
  PyObject *r = PyObject_CallFunction(check_fn, "i", (int)status);
  Py_XDECREF(r);
  if (!PyErr_Occurred())
    PyErr_Format(PyExc_SystemError, "layoutc._hotpath: check(%d) did not raise", (int)status);
  return NULL;
}

static PyObject *handle_ptr(PyObject *self, void *closure) {
  (void)closure;
  layoutc_value *v = ((Handle *)self)->value;
  if (!v)
    Py_RETURN_NONE;
  return PyLong_FromVoidPtr(v);
}

static PyObject *handle_kind(PyObject *self, PyObject *unused) {
  (void)unused;
  layoutc_value_kind k;
  layoutc_status s = api.kind_of(((Handle *)self)->value, &k);
  return s ? fail(s) : PyLong_FromLong((long)k);
}

static PyObject *handle_text(PyObject *self, PyObject *unused) {
  (void)unused;
  const char *text;
  layoutc_status s = api.str(((Handle *)self)->value, &text);
  return s ? fail(s) : PyUnicode_FromString(text);
}

static PyObject *handle_assumptions_text(PyObject *self, PyObject *unused) {
  (void)unused;
  const char *text;
  layoutc_status s = api.assumptions(((Handle *)self)->value, &text);
  return s ? fail(s) : PyUnicode_FromString(text);
}

static PyGetSetDef handle_getset[] = {
    {"ptr", handle_ptr, NULL, "the layoutc_value's address (None: NULL)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef handle_methods[] = {
    {"kind", handle_kind, METH_NOARGS, "the value's layoutc_value_kind"},
    {"text", handle_text, METH_NOARGS, "the value's CuTe notation"},
    {"assumptions_text", handle_assumptions_text, METH_NOARGS,
     "the conditions on run-time values the value depends on, joined by '; '"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot handle_slots[] = {
    {Py_tp_doc, "One layoutc_value, freed with this object."},
    {Py_tp_new, handle_tp_new},
    {Py_tp_dealloc, handle_dealloc},
    {Py_tp_getset, handle_getset},
    {Py_tp_methods, handle_methods},
    {0, NULL},
};

static PyType_Spec handle_spec = {"layoutc._hotpath.Handle", sizeof(Handle), 0, Py_TPFLAGS_DEFAULT, handle_slots};

/*===- Flat forms ----------------------------------------------------------===*/

typedef struct {
  int8_t kinds[FLAT_MAX];
  int64_t values[FLAT_MAX];
  size_t n;
} Flat;

/* Appends t's flat form: 1 done; 0 t has a leaf with no flat form here (a
 * Dynamic, a scaled basis, an int past int64, a bool), or is too long; -1 a
 * Python error. */
static int flatten(PyObject *t, Flat *f, int depth) {
  if (f->n >= FLAT_MAX || depth > 64)
    return 0;
  if (PyLong_CheckExact(t)) {
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(t, &overflow);
    if (overflow)
      return 0;
    if (v == -1 && PyErr_Occurred())
      return -1;
    f->kinds[f->n] = LEAF_INT;
    f->values[f->n++] = v;
    return 1;
  }
  if (t == Py_None) {
    f->kinds[f->n] = LEAF_UNDERSCORE;
    f->values[f->n++] = 0;
    return 1;
  }
  if (PyTuple_CheckExact(t) || PyList_CheckExact(t)) {
    int tuple = PyTuple_CheckExact(t);
    Py_ssize_t size = tuple ? PyTuple_Size(t) : PyList_Size(t);
    f->kinds[f->n] = LEAF_TUPLE;
    f->values[f->n++] = size;
    for (Py_ssize_t i = 0; i < size; ++i) {
      /* Borrowed: t holds its elements while this runs (a list's could be
       * changed by other threads only between bytecodes, and none run). */
      PyObject *e = tuple ? PyTuple_GetItem(t, i) : PyList_GetItem(t, i);
      int r = flatten(e, f, depth + 1);
      if (r != 1)
        return r;
    }
    return 1;
  }
  return 0;
}

/* The Python value of the flat form from *pos: ints, tuples, None; a `?`
 * leaf through dynamic(div). */
static PyObject *unflatten(const int8_t *kinds, const int64_t *values, size_t n, size_t *pos) {
  if (*pos >= n) {
    PyErr_SetString(PyExc_SystemError, "layoutc._hotpath: a flat form ended early");
    return NULL;
  }
  size_t i = (*pos)++;
  switch (kinds[i]) {
  case LEAF_INT:
    return PyLong_FromLongLong(values[i]);
  case LEAF_UNDERSCORE:
    Py_RETURN_NONE;
  case LEAF_DYNAMIC:
    return PyObject_CallFunction(dynamic_fn, "L", (long long)values[i]);
  case LEAF_TUPLE: {
    if (values[i] < 0 || (uint64_t)values[i] > n) {
      PyErr_SetString(PyExc_SystemError, "layoutc._hotpath: a flat form's tuple is longer than the form");
      return NULL;
    }
    PyObject *t = PyTuple_New((Py_ssize_t)values[i]);
    if (!t)
      return NULL;
    for (int64_t k = 0; k < values[i]; ++k) {
      PyObject *e = unflatten(kinds, values, n, pos);
      if (!e || PyTuple_SetItem(t, (Py_ssize_t)k, e) < 0) {
        Py_DECREF(t);
        return NULL;
      }
    }
    return t;
  }
  default:
    PyErr_SetString(PyExc_SystemError, "layoutc._hotpath: unflatten met a leaf with no flat form");
    return NULL;
  }
}

/* The Python tuple of a value's integers (a layout's: (shape, stride));
 * leaves with no flat form (scaled bases) through tuple_of(handle). */
static PyObject *tuple_of_handle(PyObject *handle) {
  layoutc_value *v = ((Handle *)handle)->value;
  int8_t kinds_small[64];
  int64_t values_small[64];
  int8_t *kinds = kinds_small;
  int64_t *values = values_small;
  size_t n = 0;
  layoutc_status s = api.read(v, kinds, values, 64, &n);
  if (s)
    return fail(s);
  if (n > 64) {
    kinds = PyMem_Malloc(n);
    values = PyMem_Malloc(n * sizeof(int64_t));
    if (!kinds || !values) {
      PyMem_Free(kinds);
      PyMem_Free(values);
      return PyErr_NoMemory();
    }
    size_t m = n;
    s = api.read(v, kinds, values, m, &n);
    if (s || n != m) {
      PyMem_Free(kinds);
      PyMem_Free(values);
      return s ? fail(s) : PyErr_Format(PyExc_SystemError, "layoutc._hotpath: a value's flat form changed");
    }
  }
  PyObject *result = NULL;
  int other = 0;
  for (size_t i = 0; i < n; ++i)
    other |= kinds[i] == LEAF_OTHER;
  if (other) {
    result = PyObject_CallFunctionObjArgs(tuple_of_fn, handle, NULL);
  } else {
    size_t pos = 0;
    result = unflatten(kinds, values, n, &pos);
  }
  if (kinds != kinds_small) {
    PyMem_Free(kinds);
    PyMem_Free(values);
  }
  return result;
}

/*===- Values --------------------------------------------------------------===*/

/* Sets a fresh value object's slots for `handle`: _h, _text None; a
 * Layout's shape and stride read now (so that they are plain attributes,
 * read as fast as any), its _size None (computed when asked). */
static int fill_value(PyObject *obj, PyObject *handle) {
  if (PyObject_GenericSetAttr(obj, str_h, handle) < 0 || PyObject_GenericSetAttr(obj, str_text, Py_None) < 0)
    return -1;
  if (Py_TYPE(obj) != (PyTypeObject *)layout_class)
    return 0;
  PyObject *both = tuple_of_handle(handle);
  if (!both)
    return -1;
  int r = -1;
  if (!PyTuple_Check(both) || PyTuple_Size(both) != 2) {
    PyErr_SetString(PyExc_SystemError, "layoutc._hotpath: a layout's integers are not (shape, stride)");
  } else if (PyObject_GenericSetAttr(obj, str_shape, PyTuple_GetItem(both, 0)) == 0 &&
             PyObject_GenericSetAttr(obj, str_stride, PyTuple_GetItem(both, 1)) == 0 &&
             PyObject_GenericSetAttr(obj, str_size, Py_None) == 0) {
    r = 0;
  }
  Py_DECREF(both);
  return r;
}

/* The Python value of a result: a value class's instance made without
 * __init__, an integer tuple, else python_of(handle, kind). Steals handle. */
static PyObject *python_of(PyObject *handle, layoutc_value_kind kind) {
  PyObject *cls = (unsigned)kind < 16 ? classes[kind] : NULL;
  PyObject *result;
  if (cls) {
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
    result = alloc((PyTypeObject *)cls, 0);
    if (result && fill_value(result, handle) < 0)
      Py_CLEAR(result);
  } else if (kind == LAYOUTC_VALUE_INT_TUPLE) {
    result = tuple_of_handle(handle);
  } else {
    result = PyObject_CallFunction(python_of_fn, "Oi", handle, (int)kind);
  }
  Py_DECREF(handle);
  return result;
}

/* The layoutc_value of argument x: a Handle's, or a value's own (*owner set
 * to its Handle, a new reference), or a new one made from an int or integer
 * tuple (*made), or handle_of(x)'s (*owner). NULL with a Python error. */
static layoutc_value *argument(PyObject *x, PyObject **owner, layoutc_value **made) {
  *owner = NULL;
  *made = NULL;
  if (is_handle(x)) {
    Py_INCREF(x);
    *owner = x;
    return ((Handle *)x)->value;
  }
  if (PyObject_TypeCheck(x, (PyTypeObject *)value_class)) {
    PyObject *h = PyObject_GetAttr(x, str_h);
    if (!h)
      return NULL;
    if (!is_handle(h)) {
      Py_DECREF(h);
      PyErr_SetString(PyExc_SystemError, "layoutc._hotpath: a value's _h is not a Handle");
      return NULL;
    }
    *owner = h;
    return ((Handle *)h)->value;
  }
  if (PyLong_CheckExact(x) || PyTuple_CheckExact(x)) {
    Flat f;
    f.n = 0;
    int r = flatten(x, &f, 0);
    if (r < 0)
      return NULL;
    if (r == 1) {
      layoutc_status s = api.tuple_make(f.kinds, f.values, f.n, made);
      if (s) {
        fail(s);
        return NULL;
      }
      return *made;
    }
  }
  PyObject *h = PyObject_CallFunctionObjArgs(handle_of_fn, x, NULL);
  if (!h)
    return NULL;
  if (!is_handle(h)) {
    Py_DECREF(h);
    PyErr_SetString(PyExc_SystemError, "layoutc._hotpath: handle_of did not give a Handle");
    return NULL;
  }
  *owner = h;
  return ((Handle *)h)->value;
}

/*===- Module functions ----------------------------------------------------===*/

static void *symbol(void *library, const char *name) {
  void *f = dlsym(library, name);
  if (!f)
    PyErr_Format(PyExc_ImportError, "layoutc._hotpath: the library has no %s", name);
  return f;
}

static PyObject *bind(PyObject *self, PyObject *args) {
  (void)self;
  const char *path;
  PyObject *check, *python_of_f, *handle_of_f, *tuple_of_f, *dynamic_f, *value_cls, *layout_cls, *kinds;
  if (!PyArg_ParseTuple(args, "sOOOOOOOO:bind", &path, &check, &python_of_f, &handle_of_f, &tuple_of_f, &dynamic_f,
                        &value_cls, &layout_cls, &kinds))
    return NULL;
  if (!PyDict_Check(kinds) || !PyType_Check(value_cls) || !PyType_Check(layout_cls)) {
    PyErr_SetString(PyExc_TypeError, "bind: the classes must be types and the kinds a dict {kind: class}");
    return NULL;
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return PyErr_Format(PyExc_ImportError, "layoutc._hotpath: cannot open %s: %s", path, dlerror());
#define TAKE(field, name)                                                                                              \
  if (!(api.field = (__typeof__(api.field))symbol(library, name)))                                                     \
    return NULL;
  TAKE(value_free, "layoutc_value_free")
  TAKE(kind_of, "layoutc_value_kind_of")
  TAKE(str, "layoutc_value_str")
  TAKE(assumptions, "layoutc_value_assumptions")
  TAKE(tuple_make, "layoutc_tuple_make")
  TAKE(read, "layoutc_value_read")
  TAKE(apply, "layoutc_apply")
  TAKE(apply_index, "layoutc_apply_index")
  TAKE(apply_flat, "layoutc_apply_flat")
  TAKE(equal, "layoutc_value_equal")
  TAKE(hash, "layoutc_value_hash")
  TAKE(call, "layoutc_call")
#undef TAKE
  PyObject **slots[] = {&check_fn,   &python_of_fn, &handle_of_fn, &tuple_of_fn,
                        &dynamic_fn, &value_class,  &layout_class};
  PyObject *given[] = {check, python_of_f, handle_of_f, tuple_of_f, dynamic_f, value_cls, layout_cls};
  for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); ++i) {
    Py_INCREF(given[i]);
    Py_XDECREF(*slots[i]);
    *slots[i] = given[i];
  }
  PyObject *key, *cls;
  Py_ssize_t pos = 0;
  while (PyDict_Next(kinds, &pos, &key, &cls)) {
    long k = PyLong_AsLong(key);
    if (k < 0 || k >= 16 || !PyType_Check(cls)) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "bind: kinds maps a kind in [0, 16) to a class");
      return NULL;
    }
    Py_INCREF(cls);
    Py_XDECREF(classes[k]);
    classes[k] = cls;
  }
  Py_RETURN_NONE;
}

/* call(name: bytes, args: tuple, template: tuple of ints): CuTe's function
 * `name` on the arguments, as the Python value of its result. */
static PyObject *call(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 3 || !PyBytes_Check(argv[0]) || !PyTuple_Check(argv[1]) || !PyTuple_Check(argv[2])) {
    PyErr_SetString(PyExc_TypeError, "call(name: bytes, args: tuple, template: tuple)");
    return NULL;
  }
  if (!bound())
    return NULL;
  const char *name = PyBytes_AsString(argv[0]);
  if (!name)
    return NULL;
  if ((Py_ssize_t)strlen(name) != PyBytes_Size(argv[0]))
    return PyErr_Format(PyExc_ValueError, "call: the function name %R holds a NUL byte; C text ends at a NUL", argv[0]);
  Py_ssize_t n = PyTuple_Size(argv[1]), t = PyTuple_Size(argv[2]);
  if (n > ARGS_MAX || t > TEMPLATE_MAX)
    return PyErr_Format(PyExc_TypeError, "call: at most %d arguments and %d template arguments", ARGS_MAX,
                        TEMPLATE_MAX);
  int64_t templ[TEMPLATE_MAX];
  for (Py_ssize_t i = 0; i < t; ++i) {
    templ[i] = PyLong_AsLongLong(PyTuple_GetItem(argv[2], i));
    if (templ[i] == -1 && PyErr_Occurred())
      return NULL;
  }
  const layoutc_value *values[ARGS_MAX];
  PyObject *owners[ARGS_MAX];
  layoutc_value *made[ARGS_MAX];
  PyObject *result = NULL;
  Py_ssize_t ready = 0;
  for (; ready < n; ++ready) {
    values[ready] = argument(PyTuple_GetItem(argv[1], ready), &owners[ready], &made[ready]);
    if (!values[ready])
      goto done;
  }
  {
    layoutc_value *out = NULL;
    layoutc_value_kind kind;
    layoutc_status s = api.call(name, t ? templ : NULL, (size_t)t, values, (size_t)n, &out, &kind);
    if (s) {
      fail(s);
      goto done;
    }
    PyObject *h = handle_new(out);
    if (h)
      result = python_of(h, kind);
  }
done:
  for (Py_ssize_t i = 0; i < ready; ++i) {
    Py_XDECREF(owners[i]);
    if (made[i])
      free_value(made[i]);
  }
  return result;
}

/* apply(handle, c): the value at c (an int, or a tuple of ints) when it is
 * an integer, else None (the caller's general path then answers, or says
 * why not). */
static PyObject *apply(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 2 || !is_handle(argv[0])) {
    PyErr_SetString(PyExc_TypeError, "apply(handle: Handle, c)");
    return NULL;
  }
  layoutc_value *f = ((Handle *)argv[0])->value;
  int64_t out;
  PyObject *c = argv[1];
  if (PyLong_CheckExact(c)) {
    int overflow;
    long long i = PyLong_AsLongLongAndOverflow(c, &overflow);
    if (overflow || (i == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      Py_RETURN_NONE;
    }
    if (api.apply_index(f, i, &out) == 0)
      return PyLong_FromLongLong(out);
    Py_RETURN_NONE;
  }
  if (PyTuple_CheckExact(c)) {
    Flat flat;
    flat.n = 0;
    int r = flatten(c, &flat, 0);
    if (r < 0)
      return NULL;
    for (size_t i = 0; i < flat.n && r == 1; ++i)
      r = flat.kinds[i] != LEAF_UNDERSCORE;
    if (r == 1 && api.apply_flat(f, flat.kinds, flat.values, flat.n, &out) == 0)
      return PyLong_FromLongLong(out);
  }
  Py_RETURN_NONE;
}

/* apply_value(f, c): f(c) for Handles f and c, as the Python value of the result. */
static PyObject *apply_value(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 2 || !is_handle(argv[0]) || !is_handle(argv[1])) {
    PyErr_SetString(PyExc_TypeError, "apply_value(f: Handle, c: Handle)");
    return NULL;
  }
  layoutc_value *out = NULL;
  layoutc_value_kind kind;
  layoutc_status s = api.apply(((Handle *)argv[0])->value, ((Handle *)argv[1])->value, &out, &kind);
  if (s)
    return fail(s);
  PyObject *h = handle_new(out);
  return h ? python_of(h, kind) : NULL;
}

/* make_tuple(t): the Handle of an integer tuple (ints, tuples, None), or
 * None when t has leaves with no flat form. */
static PyObject *make_tuple(PyObject *self, PyObject *t) {
  (void)self;
  if (!bound())
    return NULL;
  Flat f;
  f.n = 0;
  int r = flatten(t, &f, 0);
  if (r < 0)
    return NULL;
  if (r == 0)
    Py_RETURN_NONE;
  layoutc_value *out = NULL;
  layoutc_status s = api.tuple_make(f.kinds, f.values, f.n, &out);
  return s ? fail(s) : handle_new(out);
}

static PyObject *tuple_of(PyObject *self, PyObject *h) {
  (void)self;
  if (!is_handle(h)) {
    PyErr_SetString(PyExc_TypeError, "tuple_of(handle: Handle)");
    return NULL;
  }
  return tuple_of_handle(h);
}

/* wrap(handle, kind): the Python value of a native one (python_of's fast path). */
static PyObject *wrap(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  long kind = argc == 2 ? PyLong_AsLong(argv[1]) : -1;
  if (argc != 2 || !is_handle(argv[0]) || (kind == -1 && PyErr_Occurred())) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_TypeError, "wrap(handle: Handle, kind: int)");
    return NULL;
  }
  Py_INCREF(argv[0]);
  return python_of(argv[0], (layoutc_value_kind)kind);
}

/* fill(value, handle): sets a value object's slots for handle (wrap's). */
static PyObject *fill(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 2 || !is_handle(argv[1])) {
    PyErr_SetString(PyExc_TypeError, "fill(value, handle: Handle)");
    return NULL;
  }
  if (fill_value(argv[0], argv[1]) < 0)
    return NULL;
  Py_RETURN_NONE;
}

static PyObject *equal(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 2 || !is_handle(argv[0]) || !is_handle(argv[1])) {
    PyErr_SetString(PyExc_TypeError, "equal(a: Handle, b: Handle)");
    return NULL;
  }
  int out;
  layoutc_status s = api.equal(((Handle *)argv[0])->value, ((Handle *)argv[1])->value, &out);
  if (s)
    return fail(s);
  return PyBool_FromLong(out);
}

static PyObject *hash_of(PyObject *self, PyObject *h) {
  (void)self;
  if (!is_handle(h)) {
    PyErr_SetString(PyExc_TypeError, "hash_of(handle: Handle)");
    return NULL;
  }
  uint64_t out;
  layoutc_status s = api.hash(((Handle *)h)->value, &out);
  return s ? fail(s) : PyLong_FromUnsignedLongLong(out);
}

static PyObject *stop_freeing(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  exiting = 1;
  Py_RETURN_NONE;
}

static PyMethodDef functions[] = {
    {"bind", bind, METH_VARARGS,
     "bind(library_path, check, python_of, handle_of, tuple_of, dynamic, Value, Layout, {kind: class})"},
    {"call", (PyCFunction)(void (*)(void))call, METH_FASTCALL, "call(name: bytes, args: tuple, template: tuple)"},
    {"apply", (PyCFunction)(void (*)(void))apply, METH_FASTCALL, "apply(handle, c): an int, or None"},
    {"apply_value", (PyCFunction)(void (*)(void))apply_value, METH_FASTCALL, "apply_value(f, c): f(c)'s value"},
    {"make_tuple", make_tuple, METH_O, "make_tuple(t): a Handle, or None"},
    {"tuple_of", tuple_of, METH_O, "tuple_of(handle): the Python integer tuple"},
    {"wrap", (PyCFunction)(void (*)(void))wrap, METH_FASTCALL, "wrap(handle, kind): the Python value"},
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL, "fill(value, handle): sets its slots"},
    {"equal", (PyCFunction)(void (*)(void))equal, METH_FASTCALL, "equal(a, b): the same value"},
    {"hash_of", hash_of, METH_O, "hash_of(handle): the value's hash"},
    {"stop_freeing", stop_freeing, METH_NOARGS, "stop_freeing(): at exit, Handles no longer free their values"},
    {NULL, NULL, 0, NULL},
};

/* _launch.c's: the launches on torch's tensors. */
extern PyMethodDef layoutc_launch_functions[];

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT,
                                    "_hotpath",
                                    "layoutc's C API calls without ctypes (see _hotpath.c)",
                                    -1,
                                    functions,
                                    NULL,
                                    NULL,
                                    NULL,
                                    NULL};

PyMODINIT_FUNC PyInit__hotpath(void) {
  PyObject *m = PyModule_Create(&module);
  if (!m)
    return NULL;
  handle_type = (PyTypeObject *)PyType_FromSpec(&handle_spec);
  str_h = PyUnicode_InternFromString("_h");
  str_text = PyUnicode_InternFromString("_text");
  str_shape = PyUnicode_InternFromString("shape");
  str_stride = PyUnicode_InternFromString("stride");
  str_size = PyUnicode_InternFromString("_size");
  if (!handle_type || !str_h || !str_text || !str_shape || !str_stride || !str_size) {
    Py_DECREF(m);
    return NULL;
  }
  Py_INCREF(handle_type);
  if (PyModule_AddFunctions(m, layoutc_launch_functions) < 0 ||
      PyModule_AddObject(m, "Handle", (PyObject *)handle_type) < 0) {
    Py_DECREF(handle_type);
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
