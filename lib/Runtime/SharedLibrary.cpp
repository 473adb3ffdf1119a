//===- SharedLibrary.cpp - dlopen of a library a user may name ------------===//
#include "layoutc/Runtime/SharedLibrary.h"
#include "layoutc/Runtime/FileKind.h"

#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <sys/stat.h>

namespace layoutc::runtime {

void *openSharedLibrary(const std::string &library, std::string &why) {
  if (library.find('/') != std::string::npos) {
    struct stat st;
    if (stat(library.c_str(), &st) != 0) {
      why = library + ": " + std::strerror(errno);
      return nullptr;
    }
    if (!S_ISREG(st.st_mode)) {
      why = library + " is " + fileKind(st.st_mode) + ", not a regular file";
      return nullptr;
    }
  }
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    why = error ? error : "unknown reason";
  }
  return handle;
}

} // namespace layoutc::runtime
