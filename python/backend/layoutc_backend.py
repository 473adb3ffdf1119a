"""layoutc's PEP 517 build backend: `pip install .` and `pip wheel .` from
a clone, with nothing to download (it needs no build requirements).

It builds with the project's own CMake (configuring a build folder when
there is none), then packs the wheel: the Python package (python/layoutc),
the library it loads (layoutc/_lib, LLVM and MLIR linked in statically,
stripped, only layoutc's C symbols exported), and the `layoutc` and
`layoutc-opt` commands as the wheel's scripts. The wheel's tag is the oldest
manylinux tag its ELF files satisfy (manylinux.py); a build whose files need
more than any is refused, not mislabelled.

Settings (pip's --config-settings KEY=VALUE, or the environment):
  build-dir   LAYOUTC_BUILD_DIR   the CMake build folder (default: build/ of
                                  the clone, the one scripts/quickstart.sh makes)
  mlir-dir    MLIR_DIR            MLIR's CMake package (default: Debian's
                                  /usr/lib/llvm-22/lib/cmake/mlir)
  jobs        CMAKE_BUILD_PARALLEL_LEVEL   parallel build jobs
"""
import base64
import hashlib
import io
import os
import stat
import subprocess
import sys
import tarfile
import zipfile

try:
    import tomllib
except ImportError:  # Python before 3.11
    tomllib = None

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import manylinux  # noqa: E402

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_MLIR_DIR = "/usr/lib/llvm-22/lib/cmake/mlir"


class BuildError(RuntimeError):
    """A wheel that cannot be built here, and why."""


