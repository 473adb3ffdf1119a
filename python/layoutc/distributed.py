"""Tensors across ranks (docs/distributed.md): a distribution is a layout
whose strides are local offsets (d, d@0) and ranks (d@1); `redistribute`
moves a tensor from one distribution to another over a torch.distributed
process group: each rank packs its send buffer with one layoutc copy
kernel, the ranks exchange their chunks through NCCL, and each unpacks its
receive buffer into its destination with another copy kernel. `dispatch`
sends rows to the ranks an index tensor names (a mixture of experts' tokens
to their experts' ranks) and `combine` brings them back, packed by
layoutc's gather kernel and unpacked by its scatter.
"""
import ctypes
import functools
import importlib
from typing import Any, List, Optional

from ._library import ArgumentError, check, lib, text
from .kernels import Jit, copy, gather, scatter


class RankExchange:
    """One rank's part in a redistribution (layoutc_exchange): its send
    buffer is chunks of `chunk` elements, chunk i for rank send_to[i], with
    send[j] = source[pack(j)]; its receive buffer is chunks of `chunk`
    elements, chunk i from rank receive_from[i], with
    destination[unpack(j)] = receive[j]. `pack` and `unpack` are layouts in
    CuTe notation over local element offsets. Where every chunk lands in the
    destination as a few runs of 64 KiB or more, for few ranks (asked for
    with element_bytes), `run` > 0: each chunk moves as chunk / run messages of
    `run` elements, message k of received chunk i straight to destination
    offset receive_runs[i * (chunk // run) + k], and nothing is unpacked.
    `destination_extent`: the largest destination offset this rank writes,
    plus one (0 where it receives nothing).

    Ulysses on 2 ranks, a row-major (S=4, H=2) from sequence-parallel (each
    rank 2 rows of both heads) to head-parallel (each rank every row of one
    head): rank 0 sends its rows of head 0 to itself and of head 1 to rank 1.

    >>> x = rank_exchange("((2,2),2):((2,1@1),1)", "(4,2):(1,1@1)", ranks=2, rank=0)
    >>> x.pack, x.unpack, x.chunk, x.send_to, x.receive_from
    ('(2,2):(2,1)', '4:1', 2, [0, 1], [0, 1])

    Ulysses at (B=2, S=128, H=4, D=128) f32: each chunk lands as a run of
    64 KiB per batch, received in place.

    >>> x = rank_exchange("(2,(64,2),4,128):(32768,(512,1@1),128,1)", "(2,128,(2,2),128):(32768,256,(128,1@1),1)",
    ...                   ranks=2, rank=0, element_bytes=4)
    >>> x.run, x.receive_runs, x.destination_extent
    (16384, [0, 32768, 16384, 49152], 65536)
    """

    def __init__(self, pack: str, unpack: str, chunk: int, send_to: List[int], receive_from: List[int], run: int,
                 receive_runs: List[int], destination_extent: int) -> None:
        self.pack, self.unpack, self.chunk = pack, unpack, chunk
        self.send_to, self.receive_from = send_to, receive_from
        self.run, self.receive_runs = run, receive_runs
        self.destination_extent = destination_extent

    def __repr__(self) -> str:
        return ("RankExchange(pack=%r, unpack=%r, chunk=%d, send_to=%r, receive_from=%r, run=%d, receive_runs=%r, "
                "destination_extent=%d)" % (self.pack, self.unpack, self.chunk, self.send_to, self.receive_from,
                                            self.run, self.receive_runs, self.destination_extent))


def rank_exchange(source: Any, destination: Any, ranks: int, rank: int, element_bytes: int = 0) -> RankExchange:
    """Rank `rank`'s part in moving a tensor of `ranks` ranks from the
    distribution `source` to `destination` (layouts, or CuTe notation), of
    elements of `element_bytes` bytes (0: never received in place).
    Raises LayoutError when a distribution is not static, not one-to-one,
    reaches past rank ranks-1 or below offset 0, when the two have no common
    refinement (blocks of 3 against a deal of 2), or when rank is not within
    0..ranks-1.

    >>> rank_exchange("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, 3)
    Traceback (most recent call last):
    ...
    layoutc.LayoutError: exchange_plan: rank is 3, not within 0..1
    """
    handle = ctypes.c_void_p()
    check(lib.layoutc_exchange_create(text(str(source), "source"), text(str(destination), "destination"), ranks,
                                      rank, element_bytes, ctypes.byref(handle)))
    try:
        pack, unpack, chunk = ctypes.c_char_p(), ctypes.c_char_p(), ctypes.c_int64()
        check(lib.layoutc_exchange_layouts(handle, ctypes.byref(pack), ctypes.byref(unpack), ctypes.byref(chunk)))
        lists = []
        for receive in (0, 1):
            values, count = ctypes.POINTER(ctypes.c_int64)(), ctypes.c_size_t()
            check(lib.layoutc_exchange_peers(handle, receive, ctypes.byref(values), ctypes.byref(count)))
            lists.append([values[i] for i in range(count.value)])
        run, extent = ctypes.c_int64(), ctypes.c_int64()
        values, count = ctypes.POINTER(ctypes.c_int64)(), ctypes.c_size_t()
        check(lib.layoutc_exchange_runs(handle, ctypes.byref(run), ctypes.byref(values), ctypes.byref(count)))
        check(lib.layoutc_exchange_destination_extent(handle, ctypes.byref(extent)))
        assert pack.value is not None and unpack.value is not None
        return RankExchange(pack.value.decode(), unpack.value.decode(), chunk.value, lists[0], lists[1], run.value,
                            [values[i] for i in range(count.value)], extent.value)
    finally:
        lib.layoutc_exchange_destroy(handle)


