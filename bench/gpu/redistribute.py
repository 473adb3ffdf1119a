"""layoutc.redistribute, dispatch and combine over NCCL on every GPU of the
host, one process each:

    python3 -m torch.distributed.run --standalone --nproc_per_node=N redistribute.py

First correctness: distributions of several shapes and dtypes (Ulysses'
sequence- to head-parallel, rows to columns of a column-major matrix (one
of them large enough to move in pieces), blocks to a cyclic deal, a 2 x 2
mesh transposed on 4 ranks), through NCCL and stored into the peers'
symmetric memory, each rank's result compared element by element with
where the destination puts every global element. Then Ulysses at B=4,
S=32768, H=32, D=128 bf16 (a 1 GiB tensor) against the PyTorch code users
write for it (permute to (P, B, S/P, H/P, D), contiguous,
all_to_all_single, permute back, contiguous), and stored into the peers
(`out` in torch's symmetric memory), the results compared for equality;
beside them the all_to_all_single of the same bytes alone, the exchange's
own bound. Times: the mean of 10 calls after 2 warm-ups, CUDA events on
each rank, the slowest rank's. Then a mixture of experts' dispatch and
combine: 16,384 tokens of 4,096 bf16 a rank, 8 experts a rank, top-2,
against the PyTorch code for it (argsort by rank, index_select, the
counts' and the rows' all_to_all_single; back: all_to_all_single,
index_copy_), and dispatch stored into the peers' symmetric memory with
combine reading back from it, each result compared for equality (combine
is given the received rows, so it must return every sent row to its
place). Rank 0 prints; exit 1 if anything
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
    # Rows to columns of a column-major 4096 x 4096 f32 matrix: on 2 ranks,
    # chunks of 16 MiB cut into 2 pieces, each unpacked as it arrives (on 4,
    # chunks of 4 MiB move whole).
    big = ([(4096 // P, 1, False), (P, 1, True), (4096, 4096 // P, False)],
           [(4096, 1, False), (4096 // P, 4096, False), (P, 1, True)])
    out.append(("rows_to_columns_f32_big", torch.float32) + big)
    if P == 4:  # a 2 x 2 mesh over (M, N) column-major, to the transposed mesh
        mesh = ([(M // 2, 1, False), (2, 1, True), (N // 2, M // 2, False), (2, 2, True)],
                [(M // 2, 1, False), (2, 2, True), (N // 2, M // 2, False), (2, 1, True)])
        out.append(("mesh_transposed_f16", torch.float16) + mesh)
    return out


def symmetric(n, dtype, device):
    """A tensor of n elements in torch's symmetric memory (redistribute
    stores into the peers' through it), or None where torch has none."""
    try:
        import torch.distributed._symmetric_memory as symm
    except ImportError:
        return None
    return symm.empty(n, dtype=dtype, device=device)


