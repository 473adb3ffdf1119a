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
import sys
from typing import Any, Callable, List, Optional, Tuple

from ._library import ArgumentError, check, lib, text, unchecked
from .kernels import Jit, _check_data, _require_row_major, _tensors, default_jit, gather, scatter


class RankExchange:
    """One rank's part in a redistribution (layoutc_exchange): it sends a
    chunk of `chunk` elements to each rank of `send_to` and receives one
    from each rank of `receive_from` (its own among them where it keeps
    elements). Each chunk moves as `pieces` pieces of `piece` (chunk //
    pieces) elements:
    element j of piece k of send chunk i is read at source offset
    send_at[i * pieces + k] + piece_pack(j); element j of piece k of
    receive chunk i lands at destination offset
    receive_at[i * pieces + k] + piece_unpack(j). `piece_pack` and
    `piece_unpack` are layouts in CuTe notation. `run` > 0: pieces are
    received in place, each as piece // run messages of `run` elements,
    message t at the piece's destination start plus run_starts[t]; run = 0:
    they are received into a buffer and unpacked.
    `source_extent`, `destination_extent`: the largest local offset this
    rank reads (writes), plus one (0 where it sends or receives nothing).

    Ulysses on 2 ranks, a row-major (S=4, H=2) from sequence-parallel (each
    rank 2 rows of both heads) to head-parallel (each rank every row of one
    head): rank 0 sends its rows of head 0 to itself and of head 1 to rank
    1, reading every other element from offset 0 and from offset 1; each
    chunk lands as one run, received in place.

    >>> x = rank_exchange("((2,2),2):((2,1@1),1)", "(4,2):(1,1@1)", ranks=2, rank=0)
    >>> x.piece_pack, x.piece_unpack, x.chunk, x.send_to, x.send_at, x.receive_from, x.receive_at, x.run
    ('2:2', '2:1', 2, [0, 1], [0, 1], [0, 1], [0, 2], 2)

    Ulysses at (B=4, S=2048, H=4, D=512) f32: each 16 MiB chunk moves as 2
    pieces of 2 batches, each landing as 2 runs of 4 MiB, received in place.

    >>> x = rank_exchange("(4,(1024,2),4,512):(2097152,(2048,1@1),512,1)",
    ...                   "(4,2048,(2,2),512):(2097152,1024,(512,1@1),1)", ranks=2, rank=0, element_bytes=4)
    >>> x.pieces, x.piece, x.run, x.run_starts, x.receive_at, x.destination_extent
    (2, 2097152, 1048576, [0, 2097152], [0, 4194304, 1048576, 5242880], 8388608)
    """

    def __init__(self, chunk: int, send_to: List[int], receive_from: List[int], pieces: int, piece_pack: str,
                 piece_unpack: str, send_at: List[int], receive_at: List[int], run: int, run_starts: List[int],
                 source_extent: int, destination_extent: int) -> None:
        self.chunk, self.send_to, self.receive_from = chunk, send_to, receive_from
        self.pieces, self.piece_pack, self.piece_unpack = pieces, piece_pack, piece_unpack
        self.send_at, self.receive_at, self.run, self.run_starts = send_at, receive_at, run, run_starts
        self.source_extent, self.destination_extent = source_extent, destination_extent
        self.piece = chunk // pieces

    def __repr__(self) -> str:
        return ("RankExchange(chunk=%d, send_to=%r, receive_from=%r, pieces=%d, piece_pack=%r, piece_unpack=%r, "
                "send_at=%r, receive_at=%r, run=%d, run_starts=%r, source_extent=%d, destination_extent=%d)" % (
                    self.chunk, self.send_to, self.receive_from, self.pieces, self.piece_pack, self.piece_unpack,
                    self.send_at, self.receive_at, self.run, self.run_starts, self.source_extent,
                    self.destination_extent))


