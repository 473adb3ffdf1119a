"""torch's element casts, as bits, for test/corpus/torch_casts.tsv: for every
pair of dtypes torch copies, source values (zeros, ties, the edges of each
range, infinities, NaNs, subnormals, every 8-bit float, random ones) cast
with .to() on the GPU. Prints TSV: src dtype, src bits, dst dtype, the
result's bits (hex, the element's bytes little-endian as one number).
Needs a CUDA GPU and torch; on a GPU host:

    python3 bench/gpu/torch_casts.py > torch_casts.tsv
"""
import math
import warnings

import torch

DTYPES = {
    "f32": torch.float32, "f64": torch.float64, "f16": torch.float16, "bf16": torch.bfloat16,
    "f8e4m3fn": torch.float8_e4m3fn, "f8e5m2": torch.float8_e5m2, "u8": torch.uint8, "i8": torch.int8,
    "i16": torch.int16, "i32": torch.int32, "i64": torch.int64, "bool": torch.bool, "c64": torch.complex64,
    "c128": torch.complex128,
}

FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 3.14159, 7.5, 127.0, 127.5, 128.0, 128.5,
          255.0, 255.5, 256.0, 257.0, -127.5, -128.0, -128.5, -129.0, 32767.5, 32768.0, -32768.5, -32769.0,
          65504.0, 65519.0, 65520.0, 65535.5, 65536.0, 1e5, 2.0 ** 31 - 128, 2.0 ** 31, -(2.0 ** 31),
          -(2.0 ** 31) - 256, 4294967296.0, 1e10, -1e10, 2.0 ** 63, -(2.0 ** 63), 1e19, 1e20, 3.4e38, 1e39,
          1e300, math.inf, -math.inf, math.nan, 1e-40, -1e-40, 1e-45, 1e-310, 5.96e-8, 2.98e-8, 3e-8, 6.1e-5,
          448.0, 449.0, 456.0, 464.0, 465.0, 479.0, 480.0, 481.0, 500.0, 57344.0, 61439.0, 61440.0, 61441.0,
          2.0 ** -6, 2.0 ** -9, 2.0 ** -10, 1.5 * 2.0 ** -10, 2.0 ** -11, 1.5 * 2.0 ** -9, 2.0 ** -14,
          2.0 ** -15, 2.0 ** -16, 2.0 ** -17, 1.5 * 2.0 ** -16, 3 * 2.0 ** -17, 16777217.0, 16842753.0,
          1.0000001, 1.00048828125, 1.000732421875, 0.33333333333, 1 + 2.0 ** -8, 1 + 3 * 2.0 ** -9,
          1 + 2.0 ** -11 + 2.0 ** -30, 2049.0, 4097.0, 1.0 + 2.0 ** -24 + 2.0 ** -40]
INTS = [0, 1, -1, 2, 3, 100, 127, 128, -128, -129, 255, 256, 257, 32767, 32768, -32768, -32769, 65535, 65536,
        2049, 4097, 2 ** 24 + 1, 16842753, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 53 + 1, 2 ** 62 + 2 ** 39 + 1,
        2 ** 63 - 1, -(2 ** 63)]

# NaN bit patterns beyond math.nan's: negative, with a payload, signaling (as
# the signed integers of the dtype's width).
NANS = {
    torch.float16: ([0xfe00 - 2 ** 16, 0x7e01, 0xfd00 - 2 ** 16, 0x7c01], torch.int16),
    torch.bfloat16: ([0xffc0 - 2 ** 16, 0x7fc1, 0xffa0 - 2 ** 16, 0x7f81], torch.int16),
    torch.float32: ([0xffc00000 - 2 ** 32, 0x7fc00001, 0xffa00000 - 2 ** 32, 0x7f800001], torch.int32),
    torch.float64: ([-(2 ** 63) + 0x7ff8000000000000, 0x7ff8000000000001, -(2 ** 63) + 0x7ff4000000000000,
                     0x7ff0000000000001], torch.int64),
}


def sources(name):
    t = DTYPES[name]
    g = torch.Generator().manual_seed(7)
    if t.is_complex:
        parts = [(1.0, 2.0), (0.0, 0.0), (-0.0, 0.0), (math.nan, 0.0), (0.0, math.nan), (math.inf, -math.inf),
                 (1e10, 1.0), (-3.5, 0.25), (65520.0, -1.0), (0.0, 1.0), (300.0, 7.0), (1e-40, 1e-45)]
        base = torch.tensor([complex(a, b) for a, b in parts], dtype=torch.complex128)
        rnd = torch.complex(torch.randn(16, generator=g, dtype=torch.float64) * 100,
                            torch.randn(16, generator=g, dtype=torch.float64))
        return torch.cat([base, rnd]).to(t)
    if t == torch.bool:
        return torch.tensor([False, True])
    if t.is_floating_point:
        base = torch.tensor(FLOATS, dtype=torch.float64)
        rnd = torch.cat([torch.randn(64, generator=g, dtype=torch.float64) * s for s in (1, 100, 1e4)])
        values = torch.cat([base, rnd]).to(t)  # the source values as the source dtype holds them
        if t in NANS:  # NaNs of either sign, with payloads, signaling ones: as bits
            bits, view = NANS[t]
            values = torch.cat([values, torch.tensor(bits, dtype=torch.int64).to(view).view(t)])
        if t in (torch.float8_e4m3fn, torch.float8_e5m2):  # every bit pattern
            values = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(t)
        return values
    info = torch.iinfo(t)
    base = [v for v in INTS if info.min <= v <= info.max]
    rnd = torch.randint(info.min, info.max, (32,), generator=g, dtype=torch.int64).tolist() if info.bits <= 32 \
        else torch.randint(-(2 ** 62), 2 ** 62, (32,), generator=g, dtype=torch.int64).tolist()
    return torch.tensor(base + rnd, dtype=t)


def bits(t):
    size = t.element_size()
    raw = t.contiguous().view(torch.uint8).reshape(-1, size).cpu().tolist()
    return ["".join("%02x" % b for b in reversed(row)) for row in raw]


def main():
    for s in DTYPES:
        x = sources(s)
        first = {}
        for i, b in enumerate(bits(x)):
            first.setdefault(b, i)
        x = x[list(first.values())]  # each source value once
        for d in DTYPES:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # complex to real discards the imaginary part, as asked
                y = x.cuda().to(DTYPES[d])
            for a, b in zip(bits(x), bits(y)):
                print("%s\t%s\t%s\t%s" % (s, a, d, b))


if __name__ == "__main__":
    main()
