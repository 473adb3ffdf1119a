"""Where a mixture of experts' dispatch into the peers' symmetric memory
spends its time, on every GPU of the host, one process each:

    python3 -m torch.distributed.run --standalone --nproc_per_node=N moe_profile.py

16,384 tokens of 4,096 bf16 a rank, 8 experts a rank, top-2 (the case
redistribute.py times). Rank 0 prints the slowest rank's mean ms of a
dispatch and of its parts, each called 10 times in a row (the send order
and counts; with their exchange, through NCCL or layoutc's board of
symmetric memory; the transfers between the two barriers), then one
dispatch's timeline from torch.profiler: every host call of the CUDA API
and top-level torch op, and every kernel and copy on the device, in us
from the dispatch's start. Exit 2 with one GPU.
"""
import sys

import torch
import torch.distributed as dist
import torch.distributed._symmetric_memory as symm

import layoutc
import layoutc.dispatch_combine as ld
from redistribute import joined, timed


def timeline(prof, rank):
    """One line a host call or device activity of the profiled window, in order of start."""
    events = [e for e in prof.events() if e.time_range.elapsed_us() >= 0]
    t0 = min(e.time_range.start for e in events)
    rows = []
    for e in events:
        on_device = e.device_type == torch.autograd.DeviceType.CUDA
        top = e.cpu_parent is None
        if on_device or (top and not e.name.startswith("ProfilerStep")):
            rows.append((e.time_range.start - t0, e.time_range.elapsed_us(), "gpu" if on_device else "cpu", e.name))
    for start, dur, where, name in sorted(rows):
        print("rank %d %s %9.1f %8.1f  %s" % (rank, where, start, dur, name[:90]))


def main():
    group = joined("moe_profile")
    if group is None:
        return 2
    rank, P, device = group
    tokens, hidden, per_rank, top = 16384, 4096, 8, 2
    torch.manual_seed(100 + rank)
    x = torch.randn(tokens, hidden, device=device).to(torch.bfloat16)
    owner = (torch.rand(tokens, per_rank * P, device=device).topk(top, dim=1).indices // per_rank).flatten()
    rows = torch.arange(tokens, device=device).repeat_interleave(top)
    out = symm.empty(P * rows.numel() * hidden, dtype=x.dtype, device=device).view(P * rows.numel(), hidden)

    def dispatch():
        return layoutc.dispatch(x, owner, rows, out=out)

    _, plan = dispatch()
    matrix = plan.matrix
    peers = ld._symmetric(out, None, dist)
    sources = rows.index_select(0, plan.order)
    into = ld._PeerRows("gather", "dispatch", (x, "x"), (sources, "rows"), (out, "out"), peers, rank, None)
    board = ld._count_board(dist.group.WORLD.group_name, device, P)

    def counts_through_nccl():
        bounds = ld._SendOrder(torch, owner, P).bounds
        every = torch.empty(P * bounds.numel(), dtype=bounds.dtype, device=device)
        dist.all_gather_into_tensor(every, bounds)
        board.host.copy_(every, non_blocking=True)
        torch.cuda.current_stream().synchronize()

    def counts_through_board():
        board.exchange(ld._SendOrder(torch, owner, P).bounds)
        torch.cuda.current_stream().synchronize()

    def transfers():
        peers.barrier(channel=0)
        into.run(matrix)

    phases = [("dispatch into peers", dispatch),
              ("send order and counts (bucketize, sort, searchsorted)", lambda: ld._SendOrder(torch, owner, P)),
              ("... and the counts' exchange by NCCL's all_gather, to host", counts_through_nccl),
              ("... and the counts' exchange by the board, to host", counts_through_board),
              ("transfers: barrier, a gather a peer in turn, barrier", transfers)]
    for _ in range(50):  # the first tens of calls are slower (1.1 ms against 0.78 on four H200s)
        dispatch()
    for name, fn in phases:
        ms = timed(fn, device)
        if rank == 0:
            print("%-58s %8.3f ms" % (name, ms))
    for shown in (0,):
        dist.barrier()
        torch.cuda.synchronize()
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU,
                                                torch.profiler.ProfilerActivity.CUDA]) as prof:
            dispatch()
            torch.cuda.synchronize()
        if rank == shown:
            timeline(prof, rank)
        sys.stdout.flush()
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
