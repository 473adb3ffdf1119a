//===- TargetGpuTest.cpp - LLVM-made PTX on a GPU -------------------------===//
//
// The NVPTX backend's PTX for the shared scale kernel (y[i] = 2 x[i]), loaded
// by the runtime and run over a size the blocks do not divide, every element
// checked against the host with the output poisoned first. Skipped, with the
// reason, without a GPU.
//
//===----------------------------------------------------------------------===//
#include "../common/ScaleKernel.h"
#include "RequireGpu.h"
#include "ScaleCheck.h"
#include "layoutc/Runtime/Resources.h"
#include "layoutc/Target/PTX.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace layoutc;

namespace {

using layoutc::test::kScaleIR;

TEST(TargetGpu, LlvmPtxRunsOnEveryElement) {
  LAYOUTC_REQUIRE_GPU();
  runtime::Context context;
  llvm::LLVMContext llvmContext;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> ir = llvm::parseAssemblyString(kScaleIR, error, llvmContext);
  ASSERT_TRUE(ir) << error.getMessage().str();
  std::string ptx = target::compileToPtx(*ir, {context.device().arch() == "sm_80" ? "sm_80" : "sm_90", 3, {}});
  runtime::Module module(ptx);
  runtime::Kernel scale = module.kernel("scale");

  EXPECT_EQ(layoutc::test::wrongElementsOfScale(scale, 777777, 128, 11, 1e4f), 0u);
}

} // namespace