def _project():
    """pyproject.toml's [project] table: the package's metadata."""
    if tomllib is None:
        raise BuildError("building layoutc's wheel needs Python 3.11 or newer (tomllib reads pyproject.toml)")
    with open(os.path.join(SOURCE, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def version():
    """The release, from VERSION (the one place it is written)."""
    with open(os.path.join(SOURCE, "VERSION")) as f:
        return f.read().strip()


def _setting(config_settings, key, variable, default=None):
    value = (config_settings or {}).get(key) or os.environ.get(variable)
    return value if value else default


def _build_dir(config_settings):
    path = _setting(config_settings, "build-dir", "LAYOUTC_BUILD_DIR", os.path.join(SOURCE, "build"))
    return os.path.abspath(path)


def _run(command):
    print("layoutc build:", " ".join(command), flush=True)
    try:
        subprocess.run(command, check=True, stdout=sys.stderr)
    except FileNotFoundError as e:
        raise BuildError("%s is needed to build layoutc (Debian: scripts/quickstart.sh installs it)" % e.filename)
    except subprocess.CalledProcessError as e:
        raise BuildError("'%s' failed with exit status %d (its output is above)" % (" ".join(command), e.returncode))


def _cmake_build(config_settings):
    """Configures the build folder if needed and builds the wheel's files;
    returns the folder."""
    build = _build_dir(config_settings)
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        mlir = _setting(config_settings, "mlir-dir", "MLIR_DIR", DEFAULT_MLIR_DIR)
        if not os.path.isdir(mlir):
            raise BuildError("MLIR 22's CMake package is not at %s: install Debian's llvm-22-dev libmlir-22-dev "
                             "mlir-22-tools (scripts/quickstart.sh does) or give --config-settings mlir-dir=DIR"
                             % mlir)
        generator = ["-G", "Ninja"] if _which("ninja") else []
        _run(["cmake", "-S", SOURCE, "-B", build, *generator, "-DCMAKE_BUILD_TYPE=Release", "-DMLIR_DIR=" + mlir])
    jobs = _setting(config_settings, "jobs", "CMAKE_BUILD_PARALLEL_LEVEL")
    _run(["cmake", "--build", build, "--target", "layoutc_jit_portable", "layoutc_hotpath", "layoutc-portable",
          "layoutc-opt-portable"]
         + (["--parallel", str(jobs)] if jobs else []))
    return build


def _which(program):
    return any(os.access(os.path.join(d, program), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep))


def _built_files(build):
    """(path in the build, path in the wheel) of the library and commands,
    from the list CMake writes (tools/CMakeLists.txt)."""
    listing = os.path.join(build, "portable", "wheel-files.txt")
    if not os.path.isfile(listing):
        raise BuildError("%s has no portable/wheel-files.txt: the wheel needs a build with LAYOUTC_STATIC_LLVM=ON "
                         "(the default)" % build)
    files = []
    data = "layoutc-%s.data" % version()
    with open(listing) as f:
        for line in f:
            if line.strip():
                kind, path, name = line.split()
                files.append((path, ("layoutc/_lib/" if kind == "library" else data + "/scripts/") + name))
    if not any(name.endswith("/_hotpath.abi3.so") for _, name in files):
        raise BuildError("%s built no Python extension (_hotpath.abi3.so): CMake found no Python headers; install "
                         "python3-dev" % build)
    return files


def _package_files():
    package = os.path.join(SOURCE, "python", "layoutc")
    for root, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py") or name == "py.typed":
                path = os.path.join(root, name)
                yield path, "layoutc/" + os.path.relpath(path, package).replace(os.sep, "/")


def _metadata():
    """The core metadata (METADATA, PKG-INFO) from pyproject.toml and VERSION."""
    project = _project()
    with open(os.path.join(SOURCE, project["readme"]), encoding="utf-8") as f:
        readme = f.read()
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"], "Version: " + version(),
             "Summary: " + project["description"], "Requires-Python: " + project["requires-python"]]
    lines += ["Classifier: " + c for c in project.get("classifiers", [])]
    lines += ["Description-Content-Type: text/markdown", "", readme]
    return "\n".join(lines)


def _dist_info():
    return "layoutc-%s.dist-info" % version()


def _tag(build_files):
    facts = [manylinux.ElfFacts(path) for path, _ in build_files if manylinux.is_elf(path)]
    carried = {f.soname for f in facts if f.soname}
    tag = manylinux.best_tag(facts, carried)
    if tag is None:
        raise BuildError("the built files fit no manylinux tag:\n  "
                         + "\n  ".join(manylinux.problems(facts, list(manylinux.LIMITS)[-1], carried)))
    return "cp310-abi3-%s_x86_64" % tag  # _hotpath.c: CPython's stable ABI, 3.10 and later


class _WheelWriter:
    """A wheel file being written, and its RECORD."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, name, data, executable=False):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append("%s,sha256=%s,%d" % (name, digest, len(data)))

    def close(self, record_name):
        self.record.append(record_name + ",,")
        self.zip.writestr(zipfile.ZipInfo(record_name, date_time=(2020, 1, 1, 0, 0, 0)),
                          "\n".join(self.record) + "\n")
        self.zip.close()


# PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    build = _cmake_build(config_settings)
    built = _built_files(build)
    tag = _tag(built)
    name = "layoutc-%s-%s.whl" % (version(), tag)
    os.makedirs(wheel_directory, exist_ok=True)
    wheel = _WheelWriter(os.path.join(wheel_directory, name))
    for path, arcname in list(_package_files()) + built:
        with open(path, "rb") as f:
            wheel.add(arcname, f.read(), executable=os.access(path, os.X_OK) and manylinux.is_elf(path))
    info = _dist_info()
    wheel.add(info + "/METADATA", _metadata().encode())
    wheel.add(info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: layoutc_backend %s\nRoot-Is-Purelib: true\n"
                                "Tag: %s\n" % (version(), tag)).encode())
    wheel.add(info + "/top_level.txt", b"layoutc\n")
    wheel.close(info + "/RECORD")
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The source release: the files git tracks, and PKG-INFO."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=SOURCE, check=True, capture_output=True).stdout
    base = "layoutc-%s" % version()
    name = base + ".tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path in sorted(p for p in files.decode().split("\0") if p):
            tar.add(os.path.join(SOURCE, path), arcname=base + "/" + path, recursive=False)
        info = tarfile.TarInfo(base + "/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return name
