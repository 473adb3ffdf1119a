"""Rows to ranks by an index tensor and back (docs/distributed.md):
`dispatch` sends each row to the rank that owns it (a mixture of experts'
tokens to their experts' ranks) and `combine` brings the answers back to
the rows' places, packed by layoutc's gather kernel and unpacked by its
scatter around NCCL's exchange, or stored into (read from) the peers'
symmetric memory with nothing packed.
"""
import functools
import importlib
import sys
from typing import Any, List, Optional, Tuple

from ._library import ArgumentError
from .distributed import _global, _group_name, _own_beside, _symmetric, _turns
from .kernels import Jit, _require_row_major, _tensors, default_jit, gather, scatter


class DispatchPlan:
    """What `dispatch` did, for `combine` to undo: `order`, the device
    tensor of the sent rows' places in the dispatch's row order (the send
    buffer's row j was row order[j]), and the rows this rank sent to
    (`send_counts`) and received from (`receive_counts`) each rank; where
    the rows were stored into the peers, every rank's counts as well
    (`matrix[s][q]`, the rows rank s sent to rank q), else None.

    >>> DispatchPlan(None, [3, 1], [2, 2]).receive_counts
    [2, 2]
    """

    def __init__(self, order: Any, send_counts: List[int], receive_counts: List[int],
                 matrix: Optional[List[List[int]]] = None) -> None:
        self.order, self.send_counts, self.receive_counts = order, send_counts, receive_counts
        self.matrix = matrix


def _rows_of(kind: str, torch: Any, x: Any, owner: Any) -> None:
    if not isinstance(x, torch.Tensor) or x.dim() != 2:
        raise ArgumentError("%s: x must be a 2-D torch.Tensor of rows" % kind)
    if not isinstance(owner, torch.Tensor) or owner.dim() != 1 or owner.dtype not in (torch.int32, torch.int64):
        raise ArgumentError("%s: owner must be a 1-D int32 or int64 torch.Tensor, a rank per row" % kind)


def _starts(counts: List[int]) -> List[int]:
    """Where each block of rows starts, blocks of counts[i] rows in order."""
    starts, at = [], 0
    for c in counts:
        starts.append(at)
        at += c
    return starts


class _SendOrder:
    """dispatch's send order and counts in three torch calls, none waiting
    for the device. Row i's key is its owner's bin (bucketize): 0 below
    rank 0, q + 1 for rank q, ranks + 1 past the last rank. A stable sort
    of the keys gives `order`: order[j] is the row sent j-th (rows grouped
    by owner in rank order, each group in row order). `bounds` (ranks + 3
    int32, on the device): bounds[k] is the number of rows whose key is
    below k (searchsorted of 0..ranks+2 in the sorted keys), so rank q's
    rows are order[bounds[q+1]:bounds[q+2]], and every owner is a rank
    where bounds[1] == 0 and bounds[ranks+1] == bounds[ranks+2].

    Keys are one byte up to 253 ranks: a radix sort of one pass. On four
    H200s, a dispatch into the peers took 0.80 ms a call this way, 0.86
    with int32 keys, and 1.25 with the counting sort of twenty torch calls
    this replaced: the host's calls were the time."""

    def __init__(self, torch: Any, owner: Any, ranks: int) -> None:
        bins, probes = _sort_keys(ranks, owner.device, owner.dtype)
        key = torch.bucketize(owner, bins, out_int32=True, right=True)
        ordered, self.order = torch.sort(key.to(probes.dtype), stable=True)
        self.bounds = torch.searchsorted(ordered, probes, out_int32=True)


@functools.lru_cache(maxsize=None)
def _sort_keys(ranks: int, device: Any, dtype: Any) -> Tuple[Any, Any]:
    """_SendOrder's bucketize boundaries 0..ranks (of owner's dtype) and
    searchsorted probes 0..ranks+2 (of the keys' dtype), made once."""
    torch = importlib.import_module("torch")
    key = torch.uint8 if ranks + 2 <= 255 else torch.int32
    return (torch.arange(ranks + 1, dtype=dtype, device=device),
            torch.arange(ranks + 3, dtype=key, device=device))


