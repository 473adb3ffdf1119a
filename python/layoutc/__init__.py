"""layoutc from Python: CuTe's layout algebra, and layoutc's JIT kernels on
the caller's GPU tensors (PyTorch, CuPy, JAX: anything with
__cuda_array_interface__ or __dlpack__). Python over layoutc's C API (a small
C extension for the algebra's calls, ctypes for the rest): the algebra's
values are native handles, its names pycute's and CuTe DSL's.

    >>> import layoutc
    >>> a = layoutc.Layout("(6,2):(8,2)")
    >>> layoutc.composition(a, layoutc.Layout("(4,3):(3,1)"))
    Layout('((2,2),3):((24,2),8)')
    >>> a(5)
    40

    layoutc.copy(x.permute(0, 2, 1), out)        # out[c] = x.permute(...)[c]
    layoutc.gather(table, indices, rows)          # rows[r] = table[indices[r]]
    layoutc.scatter(rows, indices, table)         # table[indices[r]] = rows[r]
    layoutc.copy(layoutc.make_tensor(data, gather_layout), out)   # any layouts, Python inner functions too
"""
from ._library import (ArgumentError, CompileError, DeviceError, DeviceFaultError, Error, InternalError, LayoutError,
                       LayoutIndexError, LayoutTypeError, lib)
from .algebra import *  # noqa: F401,F403 (CuTe's names)
from .algebra import __all__ as _algebra_names
from .layout_constructors import *  # noqa: F401,F403 (CuTe's and CuTe DSL's constructors)
from .layout_constructors import __all__ as _constructors_names
from .layout_modes import *  # noqa: F401,F403 (CuTe's functions of a layout's modes)
from .layout_modes import __all__ as _modes_names
from .values import *  # noqa: F401,F403 (the values)
from .values import __all__ as _values_names
from .int_tuple import *  # noqa: F401,F403 (pycute's names)
from .int_tuple import __all__ as _int_tuple_names
from .tuple_structure import *  # noqa: F401,F403 (CuTe DSL's tuple helpers)
from .tuple_structure import __all__ as _tuple_structure_names
from .devices import check_device, device_count
from .kernels import Jit, Kernel, copy, default_jit, gather, scatter
from .dispatch_combine import DispatchPlan, combine, dispatch
from .distributed import RankExchange, rank_exchange, redistribute
from .layout_tensors import LayoutTensor, from_dlpack, local_partition, local_tile, make_tensor
from .pictures import BankMap, TVLayout, infer, print1d, print_layout, show, svg
from .tracing import TraceError


def version() -> str:
    """The version of the layoutc library loaded (layoutc_version): MAJOR.MINOR.PATCH,
    also `layoutc.__version__`.

    >>> version() == __version__, len(version().split("."))
    (True, 3)
    """
    v: str = lib.layoutc_version().decode()
    return v


__version__ = version()
__all__ = ["Error", "LayoutError", "LayoutTypeError", "LayoutIndexError", "ArgumentError", "CompileError",
           "DeviceError", "DeviceFaultError", "InternalError", "Jit", "Kernel", "copy", "gather", "scatter", "default_jit",
           "device_count", "check_device",
           "version", "print_layout", "print1d", "svg", "show", "TVLayout", "BankMap", "infer", "LayoutTensor",
           "make_tensor", "from_dlpack", "local_tile", "local_partition", "TraceError", "RankExchange",
           "rank_exchange", "redistribute", "DispatchPlan", "dispatch", "combine"]
__all__ += _values_names
__all__ += _algebra_names
__all__ += _constructors_names
__all__ += _modes_names
__all__ += _int_tuple_names
__all__ += _tuple_structure_names
