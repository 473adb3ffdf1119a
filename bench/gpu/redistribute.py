"""layoutc.redistribute, dispatch and combine over NCCL on every GPU of the
host, one process each:

    python3 -m torch.distributed.run --standalone --nproc_per_node=N redistribute.py

First correctness: distributions of several shapes and dtypes (Ulysses'
sequence- to head-parallel, rows to columns of a column-major matrix,
blocks to a cyclic deal, a 2 x 2 mesh transposed on 4 ranks), each rank's
result compared element by element with where the destination puts every
global element. Then Ulysses at B=4, S=32768, H=32, D=128 bf16 (a 1 GiB
tensor) against the PyTorch code users write for it (permute to
(P, B, S/P, H/P, D), contiguous, all_to_all_single, permute back,
contiguous), both results compared for equality; beside them the
all_to_all_single of the same bytes alone, the exchange's own bound. Times:
the mean of 10 calls after 2 warm-ups, CUDA events on each rank, the
slowest rank's. Then a mixture of experts' dispatch and combine: 16,384
tokens of 4,096 bf16 a rank, 8 experts a rank, top-2, against the PyTorch
code for it (argsort by rank, index_select, the counts' and the rows'
all_to_all_single; back: all_to_all_single, index_copy_), each result
compared for equality (combine is given the received rows, so it must
return every sent row to its place). Rank 0 prints; exit 1 if anything
differs, 2 with one GPU.
"""
import os
import sys

import torch
import torch.distributed as dist

import layoutc


def text(leaves):
    """CuTe notation of a flat distribution: leaves (size, stride, is_rank),
    the first fastest."""
    return "(%s):(%s)" % (",".join(str(n) for n, _, _ in leaves),
                          ",".join("%d@1" % d if r else str(d) for _, d, r in leaves))


def placement(leaves):
    """(offset, rank) of every global index, as two int64 tensors."""
    n = 1
    for size, _, _ in leaves:
        n *= size
    k = torch.arange(n, dtype=torch.int64)
    offset, rank = torch.zeros_like(k), torch.zeros_like(k)
    for size, stride, is_rank in leaves:
        (rank if is_rank else offset).add_(k % size * stride)
        k = k // size
    return offset, rank