def _count_matrix(bounds: List[int], ranks: int) -> List[List[int]]:
    """matrix[s][q], the rows rank s sends rank q, from every rank's
    _SendOrder bounds in rank order (ranks + 3 each); a rank with an owner
    that is not a rank has a row of -1.

    >>> _count_matrix([0, 0, 2, 3, 3, 0, 0, 0, 1, 2], 2)  # rank 0: 2 rows to 0, 1 to 1; rank 1: one past rank 1
    [[2, 1], [-1, -1]]
    """
    width, matrix = ranks + 3, []
    for s in range(ranks):
        b = bounds[s * width:(s + 1) * width]
        ranked = b[1] == 0 and b[ranks + 1] == b[ranks + 2]
        matrix.append([b[q + 2] - b[q + 1] if ranked else -1 for q in range(ranks)])
    return matrix


class _CountBoard:
    """Where a dispatch into the peers exchanges its counts: a buffer of
    torch's symmetric memory of ranks + 3 int32 (_SendOrder's bounds) on
    every rank of the group (rendezvous: collective, on the group's first
    such dispatch), and a pinned host buffer for every rank's.
    `exchange(bounds)` writes this rank's, passes the group's barrier
    (past it, every peer has reached the call and written its own) and
    copies every rank's to `host`, all queued on torch's current stream:
    no NCCL call (on four H200s, the send order with its counts' exchange
    and copy to the host took 0.14 ms a dispatch this way, 0.21 through
    NCCL's all_gather)."""

    def __init__(self, group_name: str, device: Any, ranks: int) -> None:
        width = ranks + 3  # _SendOrder's bounds
        torch = importlib.import_module("torch")
        symm = importlib.import_module("torch.distributed._symmetric_memory")
        self.mine = symm.empty(width, dtype=torch.int32, device=device)
        self.handle = symm.rendezvous(self.mine, group_name)
        self.every = [self.handle.get_buffer(q, (width,), torch.int32, 0) for q in range(ranks)]
        self.host = torch.empty(ranks * width, dtype=torch.int32, pin_memory=True)
        self.cat = torch.cat

    def exchange(self, bounds: Any) -> None:
        self.mine.copy_(bounds)
        self.handle.barrier(channel=0)
        self.host.copy_(self.cat(self.every), non_blocking=True)


# The group's _CountBoard on a device, made once.
_count_board = functools.lru_cache(maxsize=None)(_CountBoard)


