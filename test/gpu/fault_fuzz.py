"""A GPU fuzzer of the accesses only the device can check: gathers and
scatters of random tables (shapes, dtypes, row widths, index dtypes) whose
indices mix good rows with hostile values (negative, one past the table,
int32's and int64's extremes, values whose rows' offsets wrap int64), each
launched through layoutc and checked element by element: a good row is
torch's, a refused gathered row reads 0, a refused scattered row is not
written, and layoutc.check_device() raises DeviceFaultError exactly when an
index was bad, naming one of them at its position. Run it under
`compute-sanitizer --tool memcheck` to see that no access leaves the
tensors. Prints the cases run.

    python3 fault_fuzz.py [SECONDS] [SEED]
"""
import random
import sys
import time

import layoutc
import torch

DTYPES = (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int8, torch.int32, torch.uint8)
HOSTILE = (-1, -2**31, 2**31 - 1, -2**63, 2**63 - 1, 2**62, 2**40)


def case(rng: random.Random) -> str:
    rows = rng.randint(1, 3000)
    width = rng.choice((1, 2, 3, 5, 8, 16, 17, 77, 128, 250))
    dtype = rng.choice(DTYPES)
    index_dtype = rng.choice((torch.int32, torch.int64))
    count = rng.randint(1, 2000)
    shape = (rows, width) if width > 1 else (rows,)
    table = (torch.rand(shape, device="cuda") * 100).to(dtype)
    scatter = rng.random() < 0.4 and count <= rows
    if scatter:
        idx = torch.randperm(rows, device="cuda")[:count].to(index_dtype)
    else:
        idx = torch.randint(0, rows, (count,), device="cuda", dtype=index_dtype)
    bad = {}
    for _ in range(rng.choice((0, 0, 1, 2, 5))):
        at = rng.randrange(count)
        value = rng.choice(HOSTILE + (rows, rows + 1, -rows))
        if index_dtype == torch.int32:
            value = max(-2**31, min(2**31 - 1, value))
        bad[at] = value
        idx[at] = value
    good = torch.ones(count, dtype=torch.bool, device="cuda")
    good[list(bad)] = False
    if scatter:
        src = (torch.rand((count,) + shape[1:], device="cuda") * 100).to(dtype)
        want = table.clone()
        want.index_copy_(0, idx[good].to(torch.int64), src[good])
        layoutc.scatter(src, idx, table)
        got = table
    else:
        out = torch.full((count,) + shape[1:], 7, device="cuda").to(dtype)
        want = torch.zeros_like(out)
        want[good] = torch.index_select(table, 0, idx[good].to(torch.int64))
        layoutc.gather(table, idx, out)
        got = out
    try:
        layoutc.check_device()
        raised = None
    except layoutc.DeviceFaultError as e:
        raised = str(e)
    name = f"{'scatter' if scatter else 'gather'} {count} of {shape} {dtype} by {index_dtype}, bad {bad}"
    if bool(bad) != (raised is not None):
        raise AssertionError(f"{name}: raised {raised!r}")
    if raised is not None:
        words = raised.split()
        value, position = int(words[2]), int(words[5])
        if bad.get(position) != value:
            raise AssertionError(f"{name}: the fault names index {value} at {position}: {raised}")
    if not torch.equal(got, want):
        raise AssertionError(f"{name}: {int((got != want).sum())} elements differ from the reference")
    return name


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    torch.manual_seed(rng.randrange(2**31))
    end, cases, faults = time.monotonic() + seconds, 0, 0
    while time.monotonic() < end:
        name = case(rng)
        cases += 1
        faults += "bad {}" not in name
    torch.cuda.synchronize()
    print(f"fault_fuzz: {cases} cases ({faults} with hostile indices), all as the reference, on "
          f"{torch.cuda.get_device_name()}")


if __name__ == "__main__":
    main()
