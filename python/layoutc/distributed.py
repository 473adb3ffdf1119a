"""Tensors across ranks (docs/distributed.md): a distribution is a layout
whose strides are local offsets (d, d@0) and ranks (d@1); `redistribute`
moves a tensor from one distribution to another over a torch.distributed
process group: each rank packs its send buffer with one layoutc copy
kernel, the ranks exchange their chunks through NCCL, and each unpacks its
receive buffer into its destination with another copy kernel; or, into
torch's symmetric memory, each rank stores its chunks straight into the
peers. (dispatch_combine moves rows to ranks by an index tensor.)
"""
import ctypes
import functools
import importlib
from typing import Any, Callable, List, Optional, Tuple

from ._library import ArgumentError, check, lib, text
from .kernels import Jit, _tensors, default_jit


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
    for t, needed, side in ((src, part.source_extent, "source"), (dst, part.destination_extent, "destination")):
        if needed > t.extent:
            raise ArgumentError("redistribute: the %s distribution reaches element %d of this rank, but %s holds %d"
                                % (side, needed - 1, t.role, t.extent))
    jit = jit or default_jit()

    def launch(kernel: Any, a: int, b: int, on: Any = stream) -> None:
        kernel.launch_copy([(a, 0), (b, 0)], device=device, stream=on)

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
