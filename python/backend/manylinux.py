"""Which manylinux tag ELF files satisfy: the libraries they load and the
symbol versions they need (PEP 600), read with binutils' readelf.

A wheel is manylinux_2_N when every ELF file in it loads only the libraries
a manylinux host has (or files the wheel carries) and needs no glibc newer
than 2.N, no libstdc++, C++ ABI or libgcc symbol version newer than that
tag's reference distribution has. The limits below are those of PyPA's
auditwheel policy for x86_64.
"""
import re
import subprocess

# The libraries every manylinux host has (auditwheel's lib_whitelist), and
# the dynamic loader, which is part of glibc.
SYSTEM_LIBRARIES = {
    "libgcc_s.so.1", "libstdc++.so.6", "libm.so.6", "libmvec.so.1", "libdl.so.2", "librt.so.1", "libc.so.6",
    "libpthread.so.0", "libresolv.so.2", "libutil.so.1", "libanl.so.1", "libnsl.so.1", "libatomic.so.1",
    "libz.so.1", "libexpat.so.1", "libX11.so.6", "libXext.so.6", "libXrender.so.1", "libICE.so.6", "libSM.so.6",
    "libGL.so.1", "libgobject-2.0.so.0", "libgthread-2.0.so.0", "libglib-2.0.so.0", "ld-linux-x86-64.so.2",
}

# Per tag: the newest GLIBCXX, CXXABI and GCC (libgcc_s) versions allowed;
# GLIBC's is the tag's own 2.N.
LIMITS = {
    "manylinux_2_28": {"GLIBCXX": "3.4.24", "CXXABI": "1.3.11", "GCC": "7.0.0"},
    "manylinux_2_31": {"GLIBCXX": "3.4.28", "CXXABI": "1.3.12", "GCC": "7.0.0"},
    "manylinux_2_34": {"GLIBCXX": "3.4.29", "CXXABI": "1.3.13", "GCC": "7.0.0"},
    "manylinux_2_35": {"GLIBCXX": "3.4.30", "CXXABI": "1.3.13", "GCC": "12.0.0"},
}
# Versions named, not numbered, that every tag above allows.
NAMED_VERSIONS = {"CXXABI_TM_1", "CXXABI_FLOAT128"}


def _version(text):
    return tuple(int(part) for part in text.split("."))


def _readelf(path, *flags):
    return subprocess.run(["readelf", "-W", *flags, path], check=True, capture_output=True, text=True).stdout


def is_elf(path):
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


class ElfFacts:
    """What one ELF file asks of the system it loads on."""

    def __init__(self, path):
        self.path = path
        dynamic = _readelf(path, "--dynamic")
        self.needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
        soname = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", dynamic)
        self.soname = soname.group(1) if soname else None
        # The directories it searches first (DT_RUNPATH, or the older DT_RPATH).
        self.runpath = [d for found in re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library r(?:un)?path: \[([^\]]*)\]",
                                                  dynamic) for d in found.split(":") if d]
        # The versions it needs, from .gnu.version_r ("Name: GLIBC_2.34").
        self.versions = set(re.findall(r"Name: ((?:GLIBC|GLIBCXX|CXXABI|GCC)_[0-9A-Z_.]+)",
                                       _readelf(path, "--version-info")))


def problems(facts, tag, carried):
    """Why the files `facts` are not `tag` (manylinux_2_N), given the sonames
    the wheel carries: a list of messages, empty when they are."""
    glibc = "2." + tag.split("_")[2]
    limits = dict(LIMITS[tag], GLIBC=glibc)
    found = []
    for f in facts:
        for library in f.needed:
            if library not in SYSTEM_LIBRARIES and library not in carried:
                found.append("%s loads %s, which a manylinux host does not have" % (f.path, library))
        for v in sorted(f.versions):
            family, _, number = v.partition("_")
            if v in NAMED_VERSIONS:
                continue
            if not re.fullmatch(r"[0-9.]+", number) or _version(number) > _version(limits[family]):
                found.append("%s needs %s; %s allows %s_%s at most" % (f.path, v, tag, family, limits[family]))
    return found


def runpath_problems(facts):
    """The search paths of `facts` that name a directory of the machine that
    built them: an absolute one (only $ORIGIN-relative ones travel)."""
    return ["%s has the absolute RUNPATH %s: it would load libraries from there on the user's machine"
            % (f.path, d) for f in facts for d in f.runpath if not d.startswith("$ORIGIN")]


def best_tag(facts, carried):
    """The oldest tag of LIMITS the files satisfy, or None."""
    for tag in LIMITS:
        if not problems(facts, tag, carried):
            return tag
    return None
