"""One kernel per family against a kernel per shape: every copy case of
bench/gpu/run.sh's bandwidth table (cases.py: copies, transposes, permutes,
slices, broadcasts, casts) at 4 MB, 64 MB and 1 GB a destination, launched
from Python on torch's tensors through the family's kernel (the sizes and
strides given at launch: Jit(specialize="family"), the default) and
through the kernel specialized on the shape (Jit(specialize="shape")), in
the same process on the same tensors; beside a device copy of the same
bytes. Gathers and scatters are left out: their one kernel takes the row
count at launch either way.

Each figure is bytes read + written over the time of CUDA graph replays of
back-to-back launches (so a 4 MB kernel's few microseconds are the
kernel's, not the host's launch), CUDA events, after a warm-up; each
result is compared with torch's once. Prints a table and the smallest
family/static ratio; exit 1 if a result differs.

    python3 family_bench.py [4MB 64MB 1GB] [FAMILY...]
"""
import sys

import torch

import cases
import layoutc

DTYPE = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i8": torch.int8, "f64": torch.float64}
# Launches a graph holds, by size: enough that a replay takes about a millisecond or more.
LAUNCHES = {"4MB": 256, "64MB": 24, "1GB": 2}


def graph_timed(fn, bytes_moved, launches, replays=5):
    """GB/s of fn over `replays` replays of a CUDA graph of `launches` calls."""
    fn()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(launches):
            fn()
    graph.replay()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(replays):
        graph.replay()
    end.record()
    torch.cuda.synchronize()
    return bytes_moved * launches * replays / (start.elapsed_time(end) * 1e6)


def rand(shape, dtype):
    if dtype == torch.int8:
        return torch.randint(-128, 127, shape, device="cuda", dtype=dtype)
    return torch.randn(shape, device="cuda").to(dtype)


def views(case):
    """The case as torch tensors: (source view, destination, torch's result)."""
    d, t, to = case.dims, DTYPE[case.dtype], DTYPE[case.out_dtype]
    if case.kind == "copy":
        x = rand(d, t)
        src = x
    elif case.kind == "transpose" and d[0] == 1:
        src = rand(d[1:], t).t()
    elif case.kind == "transpose":
        src = rand(d, t).transpose(1, 2)
    elif case.kind == "permute":
        src = rand(d, t).permute(0, 2, 3, 1)
    elif case.kind == "slice":
        src = rand((d[0], 2 * d[1]), t)[:, ::2]
    elif case.kind == "broadcast":
        src = rand((d[1],), t).expand(d[0], d[1])
    else:
        return None
    return src, torch.empty(src.shape, dtype=to, device="cuda"), src.to(to)


def main(argv):
    labels = [a for a in argv if a in cases.SIZE] or list(cases.SIZE)
    chosen = cases.at_sizes(labels, [a for a in argv if a not in cases.SIZE])
    family, shape = layoutc.Jit(disk_cache=False), layoutc.Jit(disk_cache=False, specialize="shape")
    print("GPU: %s, torch %s, layoutc %s" % (torch.cuda.get_device_name(), torch.__version__, layoutc.version()))
    row = "%-28s %10s %10s %8s %8s  %s"
    print(row % ("case (from Python)", "family", "static", "x static", "% copy", "every element"))
    failed, worst = False, None
    for case in chosen:
        made = views(case)
        if made is None:
            continue
        src, dst, expected = made
        nbytes, launches = case.bytes_moved(), LAUNCHES[case.name.split("@")[1]]
        through, same = {}, True
        for name, jit in (("family", family), ("static", shape)):
            through[name] = graph_timed(lambda: layoutc.copy(src, dst, jit=jit), nbytes, launches)
            torch.cuda.synchronize()
            same &= torch.equal(dst, expected)
            dst.fill_(0)
        failed |= not same
        buffer = torch.empty(nbytes // 2, dtype=torch.uint8, device="cuda")
        into = torch.empty_like(buffer)
        copy_gbs = graph_timed(lambda: into.copy_(buffer), nbytes, launches)
        ratio = through["family"] / through["static"]
        if worst is None or ratio < worst[0]:
            worst = (ratio, case.name)
        print(row % (case.name, "%.1f" % through["family"], "%.1f" % through["static"], "%.3f" % ratio,
                     "%.1f%%" % (100 * through["family"] / copy_gbs), "equal" if same else "DIFFERS"))
        del src, dst, expected, buffer, into
        torch.cuda.empty_cache()
    stats = family.cache_stats()
    print("family kernels compiled: %d for %d families; static kernels: %d" % (
        stats["misses"], stats["families"], shape.cache_stats()["misses"]))
    if worst is not None:
        print("smallest family/static: %.3f (%s)" % worst)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
