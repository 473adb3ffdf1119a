"""The narrow-row gathers' launches to profile: torch's, the tuned Triton kernel's and layoutc's.

Run under Nsight Compute with NVTX filtering (narrow_rows_ncu.sh does):
for each narrow-row case of run.sh (4,194,304 int32 indices into 4,194,304
rows of W elements) and its gathers of 77 f32 and 250 bf16, Triton's configurations are swept first (outside the
profiled range), then one launch each of torch's index_select, Triton's best
configuration and layoutc's kernel (through the installed package) runs in
the NVTX range `profile`, named `case/peer`.
"""
import sys

import layoutc
import torch
import triton_peer
from torch_peer import timed

# (name, W, dtype, rows of the table = indices): run.sh's narrow-row cases,
# then its two gathers of rows that take no 16-byte vectors.
CASES = (("gather_rows1_f32", 1, torch.float32, 4194304), ("gather_rows3_bf16", 3, torch.bfloat16, 4194304),
         ("gather_rows5_f32", 5, torch.float32, 4194304), ("gather_rows16_i8", 16, torch.int8, 4194304),
         ("gather_rows12_f16", 12, torch.float16, 4194304), ("gather_rows77_f32", 77, torch.float32, 1000000),
         ("gather_rows250_bf16", 250, torch.bfloat16, 1000000))


def useful_bytes(width, dtype, rows):
    """The indices (int32) and the rows read and written: torch_peer.py's count."""
    return rows * (4 + 2 * width * torch.tensor([], dtype=dtype).element_size())


def main():
    for name, width, dtype, rows in CASES:
        table = triton_peer.rand((rows, width), dtype)
        idx = torch.randint(0, rows, (rows,), device="cuda", dtype=torch.int32)
        out = torch.empty(rows, width, device="cuda", dtype=dtype)
        best = triton_peer.gather(name, table, idx)
        ours = lambda: layoutc.gather(table, idx, out=out)
        ours()
        torch.cuda.synchronize()
        if not torch.equal(out, table.index_select(0, idx)):
            print(name, "layoutc FAILED", file=sys.stderr)
            return 1
        nbytes = useful_bytes(width, dtype, rows)
        print(name, "layoutc", f"{timed(ours, nbytes):.1f}", "torch", f"{timed(lambda: table.index_select(0, idx), nbytes):.1f}",
              flush=True)
        for peer, fn in (("torch", lambda: table.index_select(0, idx)), ("triton", best), ("layoutc", ours)):
            if fn is None:
                continue
            torch.cuda.nvtx.range_push("profile")
            fn()
            torch.cuda.synchronize()
            torch.cuda.nvtx.range_pop()
        del table, idx, out
        torch.cuda.empty_cache()
    return 0


def table(path):
    """ncu's --csv output (--print-units base) as a line per launch, named
    by CASES and the launch order torch, triton, layoutc."""
    import csv
    with open(path) as f:
        rows = [r for r in csv.reader(line for line in f if not line.startswith("==")) if len(r) > 10]
    col = {n: i for i, n in enumerate(rows[0])}
    launches = {}
    for r in rows[1:]:
        key = (int(r[col["ID"]]), r[col["Kernel Name"]][:28])
        launches.setdefault(key, {})[r[col["Metric Name"]]] = float(r[col["Metric Value"]].replace(",", ""))
    names = [f"{case[0]} {peer}" for case in CASES for peer in ("torch", "triton", "layoutc")]
    print(f"{'launch':28} {'kernel':28} {'us':>7} {'DRAM rd MB':>10} {'wr MB':>7} {'DRAM GB/s':>9} {'% peak':>6} "
          f"{'L2 rd MB':>8} {'useful GB/s':>11}")
    for n, ((_, kernel), m) in enumerate(sorted(launches.items())):
        label = names[n] if n < len(names) else "?"
        case = next((c for c in CASES if label.startswith(c[0] + " ")), None)
        useful = useful_bytes(case[1], case[2], case[3]) if case else 0
        us = m["gpu__time_duration.sum"] / 1e3
        rd, wr = m["dram__bytes_read.sum"] / 1e6, m["dram__bytes_write.sum"] / 1e6
        l2 = m["lts__t_sectors_srcunit_tex_op_read.sum"] * 32 / 1e6
        pct = m["dram__throughput.avg.pct_of_peak_sustained_elapsed"]
        print(f"{label:28} {kernel:28} {us:7.1f} {rd:10.1f} {wr:7.1f} {(rd + wr) / us * 1e3:9.1f} {pct:6.1f} "
              f"{l2:8.1f} {useful / us / 1e3:11.1f}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--table":
        sys.exit(table(sys.argv[2]))
    sys.exit(main())