# rank_exchange's plan, made once per distributions, rank and element size.
_planned = functools.lru_cache(maxsize=256)(rank_exchange)


def _global(dist: Any, group: Any, rank: int) -> int:
    """The global rank of `rank` of `group` (None: the default group)."""
    return rank if group is None else int(dist.get_global_rank(group, rank))


def redistribute(tensor: Any, source: Any, destination: Any, group: Any = None, out: Any = None,
                 jit: Optional[Jit] = None) -> Any:
    """This rank's part of the tensor distributed as `source` (its elements
    at their local offsets from `tensor`'s address), moved to `destination`
    over the torch.distributed process group `group` (None: the default
    group; ranks are the group's). Every rank of the group calls it with the
    same distributions. Returns `out`, filled at this rank's destination
    offsets, or when None a new 1-D tensor of rank_exchange's destination_extent
    elements of tensor's dtype on its device (reshape it as the destination
    says).

    The pack and unpack are layoutc copy kernels on torch's current stream;
    the chunks move by one batch of isend/irecv (NCCL's grouped send and
    receive), and a rank's chunk to itself by a device copy. Where each
    chunk lands in the destination as a few runs of 64 KiB or more (for
    few ranks: each run is a message), the chunks are received there
    directly and nothing is unpacked (then `out` must be contiguous). A rank that exchanges nothing calls no NCCL
    operation, so, as batch_isend_irecv requires, a group's first collective
    must not be such a call. It needs CUDA tensors and an NCCL group, so no
    example runs here; docs/distributed.md has one."""
    torch = importlib.import_module("torch")  # optional: only this function needs it
    dist = importlib.import_module("torch.distributed")
    if not isinstance(tensor, torch.Tensor):
        raise ArgumentError("redistribute: tensor is a %s, not a torch.Tensor" % type(tensor).__name__)
    ranks, rank = dist.get_world_size(group), dist.get_rank(group)
    part = _planned(str(source), str(destination), ranks, rank, tensor.element_size())
    c, run = part.chunk, part.run
    if out is None:
        out = torch.empty(part.destination_extent, dtype=tensor.dtype, device=tensor.device)
    elif not isinstance(out, torch.Tensor) or out.dtype != tensor.dtype or out.device != tensor.device:
        raise ArgumentError("redistribute: out must be a torch.Tensor of tensor's dtype %s on %s" % (
            tensor.dtype, tensor.device))
    send = tensor.new_empty(c * len(part.send_to))
    if part.send_to:
        copy(tensor, send, src_layout=part.pack, dst_layout="%d:1" % send.numel(), jit=jit)
    # Each chunk as one message into the receive buffer, or as chunk / run
    # messages straight into `out`.
    m = run or c
    if run:
        flat = out.view(-1) if out.is_contiguous() else None
        if flat is None:
            raise ArgumentError("redistribute: out must be contiguous, as chunks are received straight into it")
        targets = [flat[at:at + run] for at in part.receive_runs]
    else:
        receive = tensor.new_empty(c * len(part.receive_from))
        targets = [receive[i * c:(i + 1) * c] for i in range(len(part.receive_from))]
    per = c // m
    ops = [dist.P2POp(dist.isend, send[i * c + k * m:i * c + (k + 1) * m], _global(dist, group, q), group)
           for i, q in enumerate(part.send_to) if q != rank for k in range(per)]
    ops += [dist.P2POp(dist.irecv, targets[i * per + k], _global(dist, group, p), group)
            for i, p in enumerate(part.receive_from) if p != rank for k in range(per)]
    works = dist.batch_isend_irecv(ops) if ops else []
    if rank in part.receive_from:  # on this stream, beside NCCL's transfers
        i, mine = part.receive_from.index(rank), part.send_to.index(rank)
        for k in range(per):
            targets[i * per + k].copy_(send[mine * c + k * m:mine * c + (k + 1) * m])
    for work in works:
        work.wait()
    if part.receive_from and not run:
        copy(receive, out, src_layout="%d:1" % receive.numel(), dst_layout=part.unpack, jit=jit)
    return out


