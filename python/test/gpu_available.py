"""Whether the GPU tests can run here: `torch` (None without it) and
`WHY_NOT`, the reason they skip (None: they run). They skip without torch or
a CUDA device, and under the stand-in driver, which runs nothing."""
import os

try:
    import torch
    WHY_NOT = None if torch.cuda.is_available() else "torch finds no CUDA device"
except ImportError:
    torch, WHY_NOT = None, "torch is not installed"
if os.environ.get("LAYOUTC_TEST_DRIVER") == "stand-in":
    WHY_NOT = "the stand-in driver runs no kernel"
