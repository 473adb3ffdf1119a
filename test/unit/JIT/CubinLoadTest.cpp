//===- CubinLoadTest.cpp - The Jit's kernels loaded as cubins -------------===//
//
// Against the stand-in driver and nvJitLink (test/gpu/standin, named by
// LAYOUTC_LIBCUDA and LAYOUTC_NVJITLINK): a kernel's PTX is assembled once
// in the process, loaded as a cubin, kept in the disk cache, and loaded from
// there by a new Jit without assembling; a cubin the driver refuses, or PTX
// the assembler refuses, is loaded as PTX through the driver's JIT.
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Jit.h"
#include "layoutc/Runtime/PtxAssembler.h"
#include "layoutc/Runtime/Resources.h"

#include "../../common/TempDir.h"

#include <cstdlib>
#include <dlfcn.h>
#include <gtest/gtest.h>

using namespace layoutc;

namespace {

// A counter the stand-in library named by `variable` keeps.
int counter(const char *variable, const char *symbol) {
  void *library = dlopen(std::getenv(variable), RTLD_NOW | RTLD_NOLOAD);
  auto read = library ? reinterpret_cast<int (*)()>(dlsym(library, symbol)) : nullptr;
  if (!read)
    throw std::runtime_error(std::string(symbol) + ": the stand-in named by " + variable + " is not loaded");
  return read();
}

struct Counts {
  int assemblies, cubinLoads, ptxLoads;
  static Counts now() {
    return {counter("LAYOUTC_NVJITLINK", "standin_nvjitlink_assemblies"),
            counter("LAYOUTC_LIBCUDA", "standin_driver_cubin_loads"),
            counter("LAYOUTC_LIBCUDA", "standin_driver_ptx_loads")};
  }
  Counts since(const Counts &before) const {
    return {assemblies - before.assemblies, cubinLoads - before.cubinLoads, ptxLoads - before.ptxLoads};
  }
};

class CubinLoad : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_NE(runtime::PtxAssembler::get(), nullptr) << runtime::PtxAssembler::unavailable();
    context = std::make_unique<runtime::Context>(0);
    stream = std::make_unique<runtime::Stream>();
  }
  // A transpose of n x n floats, launched once.
  void transpose(jit::Jit &j, int n) {
    std::string m = std::to_string(n);
    jit::CopyKernel copy =
        j.copy({"(" + m + "," + m + "):(" + m + ",1)", "(" + m + "," + m + "):(1," + m + ")", jit::DType::F32});
    runtime::DeviceBuffer src(size_t(n) * n * 4), dst(size_t(n) * n * 4);
    copy.launch(*context, src.address(), dst.address(), {}, *stream);
  }
  std::unique_ptr<runtime::Context> context;
  std::unique_ptr<runtime::Stream> stream;
};

TEST_F(CubinLoad, AssembledOnceKeptOnDiskAndLoadedByANewJit) {
  test::TempDir dir;
  jit::JitOptions options;
  options.cacheDirectory = dir.path;
  Counts start = Counts::now();
  {
    jit::Jit first(options);
    transpose(first, 64);
    transpose(first, 64);
  }
  Counts made = Counts::now().since(start);
  EXPECT_EQ(made.assemblies, 1);
  EXPECT_EQ(made.cubinLoads, 1);
  EXPECT_EQ(made.ptxLoads, 0);

  Counts before = Counts::now();
  jit::Jit second(options);
  transpose(second, 64);
  Counts reloaded = Counts::now().since(before);
  EXPECT_EQ(reloaded.assemblies, 0);
  EXPECT_EQ(reloaded.cubinLoads, 1);
  EXPECT_EQ(reloaded.ptxLoads, 0);
  EXPECT_EQ(second.cacheStats().diskHits, 1u);
}

TEST_F(CubinLoad, ACubinTheDriverRefusesIsReplacedByThePtx) {
  jit::JitOptions options;
  options.diskCache = false;
  jit::Jit j(options);
  ::setenv("STANDIN_REFUSE_CUBINS", "1", 1);
  Counts start = Counts::now();
  transpose(j, 128);
  transpose(j, 128);
  ::unsetenv("STANDIN_REFUSE_CUBINS");
  Counts c = Counts::now().since(start);
  EXPECT_EQ(c.assemblies, 1);
  EXPECT_EQ(c.cubinLoads, 0);
  EXPECT_EQ(c.ptxLoads, 1);
}

TEST_F(CubinLoad, PtxTheAssemblerRefusesIsLoadedThroughTheDriver) {
  jit::CompiledKernel kernel("k", ".visible .entry k(\n\t.param .u64 a\n)\n{\n// standin: refuse\n\tret;\n}\n", {}, {});
  Counts start = Counts::now();
  kernel.launch(*context, 1, jit::LaunchArgs().index(7), *stream, 1);
  Counts c = Counts::now().since(start);
  EXPECT_EQ(c.assemblies, 0);
  EXPECT_EQ(c.cubinLoads, 0);
  EXPECT_EQ(c.ptxLoads, 1);
}

TEST_F(CubinLoad, TheStandInAssemblerSaysWhyItRefuses) {
  const runtime::PtxAssembler &assembler = *runtime::PtxAssembler::get();
  EXPECT_EQ(assembler.library(), std::getenv("LAYOUTC_NVJITLINK"));
  EXPECT_EQ(assembler.version(), 13000);
  std::string why;
  EXPECT_EQ(assembler.assemble("// standin: refuse\n", "sm_90", why), std::nullopt);
  EXPECT_EQ(why, "nvJitLink cannot assemble the PTX for sm_90:\nptxas fatal: the stand-in refuses this PTX");
  std::optional<std::string> cubin = assembler.assemble(".entry k()\n", "sm_90a", why);
  ASSERT_TRUE(cubin);
  EXPECT_EQ(*cubin, "standin-cubin sm_90a\n.entry k()\n");
}

} // namespace
