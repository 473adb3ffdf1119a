"""The cases of bench/gpu/run.sh's bandwidth tables: one list for layoutc's
commands (run.sh) and for both peers (torch_peer.py, triton_peer.py).

`table [CASE...]`: the cases (or those named) at the sizes the table has
always had (most of them 1 GiB a tensor, the narrow rows 4M indices).
`sizes LABEL... [FAMILY...]`: every case family (or those named) at each
size (4MB, 64MB, 1GB: the destination tensor's bytes, rounded to the
family's shape rule), named `family@LABEL`.

    python3 cases.py table          # name<TAB>layoutc arguments, one a line
    python3 cases.py table gather_rows1_f32 scatter_rows3_bf16
    python3 cases.py sizes 4MB 1GB
    python3 cases.py sizes 1GB gather_rows3_bf16

A case's bytes are those layoutc's harness counts: read + written (a cast
reads its source type and writes its destination type; a slice or broadcast
counts its logical bytes), plus the indices of a gather (int32) or scatter
(int64).
"""
import math
import sys
from dataclasses import dataclass, replace
from typing import List, Optional, Tuple

SIZE = {"4MB": 4 << 20, "64MB": 64 << 20, "1GB": 1 << 30}
BYTES = {"f32": 4, "f16": 2, "bf16": 2, "i8": 1, "f64": 8}


@dataclass(frozen=True)
class Case:
    """kind and its dims:
    copy (m, n): row-major to row-major; transpose (batch, m, n): each
    [m, n] to [n, m], a cast where `to` differs; permute (b, c, h, w):
    (0,2,3,1); slice (m, n): every other column of [m, 2n]; broadcast (m, n):
    one row to m rows; gather (rows, width, table): rows of a table by
    random int32 indices; scatter (rows, width, table): rows into a table
    by a permutation (int64)."""
    name: str
    kind: str
    dims: Tuple[int, ...]
    dtype: str
    to: Optional[str] = None
    flags: Tuple[str, ...] = ()  # layoutc's own options: a variant of the case, not timed by the peers

    @property
    def out_dtype(self) -> str:
        return self.to or self.dtype

    def bytes_moved(self) -> int:
        e, d = BYTES[self.dtype], self.dims
        if self.kind in ("gather", "scatter"):
            return 2 * d[0] * d[1] * e + d[0] * (4 if self.kind == "gather" else 8)
        elements = math.prod(d)
        return elements * (e + BYTES[self.out_dtype])

    def command(self) -> List[str]:
        d, dt = self.dims, ["--dtype", self.dtype]
        if self.kind == "gather":
            return ["gather", "--table", str(d[2]), "--width", str(d[1]), "--indices", str(d[0])] + dt + ["--run"]
        if self.kind == "scatter":
            return ["scatter", "--table", str(d[2]), "--width", str(d[1]), "--indices", str(d[0])] + dt + \
                ["--index-type", "i64", "--run"]
        if self.kind == "copy":
            src = dst = f"({d[0]},{d[1]}):({d[1]},1)"
        elif self.kind == "transpose" and d[0] == 1:
            src, dst = f"({d[1]},{d[2]}):({d[2]},1)", f"({d[1]},{d[2]}):(1,{d[1]})"
        elif self.kind == "transpose":
            b, m, n = d
            src, dst = f"({b},{m},{n}):({m * n},{n},1)", f"({b},{m},{n}):({m * n},1,{m})"
        elif self.kind == "permute":
            b, c, h, w = d
            src = f"({b},{c},{h},{w}):({c * h * w},{h * w},{w},1)"
            dst = f"({b},{c},{h},{w}):({c * h * w},1,{w * c},{c})"
        elif self.kind == "slice":
            src, dst = f"({d[0]},{d[1]}):({2 * d[1]},2)", f"({d[0]},{d[1]}):({d[1]},1)"
        elif self.kind == "broadcast":
            src, dst = f"({d[0]},{d[1]}):(0,1)", f"({d[0]},{d[1]}):({d[1]},1)"
        else:
            raise ValueError(f"case {self.name}: unknown kind {self.kind!r}")
        return ["copy", "--src", src, "--dst", dst] + dt + (["--to", self.to] if self.to else []) + ["--run"] + \
            list(self.flags)


