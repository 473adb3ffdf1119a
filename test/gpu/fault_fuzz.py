"""A GPU fuzzer of what a kernel may touch. Three kinds of case:

- gathers and scatters of random tables (shapes, dtypes, row widths, index
  dtypes) whose indices mix good rows with hostile values (negative, one
  past the table, int32's and int64's extremes, values whose rows' offsets
  wrap int64), each launched through layoutc and checked element by
  element: a good row is torch's, a refused gathered row reads 0, a refused
  scattered row is not written, and layoutc.check_device() raises
  DeviceFaultError exactly when an index was bad, naming one of them at its
  position;
- copies between tensors over random layouts of every kind (plain with
  strides of either sign, swizzled, composed with a layout inner, offsets of
  either sign) over buffers sometimes too small: where a source offset
  (evaluated one by one on the host) leaves its buffer, the copy is refused
  before it launches (a plain layout's refusal is exact; a composed one's
  range may be wider), else the copy is the host's reference, and the
  guard zones around the destination stay as they were;
- copies through a traced inner function that reads an index tensor with
  hostile values: a bad offset raises DeviceFaultError naming one of them,
  and the good elements are the reference's.

Run it under
`compute-sanitizer --tool memcheck` to see that no access leaves the
tensors. Prints the cases run.

    python3 fault_fuzz.py [SECONDS] [SEED]
"""
import random
import re
import sys
import time
from typing import Any, Optional, Tuple

import layoutc
import torch

DTYPES = (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int8, torch.int32, torch.uint8)
HOSTILE = (-1, -2**31, 2**31 - 1, -2**63, 2**63 - 1, 2**62, 2**40)


def device_fault(name: str, bad: dict) -> Optional[str]:
    """layoutc.check_device()'s fault message, or None; refused unless it
    comes exactly when `bad` holds an index."""
    try:
        layoutc.check_device()
        raised = None
    except layoutc.DeviceFaultError as e:
        raised = str(e)
    if bool(bad) != (raised is not None):
        raise AssertionError(f"{name}: raised {raised!r}")
    return raised


def spoil(idx: Any, bound: int, rng: random.Random, counts: Tuple[int, ...]) -> Tuple[dict, Any]:
    """Writes hostile values (int64's and int32's extremes, values just past
    `bound`) at random positions of idx; {position: value}, and the mask of
    the positions left good."""
    bad = {}
    for _ in range(rng.choice(counts)):
        at = rng.randrange(idx.numel())
        value = rng.choice(HOSTILE + (bound, bound + 1, -bound))
        if idx.dtype == torch.int32:
            value = max(-2**31, min(2**31 - 1, value))
        bad[at] = value
        idx[at] = value
    good = torch.ones(idx.numel(), dtype=torch.bool, device=idx.device)
    good[list(bad)] = False
    return bad, good


def indexed_case(rng: random.Random) -> Tuple[str, bool]:
    """A gather or scatter of a random table through indices, some hostile;
    the case's name and whether a fault was raised."""
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
    bad, good = spoil(idx, rows, rng, (0, 0, 1, 2, 5))
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
    name = f"{'scatter' if scatter else 'gather'} {count} of {shape} {dtype} by {index_dtype}, bad {bad}"
    raised = device_fault(name, bad)
    if raised is not None:
        words = raised.split()
        value, position = int(words[2]), int(words[5])
        if bad.get(position) != value:
            raise AssertionError(f"{name}: the fault names index {value} at {position}: {raised}")
    if not torch.equal(got, want):
        raise AssertionError(f"{name}: {int((got != want).sum())} elements differ from the reference")
    return name, bool(bad)


def random_layout(rng: random.Random, signed: bool) -> layoutc.Layout:
    """A layout of rank 1 to 3, extents 1 to 12, strides 0 to 12 (a fifth of
    them negative where `signed`)."""
    rank = rng.randint(1, 3)
    shape = tuple(rng.randint(1, 12) for _ in range(rank))
    stride = tuple(rng.randint(0, 12) * (-1 if signed and rng.random() < 0.2 else 1) for _ in range(rank))
    return layoutc.make_layout(shape, stride=stride)


def source_layout(rng: random.Random) -> Tuple[Any, bool]:
    """A random layout of one of the kinds, and whether its range is exact."""
    kind = rng.choice(("plain", "swizzle", "composed"))
    outer = random_layout(rng, signed=True)
    if kind == "plain":
        return outer, True
    offset = rng.randint(-40, 200)
    if kind == "swizzle":
        bits = rng.randint(0, 3)
        inner = layoutc.make_swizzle(bits, rng.randint(0, 4), rng.choice((1, -1)) * rng.randint(bits, 4))
    else:
        inner = random_layout(rng, signed=True)
    return layoutc.make_composed_layout(inner, offset, outer), False


