"""layoutc's copy, gather and scatter as torch.library custom ops (namespace
`layoutc`), with fake (meta) implementations, so torch.compile(fullgraph=True)
traces functions that call layoutc.copy, gather or scatter into its graph
with no break, and autograd for the functional ones: copy's backward is the
inverse copy (the gradient cast back to the source's dtype, times the
scale), gather's the gradient's rows added back at their indices.

    torch.ops.layoutc.copy(src, dtype=None, scale=None) -> Tensor
    torch.ops.layoutc.copy_(src, dst, scale=None)       (writes dst)
    torch.ops.layoutc.gather(table, indices) -> Tensor
    torch.ops.layoutc.gather_out(table, indices, out)   (writes out)
    torch.ops.layoutc.scatter_(src, indices, table)     (writes table)

Registered when layoutc first sees torch (kernels.py: at import where torch
is imported first, else at the first call on a torch tensor, or while
torch.compile traces one). Eagerly, layoutc.copy and the others launch
without the dispatcher (its host time is several times a launch's); they
call these ops while torch.compile traces, and where autograd records. A
torch without torch.library.custom_op (before 2.4) gets the eager path only.

    >>> [callable(getattr(torch.ops.layoutc, op)) for op in ("copy", "copy_", "gather", "gather_out", "scatter_")]
    [True, True, True, True, True]
"""
import importlib
from typing import TYPE_CHECKING, Any, Optional

from . import kernels
from ._library import ArgumentError

torch: Any = importlib.import_module("torch")
if TYPE_CHECKING:  # torch's own types where it runs (the ops' schemas are inferred from them)
    Tensor = Any
    DType = Any
else:
    Tensor = torch.Tensor
    DType = torch.dtype

_HAVE_CUSTOM_OPS = hasattr(torch.library, "custom_op")


def _need_ops(what: str) -> None:
    if not _HAVE_CUSTOM_OPS:
        raise ArgumentError("%s: torch %s has no torch.library.custom_op (2.4 and later): layoutc's ops for "
                            "torch.compile and autograd need it" % (what, torch.__version__))


def _refuse_layouts(what: str, src_layout: Any, dst_layout: Any, stream: Any, device: Any) -> None:
    if src_layout is not None or dst_layout is not None or stream is not None or device is not None:
        raise ArgumentError("%s: as a torch op (under torch.compile, or recorded for autograd) it copies between "
                            "tensors of one shape on torch's current stream: give no src_layout, dst_layout, stream "
                            "or device" % what)


def copy(src: Any, dst: Any, src_layout: Any = None, dst_layout: Any = None, scale: Optional[float] = None,
         stream: Any = None, device: Any = None, dtype: Any = None) -> Any:
    """layoutc.copy as its ops: copy_ into dst, or copy to a new tensor."""
    _need_ops("copy")
    _refuse_layouts("copy", src_layout, dst_layout, stream, device)
    if dst is None:
        return torch.ops.layoutc.copy(src, dtype, scale)
    torch.ops.layoutc.copy_(src, dst, scale)
    return dst


def gather(table: Any, indices: Any, out: Any = None) -> Any:
    """layoutc.gather as its ops: gather_out into out, or gather to a new tensor."""
    _need_ops("gather")
    if out is None:
        return torch.ops.layoutc.gather(table, indices)
    torch.ops.layoutc.gather_out(table, indices, out)
    return out


def scatter(src: Any, indices: Any, table: Any) -> Any:
    """layoutc.scatter as its op."""
    _need_ops("scatter")
    torch.ops.layoutc.scatter_(src, indices, table)
    return table


def _rows_shape(table: Tensor, indices: Tensor) -> Any:
    return (indices.shape[0],) + tuple(table.shape[1:])


def _copy(src: Tensor, dtype: Optional[DType] = None, scale: Optional[float] = None) -> Tensor:
    out = torch.empty(src.shape, dtype=dtype or src.dtype, device=src.device)
    kernels.copy(src, out, scale=scale)
    return out


def _copy_fake(src: Tensor, dtype: Optional[DType] = None, scale: Optional[float] = None) -> Tensor:
    return torch.empty(src.shape, dtype=dtype or src.dtype, device=src.device)


def _copy_context(ctx: Any, inputs: Any, output: Any) -> None:
    src, _, scale = inputs
    ctx.src_dtype, ctx.scale = src.dtype, scale


def _copy_backward(ctx: Any, grad: Tensor) -> Any:
    # d src = scale * d out, in the source's dtype: the inverse copy.
    return torch.ops.layoutc.copy(grad, ctx.src_dtype, ctx.scale), None, None


def _copy_into(src: Tensor, dst: Tensor, scale: Optional[float] = None) -> None:
    kernels.copy(src, dst, scale=scale)


def _gather(table: Tensor, indices: Tensor) -> Tensor:
    out = table.new_empty(_rows_shape(table, indices))
    kernels.gather(table, indices, out)
    return out


def _gather_fake(table: Tensor, indices: Tensor) -> Tensor:
    return table.new_empty(_rows_shape(table, indices))


def _gather_context(ctx: Any, inputs: Any, output: Any) -> None:
    table, indices = inputs
    ctx.save_for_backward(indices)
    ctx.table_shape = table.shape


def _gather_backward(ctx: Any, grad: Tensor) -> Any:
    (indices,) = ctx.saved_tensors
    return grad.new_zeros(ctx.table_shape).index_add_(0, indices, grad), None


def _gather_out(table: Tensor, indices: Tensor, out: Tensor) -> None:
    kernels.gather(table, indices, out)


def _scatter(src: Tensor, indices: Tensor, table: Tensor) -> None:
    kernels.scatter(src, indices, table)


def _writes_only(*args: Any, **kwargs: Any) -> None:
    """The fake of an op that writes its output argument: nothing to make."""
    return None


def _register() -> None:
    define = torch.library.custom_op
    copy_op = define("layoutc::copy", _copy, mutates_args=())
    copy_op.register_fake(_copy_fake)
    copy_op.register_autograd(_copy_backward, setup_context=_copy_context)
    define("layoutc::copy_", _copy_into, mutates_args=("dst",)).register_fake(_writes_only)
    gather_op = define("layoutc::gather", _gather, mutates_args=())
    gather_op.register_fake(_gather_fake)
    gather_op.register_autograd(_gather_backward, setup_context=_gather_context)
    define("layoutc::gather_out", _gather_out, mutates_args=("out",)).register_fake(_writes_only)
    define("layoutc::scatter_", _scatter, mutates_args=("table",)).register_fake(_writes_only)


if _HAVE_CUSTOM_OPS:
    _register()
