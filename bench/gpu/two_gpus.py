"""One layoutc process, two GPUs at once: each device at its single-GPU speed.

The same kernels (one Jit: the package's) launched on cuda:0 and cuda:1 at
the same time, from one Python thread, each on its device's current stream:
a transpose of 16384^2 f32 and a gather of 1,048,576 rows of 256 f16 from a
table of 1,000,000 rows (a GiB moved each: a launch from Python takes tens
of microseconds of the host, far less than the kernel). For each case: the GB/s of each device alone (mean
of 10 launches after a warm-up, CUDA events on that device), then of both
at once (10 launches on each, interleaved: launch i on cuda:0, then on
cuda:1, all queued before either finishes), and each device's share of its
alone figure. Every result is compared element by element with torch's on
its own device. Exit 1 if a result differs; 2 with fewer than two GPUs.
"""
import sys

import torch

import layoutc


def timed_on(launches, nbytes, devices):
    """GB/s per device of `launches` (device -> fn), 10 rounds after a warm-up,
    the rounds interleaved across the devices."""
    for d in devices:
        launches[d]()
    for d in devices:
        torch.cuda.synchronize(d)
    events = {}
    for d in devices:
        with torch.cuda.device(d):
            events[d] = (torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
            events[d][0].record()
    for _ in range(10):
        for d in devices:
            launches[d]()
    for d in devices:
        with torch.cuda.device(d):
            events[d][1].record()
    for d in devices:
        torch.cuda.synchronize(d)
    return {d: nbytes / (events[d][0].elapsed_time(events[d][1]) / 10 * 1e6) for d in devices}


def cases(d):
    """(name, bytes, launch, check) on device d."""
    dev = torch.device("cuda", d)
    torch.manual_seed(d)
    x = torch.randn(16384, 16384, device=dev)
    out = torch.empty(16384, 16384, device=dev)
    table = torch.randn(1000000, 256, device=dev).half()
    idx = torch.randint(0, 1000000, (1048576,), device=dev, dtype=torch.int32)
    rows = torch.empty(1048576, 256, device=dev, dtype=torch.float16)
    return [("transpose_f32 16384^2", 2 * x.numel() * 4, lambda: layoutc.copy(x.t(), out),
             lambda: torch.equal(out, x.t().contiguous())),
            ("gather_rows_f16 1048576x256", 2 * rows.numel() * 2 + idx.numel() * 4,
             lambda: layoutc.gather(table, idx, rows), lambda: torch.equal(rows, table.index_select(0, idx)))]


def main():
    if torch.cuda.device_count() < 2:
        print("two_gpus: skipped: %d GPU(s) here, two needed" % torch.cuda.device_count())
        return 2
    devices = [0, 1]
    print("GPUs: %s, %s; torch %s, layoutc %s" % (torch.cuda.get_device_name(0), torch.cuda.get_device_name(1),
                                                 torch.__version__, layoutc.version()))
    per = {d: cases(d) for d in devices}
    print("%-28s %12s %12s %12s %12s %7s %7s  %s" % ("case (one Jit, two GPUs)", "cuda:0 alone", "cuda:1 alone",
                                                    "cuda:0 both", "cuda:1 both", "share0", "share1", "every element"))
    failed = False
    for i, (name, nbytes, _, _) in enumerate(per[0]):
        launches = {d: per[d][i][2] for d in devices}
        alone = {d: timed_on(launches, nbytes, [d])[d] for d in devices}
        both = timed_on(launches, nbytes, devices)
        same = all(per[d][i][3]() for d in devices)
        failed |= not same
        print("%-28s %12.1f %12.1f %12.1f %12.1f %6.1f%% %6.1f%%  %s" % (
            name, alone[0], alone[1], both[0], both[1], 100 * both[0] / alone[0], 100 * both[1] / alone[1],
            "equal" if same else "DIFFERS"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