N = 16384
R = 4194304  # narrow rows: 4M indices into a table of 4M rows
TABLE = [
    Case("copy_f32", "copy", (N, N), "f32"),
    Case("transpose_f32", "transpose", (1, N, N), "f32"),
    Case("transpose_f16", "transpose", (1, N, N), "f16"),
    Case("transpose_bf16", "transpose", (1, N, N), "bf16"),
    Case("transpose_i8", "transpose", (1, 32768, N), "i8"),
    Case("transpose_f64", "transpose", (1, N, 8192), "f64"),
    # The default -O0 leaves the optimizing to ptxas; the same kernels from
    # LLVM's full pipeline, side by side (the peers' figures are the base case's).
    Case("transpose_f32_O3", "transpose", (1, N, N), "f32", flags=("-O3",)),
    Case("transpose_f16_O3", "transpose", (1, N, N), "f16", flags=("-O3",)),
    Case("permute_f16", "permute", (64, 256, 64, 64), "f16"),
    Case("gather_rows_f16", "gather", (262144, 256, 1000000), "f16"),
    Case("scatter_rows_f16", "scatter", (1000000, 256, 1000000), "f16"),
    Case("slice_f32", "slice", (N, N // 2), "f32"),
    Case("broadcast_f32", "broadcast", (N, N), "f32"),
    # Sizes no tile divides, odd strides, prime extents.
    Case("transpose_f32_prime", "transpose", (1, 8191, 8193), "f32"),
    Case("transpose_f16_odd", "transpose", (1, 16383, 4097), "f16"),
    Case("permute3_f32_prime", "transpose", (128, 4099, 257), "f32"),
    Case("gather_rows77_f32", "gather", (1000000, 77, 1000000), "f32"),
    Case("gather_rows250_bf16", "gather", (1000000, 250, 1000000), "bf16"),
    Case("cast_transpose_bf16", "transpose", (1, N, N), "f32", "bf16"),
    # The permute's and the gather's 268 MB as a plain copy, and those two at 1 GiB.
    Case("copy_f32_268MB", "copy", (8192, 4096), "f32"),
    Case("permute_f16_1GiB", "permute", (256, 256, 64, 64), "f16"),
    Case("gather_rows_f16_1GiB", "gather", (1048576, 256, 1000000), "f16"),
    # Narrow rows (4 to 32 bytes).
    Case("gather_rows1_f32", "gather", (R, 1, R), "f32"),
    Case("gather_rows3_bf16", "gather", (R, 3, R), "bf16"),
    Case("gather_rows5_f32", "gather", (R, 5, R), "f32"),
    Case("gather_rows16_i8", "gather", (R, 16, R), "i8"),
    Case("gather_rows12_f16", "gather", (R, 12, R), "f16"),
    Case("scatter_rows3_bf16", "scatter", (R, 3, R), "bf16"),
]


def is_prime(n: int) -> bool:
    return n > 1 and all(n % p for p in range(2, math.isqrt(n) + 1))


def prime_near(n: int, step: int) -> int:
    while not is_prime(n):
        n += step
    return n


def split2(elements: int) -> Tuple[int, int]:
    """(m, n), powers of 2 with m * n = elements (a power of 2), n >= m."""
    m = 1 << (elements.bit_length() - 1) // 2
    return m, elements // m


def family_name(base: Case) -> str:
    """The family a table case belongs to: the _268MB and _1GiB rows are
    their family's other sizes."""
    return base.name.replace("_268MB", "").replace("_1GiB", "")


def family(base: Case, label: str) -> Case:
    """`base`'s family at a destination of about SIZE[label] bytes, in its shape rule."""
    out = SIZE[label] // BYTES[base.out_dtype]
    k, d = base.kind, base.dims
    if k in ("copy", "slice", "broadcast"):
        dims: Tuple[int, ...] = split2(out)
    elif k == "permute":
        dims = (max(1, out // (d[1] * d[2] * d[3])), d[1], d[2], d[3])
    elif k == "transpose" and d[0] > 1:  # a batch of prime-sized matrices
        dims = (max(1, out // (d[1] * d[2])), d[1], d[2])
    elif k == "transpose" and base.name.endswith("_prime"):  # primes either side of the square root
        side = math.isqrt(out)
        dims = (1, prime_near(side - 1, -1), prime_near(side + 1, 1))
    elif k == "transpose" and base.name.endswith("_odd"):  # 2^a - 1 by 2^b + 1, at least 4:1
        m, n = split2(out)
        dims = (1, 2 * n - 1, m // 2 + 1)
    elif k == "transpose":
        dims = (1, *split2(out))
    else:  # gather, scatter: the rows moved, and a table of as many
        rows = max(1, out // d[1])
        dims = (rows, d[1], rows)
    return replace(base, name=f"{family_name(base)}@{label}", dims=dims)


def at_sizes(labels: List[str], families: List[str]) -> List[Case]:
    """Each family of the table (those named, or all), once, at each size."""
    seen, cases = set(), []
    for base in TABLE:
        name = family_name(base)
        if name not in seen and not base.flags and (not families or name in families):
            seen.add(name)
            cases += [family(base, label) for label in labels]
    return cases


def select(argv: List[str]) -> List[Case]:
    """The cases `argv` names: `table [CASE...]`, or `sizes LABEL... [FAMILY...]`."""
    names = {c.name for c in TABLE}
    if argv[:1] == ["table"] and all(a in names for a in argv[1:]):
        return [c for c in TABLE if len(argv) == 1 or c.name in argv[1:]]
    labels = [a for a in argv[1:] if a in SIZE]
    families = [a for a in argv[1:] if a not in SIZE]
    known = {family_name(c) for c in TABLE if not c.flags}
    if argv[:1] == ["sizes"] and labels and all(f in known for f in families):
        return at_sizes(labels, families)
    raise SystemExit(f"cases: expected `table` and cases of the table ({', '.join(sorted(names))}), or `sizes`, "
                     f"some of {', '.join(SIZE)} and case families ({', '.join(sorted(known))}); got {' '.join(argv)!r}")


def for_peers(argv: List[str]) -> List[Case]:
    """The cases `argv` names that the peers time: no layoutc variants."""
    return [c for c in select(argv) if not c.flags]


def main(argv: List[str]) -> int:
    for case in select(argv):
        print(case.name, " ".join(case.command()), sep="\t")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
