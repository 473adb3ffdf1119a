"""The JIT's cold path as a user meets it: in a Python process with PyTorch,
layoutc.copy(x.t(), out) of a transpose whose size no earlier call used
(a new spec: compiled, loaded, launched), to the end of the launch. The
process's first compile (its MLIR context set up) is left out, as
jit-bench's ColdToLaunch leaves it out; kernels go to a fresh disk cache
in a temporary directory, removed at the end. Prints one row of
run.sh's JIT latency table: the median of 15 new specs, in ms.

    python3 jit_python.py [LABEL-SUFFIX]
"""
import os
import shutil
import sys
import tempfile
import time


def main():
    cache = tempfile.mkdtemp(prefix="layoutc-jit-python-")
    os.environ["LAYOUTC_CACHE_DIR"] = cache
    try:
        import torch

        import layoutc
        if not torch.cuda.is_available():
            print("Python: skipped: torch sees no GPU")
            return 0
        columns, most = 4096, 64 * 17
        x = torch.empty(most, columns, device="cuda")
        out = torch.empty(most * columns, device="cuda")

        def new_spec(rows):
            start = time.perf_counter()
            layoutc.copy(x[:rows].t(), out[: rows * columns].view(columns, rows))
            torch.cuda.synchronize()
            return time.perf_counter() - start

        new_spec(64)
        times = sorted(new_spec(64 * k) for k in range(2, 17))
        label = "Python: new spec -> launched (a torch process)" + (sys.argv[1] if len(sys.argv) > 1 else "")
        print(f"{label:<58} {times[len(times) // 2] * 1e3:9.3f} ms")
        return 0
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
