"""What the GPU tests share: whether they can run here (`torch`, None
without it, and `WHY_NOT`, the reason they skip, None when they run: they
skip without torch or a CUDA device, and under the stand-in driver, which
runs nothing), and DLPackOnly, a tensor as JAX's arrays offer one."""
import os

try:
    import torch
    WHY_NOT = None if torch.cuda.is_available() else "torch finds no CUDA device"
except ImportError:
    torch, WHY_NOT = None, "torch is not installed"
if os.environ.get("LAYOUTC_TEST_DRIVER") == "stand-in":
    WHY_NOT = "the stand-in driver runs no kernel"


class DLPackOnly:
    """A torch tensor seen only through __dlpack__ and __dlpack_device__, as
    a JAX array is: layoutc reads its DLPack capsule."""

    def __init__(self, tensor):
        self.tensor, self.streams = tensor, []

    def __dlpack__(self, stream=None):
        self.streams.append(stream)
        return self.tensor.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()