def dispatch(x: Any, owner: Any, rows: Any = None, group: Any = None, jit: Optional[Jit] = None,
             out: Any = None) -> Any:
    """Sends row rows[i] of x (rows: None for x's rows in order) to rank
    owner[i] of the torch.distributed NCCL group `group`, for every i; every
    rank calls it. Returns (received, plan): the rows this rank received,
    grouped by the rank that sent them in rank order, each sender's rows in
    its i order; and the DispatchPlan that `combine` takes. The counts are
    exchanged first (one all_gather of P + 3 integers a rank); while the
    host waits for them, layoutc's gather kernel packs the rows in rank order;
    then one all_to_all_single moves them. An owner that is not a rank of
    the group makes every rank raise ArgumentError (the counts carry it);
    rows' values must be rows of x: they are not checked (that would wait
    for the device).

    A mixture of experts' top-k dispatch: rows = token indices repeated k
    times, owner = each choice's expert // experts per rank.

    Where `out` is a 2-D tensor of x's width and dtype in torch's symmetric
    memory on every rank (the same rows on every rank: as many as any rank
    may receive), nothing is packed and nothing goes through NCCL: each
    rank writes its counts into a small buffer of symmetric memory (made
    on the group's first such call) and, past the group's barrier, reads
    every rank's; then, before a second barrier, layoutc's gather kernel
    reads each peer's rows from x and stores them straight into that
    peer's `out`, after the rows of the ranks before this one; `received`
    is a view of `out`'s first rows. A rank that would receive more rows
    than `out` holds makes every rank raise ArgumentError, as does an
    `out` of torch's caching allocator. It needs CUDA tensors and an NCCL
    group, so no example runs here; docs/distributed.md has one."""
    torch = importlib.import_module("torch")
    dist = importlib.import_module("torch.distributed")
    _rows_of("dispatch", torch, x, owner)
    ranks, rank = dist.get_world_size(group), dist.get_rank(group)
    if out is not None and (not isinstance(out, torch.Tensor) or out.dim() != 2 or out.dtype != x.dtype or
                            out.shape[1] != x.shape[1] or not out.is_contiguous()):
        raise ArgumentError("dispatch: out must be a contiguous 2-D torch.Tensor of rows of %d %s, as x's" % (
            x.shape[1], x.dtype))
    peers = _symmetric(out, group, dist) if out is not None else None
    if out is not None and peers is None:  # every rank gives the same kind of out: all raise, before any exchange
        raise ArgumentError("dispatch: out is not in torch's symmetric memory (torch.distributed._symmetric_memory"
                            ".empty, on every rank); without it, give no out")
    sending = _SendOrder(torch, owner, ranks)
    # Every rank's bounds reach the host through pinned memory and an
    # event, so the work queued after them runs while the host waits.
    if peers is None:
        every = torch.empty(ranks * sending.bounds.numel(), dtype=torch.int32, device=owner.device)
        dist.all_gather_into_tensor(every, sending.bounds, group=group)
        host = torch.empty(every.numel(), dtype=torch.int32, pin_memory=True)
        host.copy_(every, non_blocking=True)
    else:  # also the group's first barrier: past it, no peer's out is in use
        board = _count_board(_group_name(group, dist), owner.device, ranks)
        board.exchange(sending.bounds)
        host = board.host
    counted = torch.cuda.Event()
    counted.record()
    order = sending.order
    sources = order if rows is None else rows.index_select(0, order)
    send: Any = None
    into: Optional[_PeerRows] = None
    if peers is None:
        send = x.new_empty((owner.numel(), x.shape[1]))
        gather(x, sources, send, jit=jit)
    else:  # ready while the host waits for the counts
        into = _PeerRows("gather", "dispatch", (x, "x"), (sources, "rows"), (out, "out"), peers, rank, jit)
    counted.synchronize()
    matrix = _count_matrix(host.tolist(), ranks)  # [sender][receiver]
    try:
        bad = [s for s, row in enumerate(matrix) if row[0] < 0]  # every rank sees the same: no rank waits alone
        if bad:
            raise ArgumentError("dispatch: owner on rank%s %s holds values outside 0..%d (the group's ranks)" % (
                "s" if len(bad) > 1 else "", ", ".join(map(str, bad)), ranks - 1))
        if into is not None:
            _refuse_past(min(into.there.shape[0], into.room), matrix,
                         "dispatch: rank %d receives %d rows, but out holds %d")
    except ArgumentError:
        if into is not None:  # the closing barrier: no rank's next call writes over counts a peer still reads
            peers.barrier(channel=0)
        raise
    send_counts, receive_counts = matrix[rank], [matrix[s][rank] for s in range(ranks)]
    if into is None:
        received = x.new_empty((sum(receive_counts), x.shape[1]))
        dist.all_to_all_single(received, send, receive_counts, send_counts, group=group)
        return received, DispatchPlan(order, send_counts, receive_counts)
    into.run(matrix)
    received = out  # symmetric memory, given
    return received[:sum(receive_counts)], DispatchPlan(order, send_counts, receive_counts, matrix)


class _PeerRows:
    """Rows exchanged with every rank through symmetric memory. This
    rank's rows for (or from) rank q, matrix[rank][q] of them, are rows
    indices[at:] of `table` (at: the rows for the ranks before q) and rows
    land.. of q's `there` (land: the rows of ranks 0..rank-1 for q), at the
    same place of q's symmetric buffer as this rank's `there`. Made (the
    tensors checked, the kernel compiled) before the counts are known;
    once the caller has passed the group's barrier, `run` launches one
    gather (table to there) or scatter (there to table) kernel a rank, in
    _turns' order (its own beside them: _own_beside), then the closing
    barrier: no rank touches a peer's rows before the peer reached the
    call, nor its own before every peer is done with them."""

    def __init__(self, kind: str, call: str, table: Tuple[Any, str], indices: Tuple[Any, str],
                 there: Tuple[Any, str], peers: Any, rank: int, jit: Optional[Jit]) -> None:
        (self.table, self.indices, self.there), self.device, self.stream = _tensors(None, None, table, indices, there)
        _require_row_major(call, self.table)
        _require_row_major(call, self.there)
        width = self.there.shape[1]
        self.row_bytes = width * self.there.itemsize
        self.place = self.there.address - peers.buffer_ptrs[rank]  # the same on every rank: symmetric
        # The rows of its width that `there`'s buffer holds from its place (any number of empty rows).
        self.room = (peers.buffer_size - self.place) // self.row_bytes if self.row_bytes else sys.maxsize
        j = jit or default_jit()
        self.gather = kind == "gather"
        compile = j.gather_kernel if self.gather else j.scatter_kernel
        self.kernel = compile(width, self.table.dtype, self.indices.dtype) if width else None
        self.width = width
        self.peers, self.rank = peers, rank

    def run(self, matrix: List[List[int]]) -> None:
        ranks, buffers, counts = len(matrix), self.peers.buffer_ptrs, matrix[self.rank]
        at = _starts(counts)
        if self.kernel is not None:  # None: rows of no width, nothing to move
            kernel = self.kernel

            def launch(q: int, stream: Any) -> None:
                land = sum(matrix[s][q] for s in range(self.rank))
                table = (self.table.address, self.table.extent)
                rows = (buffers[q] + self.place + land * self.row_bytes, counts[q] * self.width)
                indices = (self.indices.address + at[q] * self.indices.itemsize, counts[q])
                kernel.launch_copy([table, rows, indices] if self.gather else [rows, table, indices], [counts[q]],
                                   self.device, stream)

            _own_beside([q for q in _turns(list(range(ranks)), self.rank, ranks) if counts[q]], self.rank,
                        self.device, self.stream, launch)
        self.peers.barrier(channel=0)


