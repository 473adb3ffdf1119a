//===- KernelBuilderTest.cpp - Kernels built from specs, and their checks --===//
#include "KernelBuilder.h"
#include "BuiltText.h"
#include "HostConvert.h"
#include "KernelOperand.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/CopySpec.h"
#include "layoutc/Transforms/IndexWidth.h"

#include <gtest/gtest.h>

#include <cstring>

namespace layoutc::test {
namespace {

using jit::CompileError;
using jit::CopySpec;
using jit::DType;

// A spec's kernel as built, printed.
Built build(const CopySpec &spec, jit::BufferAlignment buffers = jit::BufferAlignment::Aligned16) {
  jit::Compiler compiler;
  return printed(jit::buildCopy(compiler.context(), spec, {buffers}));
}

std::string ptx(const CopySpec &spec) {
  jit::Compiler compiler;
  return jit::compileCopy(compiler, spec, {"sm_90", jit::Emit::Ptx, 3});
}

// The width of the index math lay-index-width records on a spec's kernel,
// built on the launch's promise `bound` (0: none).
int indexBits(const CopySpec &spec, int64_t bound = 0) {
  jit::Compiler compiler;
  jit::KernelPlan plan;
  jit::compileCopy(compiler, spec, {"sm_90", jit::Emit::Tiled, 0, 64, &plan}, {jit::BufferAlignment::Aligned16, bound});
  return plan.indexBits;
}

std::string refusal(const CopySpec &spec) {
  try {
    build(spec);
  } catch (const CompileError &e) {
    return e.what();
  }
  return "(accepted)";
}
// The same for sides refused as their text is parsed, when the spec is made.
std::string refusal(const char *src, const char *dst) {
  try {
    return refusal(CopySpec{src, dst});
  } catch (const CompileError &e) {
    return e.what();
  }
}

bool has(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

TEST(KernelBuilder, ACopyIsOneLayCopyOfTheTwoTensors) {
  Built k = build(CopySpec{"(8,8):(8,1)", "(8,8):(1,8)", DType::F16});
  ASSERT_EQ(k.params.size(), 2u);
  EXPECT_EQ(k.params[0].name, "src");
  EXPECT_EQ(k.params[1].dtype, DType::F16);
  EXPECT_TRUE(has(k.mlir, "gpu.func @copy(%src: memref<?xf16> {llvm.align = 16 : i64}, %dst: memref<?xf16> "
                          "{llvm.align = 16 : i64}) kernel"))
      << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.constant : !lay.layout<\"(8,8):(8,1)\">")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.copy %")) << k.mlir;
  EXPECT_FALSE(has(k.mlir, "map")) << k.mlir;
  EXPECT_EQ(indexBits({"(8,8):(8,1)", "(8,8):(1,8)", DType::F16}), 32);
  std::string p = ptx({"(8,8):(8,1)", "(8,8):(1,8)", DType::F16});
  EXPECT_TRUE(has(p, ".entry copy("));
  EXPECT_TRUE(has(p, "ld.global"));
  EXPECT_TRUE(has(p, "st.global"));
}

// Aligned16 states the buffers' alignment on their parameters, so the
// vectorized copy tests no address; Any states nothing, and the kernel
// tests both addresses, with a one-element path for the rest.
TEST(KernelBuilder, BufferAlignmentIsStatedOrTestedInTheKernel) {
  CopySpec transpose{"(256,256):(256,1)", "(256,256):(1,256)", DType::F32};
  EXPECT_FALSE(has(build(transpose, jit::BufferAlignment::Any).mlir, "llvm.align"));
  jit::Compiler compiler;
  jit::CompileOptions tiled{"sm_90", jit::Emit::Tiled};
  std::string aligned = jit::compileCopy(compiler, transpose, tiled, {jit::BufferAlignment::Aligned16});
  std::string any = jit::compileCopy(compiler, transpose, tiled, {jit::BufferAlignment::Any});
  EXPECT_FALSE(has(aligned, "extract_aligned_pointer_as_index")) << aligned;
  EXPECT_TRUE(has(aligned, "srcWidth = 4, dstWidth = 4")) << aligned;
  EXPECT_TRUE(has(any, "memref.extract_aligned_pointer_as_index %src")) << any;
  EXPECT_TRUE(has(any, "memref.extract_aligned_pointer_as_index %dst")) << any;
  EXPECT_TRUE(has(any, "srcWidth = 4, dstWidth = 4")) << any;
  Built gather = build(CopySpec::gather(8, DType::F32, DType::I32));
  EXPECT_TRUE(has(gather.mlir, "%indices: memref<?xi32> {llvm.align = 16 : i64}")) << gather.mlir;
}

TEST(KernelBuilder, IndexWidthFollowsTheLargestOffset) {
  EXPECT_EQ(indexBits(CopySpec{"(2,1024):(1073741823,1)", "2048:1", DType::I8}), 32);
  EXPECT_EQ(indexBits(CopySpec{"(2,1024):(2147483647,1)", "2048:1", DType::I8}), 64);
  EXPECT_EQ(indexBits(CopySpec{"(?,?):(?,1)", "(?,?):(1,?)", DType::F32}), 64);
  // `?` leaves within a launch's bound: 32 bits, the launch checks the bound.
  EXPECT_EQ(indexBits(CopySpec{"(?,?):(?,1)", "(?,?):(1,?)", DType::F32}, transforms::kIndexExtentLimit32), 32);
  EXPECT_EQ(indexBits(CopySpec::gather(77, DType::F32), transforms::kIndexExtentLimit32), 32);
  EXPECT_EQ(indexBits(CopySpec::gather(77, DType::F32)), 64);
  // A bound past int32's has no effect.
  EXPECT_EQ(indexBits(CopySpec{"(?,?):(?,1)", "(?,?):(1,?)", DType::F32}, int64_t(1) << 40), 64);
}

// A family's spec: the sides share their shape's leaves, one parameter
// each; the strides that are not 0 or 1 have theirs; the scale is a float.
TEST(KernelBuilder, AFamilysSidesShareTheirShape) {
  std::optional<jit::SpecFamily> f = jit::familyOf(CopySpec{"(512,256):(256,1)", "(512,256):(1,512)", DType::F32});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kernel.src.layout().str(), "(?{div=4},?{div=4}):(?{div=4},1)");
  EXPECT_EQ(f->kernel.dst.layout().str(), "(?{div=4},?{div=4}):(1,?{div=4})");
  // The joint modes by the destination's stride: 512:(256,1), then 256:(1,512).
  EXPECT_EQ(f->values, (std::vector<int64_t>{512, 256, 256, 512}));
  EXPECT_EQ(f->staticSizes, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(f->reach, 131072);
  f->kernel.scale = 0.5;
  Built k = build(f->kernel);
  // src, dst, 2 sizes, the source's stride, the destination's, 2 (multiplier, shift), the scale.
  ASSERT_EQ(k.params.size(), 11u);
  EXPECT_EQ(k.params[4].name, "src_2");
  EXPECT_EQ(k.params[5].name, "dst_0");
  EXPECT_EQ(k.params[10].kind, jit::Param::Kind::Scalar);
  EXPECT_EQ(k.params[10].dtype, DType::F32);
  EXPECT_TRUE(has(k.mlir, "%scale: f32")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "arith.mulf %0, %scale : f32") || has(k.mlir, "%scale : f32")) << k.mlir;
  // A contiguous mode smaller than the largest staged tile is static (a
  // pixel shuffle's modes of 2): the kernel has no parameter for it.
  std::optional<jit::SpecFamily> small = jit::familyOf(CopySpec{"(2,1000):(1000,1)", "(2,1000):(1,2)", DType::F32});
  ASSERT_TRUE(small);
  EXPECT_EQ(small->kernel.src.layout().str(), "(2,?{div=4}):(?{div=4},1)");
  EXPECT_EQ(small->values, (std::vector<int64_t>{1000, 1000, 2}));
  EXPECT_EQ(small->staticSizes, (std::vector<int64_t>{2, 0}));
  // Neither side plain: its own kernel.
  EXPECT_FALSE(jit::familyOf(CopySpec{"S<3,4,3> o 0 o (64,64):(64,1)", "(64,64):(1,64)", DType::F32}));
  EXPECT_FALSE(jit::familyOf(CopySpec{"(?,8):(8,1)", "(?,8):(1,?)", DType::F32}));
  EXPECT_FALSE(jit::familyOf(CopySpec::gather(8, DType::F32)));
}

TEST(KernelBuilder, DynamicLeavesBecomeIndexParameters) {
  Built k = build(CopySpec{"(?,?):(?,1)", "(?,?):(1,?)", DType::F32});
  // src, dst, 6 leaves, then (multiplier, shift) for the 4 shape leaves.
  ASSERT_EQ(k.params.size(), 16u);
  EXPECT_EQ(k.params[2].name, "src_0");
  EXPECT_EQ(k.params[5].name, "dst_0");
  EXPECT_EQ(k.params[8].name, "src_0_mul");
  EXPECT_EQ(k.params[15].name, "dst_1_shift");
  EXPECT_EQ(k.params[15].kind, jit::Param::Kind::Index);
  EXPECT_TRUE(has(k.mlir, "lay.fast_divisor %src_0, %src_0_mul, %src_0_shift")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "!lay.layout<\"(?,?):(?,1)\">")) << k.mlir;
  // Divisions by the `?` sizes multiply and shift.
  std::string p = ptx({"(?,?):(?,1)", "(?,?):(1,?)", DType::F32});
  EXPECT_TRUE(has(p, "mul.hi.u64"));
  EXPECT_FALSE(has(p, "div.s64")) << p;
  EXPECT_FALSE(has(p, "rem.s64")) << p;
}