def rank_exchange(source: Any, destination: Any, ranks: int, rank: int, element_bytes: int = 0) -> RankExchange:
    """Rank `rank`'s part in moving a tensor of `ranks` ranks from the
    distribution `source` to `destination` (layouts, or CuTe notation), of
    elements of `element_bytes` bytes (0: whole chunks, received in place
    only where each lands as one run). Raises LayoutError when a distribution is not static, not
    one-to-one, reaches past rank ranks-1 or below offset 0, when the two
    have no common refinement (blocks of 3 against a deal of 2), or when
    rank is not within 0..ranks-1.

    >>> rank_exchange("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, 3)
    Traceback (most recent call last):
    ...
    layoutc.LayoutError: exchange_plan: rank is 3, not within 0..1
    """
    handle = ctypes.c_void_p()
    check(lib.layoutc_exchange_create(text(str(source), "source"), text(str(destination), "destination"), ranks,
                                      rank, element_bytes, ctypes.byref(handle)))

    def listed(function: Any, *before: Any) -> List[int]:
        values, count = ctypes.POINTER(ctypes.c_int64)(), ctypes.c_size_t()
        check(function(handle, *before, ctypes.byref(values), ctypes.byref(count)))
        return [values[i] for i in range(count.value)]

    try:
        pack, unpack = ctypes.c_char_p(), ctypes.c_char_p()
        chunk, pieces, run = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_int64()
        check(lib.layoutc_exchange_layouts(handle, ctypes.byref(pack), ctypes.byref(unpack), ctypes.byref(chunk),
                                           ctypes.byref(pieces)))
        starts = listed(lib.layoutc_exchange_runs, ctypes.byref(run))
        extents = ctypes.c_int64(), ctypes.c_int64()
        check(lib.layoutc_exchange_extents(handle, ctypes.byref(extents[0]), ctypes.byref(extents[1])))
        assert pack.value is not None and unpack.value is not None
        return RankExchange(chunk.value, listed(lib.layoutc_exchange_peers, 0), listed(lib.layoutc_exchange_peers, 1),
                            pieces.value, pack.value.decode(), unpack.value.decode(),
                            listed(lib.layoutc_exchange_pieces, 0), listed(lib.layoutc_exchange_pieces, 1),
                            run.value, starts, extents[0].value, extents[1].value)
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
    offsets (its elements at their offsets from its address), or when None
    a new 1-D tensor of rank_exchange's destination_extent elements of
    tensor's dtype on its device (reshape it as the destination says).

    Chunks move in pieces (rank_exchange's plan): for each piece, a layoutc
    copy kernel per peer packs it on torch's current stream, and one batch
    of isend/irecv (NCCL's grouped send and receive) moves it on NCCL's
    stream while the next piece is packed. The rank's own chunk goes from
    tensor to out by a copy kernel beside the transfers, never through
    NCCL. Pieces that land as a few runs in the destination are received
    there, a message per run; others are unpacked by a copy kernel each as
    they arrive. A rank that exchanges nothing with another rank calls no NCCL
    operation, so, as batch_isend_irecv requires, a group's first
    collective must not be such a call.

    Where `out` is torch's symmetric memory on every rank
    (torch.distributed._symmetric_memory.empty, the same size and place in
    its buffer on every rank), nothing goes through NCCL and nothing is
    packed: after a barrier of the group (symmetric memory's, on torch's
    current stream), one copy kernel per peer reads this rank's chunk for
    it from `tensor` and stores it straight into that peer's `out` (over
    NVLink, mapped in this process), then a second barrier. The first such
    call rendezvouses `out` (collective, once per buffer). It needs CUDA
    tensors and an NCCL group (a group of any backend with symmetric
    memory), so no example runs here; docs/distributed.md has one."""
    torch = importlib.import_module("torch")  # optional: only this function needs it
    dist = importlib.import_module("torch.distributed")
    if not isinstance(tensor, torch.Tensor):
        raise ArgumentError("redistribute: tensor is a %s, not a torch.Tensor" % type(tensor).__name__)
    ranks, rank = dist.get_world_size(group), dist.get_rank(group)
    part = _planned(str(source), str(destination), ranks, rank, tensor.element_size())
    given = out is not None
    if out is None:
        out = torch.empty(part.destination_extent, dtype=tensor.dtype, device=tensor.device)
    elif not isinstance(out, torch.Tensor) or out.dtype != tensor.dtype or out.device != tensor.device:
        raise ArgumentError("redistribute: out must be a torch.Tensor of tensor's dtype %s on %s" % (
            tensor.dtype, tensor.device))
    (src, dst), device, stream = _tensors(None, None, (tensor, "tensor"), (out, "out"))
    _check_data("redistribute", src, dst)
    for t, needed, side in ((src, part.source_extent, "source"), (dst, part.destination_extent, "destination")):
        if needed > t.extent:
            raise ArgumentError("redistribute: the %s distribution reaches element %d of this rank, but %s holds %d"
                                % (side, needed - 1, t.role, t.extent))
    jit = jit or default_jit()

    def launch(kernel: Any, a: int, b: int, on: Any = stream) -> None:
        check(lib.layoutc_launch_copy(kernel._handle, device, a, b, None, 0, on))

    peers = _symmetric(out, group, dist) if given else None
    if peers is not None:
        _store_in_peers(peers, src, dst, (str(source), str(destination), ranks), rank, jit, launch, device, stream)
        return out
    k_all, n, size = part.pieces, part.piece, src.itemsize
    slot = -(-n * size // 16) * 16 // size  # elements between pieces: each starts 16-byte aligned
    peers_out = [(i, q) for i, q in enumerate(part.send_to) if q != rank]
    peers_in = [(i, p) for i, p in enumerate(part.receive_from) if p != rank]

    def span(t: Any, at: int) -> Any:  # a message: `run` elements of t from offset `at`
        return t.as_strided((run,), (1,), t.storage_offset() + at)

    send = tensor.new_empty(len(peers_out) * k_all * slot)
    run, per = part.run or n, len(part.run_starts) or 1  # a message's elements, messages a piece
    receive = tensor.new_empty(0 if part.run else len(peers_in) * k_all * slot)
    pack = jit.copy_kernel(part.piece_pack, "%d:1" % n, src.dtype) if peers_out else None
    works = []
    for k in range(k_all):
        ops = []
        for m, (i, q) in enumerate(peers_out):
            at = (m * k_all + k) * slot
            launch(pack, src.address + part.send_at[i * k_all + k] * size, send.data_ptr() + at * size)
            ops += [dist.P2POp(dist.isend, span(send, at + t * run), _global(dist, group, q), group)
                    for t in range(per)]
        for m, (i, p) in enumerate(peers_in):
            targets = [span(out, part.receive_at[i * k_all + k] + start) for start in part.run_starts] if part.run \
                else [span(receive, (m * k_all + k) * slot)]
            ops += [dist.P2POp(dist.irecv, target, _global(dist, group, p), group) for target in targets]
        works.append(dist.batch_isend_irecv(ops) if ops else [])
    if rank in part.send_to:  # beside NCCL's transfers, on this stream
        own = jit.copy_kernel(part.piece_pack, part.piece_unpack, src.dtype)
        i, j = part.send_to.index(rank), part.receive_from.index(rank)
        for k in range(k_all):
            launch(own, src.address + part.send_at[i * k_all + k] * size,
                   dst.address + part.receive_at[j * k_all + k] * size)
    unpack = jit.copy_kernel("%d:1" % n, part.piece_unpack, src.dtype) if peers_in and not part.run else None
    for k in range(k_all):
        for work in works[k]:
            work.wait()
        for m, (i, p) in enumerate(peers_in if unpack else []):
            launch(unpack, receive.data_ptr() + (m * k_all + k) * slot * size,
                   dst.address + part.receive_at[i * k_all + k] * size)
    return out


def _group_name(group: Any, dist: Any) -> str:
    """The name of `group` (None: the default group)."""
    return str((group if group is not None else dist.group.WORLD).group_name)


def _symmetric(out: Any, group: Any, dist: Any) -> Any:
    """torch's symmetric-memory handle of `out` over `group` (rendezvous:
    collective on a buffer's first call, cached after), or None where out
    is not symmetric memory or this torch has none."""
    try:
        symm = importlib.import_module("torch.distributed._symmetric_memory")
    except ImportError:
        return None
    known = getattr(symm, "is_symm_mem_tensor", None)
    if known is not None and not known(out):
        return None
    try:
        return symm.rendezvous(out, _group_name(group, dist))
    except RuntimeError:  # what torch raises for a tensor of its caching allocator
        return None


def _turns(targets: List[int], rank: int, ranks: int) -> List[int]:
    """The indices of `targets` (ranks) in the order a rank writes them:
    from the next rank on, its own last, so that the ranks do not all
    store into one peer at once.

    >>> _turns([0, 1, 2, 3], 1, 4)  # rank 1 of 4 writes ranks 2, 3, 0, then its own
    [2, 3, 0, 1]
    """
    return sorted(range(len(targets)), key=lambda i: (targets[i] - rank - 1) % ranks)


def _store_in_peers(peers: Any, src: Any, dst: Any, key: Tuple[str, str, int], rank: int, jit: Jit,
                    launch: Callable[[Any, int, int, Any], None], device: int, stream: Any) -> None:
    """redistribute into symmetric memory: each rank's chunk for peer q is
    copied from src straight into q's destination (q's plan says where it
    lands there), between two barriers of the group, so
    no rank writes a peer's buffer before the peer reached the call and
    none reads its own before every peer wrote it. Whole chunks (element
    size 0: no pieces), in _turns' order, its own beside (_own_beside).
    (PeerRedistribution does the same in C++, its own chunk last.)"""
    size, ranks = src.itemsize, key[2]
    mine = _planned(*key, rank, 0)
    place = dst.address - peers.buffer_ptrs[rank]  # the same on every rank: symmetric
    room = (peers.buffer_size - place) // size
    theirs = [_planned(*key, q, 0) for q in range(ranks)]  # every rank checks all: all raise, or none
    for q, plan in enumerate(theirs):
        if plan.destination_extent > room:
            raise ArgumentError("redistribute: rank %d's destination reaches element %d, but out's symmetric "
                                "buffer holds %d from out's place" % (q, plan.destination_extent - 1, room))
    # One kernel for every chunk: piece_unpack is every rank's.
    kernel = jit.copy_kernel(mine.piece_pack, mine.piece_unpack, src.dtype) if mine.send_to else None

    def store(q: int, stream: Any) -> None:
        i = mine.send_to.index(q)
        at = theirs[q].receive_at[theirs[q].receive_from.index(rank)]
        launch(kernel, src.address + mine.send_at[i] * size, peers.buffer_ptrs[q] + place + at * size, stream)

    peers.barrier(channel=0)
    _own_beside([mine.send_to[i] for i in _turns(mine.send_to, rank, ranks)], rank, device, stream, store)
    peers.barrier(channel=0)


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
    torch's symmetric memory of `width` int32 on every rank of the group
    (rendezvous: collective, on the group's first such dispatch), and a
    pinned host buffer for every rank's. `exchange(bounds)` writes this
    rank's, passes the group's barrier (past it, every peer has reached
    the call and written its own) and copies every rank's to `host`, all
    queued on torch's current stream: no NCCL call (on four H200s, the
    send order with its counts' exchange and copy to the host took 0.14
    ms a dispatch this way, 0.21 through NCCL's all_gather)."""

    def __init__(self, group_name: str, device: Any, ranks: int, width: int) -> None:
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


