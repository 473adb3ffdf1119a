import os

import lit.formats

config.name = "layoutc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test", ".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.layoutc_obj_root, "test")
config.excludes = ["unit", "fuzz", "Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

tools = os.path.join(config.layoutc_obj_root, "tools")
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(tools, "layoutc"), os.path.join(tools, "layoutc-opt"), config.llvm_tools_dir, config.environment.get("PATH", "")])
# Kernels the tests compile are cached in the build tree, not the user's cache.
config.environment["LAYOUTC_CACHE_DIR"] = os.path.join(config.test_exec_root, "layoutc-cache")
config.substitutions.append(("%corpus", os.path.join(config.layoutc_src_root, "test", "corpus")))
config.substitutions.append(("%layoutc_build_dir", config.layoutc_obj_root))
config.substitutions.append(("%examples", os.path.join(config.layoutc_obj_root, "examples")))

# The CUDA toolkit's ptxas, for the tests that assemble PTX (skipped without it).
import shutil
cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
if shutil.which("ptxas") or os.path.exists(os.path.join(cuda_home, "bin", "ptxas")):
    config.available_features.add("ptxas")

# valgrind, for the memory check of the GPU tests' host side.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# A build under ASan/UBSan (LAYOUTC_SANITIZE): valgrind cannot run its
# binaries, and an outside project cannot link its libraries unsanitized.
if getattr(config, "layoutc_sanitized", False):
    config.available_features.add("sanitized")

# Permissions bind only a user other than root (the unreadable-directory tests).
if os.geteuid() != 0:
    config.available_features.add("non-root")

# rsvg-convert (Debian librsvg2-bin), to render layoutc show's pictures to
# PNG; the tests that need it are UNSUPPORTED without it.
if shutil.which("rsvg-convert"):
    config.available_features.add("rsvg-convert")
config.substitutions.append(("%svg_cells", "python3 " + os.path.join(config.test_source_root, "layoutc", "Inputs", "svg_cells.py")))
config.substitutions.append(("%png_size", "python3 " + os.path.join(config.test_source_root, "layoutc", "Inputs", "png_size.py")))