// x / d by multiply-high and shift, for divisors and dividends across the
// whole range (the dividend below 2^63, or 2^31 in 32-bit index math).
TEST(KernelBuilder, FastDivisorsDivideExactly) {
  auto check = [](int64_t d, uint64_t x) {
    if (x > uint64_t(INT64_MAX)) // outside the dividends' range
      return;
    jit::FastDivisor f = jit::fastDivisor(d);
    uint64_t high = uint64_t(((unsigned __int128)x * f.multiplier) >> 64);
    uint64_t q = f.multiplier == 0 ? x : high >> f.shift;
    ASSERT_EQ(q, x / uint64_t(d)) << x << " / " << d;
    if (x > uint64_t(INT32_MAX) || d > INT32_MAX)
      return;
    jit::FastDivisor n = jit::fastDivisor(d, 32);
    ASSERT_LT(n.multiplier, uint64_t(1) << 32) << d;
    uint32_t narrow = uint32_t((x * n.multiplier) >> 32);
    ASSERT_EQ(n.multiplier == 0 ? x : narrow >> n.shift, x / uint64_t(d)) << x << " / " << d << " in 32 bits";
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
  for (int64_t d = 1; d <= 100000; d += 7) // every dividend's class, in 32 bits
    for (uint64_t x :
         {uint64_t(INT32_MAX), uint64_t(INT32_MAX) - uint64_t(d), uint64_t(INT32_MAX) / uint64_t(d) * uint64_t(d)})
      check(d, x);
  EXPECT_THROW(jit::fastDivisor(0), std::invalid_argument);
  EXPECT_THROW(jit::fastDivisor(int64_t(1) << 31, 32), std::invalid_argument);
  EXPECT_THROW(jit::fastDivisor(3, 16), std::invalid_argument);
}

TEST(KernelBuilder, CastsAndScalesAreTheCopysMap) {
  Built cast = build(CopySpec{"64:1", "64:1", DType::F32, DType::BF16});
  EXPECT_TRUE(has(cast.mlir, "map {")) << cast.mlir;
  EXPECT_TRUE(has(cast.mlir, "to bf16")) << cast.mlir;
  EXPECT_EQ(cast.params[1].dtype, DType::BF16);
  CopySpec half{"64:1", "64:1", DType::F16};
  half.scale = 0.5;
  Built scaled = build(half);
  EXPECT_TRUE(has(scaled.mlir, "arith.extf")) << scaled.mlir;
  EXPECT_TRUE(has(scaled.mlir, "arith.mulf")) << scaled.mlir;
  Built toInt = build(CopySpec{"64:1", "64:1", DType::F32, DType::I8});
  EXPECT_TRUE(has(toInt.mlir, "arith.fptosi")) << toInt.mlir;
  EXPECT_TRUE(has(toInt.mlir, "arith.select")) << toInt.mlir; // saturated to int32, NaN to 0
  EXPECT_TRUE(has(toInt.mlir, "arith.trunci")) << toInt.mlir; // then truncated
  Built widen = build(CopySpec{"64:1", "64:1", DType::I8, DType::I32});
  EXPECT_TRUE(has(widen.mlir, "arith.extsi")) << widen.mlir;
  // Pairs of floats rounded by one instruction, where the buffers are aligned.
  EXPECT_TRUE(has(ptx({"(64,64):(64,1)", "(64,64):(1,64)", DType::F32, DType::BF16}), "cvt.rn.bf16x2.f32"));
}

TEST(KernelBuilder, SwizzledOperandsAreComposedLayouts) {
  Built k = build(CopySpec{"(64,64):(64,1)", "S<3,4,3> o 0 o (64,64):(64,1)", DType::F16});
  EXPECT_TRUE(has(k.mlir, "lay.constant : !lay.swizzle<3,4,3>")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "-> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<")) << k.mlir;
}

