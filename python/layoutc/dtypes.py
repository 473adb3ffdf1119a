"""The element types layoutc's kernels move: one list, the library's
(layoutc_dtype_info), with layoutc's name, torch's name and the size of
each, and the names other array formats give them. Every pair converts as
torch's `.to()` does on the GPU, bit for bit.

    >>> NAMES[:4], BYTES["c128"], FROM_TORCH["float8_e4m3fn"]
    (('f32', 'f16', 'bf16', 'f64'), 16, 'f8e4m3fn')
"""
import ctypes
from typing import Dict, Tuple

from ._library import check, lib


def _read() -> Tuple[Tuple[str, ...], Dict[str, int], Dict[str, str]]:
    names, sizes, torch_names = [], {}, {}
    for i in range(lib.layoutc_dtype_count()):
        name, torch_name, size = ctypes.c_char_p(), ctypes.c_char_p(), ctypes.c_int()
        check(lib.layoutc_dtype_info(i, ctypes.byref(name), ctypes.byref(torch_name), ctypes.byref(size)))
        n = name.value.decode()  # type: ignore[union-attr]  # not NULL once check() passed
        names.append(n)
        sizes[n] = size.value
        torch_names[torch_name.value.decode()] = n  # type: ignore[union-attr]
    return tuple(names), sizes, torch_names


# layoutc's names in the list's order, the bytes of each, and torch's names
# ("float32") as layoutc's.
NAMES, BYTES, FROM_TORCH = _read()
# __cuda_array_interface__'s typestrs (numpy's; bf16 and the 8-bit floats
# have none).
FROM_TYPESTR = {"<f4": "f32", "<f2": "f16", "<f8": "f64", "<i4": "i32", "|i1": "i8", "<i8": "i64", "|u1": "u8",
                "<i2": "i16", "|b1": "bool", "<c8": "c64", "<c16": "c128"}
# DLPack's (code, bits): kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBfloat 4,
# kDLComplex 5, kDLBool 6, kDLFloat8_e4m3fn 10, kDLFloat8_e5m2 12.
FROM_DLPACK = {(2, 32): "f32", (2, 16): "f16", (4, 16): "bf16", (2, 64): "f64", (0, 32): "i32", (0, 8): "i8",
               (0, 64): "i64", (1, 8): "u8", (0, 16): "i16", (6, 8): "bool", (10, 8): "f8e4m3fn",
               (12, 8): "f8e5m2", (5, 64): "c64", (5, 128): "c128"}
INDEX = ("i32", "i64")


def names_text() -> str:
    """Every dtype's name, as the library's messages list them.

    >>> names_text()[:15], names_text()[-12:]
    ('f32, f16, bf16,', ' c64 or c128')
    """
    return ", ".join(NAMES[:-1]) + " or " + NAMES[-1]


def unsupported(what: str, name: str) -> str:
    """The one message for an element type layoutc does not move, as the
    library words it.

    >>> unsupported("src: dtype", "torch.float8_e4m3fnuz")[:60]
    "src: dtype 'torch.float8_e4m3fnuz' is not a dtype: layoutc m"
    """
    return "%s '%s' is not a dtype: layoutc moves %s" % (what, name, names_text())
