//===- KernelGenTest.cpp - The kernel generator's decisions and refusals --===//
#include "KernelOperand.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Kernels.h"

#include <gtest/gtest.h>

namespace layoutc::test {
namespace {

using jit::CompileError;
using jit::CopySpec;
using jit::DType;

std::string refusal(const CopySpec &spec) {
  try {
    jit::generateCopy(spec);
  } catch (const CompileError &e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(KernelGen, CopyReadsAndWritesThroughTheLayouts) {
  jit::KernelSource k = jit::generateCopy({"(8,8):(8,1)", "(8,8):(1,8)", DType::F16});
  EXPECT_EQ(k.name, "copy");
  ASSERT_EQ(k.params.size(), 2u);
  EXPECT_EQ(k.params[0].name, "src");
  EXPECT_EQ(k.params[1].dtype, DType::F16);
  EXPECT_NE(k.mlir.find("lay.constant : !lay.layout<\"(8,8):(8,1)\">"), std::string::npos) << k.mlir;
  EXPECT_NE(k.mlir.find("lay.load %tensor2[%k] : !lay.tensor<f16, !lay.layout<\"(8,8):(8,1)\">>, index -> f16"),
            std::string::npos)
      << k.mlir;
  EXPECT_EQ(k.plan.indexBits, 32);
  // It compiles to PTX with one global load and one global store.
  std::string ptx = jit::compile(k.mlir, "copy", {"sm_90", jit::Emit::Ptx, 3, k.plan.indexBits});
  EXPECT_NE(ptx.find(".entry copy("), std::string::npos);
  EXPECT_NE(ptx.find("ld.global.b16"), std::string::npos);
  EXPECT_NE(ptx.find("st.global.b16"), std::string::npos);
}

TEST(KernelGen, IndexWidthFollowsTheLargestOffset) {
  EXPECT_EQ(jit::generateCopy({"(2,1024):(1073741823,1)", "2048:1", DType::I8}).plan.indexBits, 32);
  EXPECT_EQ(jit::generateCopy({"(2,1024):(2147483647,1)", "2048:1", DType::I8}).plan.indexBits, 64);
  EXPECT_EQ(jit::generateCopy({"(?,?):(?,1)", "(?,?):(1,?)", DType::F32}).plan.indexBits, 64);
}

TEST(KernelGen, DynamicLeavesBecomeIndexParameters) {
  jit::KernelSource k = jit::generateCopy({"(?,?):(?,1)", "(?,?):(1,?)", DType::F32});
  ASSERT_EQ(k.params.size(), 8u);
  EXPECT_EQ(k.params[2].name, "src_0");
  EXPECT_EQ(k.params[5].name, "dst_0");
  EXPECT_EQ(k.params[7].kind, jit::Param::Kind::Index);
  EXPECT_NE(k.mlir.find("lay.make_layout %src_0, %src_1, %src_2 : !lay.layout<\"(?,?):(?,1)\">"), std::string::npos);
}

TEST(KernelGen, DomainIsWalkedAlongTheDestinationsContiguousMode) {
  jit::KernelSource k = jit::generateCopy({"(64,32):(32,1)", "(64,32):(32,1)", DType::F32});
  EXPECT_NE(k.mlir.find("!lay.layout<\"(32,64):(1,32)\">"), std::string::npos) << k.mlir;
  // A reshape has no common modes to permute.
  jit::KernelSource r = jit::generateCopy({"(64,32):(32,1)", "(16,128):(128,1)", DType::F32});
  EXPECT_NE(r.mlir.find("!lay.layout<\"(16,128):(128,1)\">"), std::string::npos) << r.mlir;
}

TEST(KernelGen, SwizzledOperandsAreComposedLayouts) {
  jit::KernelSource k = jit::generateCopy({"(64,64):(64,1)", "S<3,4,3> o 0 o (64,64):(64,1)", DType::F16});
  EXPECT_NE(k.mlir.find("lay.constant : !lay.swizzle<3,4,3>"), std::string::npos) << k.mlir;
  EXPECT_NE(k.mlir.find("-> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"), std::string::npos) << k.mlir;
}

TEST(KernelGen, BadCopiesAreRefusedWithTheReason) {
  EXPECT_EQ(refusal({"(8,8):(8,1)", "(8,4):(1,8)", DType::F32}),
            "copy: --src (8,8):(8,1) has 64 elements but --dst (8,4):(1,8) has 32; a copy maps one domain");
  EXPECT_EQ(refusal({"(8,8):(8,1)", "(8,8):(0,1)", DType::F32}),
            "copy: --dst (8,8):(0,1) maps two domain indices to one element (a stride-0 or overlapping mode); a "
            "copy's destination must be one-to-one");
  EXPECT_EQ(refusal({"(4,4):(2,1)", "16:1", DType::F32}), "(accepted)"); // overlapping reads are fine
  EXPECT_EQ(refusal({"16:1", "(4,4):(2,1)", DType::F32}).rfind("copy: --dst (4,4):(2,1) maps two", 0), 0u);
  EXPECT_EQ(refusal({"(8,8):(8,-1)", "64:1", DType::F32}),
            "copy: --src: mode 1 (8:-1) has a negative stride; kernels address buffers from offset 0 upward");
  EXPECT_EQ(refusal({"(8,8):(1@0,1@1)", "64:1", DType::F32}).rfind("copy: --src: mode 0 (8:1@0) has a scaled-basis", 0),
            0u);
  EXPECT_EQ(refusal({"(8,8", "64:1", DType::F32}).rfind("copy: --src: '(8,8' is not a layout: ", 0), 0u);
  EXPECT_EQ(refusal({"(2,3)", "6:1", DType::F32}), "copy: --src: '(2,3)' is the tuple (2,3), not a layout");
  EXPECT_EQ(refusal({"64:1", "64:1", DType::I64}),
            "copy: --dtype: the element type must be f32, f16, bf16, f64, i32 or i8");
}

TEST(KernelGen, GatherAndScatterKernels) {
  jit::KernelSource rows = jit::generateIndexed({jit::IndexedKind::Gather, 256, DType::F16, DType::I32});
  EXPECT_EQ(rows.name, "gather");
  ASSERT_EQ(rows.params.size(), 5u);
  EXPECT_EQ(rows.params[2].dtype, DType::I32);
  EXPECT_NE(rows.mlir.find("lay.make_layout %table_rows : !lay.layout<\"(?,256):(256,1)\">"), std::string::npos);
  EXPECT_NE(rows.mlir.find("%row = lay.crd2idx %r, %gathered"), std::string::npos) << rows.mlir;
  jit::KernelSource elements = jit::generateIndexed({jit::IndexedKind::Scatter, 1, DType::BF16, DType::I64});
  EXPECT_EQ(elements.name, "scatter");
  EXPECT_NE(elements.mlir.find("lay.store %x, %tensor"), std::string::npos);
  EXPECT_NE(elements.mlir.find("!lay.tensor<bf16, !lay.composed<!lay.tensor<i64, !lay.layout<\"?:1\">>"),
            std::string::npos)
      << elements.mlir;
  for (const jit::KernelSource &k : {rows, elements})
    EXPECT_NE(jit::compile(k.mlir, k.name).find(".entry " + k.name + "("), std::string::npos);
  EXPECT_THROW(jit::generateIndexed({jit::IndexedKind::Gather, 0, DType::F16, DType::I32}), CompileError);
  EXPECT_THROW(jit::generateIndexed({jit::IndexedKind::Gather, 4, DType::F16, DType::F32}), CompileError);
}

// The host reference's walk over a static operand is the layout's function.
TEST(KernelOperand, CursorFollowsTheAlgebra) {
  for (const char *text : {"(4,(3,2)):(1,(8,64))", "S<3,4,3> o 0 o (64,64):(64,1)", "S<2,3,-3> o 5 o (16,8):(1,16)",
                           "(3,5):(0,7)"}) {
    jit::KernelOperand op = jit::KernelOperand::parse(text, "test");
    algebra::Expected<algebra::Value> v = algebra::evaluateExpression(text);
    ASSERT_TRUE(v.ok());
    int64_t top = 0;
    op.forEachOffset([&](int64_t k, int64_t offset) {
      int64_t want = v.value().kind == algebra::Value::Kind::Layout ? algebra::evaluate(v.value().layout(), k)
                                                                     : algebra::evaluate(v.value().composed(), k);
      EXPECT_EQ(offset, want) << text << " at " << k;
      top = std::max(top, offset);
    });
    EXPECT_LE(top, op.maxOffset()) << text;
  }
}

TEST(KernelOperand, OneToOneIsDecidedExactly) {
  auto injective = [](const char *t) { return jit::KernelOperand::parse(t, "test").oneToOne(); };
  EXPECT_TRUE(injective("(8,8):(1,8)"));
  EXPECT_TRUE(injective("(3,2):(2,1)")); // interleaved, found by enumeration
  EXPECT_TRUE(injective("(4,1):(1,0)"));
  EXPECT_FALSE(injective("(4,2):(1,2)"));
  EXPECT_FALSE(injective("(4,2):(1,0)"));
}

} // namespace
} // namespace layoutc::test
