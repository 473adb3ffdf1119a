//===- TargetGpuTest.cpp - LLVM-made PTX on a GPU -------------------------===//
//
// The NVPTX backend's PTX for a small kernel (y[i] = 2 x[i] for i < n), loaded
// by the runtime and run over a size the blocks do not divide, every element
// checked against the host with the output poisoned first. Skipped, with the
// reason, without a GPU.
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"
#include "layoutc/Runtime/Resources.h"
#include "layoutc/Target/PTX.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

using namespace layoutc;

namespace {

const char *kScaleIR = R"(
define ptx_kernel void @scale(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %px = getelementptr float, ptr addrspace(1) %x, i32 %i
  %v = load float, ptr addrspace(1) %px
  %w = fadd float %v, %v
  %py = getelementptr float, ptr addrspace(1) %y, i32 %i
  store float %w, ptr addrspace(1) %py
  br label %done
done:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)";

TEST(TargetGpu, LlvmPtxRunsOnEveryElement) {
  LAYOUTC_REQUIRE_GPU();
  runtime::Context context;
  llvm::LLVMContext llvmContext;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> ir = llvm::parseAssemblyString(kScaleIR, error, llvmContext);
  ASSERT_TRUE(ir) << error.getMessage().str();
  std::string ptx = target::compileToPtx(*ir, {context.device().arch() == "sm_80" ? "sm_80" : "sm_90", 3});
  runtime::Module module(ptx);
  runtime::Kernel scale = module.kernel("scale");

  const unsigned n = 777777, threads = 128;
  std::vector<float> x(n), y(n);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> dist(-1e4f, 1e4f);
  for (float &v : x)
    v = dist(rng);
  runtime::DeviceBuffer dx(n * sizeof(float)), dy(n * sizeof(float));
  dx.copyFromHost(x.data(), dx.bytes());
  dy.fill(0xFF);
  runtime::Stream stream;
  uint64_t px = dx.address(), py = dy.address();
  unsigned count = n;
  void *args[] = {&px, &py, &count};
  scale.launch({(n + threads - 1) / threads, 1, 1}, {threads, 1, 1}, 0, stream, args);
  stream.synchronize();
  dy.copyToHost(y.data(), dy.bytes());
  size_t wrong = 0;
  for (unsigned i = 0; i < n; ++i) {
    float expected = x[i] + x[i];
    wrong += std::memcmp(&y[i], &expected, sizeof(float)) != 0;
  }
  EXPECT_EQ(wrong, 0u);
}

} // namespace
