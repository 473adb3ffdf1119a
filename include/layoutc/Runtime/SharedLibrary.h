//===- SharedLibrary.h - dlopen of a library a user may name ----*- C++ -*-===//
//
// The libraries layoutc loads at run time (the CUDA driver, nvJitLink, NCCL)
// can be named by environment variables (LAYOUTC_LIBCUDA, LAYOUTC_NVJITLINK,
// LAYOUTC_LIBNCCL). dlopen of a path that is a FIFO blocks forever, and one
// of a directory or a device reads what it should not: a path is opened only
// where it is a regular file.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_RUNTIME_SHAREDLIBRARY_H
#define LAYOUTC_RUNTIME_SHAREDLIBRARY_H

#include <string>

namespace layoutc::runtime {

/// Post-condition: dlopen(library, RTLD_NOW | RTLD_LOCAL) where `library`
/// is a name for the loader to find (no '/') or a path to a regular file
/// (symbolic links followed); else, or where dlopen fails, nullptr with
/// `why` saying why (dlerror's text, or "/tmp/x is a fifo, not a regular
/// file").
void *openSharedLibrary(const std::string &library, std::string &why);

} // namespace layoutc::runtime

#endif
