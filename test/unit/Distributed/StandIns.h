//===- StandIns.h - What the Distributed tests share ------------*- C++ -*-===//
//
// The tests run against the stand-in driver and the stand-in NCCL
// (test/gpu/standin): kernels launch without running and NCCL's calls are
// logged. These read the log back, make the stand-in's communicators, and
// give the tests one Jit.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TEST_UNIT_DISTRIBUTED_STANDINS_H
#define LAYOUTC_TEST_UNIT_DISTRIBUTED_STANDINS_H

#include "layoutc/Algebra/Notation.h"
#include "layoutc/Distributed/Nccl.h"
#include "layoutc/JIT/Jit.h"

#include <dlfcn.h>
#include <string>

namespace layoutc::distributed::standin {

inline algebra::Layout L(const char *text) { return algebra::parseLayout(text).value(); }

// The stand-in's communicator: {ranks, rank}.
struct Comm {
  int count, rank;
};

// The stand-in NCCL's log since the last call.
inline std::string ncclLog() {
  void *self = dlopen(Nccl::libraryName().c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!self)
    return "(the stand-in NCCL is not loaded)";
  auto read = reinterpret_cast<const char *(*)()>(dlsym(self, "standin_nccl_log"));
  auto clear = reinterpret_cast<void (*)()>(dlsym(self, "standin_nccl_clear"));
  std::string text = read ? read() : "(not the stand-in NCCL)";
  if (clear)
    clear();
  dlclose(self);
  return text;
}

inline jit::Jit &jitForTests() {
  static jit::Jit jit(jit::JitOptions{"sm_90", 0, false, ""});
  return jit;
}

} // namespace layoutc::distributed::standin

#endif