def check_cases(rank, P, device):
    """Each case through NCCL, then stored into the peers' symmetric memory."""
    failed = False
    for name, dtype, src, dst in cases(P):
        (so, sr), (do, dr) = placement(src), placement(dst)
        values = torch.arange(so.numel(), dtype=torch.int64) % 127  # exact in every dtype
        mine = sr == rank
        x = torch.zeros(int(so[mine].max()) + 1, dtype=dtype)
        x[so[mine]] = values[mine].to(dtype)
        x = x.to(device)
        want = dr == rank
        extent = max(layoutc.rank_exchange(text(src), text(dst), P, r).destination_extent for r in range(P))
        peers = symmetric(extent, dtype, device)
        for how, out in (("NCCL", None), ("peers", peers)):
            if how == "peers" and out is None:
                continue
            if out is not None:
                out.fill_(-1)
            got = layoutc.redistribute(x, text(src), text(dst), out=out).cpu()
            same = bool(torch.equal(got[do[want]], values[want].to(dtype)))
            flags = torch.tensor([0 if same else 1], device=device)
            dist.all_reduce(flags)
            failed |= bool(flags.item())
            if rank == 0:
                print("%-22s %-5s %s -> %s  %s" % (name, how, text(src), text(dst),
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

    symmetric_out = symmetric(B * S * h * D, x.dtype, device)

    def ours_into_peers():
        return layoutc.redistribute(x, source, destination, out=symmetric_out).view(B, S, h, D)

    def theirs():
        send = x.reshape(B, s, P, h, D).permute(2, 0, 1, 3, 4).contiguous()
        receive = torch.empty_like(send)
        dist.all_to_all_single(receive, send)
        return receive.permute(1, 0, 2, 3, 4).reshape(B, S, h, D)

    send, receive = torch.empty_like(x), torch.empty_like(x)

    def exchange():
        dist.all_to_all_single(receive, send)

    # redistribute's steps alone, one after another: every piece's pack,
    # every piece's transfers (a batch of isend/irecv each), the own chunk's
    # copy, the unpacks (none where pieces are received in place).
    part = layoutc.rank_exchange(source, destination, P, rank, x.element_size())
    K, n, flat = part.pieces, part.piece, x.view(-1)
    landed_out = torch.empty(part.destination_extent, dtype=x.dtype, device=device)
    peers_out = [(i, q) for i, q in enumerate(part.send_to) if q != rank]
    peers_in = [(i, p) for i, p in enumerate(part.receive_from) if p != rank]
    packed, landed = x.new_empty(len(peers_out) * K * n), x.new_empty(len(peers_in) * K * n)
    run, per = part.run or n, len(part.run_starts) or 1  # a message's elements, messages a piece

    def received(m, i, k):  # where piece k of the m-th peer's chunk (chunk i) lands, a message each
        if not part.run:
            return [landed[(m * K + k) * n:(m * K + k + 1) * n]]
        return [landed_out[part.receive_at[i * K + k] + start:][:run] for start in part.run_starts]

    groups = [[dist.P2POp(dist.isend, packed[(m * K + k) * n + t * run:][:run], q)
               for m, (_, q) in enumerate(peers_out) for t in range(per)] +
              [dist.P2POp(dist.irecv, b, p) for m, (i, p) in enumerate(peers_in) for b in received(m, i, k)]
              for k in range(K)]

    def pack():
        for k in range(K):
            for m, (i, _) in enumerate(peers_out):
                at = part.send_at[i * K + k]
                layoutc.copy(flat[at:], packed[(m * K + k) * n:], src_layout=part.piece_pack, dst_layout="%d:1" % n)

    def transfers():
        for ops in groups:
            for work in dist.batch_isend_irecv(ops):
                work.wait()

    def own():
        i, j = part.send_to.index(rank), part.receive_from.index(rank)
        for k in range(K):
            layoutc.copy(flat[part.send_at[i * K + k]:], landed_out[part.receive_at[j * K + k]:],
                         src_layout=part.piece_pack, dst_layout=part.piece_unpack)

    def unpack():
        for k in range(K):
            for m, (i, _) in enumerate(peers_in):
                layoutc.copy(landed[(m * K + k) * n:], landed_out[part.receive_at[i * K + k]:],
                             src_layout="%d:1" % n, dst_layout=part.piece_unpack)

    want = theirs()
    same = torch.tensor([0 if torch.equal(ours(), want) else 1, 0 if symmetric_out is None else
                         0 if torch.equal(ours_into_peers(), want) else 1], device=device)
    dist.all_reduce(same)
    t_ours, t_theirs, t_exchange = timed(ours, device), timed(theirs, device), timed(exchange, device)
    t_peers = timed(ours_into_peers, device) if symmetric_out is not None else None
    steps = [timed(pack, device), timed(transfers, device), timed(own, device),
             0.0 if part.run else timed(unpack, device)]
    if rank == 0:
        nbytes = x.numel() * x.element_size()
        print("\nUlysses (B=%d, S=%d, H=%d, D=%d) bf16 on %d GPUs, %d MiB a rank: %s -> %s" % (
            B, S, H, D, P, nbytes >> 20, source, destination))
        print("%-34s %9s %14s" % ("implementation", "ms", "GB/s a rank"))
        for label, t in (("layoutc.redistribute", t_ours), ("PyTorch permute+all_to_all_single", t_theirs),
                         ("all_to_all_single alone (bound)", t_exchange)):
            print("%-34s %9.3f %14.1f" % (label, t, nbytes / t / 1e6))
        print("its steps alone: pack %.3f ms, transfers %.3f ms (%d pieces of %d MiB a peer, %d messages each), "
              "own chunk %.3f ms, %s; their sum %.3f ms" % (
                  steps[0], steps[1], K, n * x.element_size() >> 20, per, steps[2],
                  "unpack %.3f ms" % steps[3] if not part.run else "received in place", sum(steps)))
        print("layoutc / PyTorch: %.2fx; layoutc at %.1f%% of the exchange alone; results %s" % (
            t_theirs / t_ours, 100 * t_exchange / t_ours, "equal on every rank" if not same[0].item() else
            "DIFFER on %d rank(s)" % same[0].item()))
        if t_peers is None:
            print("stored into peers: skipped: this torch has no symmetric memory")
        else:
            print("%-34s %9.3f %14.1f" % ("layoutc.redistribute into peers", t_peers, nbytes / t_peers / 1e6))
            print("stored into peers (out in symmetric memory): %.2fx PyTorch, %.2fx the exchange alone's time; "
                  "results %s" % (t_theirs / t_peers, t_peers / t_exchange, "equal on every rank" if not
                                  same[1].item() else "DIFFER on %d rank(s)" % same[1].item()))
    return bool(same.sum().item())


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
    # Stored into the peers: out in symmetric memory, room for every row of every rank.
    peers_out = symmetric(P * rows.numel() * hidden, dtype, device)
    if peers_out is not None:
        peers_out = peers_out.view(P * rows.numel(), hidden)
        stored, splan = layoutc.dispatch(x, owner, rows, out=peers_out)
        same = same and torch.equal(stored, want) and splan.receive_counts == plan.receive_counts
        # combine reads the answers (the received rows themselves) from the peers' symmetric memory
        same = same and torch.equal(layoutc.combine(stored, splan), x.index_select(0, rows))
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
    t_peers = (timed(lambda: layoutc.dispatch(x, owner, rows, out=peers_out), device),
               timed(lambda: layoutc.combine(stored, splan), device)) if peers_out is not None else None
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
        if t_peers is not None:
            print("%-34s %9.3f %9.3f %9.3f" % ("layoutc into / from peers", t_peers[0], t_peers[1], sum(t_peers)))
            print("into / from the peers' symmetric memory: dispatch %.2fx, combine %.2fx, both %.2fx PyTorch's" % (
                times[1] / t_peers[0], times[3] / t_peers[1], (times[1] + times[3]) / sum(t_peers)))
    return bool(differ.item())


def refuses_foreign_owner(rank, P, device):
    """An owner past the last rank on rank 0 alone: every rank raises
    ArgumentError naming rank 0, none waits for the others."""
    x = torch.zeros(8, 4, device=device)
    owner = torch.full((8,), P if rank == 0 else 0, device=device, dtype=torch.int64)
    try:
        layoutc.dispatch(x, owner)
        said = "no error"
    except layoutc.ArgumentError as e:
        said = str(e)
    want = "dispatch: owner on rank 0 holds values outside 0..%d (the group's ranks)" % (P - 1)
    differ = torch.tensor([0 if said == want else 1], device=device)
    dist.all_reduce(differ)
    if rank == 0:
        print("%-45s %s" % ("dispatch with an owner past the last rank", "every rank refuses it" if not differ.item()
                            else "DIFFERS on %d rank(s): %s" % (differ.item(), said)))
    return bool(differ.item())


def joined(name):
    """(rank, ranks, device) of this process, in the default group (NCCL)
    of torch.distributed.run; outside it, None, having said so."""
    if "LOCAL_RANK" not in os.environ:
        print("%s: run it under torch.distributed.run (one process per GPU)" % name)
        return None
    local = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local)
    device = torch.device("cuda", local)
    dist.init_process_group("nccl", device_id=device)
    return dist.get_rank(), dist.get_world_size(), device


def main():
    group = joined("redistribute")
    if group is None:
        return 2
    rank, P, device = group
    if rank == 0:
        print("redistribute: %d x %s, torch %s, NCCL %s, layoutc %s" % (
            P, torch.cuda.get_device_name(), torch.__version__, ".".join(map(str, torch.cuda.nccl.version())),
            layoutc.version()))
    failed = check_cases(rank, P, device)
    failed |= moe(rank, P, device, 1000, 24, torch.float16, 3, 2, False)
    failed |= moe(rank, P, device, 777, 77, torch.float32, 2, 1, False)
    failed |= refuses_foreign_owner(rank, P, device)
    failed |= ulysses(rank, P, device)
    failed |= moe(rank, P, device, 16384, 4096, torch.bfloat16, 8, 2, True)
    dist.destroy_process_group()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
