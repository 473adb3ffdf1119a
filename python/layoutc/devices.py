"""The GPUs layoutc sees, and the faults their kernels report.

A kernel whose accesses are placed by values only the device knows (the
indices of a gather or scatter, the loads of a traced inner function)
checks each one; an access outside its tensor is skipped (a skipped read
gives 0, a skipped write stores nothing; the device stays usable) and
reported in the device's error word. The next launch on that
device raises it as a DeviceFaultError (an IndexError), or check_device()
does, after waiting for the device's work.
"""
import ctypes
from typing import Any, Optional

from ._library import check, lib


def device_count() -> int:
    """The GPUs the CUDA driver reports; DeviceError saying why where there
    is no driver or no GPU. What it answers depends on the machine, so no
    example runs here: `layoutc.device_count()` is 1 on a host with one GPU."""
    count = ctypes.c_int()
    check(lib.layoutc_device_count(ctypes.byref(count)))
    return count.value


def check_device(device: Optional[Any] = None) -> None:
    """Waits for the work on `device` (an ordinal, a torch.device or "cuda:N";
    None: torch's current device, else 0), then raises DeviceFaultError where
    one of its kernels refused an access since the last fault reported,
    naming the first bad index and its position. Each fault is raised once:
    here or by the next launch on the device. What it waits for needs a
    GPU; what is not a CUDA device is refused on any machine:

    >>> import layoutc
    >>> layoutc.check_device("cpu")
    Traceback (most recent call last):
    ...
    TypeError: check_device: device must be an ordinal, a CUDA torch.device or 'cuda:N', not 'cpu'
    """
    check(lib.layoutc_check_device(_ordinal(device)))


def _ordinal(device: Optional[Any]) -> int:
    if device is None:
        import sys
        torch = sys.modules.get("torch")
        return int(torch.cuda.current_device()) if torch is not None and torch.cuda.is_available() else 0
    if isinstance(device, int) and not isinstance(device, bool):
        return device
    index = getattr(device, "index", None)
    if getattr(device, "type", None) == "cuda":
        return 0 if index is None else int(index)
    if isinstance(device, str) and (device == "cuda" or device.startswith("cuda:")):
        return int(device[5:] or 0) if device != "cuda" else 0
    raise TypeError(f"check_device: device must be an ordinal, a CUDA torch.device or 'cuda:N', not {device!r}")