class DispatchPlan:
    """What `dispatch` did, for `combine` to undo: `order`, the device
    tensor of the sent rows' places in the dispatch's row order (the send
    buffer's row j was row order[j]), and the rows this rank sent to
    (`send_counts`) and received from (`receive_counts`) each rank.

    >>> DispatchPlan(None, [3, 1], [2, 2]).receive_counts
    [2, 2]
    """

    def __init__(self, order: Any, send_counts: List[int], receive_counts: List[int]) -> None:
        self.order, self.send_counts, self.receive_counts = order, send_counts, receive_counts


def _rows_of(kind: str, torch: Any, x: Any, owner: Any) -> None:
    if not isinstance(x, torch.Tensor) or x.dim() != 2:
        raise ArgumentError("%s: x must be a 2-D torch.Tensor of rows" % kind)
    if not isinstance(owner, torch.Tensor) or owner.dim() != 1 or owner.dtype not in (torch.int32, torch.int64):
        raise ArgumentError("%s: owner must be a 1-D int32 or int64 torch.Tensor, a rank per row" % kind)


def dispatch(x: Any, owner: Any, rows: Any = None, group: Any = None, jit: Optional[Jit] = None) -> Any:
    """Sends row rows[i] of x (rows: None for x's rows in order) to rank
    owner[i] of the torch.distributed NCCL group `group`, for every i; every
    rank calls it. Returns (received, plan): the rows this rank received,
    grouped by the rank that sent them in rank order, each sender's rows in
    its i order; and the DispatchPlan that `combine` takes. The counts are
    exchanged first (one all_to_all_single of P integers, read on the host),
    the rows packed in rank order by layoutc's gather kernel, and moved by
    one all_to_all_single. owner's values must be ranks of the group and
    rows' rows of x: they are not checked (that would wait for the device).

    A mixture of experts' top-k dispatch: rows = token indices repeated k
    times, owner = each choice's expert // experts per rank. It needs CUDA
    tensors and an NCCL group, so no example runs here; docs/distributed.md
    has one."""
    torch = importlib.import_module("torch")
    dist = importlib.import_module("torch.distributed")
    _rows_of("dispatch", torch, x, owner)
    ranks = dist.get_world_size(group)
    order = torch.argsort(owner, stable=True)
    sources = order if rows is None else rows.index_select(0, order)
    send = x.new_empty((owner.numel(), x.shape[1]))
    gather(x, sources, send, jit=jit)
    counts = torch.bincount(owner, minlength=ranks)
    received_counts = torch.empty_like(counts)
    dist.all_to_all_single(received_counts, counts, group=group)
    send_counts, receive_counts = counts.tolist(), received_counts.tolist()
    received = x.new_empty((sum(receive_counts), x.shape[1]))
    dist.all_to_all_single(received, send, receive_counts, send_counts, group=group)
    return received, DispatchPlan(order, send_counts, receive_counts)


def combine(y: Any, plan: DispatchPlan, group: Any = None, jit: Optional[Jit] = None) -> Any:
    """Undoes `dispatch`: row j of y (a row for each row this rank received,
    in the received order) goes back to the rank that sent it, and lands at
    the place of the row it answers: the result's row i answers the
    dispatch's row rows[i] sent to owner[i]. One all_to_all_single, then
    layoutc's scatter kernel. Every rank of the group calls it. It needs
    CUDA tensors and an NCCL group, so no example runs here;
    docs/distributed.md has one."""
    torch = importlib.import_module("torch")
    dist = importlib.import_module("torch.distributed")
    if not isinstance(y, torch.Tensor) or y.dim() != 2 or y.shape[0] != sum(plan.receive_counts):
        raise ArgumentError("combine: y must be a 2-D torch.Tensor of %d rows, one for each row received" %
                            sum(plan.receive_counts))
    back = y.new_empty((sum(plan.send_counts), y.shape[1]))
    dist.all_to_all_single(back, y, plan.send_counts, plan.receive_counts, group=group)
    out = y.new_empty(back.shape)
    scatter(back, plan.order, out, jit=jit)
    return out
