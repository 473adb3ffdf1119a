//===- KernelDriver.cpp - What copy, gather and scatter do ----------------===//
//
// Generate a data-movement kernel from layouts, print a stage of it, or run
// it on random data on the GPU and check every element.
//
//===----------------------------------------------------------------------===//
#include "KernelDriver.h"
#include "Commands.h"
#include "Files.h"

#include "layoutc/Runtime/Driver.h"

#include <iomanip>
#include <iostream>

namespace layoutc::tool {

using namespace layoutc::jit;

int emitStage(const StageCompiler &compile, const KernelOptions &o) {
  Compiler compiler;
  KernelPlan plan;
  std::string report;
  CompileOptions options{o.arch, o.emit, int(o.optLevel), 64, &plan, o.timePasses ? &report : nullptr};
  BufferAlignment buffers = o.anyAlignment ? BufferAlignment::Any : BufferAlignment::Aligned16;
  std::string text = compile(compiler, options, buffers);
  if (o.explain && options.emit == Emit::Mlir) {
    options.emit = Emit::Tiled;
    options.timeReport = nullptr;
    compile(compiler, options, buffers);
  }
  if (o.explain)
    explain(plan);
  if (o.timePasses)
    std::cerr << report;
  return writeOutput(text, o.output);
}

void explainRemarks(const KernelPlan &plan) {
  for (const std::string &r : plan.explained())
    std::cerr << "explain: " << r << "\n";
}

void explain(const KernelPlan &plan) {
  explainRemarks(plan);
  std::cerr << "explain: launch: "
            << (plan.tiles ? std::to_string(*plan.tiles) + (*plan.tiles == 1 ? " block" : " blocks")
                           : std::string("a block per tile (counted at launch)"))
            << " of " << plan.threadsPerBlock << " threads, " << plan.elementsPerBlock
            << " elements per tile; index math " << plan.indexBits << "-bit\n";
}

JitOptions jitOptionsFor(const KernelOptions &o) {
  JitOptions options;
  if (o.arch.getNumOccurrences()) // else each device's own
    options.arch = o.arch;
  options.optLevel = int(o.optLevel);
  options.specialize = o.specialize;
  return options;
}

int report(const RunReport &r) {
  const runtime::DeviceInfo &d = runtime::Driver::get().devices()[0];
  std::cout << r.kernel << " on " << d.name << " (" << d.arch() << ")\n";
  if (r.mismatches == 0) {
    std::cout << "  " << r.checked << " elements checked (" << r.elements << " moved, the rest untouched): all match\n";
  } else {
    std::cout << "  " << r.mismatches << " of " << r.checked << " elements wrong; first: " << r.firstMismatch << "\n";
  }
  std::cout << std::fixed << std::setprecision(3) << "  " << r.milliseconds << " ms, " << std::setprecision(1)
            << r.gbPerSecond() << " GB/s\n";
  return r.mismatches == 0 ? kOk : kInputError;
}

} // namespace layoutc::tool