@functools.lru_cache(maxsize=None)
def _count_board(group_name: str, device: Any, ranks: int) -> _CountBoard:
    """The group's _CountBoard on `device`, made once."""
    return _CountBoard(group_name, device, ranks, ranks + 3)


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
        _check_data(call, self.table)
        _require_row_major(call, self.table)
        _require_row_major(call, self.there)
        width = self.there.shape[1]
        self.row_bytes = width * self.there.itemsize
        self.place = self.there.address - peers.buffer_ptrs[rank]  # the same on every rank: symmetric
        # The rows of its width that `there`'s buffer holds from its place (any number of empty rows).
        self.room = (peers.buffer_size - self.place) // self.row_bytes if self.row_bytes else sys.maxsize
        self.kernel = (jit or default_jit()).indexed_kernel(kind, width, self.table.dtype, self.indices.dtype) \
            if width else None
        self.peers, self.rank = peers, rank

    def run(self, matrix: List[List[int]]) -> None:
        ranks, buffers, counts = len(matrix), self.peers.buffer_ptrs, matrix[self.rank]
        at = _starts(counts)
        if self.kernel is not None:  # None: rows of no width, nothing to move
            handle = self.kernel._handle

            def launch(q: int, stream: Any) -> None:
                land = sum(matrix[s][q] for s in range(self.rank))
                check(unchecked.layoutc_launch_indexed(handle, self.device, self.table.address, self.table.shape[0],
                                                 buffers[q] + self.place + land * self.row_bytes,
                                                 self.indices.address + at[q] * self.indices.itemsize, counts[q],
                                                 stream))

            _own_beside([q for q in _turns(list(range(ranks)), self.rank, ranks) if counts[q]], self.rank,
                        self.device, self.stream, launch)
        self.peers.barrier(channel=0)


@functools.lru_cache(maxsize=None)
def _second_stream(device: int) -> Any:
    """A second torch stream of `device`, made once."""
    return importlib.import_module("torch").cuda.Stream(device=device)


def _own_beside(targets: List[int], rank: int, device: int, stream: Any, launch: Callable[[int, Any], None]) -> None:
    """launch(q, stream) for each rank q of `targets` in order, but this
    rank's own on a second stream of the device, beside the peers' on
    `stream` (local memory is not the links: the two overlap); `stream`
    waits for it before what follows."""
    own = rank in targets
    if own:
        cuda = importlib.import_module("torch").cuda
        # (ExternalStream(0) would be a new stream of torch's pool, not the default stream)
        main = cuda.ExternalStream(stream, device=device) if stream else cuda.default_stream(device)
        side = _second_stream(device)
        side.wait_stream(main)
        launch(rank, side.cuda_stream)
    for q in targets:
        if q != rank:
            launch(q, stream)
    if own:
        main.wait_stream(side)


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
