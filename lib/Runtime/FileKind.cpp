//===- FileKind.cpp - What a path that is not a regular file is -----------===//
#include "layoutc/Runtime/FileKind.h"

#include <sys/stat.h>

namespace layoutc::runtime {

const char *fileKind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISFIFO(mode))
    return "a fifo";
  if (S_ISSOCK(mode))
    return "a socket";
  return "an unknown kind of file";
}

} // namespace layoutc::runtime