TEST(KernelBuilder, BadCopiesAreRefusedWithTheReason) {
  // The sides are named by their roles (the command line maps them to its
  // flags).
  EXPECT_EQ(refusal({"(8,8):(8,1)", "(8,4):(1,8)", DType::F32}),
            "copy: the source layout (8,8):(8,1) has 64 elements but the destination layout (8,4):(1,8) has 32; a "
            "copy maps one domain");
  EXPECT_EQ(refusal({"(8,8):(8,1)", "(8,8):(0,1)", DType::F32}),
            "copy: the destination layout (8,8):(0,1) maps two domain indices to one element (a stride-0 or "
            "overlapping mode); a copy's destination must be one-to-one");
  EXPECT_EQ(refusal({"(4,4):(2,1)", "16:1", DType::F32}), "(accepted)"); // overlapping reads are fine
  EXPECT_EQ(refusal({"16:1", "(4,4):(2,1)", DType::F32}).rfind("copy: the destination layout (4,4):(2,1) maps two", 0),
            0u);
  EXPECT_EQ(refusal({"(8,8):(8,-1)", "64:1", DType::F32}),
            "copy: the source layout: mode 1 (8:-1) has a negative stride; kernels address buffers from offset 0 "
            "upward");
  EXPECT_EQ(refusal({"(8,1):(1,-8)", "8:1", DType::F32}), "(accepted)"); // extent 1 reaches offset 0 alone
  EXPECT_EQ(refusal({"(8,8):(1@0,1@1)", "64:1", DType::F32})
                .rfind("copy: the source layout: mode 0 (8:1@0) has a scaled-basis", 0),
            0u);
  EXPECT_EQ(refusal("(8,8", "64:1").rfind("copy: the source layout: '(8,8' is not a layout: ", 0), 0u);
  EXPECT_EQ(refusal("(2,3)", "6:1"), "copy: the source layout: '(2,3)' is the tuple (2,3), not a layout");
  // Every dtype is data, and converts to every other.
  EXPECT_EQ(refusal({"64:1", "64:1", DType::I64}), "(accepted)");
  EXPECT_EQ(refusal({"64:1", "64:1", DType::C128, DType::F8E4M3FN}), "(accepted)");
}

