//===- CrashTrace.cpp - Where a GPU test run crashed ----------------------===//
//
// GPU hosts run stripped test binaries without a debugger: on SIGSEGV,
// SIGBUS or SIGABRT this prints each frame as object file + offset, which
// `addr2line -f -C -e build/test/gpu/GpuTests OFFSET` resolves on the build
// machine, then dies of the signal as it would have.
//
//===----------------------------------------------------------------------===//
#include <csignal>
#include <cstdio>
#include <dlfcn.h>
#include <execinfo.h>
#include <initializer_list>

namespace {

void printFrames(int signal) {
  void *frames[64];
  int n = backtrace(frames, 64);
  std::fprintf(stderr, "\ncrash: signal %d; frames (object +offset):\n", signal);
  for (int i = 0; i < n; ++i) {
    Dl_info info{};
    if (dladdr(frames[i], &info) && info.dli_fname)
      std::fprintf(stderr, "  #%d %s +0x%lx\n", i, info.dli_fname,
                   static_cast<unsigned long>(static_cast<char *>(frames[i]) - static_cast<char *>(info.dli_fbase)));
    else
      std::fprintf(stderr, "  #%d %p\n", i, frames[i]);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

const bool installed = [] {
  for (int s : {SIGSEGV, SIGBUS, SIGABRT})
    std::signal(s, printFrames);
  return true;
}();

} // namespace