def _refuse_past(room: int, matrix: List[List[int]], message: str) -> None:
    """ArgumentError(message % (q, rows, room)) for the first rank q that
    receives more rows than `room`: every rank checks every rank, so all
    raise, or none."""
    for q, need in enumerate(map(sum, zip(*matrix))):
        if need > room:
            raise ArgumentError(message % (q, need, room))


def combine(y: Any, plan: DispatchPlan, group: Any = None, jit: Optional[Jit] = None) -> Any:
    """Undoes `dispatch`: row j of y (a row for each row this rank received,
    in the received order) goes back to the rank that sent it, and lands at
    the place of the row it answers: the result's row i answers the
    dispatch's row rows[i] sent to owner[i]. Every rank of the group calls
    it. y's rows for each peer (contiguous: nothing is packed) go back in
    one batch of isend/irecv; layoutc's scatter kernel files the rows this
    rank kept beside the transfers (they never pass through NCCL), then the
    rows that came back.

    After a dispatch into symmetric memory (the plan has its `matrix`),
    where y is in symmetric memory too on every rank (the received rows
    themselves, where the experts answer in place, or a tensor of
    torch.distributed._symmetric_memory.empty at the same place on every
    rank), nothing goes through NCCL: between two barriers of the group,
    layoutc's scatter kernel reads the answers to this rank's rows from
    each peer's y (over NVLink, mapped in this process) and files them in
    place. It needs CUDA tensors and an NCCL group, so no example runs
    here; docs/distributed.md has one."""
    torch = importlib.import_module("torch")
    dist = importlib.import_module("torch.distributed")
    if not isinstance(y, torch.Tensor) or y.dim() != 2 or y.shape[0] != sum(plan.receive_counts):
        raise ArgumentError("combine: y must be a 2-D torch.Tensor of %d rows, one for each row received" %
                            sum(plan.receive_counts))
    rank = dist.get_rank(group)
    matrix = plan.matrix
    peers = _symmetric(y, group, dist) if matrix is not None else None
    if matrix is not None and peers is not None:  # after a dispatch into symmetric memory, y there too
        out = y.new_empty((sum(plan.send_counts), y.shape[1]))
        answers = _PeerRows("scatter", "combine", (out, "out"), (plan.order, "plan.order"), (y, "y"), peers, rank,
                            jit)
        _refuse_past(answers.room, matrix, "combine: rank %d received %d rows, but y's symmetric buffer holds %d from "
                                        "y's place")
        peers.barrier(channel=0)
        answers.run(matrix)
        return out
    sent, got = plan.send_counts, plan.receive_counts  # the dispatch's
    at, ro = _starts(sent), _starts(got)
    out = y.new_empty((sum(sent), y.shape[1]))
    back = y.new_empty((sum(sent) - sent[rank], y.shape[1]))  # the peers' rows, in rank order
    slot = _starts([0 if q == rank else c for q, c in enumerate(sent)])
    ops = [dist.P2POp(dist.isend, y[ro[p]:ro[p] + c], _global(dist, group, p), group)
           for p, c in enumerate(got) if p != rank and c]
    ops += [dist.P2POp(dist.irecv, back[slot[q]:slot[q] + c], _global(dist, group, q), group)
            for q, c in enumerate(sent) if q != rank and c]
    works = dist.batch_isend_irecv(ops) if ops else []
    if sent[rank]:
        scatter(y[ro[rank]:ro[rank] + sent[rank]], plan.order[at[rank]:at[rank] + sent[rank]], out, jit=jit)
    for work in works:
        work.wait()
    for q, c in enumerate(sent):
        if q != rank and c:
            scatter(back[slot[q]:slot[q] + c], plan.order[at[q]:at[q] + c], out, jit=jit)
    return out