TEST(KernelBuilder, GathersAndScattersCopyThroughBlocksOfRows) {
  Built rows = build(CopySpec::gather(256, DType::F16, DType::I32));
  // table, rows, indices, R and its (multiplier, shift), the error word.
  ASSERT_EQ(rows.params.size(), 8u);
  EXPECT_EQ(rows.params[2].dtype, DType::I32);
  EXPECT_EQ(rows.params[6].kind, jit::Param::Kind::ErrorWord);
  EXPECT_EQ(rows.params[6].name, "error_claim");
  EXPECT_EQ(rows.params[7].kind, jit::Param::Kind::ErrorWord);
  EXPECT_EQ(rows.params[7].name, "error_report");
  EXPECT_TRUE(has(rows.mlir, "lay.error_word = 6 : i64")) << rows.mlir;
  EXPECT_TRUE(has(rows.mlir, "!lay.composed<!lay.tensor<i32, !lay.layout<\"?:1\">>, !lay.layout<\"(256,?):(1,256)\">, "
                             "block 256>"))
      << rows.mlir;
  EXPECT_TRUE(has(rows.mlir, "lay.copy %")) << rows.mlir;
  Built elements = build(CopySpec::scatter(1, DType::BF16, DType::I64));
  EXPECT_TRUE(has(elements.mlir, "!lay.tensor<bf16, !lay.composed<!lay.tensor<i64, !lay.layout<\"?:1\">>, "
                                 "!lay.layout<\"?:1\">>>"))
      << elements.mlir;
  jit::Compiler compiler;
  EXPECT_TRUE(has(jit::compileCopy(compiler, CopySpec::gather(256, DType::F16, DType::I32), {}), ".entry gather("));
  EXPECT_TRUE(has(jit::compileCopy(compiler, CopySpec::scatter(1, DType::BF16, DType::I64), {}), ".entry scatter("));
  EXPECT_THROW(CopySpec::gather(0, DType::F16, DType::I32), CompileError);
  EXPECT_THROW(CopySpec::gather(4, DType::F16, DType::F32), CompileError);
}

