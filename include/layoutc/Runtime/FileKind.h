//===- FileKind.h - What a path that is not a regular file is ---*- C++ -*-===//
//
// For the messages that refuse such a path: a command's input file
// (tools/layoutc/InputFile.cpp) and a library an environment variable names
// (SharedLibrary.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_RUNTIME_FILEKIND_H
#define LAYOUTC_RUNTIME_FILEKIND_H

#include <sys/types.h>

namespace layoutc::runtime {

/// "a directory", "a character device", "a block device", "a fifo", "a
/// socket", else "an unknown kind of file": what `mode` (stat's st_mode)
/// is, for a path that is not a regular file.
const char *fileKind(mode_t mode);

} // namespace layoutc::runtime

#endif
