//===- KernelRecord.h - A compiled kernel as the disk cache keeps it -*- C++ -*-===//
//
// What a launch needs of a compiled kernel: its name, its parameters, the
// plan the passes made (threads, grid, index width, remarks), its PTX and
// the cubins assembled from it for the archs it ran on. The
// disk cache stores it as text; a record that does not read back whole is
// damaged, and the kernel is compiled again.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELRECORD_H
#define LAYOUTC_LIB_JIT_KERNELRECORD_H

#include "layoutc/JIT/CopySpec.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::jit {

struct KernelRecord {
  std::string name;
  std::vector<Param> params;
  KernelPlan plan;
  std::string ptx;
  std::map<std::string, std::string> cubins;

  std::string serialize() const;
  static std::optional<KernelRecord> parse(const std::string &text);
};

} // namespace layoutc::jit

#endif
