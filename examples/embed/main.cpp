// A host program with layoutc's JIT inside: it builds a transpose and a row
// gather from layouts, shows what the compiler chose and the PTX it made,
// and, where there is a GPU, runs both on random data and checks every
// element. Without a GPU it says so and stops after compiling (exit 0).
#include "layoutc/Algebra/Layout.h"
#include "layoutc/JIT/Jit.h"
#include "layoutc/JIT/Run.h"
#include "layoutc/Runtime/Driver.h"

#include <iostream>
#include <sstream>

using namespace layoutc;

namespace {

void show(const jit::CompiledKernel &k) {
  std::cout << "kernel " << k.name() << ": " << k.ptx().size() << " bytes of PTX, " << k.plan().indexBits
            << "-bit index math\n";
  for (const std::string &why : k.plan().explained())
    std::cout << "  " << why << "\n";
  std::istringstream ptx(k.ptx());
  for (std::string line; std::getline(ptx, line);)
    if (line.find(".entry") != std::string::npos || line.find("ld.global") != std::string::npos ||
        line.find("st.global") != std::string::npos)
      std::cout << "  | " << line << "\n";
}

void report(const jit::RunReport &r) {
  std::cout << r.kernel << ": " << r.checked << " elements checked, " << r.mismatches << " wrong, " << r.milliseconds
            << " ms, " << r.gbPerSecond() << " GB/s\n";
}

} // namespace

int main() {
  jit::Jit compiler; // each device's own target (sm_90 for a kernel asked for without one)
  // Layouts built in code with the algebra (LayoutRight is row-major,
  // make_layout's default column-major), or from text: the same transpose.
  algebra::IntTuple shape{4096, 4096};
  jit::CopySpec transpose{algebra::makeLayoutRight(shape), algebra::makeLayout(shape), jit::DType::F32};
  std::cout << "transpose: " << transpose.src.layout().str() << " -> " << transpose.dst.layout().str() << "\n";
  jit::CopySpec gather = jit::CopySpec::gather(256, jit::DType::F16);
  try {
    jit::CopyKernel k = compiler.copy(transpose);
    std::cout << k.family() << "\n";
    show(k.kernel());
    // The same layouts as text, and a transpose of another shape: the same
    // family, its kernel a hit.
    compiler.copy({"(4096,4096):(4096,1)", "(4096, 4096):(1, 4096)", jit::DType::F32});
    compiler.copy({"(1000,256):(256,1)", "(1000,256):(1,1000)", jit::DType::F32});
    show(compiler.copy(gather).kernel());
  } catch (const jit::CompileError &e) {
    std::cerr << "compile error: " << e.what() << "\n";
    return 1;
  }
  jit::Jit::CacheStats stats = compiler.cacheStats();
  std::cout << "cache: " << stats.families << " families, " << stats.entries << " kernels, " << stats.misses
            << " compiled, " << stats.hits << " hits, " << stats.diskHits << " from disk\n";

  try {
    runtime::Driver::get();
  } catch (const runtime::RuntimeError &e) {
    std::cout << "not running them: " << e.what() << "\n";
    return 0;
  }
  jit::RunReport t = jit::runCopy(compiler, transpose);
  report(t);
  jit::RunReport g = jit::runIndexed(compiler, gather, 100000, jit::randomIndices(65536, 100000, false, 1));
  report(g);
  return t.mismatches == 0 && g.mismatches == 0 ? 0 : 1;
}