// The host reference's walk over a static operand is the layout's function.
TEST(KernelOperand, CursorFollowsTheAlgebra) {
  for (const char *text :
       {"(4,(3,2)):(1,(8,64))", "S<3,4,3> o 0 o (64,64):(64,1)", "S<2,3,-3> o 5 o (16,8):(1,16)", "(3,5):(0,7)"}) {
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

// Issue 51: the bound of a composed side counts the offset: its inner part
// is read at offset + outer(k), past the inner's cosize where that passes
// its size (the last leaf takes the rest). Exact here, by enumeration.
TEST(KernelOperand, MaxOffsetCountsTheComposedOffset) {
  auto largest = [](const char *text) {
    jit::KernelOperand op = jit::KernelOperand::parse(text, "test");
    int64_t top = 0;
    op.forEachOffset([&](int64_t, int64_t offset) { top = std::max(top, offset); });
    EXPECT_LE(top, op.maxOffset()) << text;
    return std::pair{top, op.maxOffset()};
  };
  EXPECT_EQ(largest("(4,2):(1,4) o 0 o 8:1"), std::pair(int64_t(7), int64_t(7)));
  // inner(8 + 7) = 15 % 4 + (15 / 4) * 4 = 15, past cosize 8.
  EXPECT_EQ(largest("(4,2):(1,4) o 8 o 8:1"), std::pair(int64_t(15), int64_t(15)));
  // The last leaf takes the rest: inner(100 + 3) = 103 % 2 * 10 + 103 / 2.
  EXPECT_EQ(largest("(2,3):(10,1) o 100 o 4:1"), std::pair(int64_t(61), int64_t(61)));
  EXPECT_EQ(largest("S<3,4,3> o 256 o (16,16):(16,1)"), std::pair(int64_t(511), int64_t(511)));
}

TEST(KernelOperand, NegativeComposedOffsetIsRefused) {
  for (const char *text : {"(4,2):(1,4) o -1 o 8:1", "S<3,4,3> o -256 o (16,16):(16,1)"}) {
    try {
      jit::KernelOperand::parse(text, "copy: --dst");
      ADD_FAILURE() << text << " was accepted";
    } catch (const CompileError &e) {
      EXPECT_TRUE(std::string(e.what()).find("is negative: domain index 0 reads its inner part at -") !=
                  std::string::npos)
          << e.what();
    }
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