GUARD = 64


def layout_case(rng: random.Random) -> Tuple[str, bool]:
    """A copy from a tensor over a random layout into a compact one; the
    case's name and whether the copy was refused."""
    layout, exact = source_layout(rng)
    dtype = rng.choice((torch.float32, torch.float16, torch.int8, torch.float64))
    n = layout.size()
    try:
        offsets = [layout(i) for i in range(n)]
    except layoutc.Error:  # the inner part read below 0: no copy may launch over it
        try:
            layoutc.copy(layoutc.make_tensor(torch.zeros(4096, device="cuda"), layout),
                         layoutc.make_tensor(torch.empty(n, device="cuda")))
        except (layoutc.ArgumentError, layoutc.LayoutError, layoutc.CompileError):
            return f"{layout}: refused", True
        raise AssertionError(f"{layout}: launched, though the host cannot evaluate it")
    least, most = min(offsets), max(offsets)
    extent = max(1, most + 1 + rng.choice((0, 0, 0, 5, -1, -3)))
    base = (torch.rand(GUARD + extent + GUARD, device="cuda") * 100).to(dtype)
    data = base[GUARD:GUARD + extent]
    out_base = torch.full((GUARD + n + GUARD,), 7, device="cuda").to(dtype)
    out = out_base[GUARD:GUARD + n]
    name = f"copy of {layout} over {extent} {dtype} (offsets {least} to {most})"
    fits = least >= 0 and most < extent
    try:
        layoutc.copy(layoutc.make_tensor(data, layout), layoutc.make_tensor(out))
        refused = None
    except (layoutc.ArgumentError, layoutc.LayoutError, layoutc.CompileError) as e:
        refused = str(e)
    if not fits and refused is None:
        raise AssertionError(f"{name}: launched past its buffer")
    if fits and refused is not None and exact:
        raise AssertionError(f"{name}: refused a plain layout that fits: {refused}")
    if refused is None:
        want = data[torch.tensor(offsets, device="cuda", dtype=torch.int64)]
        if not torch.equal(out, want):
            raise AssertionError(f"{name}: {int((out != want).sum())} elements differ from the reference")
    if not (torch.all(out_base[:GUARD] == 7) and torch.all(out_base[GUARD + n:] == 7)):
        raise AssertionError(f"{name}: wrote outside the destination")
    return name, refused is not None


def traced_case(rng: random.Random) -> Tuple[str, bool]:
    """A copy through `inner(c) = offsets[c]` of random index values, some
    hostile; its name and whether a fault was raised."""
    count = rng.randint(1, 3000)
    extent = rng.randint(1, 5000)
    index_dtype = rng.choice((torch.int32, torch.int64))
    idx = torch.randint(0, extent, (count,), device="cuda", dtype=index_dtype)
    bad, good = spoil(idx, extent, rng, (0, 1, 3))
    offsets = layoutc.from_dlpack(idx)
    data = torch.arange(extent, device="cuda", dtype=torch.float32)
    out = torch.full((count,), -1.0, device="cuda")
    src = layoutc.make_tensor(data, layoutc.make_composed_layout(lambda c: offsets[c], 0, layoutc.make_layout(count)))
    layoutc.copy(src, layoutc.make_tensor(out))
    name = f"traced copy of {count} through {index_dtype} offsets into {extent}, bad {bad}"
    raised = device_fault(name, bad)
    if raised is not None and int(re.search(r"-?\d+", raised).group()) not in bad.values():
        raise AssertionError(f"{name}: the fault names another value: {raised}")
    if not torch.equal(out[good], idx[good].to(torch.float32)):
        raise AssertionError(f"{name}: good elements differ from the reference")
    return name, bool(bad)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    torch.manual_seed(rng.randrange(2**31))
    end = time.monotonic() + seconds
    cases = {"indexed": indexed_case, "layout": layout_case, "traced": traced_case}
    counts = {kind: [0, 0] for kind in cases}  # cases, hostile ones
    while time.monotonic() < end:
        kind = rng.choice(tuple(cases))
        _, hostile = cases[kind](rng)
        counts[kind][0] += 1
        counts[kind][1] += hostile
    torch.cuda.synchronize()
    print(f"fault_fuzz: {sum(c for c, _ in counts.values())} cases, all as the reference, on "
          f"{torch.cuda.get_device_name()}: {counts['indexed'][0]} gathers and scatters "
          f"({counts['indexed'][1]} with hostile indices), {counts['layout'][0]} copies over random layouts "
          f"({counts['layout'][1]} refused), {counts['traced'][0]} traced copies "
          f"({counts['traced'][1]} with hostile offsets)")


if __name__ == "__main__":
    main()
