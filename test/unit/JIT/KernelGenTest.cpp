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
  // src, dst, 6 leaves, then (multiplier, shift) for the 4 shape leaves.
  ASSERT_EQ(k.params.size(), 16u);
  EXPECT_EQ(k.params[2].name, "src_0");
  EXPECT_EQ(k.params[5].name, "dst_0");
  EXPECT_EQ(k.params[8].name, "src_0_mul");
  EXPECT_EQ(k.params[15].name, "dst_1_shift");
  EXPECT_EQ(k.params[15].kind, jit::Param::Kind::Index);
  EXPECT_NE(k.mlir.find("%fast0 = lay.fast_divisor %src_0, %src_0_mul, %src_0_shift"), std::string::npos) << k.mlir;
  EXPECT_NE(k.mlir.find("lay.make_layout %fast0, %fast1, %src_2 : !lay.layout<\"(?,?):(?,1)\">"), std::string::npos);
  // The loop divides by multiplying.
  std::string ptx = jit::compile(k.mlir, "copy");
  EXPECT_NE(ptx.find("mul.hi.u64"), std::string::npos);
  EXPECT_EQ(ptx.find("div."), std::string::npos) << ptx;
  EXPECT_EQ(ptx.find("rem."), std::string::npos) << ptx;
}

// x / d by multiply-high and shift, for divisors and dividends across the
// whole range (the dividend below 2^63).
TEST(KernelGen, FastDivisorsDivideExactly) {
  auto check = [](int64_t d, uint64_t x) {
    if (x > uint64_t(INT64_MAX)) // outside the dividends' range
      return;
    jit::FastDivisor f = jit::fastDivisor(d);
    uint64_t high = uint64_t(((unsigned __int128)x * f.multiplier) >> 64);
    uint64_t q = f.multiplier == 0 ? x : high >> f.shift;
    ASSERT_EQ(q, x / uint64_t(d)) << x << " / " << d;
  };
  std::vector<int64_t> divisors;
  for (int64_t d = 1; d <= 2000; ++d)
    divisors.push_back(d);
  for (int b = 11; b < 63; ++b)
    for (int64_t delta : {-1, 0, 1, 3})
      divisors.push_back((int64_t(1) << b) + delta);
  divisors.push_back(INT64_MAX);
  uint64_t state = 88172645463325252ull;
  auto next = [&] { return state ^= state << 13, state ^= state >> 7, state ^= state << 17; };
  for (int64_t d : divisors) {
    uint64_t ud = uint64_t(d);
    for (uint64_t x : {uint64_t(0), uint64_t(1), ud - 1, ud, ud + 1, 2 * ud - 1, uint64_t(INT64_MAX),
                       uint64_t(INT64_MAX) - 1, uint64_t(INT64_MAX) / ud * ud, uint64_t(INT64_MAX) / ud * ud - 1})
      check(d, x);
    for (int i = 0; i < 200; ++i)
      check(d, next() >> 1);
  }
  EXPECT_THROW(jit::fastDivisor(0), std::invalid_argument);
}

TEST(KernelGen, DomainIsWalkedAlongTheDestinationsContiguousMode) {
  // Composed operands take the element loop, over the reordered domain.
  jit::KernelSource k = jit::generateCopy({"(64,32):(32,1)", "S<1,2,3> o 0 o (64,32):(32,1)", DType::F32});
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
