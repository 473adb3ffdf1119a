//===- StageOptions.cpp - The options of commands that compile ------------===//
#include "StageOptions.h"
#include "Files.h"

#include "llvm/Support/raw_ostream.h"

namespace layoutc::tool {

namespace cl = llvm::cl;
using jit::DType;
using jit::Emit;

StageOptions::StageOptions(cl::SubCommand &sub, cl::OptionCategory &category)
    : emit("emit", cl::desc("the stage to print (default: ptx)"), cl::init(Emit::Ptx),
           cl::values(
               clEnumValN(Emit::Mlir, "mlir", "the input, parsed and verified (or the kernel as built)"),
               clEnumValN(Emit::Tiled, "tiled", "after the lay-copy passes (tiled, partitioned, staged, vectorized)"),
               clEnumValN(Emit::Lowered, "lowered", "after --lay-lower-to-nvvm (LLVM and NVVM dialects)"),
               clEnumValN(Emit::Llvm, "llvm", "LLVM IR"), clEnumValN(Emit::Ptx, "ptx", "PTX from LLVM's NVPTX backend"),
               clEnumValN(Emit::Cubin, "cubin", "a cubin from ptxas (needs the CUDA toolkit; refused on a terminal)")),
           cl::sub(sub), cl::cat(category)),
      arch("arch", cl::desc("the GPU: sm_80 ... sm_121 (sm_90 by default; with --run, the device's own by default)"),
           cl::value_desc("arch"), cl::init("sm_90"), cl::sub(sub), cl::cat(category)),
      optLevel("O", cl::desc("-O0..-O3, LLVM's optimization: -O0 (default) a short pipeline, ptxas does the rest"),
               cl::Prefix, cl::init(0), cl::sub(sub), cl::cat(category)),
      explain("explain", cl::desc("print the lay-copy passes' decisions, and the launch they need, on stderr"),
              cl::sub(sub), cl::cat(category)),
      timePasses("time-passes", cl::desc("print each stage's time (every pass, LLVM, PTX, ptxas) on stderr"),
                 cl::sub(sub), cl::cat(category)),
      output("o", cl::desc("write the stage to FILE (- for stdout)"), cl::value_desc("FILE"), cl::sub(sub),
             cl::cat(category)) {}

bool StageOptions::refuseBinaryToTerminal(llvm::StringRef command) const {
  if (emit != Emit::Cubin || !writesToTerminal(output))
    return false;
  llvm::errs() << "layoutc " << command
               << ": refusing to write a cubin (binary) to a terminal; give -o FILE or redirect stdout\n";
  return true;
}

void addDataTypes(cl::opt<DType, false, DTypeParser> &option) {
  for (int i = 0; i < jit::kDTypeCount; ++i) {
    const jit::DTypeInfo &d = jit::dtypeAt(i);
    option.getParser().addLiteralOption(d.name, d.type, d.torchName);
  }
}

KernelOptions::KernelOptions(cl::SubCommand &sub, cl::OptionCategory &category)
    : StageOptions(sub, category), dtype("dtype", cl::desc("the element type (default: f32)"), cl::init(DType::F32),
                                         cl::sub(sub), cl::cat(category)),
      run("run", cl::desc("run on the GPU with random data, check every element, print time and GB/s"), cl::sub(sub),
          cl::cat(category)),
      anyAlignment("any-alignment",
                   cl::desc("a kernel for buffers at any address (default: 16-byte aligned, as cudaMalloc's)"),
                   cl::sub(sub), cl::cat(category)),
      seed("seed", cl::desc("the seed of --run's random data (default: 1)"), cl::init(1), cl::sub(sub),
           cl::cat(category)),
      specialize("specialize", cl::desc("what the kernel is specialized on (default: family)"),
                 cl::init(jit::JitOptions::Specialize::Family),
                 cl::values(clEnumValN(jit::JitOptions::Specialize::Family, "family",
                                       "a copy's family: its extents and strides given at launch"),
                            clEnumValN(jit::JitOptions::Specialize::Shape, "shape",
                                       "the spec as given: every extent compiled in")),
                 cl::sub(sub), cl::cat(category)) {
  addDataTypes(dtype);
}

std::string KernelOptions::conflict() const {
  if (run && emit.getNumOccurrences())
    return "give --emit or --run, not both";
  if (run && anyAlignment)
    return "--any-alignment is for an emitted kernel; --run launches on cudaMalloc's aligned buffers";
  return "";
}

} // namespace layoutc::tool