def cases(P):
    """(name, dtype, source leaves, destination leaves) for P ranks."""
    B, S, H, D = 2, 8 * P, 4 * P, 8
    ulysses = ([(D, 1, False), (H, D, False), (S // P, H * D, False), (P, 1, True), (B, S // P * H * D, False)],
               [(D, 1, False), (H // P, D, False), (P, 1, True), (S, H // P * D, False), (B, S * H // P * D, False)])
    M, N = 6 * P, 5 * P
    rows_to_columns = ([(M // P, 1, False), (P, 1, True), (N, M // P, False)],
                       [(M, 1, False), (N // P, M, False), (P, 1, True)])
    blocks_to_cyclic = ([(12, 1, False), (P, 1, True)], [(P, 1, True), (12, 1, False)])
    out = [("ulysses_bf16", torch.bfloat16) + ulysses, ("ulysses_f32", torch.float32) + ulysses,
           ("rows_to_columns_f32", torch.float32) + rows_to_columns,
           ("rows_to_columns_f64", torch.float64) + rows_to_columns,
           ("blocks_to_cyclic_i32", torch.int32) + blocks_to_cyclic,
           ("blocks_to_cyclic_i8", torch.int8) + blocks_to_cyclic]
    if P == 4:  # a 2 x 2 mesh over (M, N) column-major, to the transposed mesh
        mesh = ([(M // 2, 1, False), (2, 1, True), (N // 2, M // 2, False), (2, 2, True)],
                [(M // 2, 1, False), (2, 2, True), (N // 2, M // 2, False), (2, 1, True)])
        out.append(("mesh_transposed_f16", torch.float16) + mesh)
    return out


def check_cases(rank, P, device):
    failed = False
    for name, dtype, src, dst in cases(P):
        (so, sr), (do, dr) = placement(src), placement(dst)
        values = torch.arange(so.numel(), dtype=torch.int64) % 127  # exact in every dtype
        mine = sr == rank
        x = torch.zeros(int(so[mine].max()) + 1, dtype=dtype)
        x[so[mine]] = values[mine].to(dtype)
        got = layoutc.redistribute(x.to(device), text(src), text(dst)).cpu()
        want = dr == rank
        same = bool(torch.equal(got[do[want]], values[want].to(dtype)))
        flags = torch.tensor([0 if same else 1], device=device)
        dist.all_reduce(flags)
        failed |= bool(flags.item())
        if rank == 0:
            print("%-22s %s -> %s  %s" % (name, text(src), text(dst),
                                          "every element on every rank" if not flags.item() else
                                          "DIFFERS on %d rank(s)" % flags.item()))
    return failed


def timed(fn, device):
    """The slowest rank's mean ms of 10 calls after 2 warm-ups."""
    for _ in range(2):
        fn()
    torch.cuda.synchronize()
    dist.barrier()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(10):
        fn()
    end.record()
    torch.cuda.synchronize()
    ms = torch.tensor([start.elapsed_time(end) / 10], device=device)
    dist.all_reduce(ms, op=dist.ReduceOp.MAX)
    return ms.item()


def ulysses(rank, P, device):
    B, S, H, D = 4, 32768, 32, 128
    s, h = S // P, H // P
    torch.manual_seed(rank)
    x = torch.randn(B, s, H, D, device=device).to(torch.bfloat16)
    source = "(%d,(%d,%d),%d,%d):(%d,(%d,1@1),%d,1)" % (B, s, P, H, D, s * H * D, H * D, D)
    destination = "(%d,%d,(%d,%d),%d):(%d,%d,(%d,1@1),1)" % (B, S, h, P, D, S * h * D, h * D, D)

    def ours():
        return layoutc.redistribute(x, source, destination).view(B, S, h, D)

    def theirs():
        send = x.reshape(B, s, P, h, D).permute(2, 0, 1, 3, 4).contiguous()
        receive = torch.empty_like(send)
        dist.all_to_all_single(receive, send)
        return receive.permute(1, 0, 2, 3, 4).reshape(B, S, h, D)

    send, receive = torch.empty_like(x), torch.empty_like(x)

    def exchange():
        dist.all_to_all_single(receive, send)

    # redistribute's steps alone: the pack, the chunks' transfers (its
    # batch of isend/irecv), the unpack or the receives in place.
    part = layoutc.rank_exchange(source, destination, P, rank, x.element_size())
    c, m = part.chunk, part.run or part.chunk
    packed, landed = x.new_empty(c * P), x.new_empty(c * P)
    ops = [dist.P2POp(dist.isend, packed[i * m:(i + 1) * m], q) for i, q in enumerate(
        [q for q in part.send_to for _ in range(c // m)]) if q != rank]
    ops += [dist.P2POp(dist.irecv, landed[i * m:(i + 1) * m], p) for i, p in enumerate(
        [p for p in part.receive_from for _ in range(c // m)]) if p != rank]

    def pack():
        layoutc.copy(x, packed, src_layout=part.pack, dst_layout="%d:1" % packed.numel())

    def transfers():
        for work in dist.batch_isend_irecv(ops):
            work.wait()

    def unpack():
        layoutc.copy(landed, receive, src_layout="%d:1" % landed.numel(), dst_layout=part.unpack)

    same = torch.tensor([0 if torch.equal(ours(), theirs()) else 1], device=device)
    dist.all_reduce(same)
    t_ours, t_theirs, t_exchange = timed(ours, device), timed(theirs, device), timed(exchange, device)
    steps = [timed(pack, device), timed(transfers, device), 0.0 if part.run else timed(unpack, device)]
    if rank == 0:
        nbytes = x.numel() * x.element_size()
        print("\nUlysses (B=%d, S=%d, H=%d, D=%d) bf16 on %d GPUs, %d MiB a rank: %s -> %s" % (
            B, S, H, D, P, nbytes >> 20, source, destination))
        print("%-34s %9s %14s" % ("implementation", "ms", "GB/s a rank"))
        for label, t in (("layoutc.redistribute", t_ours), ("PyTorch permute+all_to_all_single", t_theirs),
                         ("all_to_all_single alone (bound)", t_exchange)):
            print("%-34s %9.3f %14.1f" % (label, t, nbytes / t / 1e6))
        print("its steps alone: pack %.3f ms, transfers %.3f ms (%d messages a peer), %s" % (
            steps[0], steps[1], c // m, "unpack %.3f ms" % steps[2] if not part.run else "received in place"))
        print("layoutc / PyTorch: %.2fx; layoutc at %.1f%% of the exchange alone; results %s" % (
            t_theirs / t_ours, 100 * t_exchange / t_ours, "equal on every rank" if not same.item() else
            "DIFFER on %d rank(s)" % same.item()))
    return bool(same.item())


def torch_dispatch(x, owner, rows, P):
    order = torch.argsort(owner, stable=True)
    send = x.index_select(0, rows.index_select(0, order))
    counts = torch.bincount(owner, minlength=P)
    received_counts = torch.empty_like(counts)
    dist.all_to_all_single(received_counts, counts)
    s, r = counts.tolist(), received_counts.tolist()
    received = x.new_empty((sum(r), x.shape[1]))
    dist.all_to_all_single(received, send, r, s)
    return received, (order, s, r)


def torch_combine(y, plan):
    order, s, r = plan
    back = y.new_empty((sum(s), y.shape[1]))
    dist.all_to_all_single(back, y, s, r)
    return torch.empty_like(back).index_copy_(0, order, back)


def moe(rank, P, device, tokens, hidden, dtype, experts_per_rank, top, report):
    """Dispatch and combine of `tokens` rows against PyTorch's: equal, and timed when `report`."""
    torch.manual_seed(100 + rank)
    x = torch.randn(tokens, hidden, device=device).to(dtype)
    experts = torch.rand(tokens, experts_per_rank * P, device=device).topk(top, dim=1).indices
    owner = (experts // experts_per_rank).flatten()
    rows = torch.arange(tokens, device=device).repeat_interleave(top)
    received, plan = layoutc.dispatch(x, owner, rows)
    want, tplan = torch_dispatch(x, owner, rows, P)
    back = layoutc.combine(received, plan)
    same = torch.equal(received, want) and torch.equal(back, x.index_select(0, rows)) and \
        torch.equal(back, torch_combine(want, tplan))
    differ = torch.tensor([0 if same else 1], device=device)
    dist.all_reduce(differ)
    name = "moe %d tokens x %d %s, top-%d of %d experts" % (tokens, hidden, str(dtype).split(".")[-1], top,
                                                            experts_per_rank * P)
    if not report:
        if rank == 0:
            print("%-45s %s" % (name, "every row on every rank" if not differ.item() else
                                "DIFFERS on %d rank(s)" % differ.item()))
        return bool(differ.item())
    times = [timed(lambda: layoutc.dispatch(x, owner, rows), device),
             timed(lambda: torch_dispatch(x, owner, rows, P), device),
             timed(lambda: layoutc.combine(received, plan), device),
             timed(lambda: torch_combine(want, tplan), device)]
    if rank == 0:
        nbytes = rows.numel() * hidden * x.element_size()
        print("\n%s on %d GPUs, %d MiB of rows sent a rank:" % (name, P, nbytes >> 20))
        print("%-34s %9s %9s %9s" % ("implementation", "dispatch", "combine", "both ms"))
        print("%-34s %9.3f %9.3f %9.3f" % ("layoutc.dispatch / combine", times[0], times[2], times[0] + times[2]))
        print("%-34s %9.3f %9.3f %9.3f" % ("PyTorch index_select / index_copy_", times[1], times[3],
                                           times[1] + times[3]))
        print("layoutc / PyTorch: dispatch %.2fx, combine %.2fx, both %.2fx; results %s" % (
            times[1] / times[0], times[3] / times[2], (times[1] + times[3]) / (times[0] + times[2]),
            "equal on every rank" if not differ.item() else "DIFFER on %d rank(s)" % differ.item()))
    return bool(differ.item())


def main():
    if "LOCAL_RANK" not in os.environ:
        print("redistribute: run it under torch.distributed.run (one process per GPU)")
        return 2
    local = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local)
    device = torch.device("cuda", local)
    dist.init_process_group("nccl", device_id=device)
    rank, P = dist.get_rank(), dist.get_world_size()
    if rank == 0:
        print("redistribute: %d x %s, torch %s, NCCL %s, layoutc %s" % (
            P, torch.cuda.get_device_name(), torch.__version__, ".".join(map(str, torch.cuda.nccl.version())),
            layoutc.version()))
    failed = check_cases(rank, P, device)
    failed |= moe(rank, P, device, 1000, 24, torch.float16, 3, 2, False)
    failed |= moe(rank, P, device, 777, 77, torch.float32, 2, 1, False)
    failed |= ulysses(rank, P, device)
    failed |= moe(rank, P, device, 16384, 4096, torch.bfloat16, 8, 2, True)
    dist.destroy_process_group()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
