//===- FunctionSideTest.cpp - Copies of sides whose inner is a program ----===//
//
// The kernels of copies with a side whose inner function is a traced
// program (its program as lay.make_composed_function's region, through to
// PTX), the host reference's walk over a function side, and the cache's key.
//
//===----------------------------------------------------------------------===//
#include "BuiltText.h"
#include "KernelBuilder.h"
#include "KernelOperand.h"
#include "TestPrograms.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/JIT/Jit.h"

#include <gtest/gtest.h>

#include <limits>

namespace layoutc::test {
namespace {

using jit::CompileError;
using jit::DType;
using jit::InnerProgram;
using jit::StepOp;

algebra::Layout layoutOf(const char *text) { return algebra::evaluateExpression(text).value().layout(); }

algebra::Value valueOf(const char *text) { return algebra::evaluateExpression(text).value(); }

jit::CopySpec gatherSpec(InnerProgram program = gatherProgram()) {
  jit::CopySpec spec;
  spec.src = jit::CopySide(function("(16,8):(8,1)"), std::move(program));
  spec.dst = jit::CopySide(valueOf("(16,8):(1,16)"));
  spec.indexTypes = {DType::I32};
  return spec;
}

Built build(const jit::CopySpec &spec) {
  jit::Compiler compiler;
  return printed(jit::buildCopy(compiler.context(), spec, {}));
}

// The width of the index math lay-index-width records on a spec's kernel.
int indexBits(const jit::CopySpec &spec) {
  jit::Compiler compiler;
  jit::KernelPlan plan;
  jit::compileCopy(compiler, spec, {"sm_90", jit::Emit::Tiled, 0, 64, &plan});
  return plan.indexBits;
}

std::string ptx(const jit::CopySpec &spec) {
  jit::Compiler compiler;
  return jit::compileCopy(compiler, spec, {"sm_90", jit::Emit::Ptx});
}

size_t count(const std::string &text, const std::string &part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

bool has(const std::string &text, const std::string &part) { return count(text, part) > 0; }

// (a) A gather inner(i) = idx[i] over (16,8):(8,1) into (16,8):(1,16): the
// index buffer is the third parameter, read with memref.load inside the
// function's region; 32-bit index math, as an i32 buffer's elements and
// every other step stay within int32. The error word follows (the kernel
// checks what the loads place).
TEST(FunctionSideBuilder, AGatherReadsItsIndexBufferInTheRegion) {
  Built k = build(gatherSpec());
  ASSERT_EQ(k.params.size(), 5u);
  EXPECT_EQ(k.params[3].kind, jit::Param::Kind::ErrorWord);
  EXPECT_EQ(k.params[4].kind, jit::Param::Kind::ErrorWord);
  EXPECT_EQ(k.params[2].name, "index_0"); // a function's buffers are numbered
  EXPECT_EQ(k.params[2].kind, jit::Param::Kind::Buffer);
  EXPECT_EQ(k.params[2].dtype, DType::I32);
  EXPECT_EQ(indexBits(gatherSpec()), 32);
  EXPECT_TRUE(has(k.mlir, "gpu.func @copy(%src: memref<?xf32> {llvm.align = 16 : i64}, %dst: memref<?xf32> "
                          "{llvm.align = 16 : i64}, %index_0: memref<?xi32> {llvm.align = 16 : i64}, %error_claim: "
                          "memref<?xi8>, %error_report: memref<?xi64>) kernel attributes {lay.error_word = 3 : i64}"))
      << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.make_composed_function %c0, %0 : index, !lay.layout<\"(16,8):(8,1)\"> -> "
                          "!lay.composed<(index) -> index, !lay.layout<\"(16,8):(8,1)\">>"))
      << k.mlir;
  EXPECT_TRUE(has(k.mlir, "memref.load %index_0[%arg5] : memref<?xi32>")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "arith.index_cast %5 : i32 to index")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.yield %6 : index")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.constant : !lay.layout<\"(16,8):(1,16)\">")) << k.mlir;
  EXPECT_EQ(count(k.mlir, "lay.copy "), 1u) << k.mlir;
  std::string p = ptx(gatherSpec());
  EXPECT_TRUE(has(p, ".entry copy(")) << p;
  EXPECT_TRUE(has(p, "ld.global.b32")) << p; // the index, then the element
  EXPECT_TRUE(has(p, "st.global.b32")) << p;
}

// (b) Every op, floor division and modulo as floordivsi (a modulo as
// a - b * floordivsi(a, b)), through to PTX; an i64 index buffer is read
// without a cast but index_cast.
TEST(FunctionSideBuilder, EveryOpBuildsAndLowers) {
  jit::CopySpec spec = gatherSpec(everyOp());
  spec.src = jit::CopySide(function("128:1", algebra::IntTuple(-64)), everyOp());
  spec.dst = jit::CopySide(valueOf("128:1"));
  spec.indexTypes = {DType::I64};
  Built k = build(spec);
  EXPECT_TRUE(has(k.mlir, "%c-64 = arith.constant -64 : index")) << k.mlir;
  EXPECT_EQ(count(k.mlir, "arith.floordivsi"), 3u) << k.mlir; // one division, two modulos
  EXPECT_EQ(count(k.mlir, "arith.muli"), 3u) << k.mlir;       // one product, two in the modulos
  EXPECT_EQ(count(k.mlir, "arith.subi"), 3u) << k.mlir;
  EXPECT_EQ(count(k.mlir, "arith.addi"), 2u) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "memref.load %index_0[%")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, " : memref<?xi64>")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "arith.index_cast %")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "i64 to index")) << k.mlir;
  std::string p = ptx(spec);
  EXPECT_TRUE(has(p, ".entry copy(")) << p;
  EXPECT_TRUE(has(p, "mul.hi.s64")) << p; // the divisions by constants, multiplied
  EXPECT_TRUE(has(p, "ld.global.b64")) << p;
}

// A function side's math is 32 bits wide exactly where every step stays
// within int32 at every domain index: an i64 index buffer's elements, or a
// product that can pass int32, make it 64.
TEST(FunctionSideBuilder, IndexMathIs32BitsWhereEveryStepFits) {
  jit::CopySpec spec = gatherSpec();
  spec.indexTypes = {DType::I64};
  EXPECT_EQ(indexBits(spec), 64);
  // x * 2^19 over 4096 indices reaches 4095 * 2^19 < 2^31; * 2^20 passes it
  auto scaled = [](int64_t factor) {
    jit::CopySpec s;
    s.src = jit::CopySide(function("4096:1"), jit::InnerProgram{{{jit::StepOp::Input, 0, 0},
                                                                 {jit::StepOp::Constant, factor, 0},
                                                                 {jit::StepOp::Mul, 0, 1},
                                                                 {jit::StepOp::Constant, factor, 0},
                                                                 {jit::StepOp::FloorDiv, 2, 3}},
                                                                4});
    s.dst = jit::CopySide(valueOf("4096:1"));
    return s;
  };
  EXPECT_EQ(indexBits(scaled(int64_t(1) << 19)), 32);
  EXPECT_EQ(indexBits(scaled(int64_t(1) << 20)), 64);
}

// (c) An identity-layout outer yields coordinates: the function takes one
// input per mode, the offset is a coordinate.
TEST(FunctionSideBuilder, AnIdentityOuterGivesOneInputPerMode) {
  jit::CopySpec spec;
  spec.src = jit::CopySide(function("(16,8):(1@0,1@1)", algebra::IntTuple{1, 0}), twoInputs());
  spec.dst = jit::CopySide(valueOf("(16,8):(1,16)"));
  Built k = build(spec);
  EXPECT_EQ(k.params.size(), 2u);
  EXPECT_TRUE(has(k.mlir, "lay.constant : !lay.tuple<\"(1,0)\">")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "-> !lay.composed<(index, index) -> index, !lay.layout<\"(16,8):(1@0,1@1)\">>")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "^bb0(%arg2: index, %arg3: index):")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "arith.muli %arg2, %c9 : index")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "arith.addi %arg3, %c1 : index")) << k.mlir;
  EXPECT_TRUE(has(ptx(spec), ".entry copy("));
}

// (d) Plain and swizzled sides through the same entry: no function, no index
// buffer, 32-bit index math where the offsets fit.
TEST(FunctionSideBuilder, PlainAndSwizzledSidesTakeTheSameEntry) {
  jit::CopySpec spec;
  spec.src = jit::CopySide(valueOf("(64,64):(64,1)"));
  spec.dst = jit::CopySide(valueOf("S<3,4,3> o 0 o (64,64):(1,64)"));
  spec.dtype = DType::F16;
  spec.to = DType::F32;
  Built k = build(spec);
  EXPECT_EQ(k.params.size(), 2u);
  EXPECT_EQ(k.params[1].dtype, DType::F32);
  EXPECT_EQ(indexBits(spec), 32);
  EXPECT_FALSE(has(k.mlir, "make_composed_function")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.constant : !lay.swizzle<3,4,3>")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "lay.make_composed_layout")) << k.mlir;
  EXPECT_TRUE(has(k.mlir, "arith.extf")) << k.mlir; // the map converts f16 to f32
  EXPECT_TRUE(has(ptx(spec), ".entry copy("));
}

// The host reference walks a function side through the program: the
// gather's offsets are idx at the outer layout's offsets, the identity
// outer's its coordinates through x * 9 + (y + 1).
TEST(FunctionSideOperand, TheCursorEvaluatesTheProgram) {
  std::vector<int64_t> idx(128);
  for (size_t i = 0; i < idx.size(); ++i)
    idx[i] = int64_t((i * 37) % 128);
  jit::IndexLoad load = [&](int64_t, int64_t offset) { return idx.at(size_t(offset)); };
  jit::KernelOperand gather =
      jit::KernelOperand::of(jit::CopySide(function("(16,8):(8,1)"), gatherProgram()), "test", 1);
  algebra::Layout outer = layoutOf("(16,8):(8,1)");
  gather.forEachOffset(
      [&](int64_t k, int64_t offset) { EXPECT_EQ(offset, idx[size_t(algebra::evaluate(outer, k))]) << k; }, load);
  jit::KernelOperand identity =
      jit::KernelOperand::of(jit::CopySide(function("(16,8):(1@0,1@1)", algebra::IntTuple{1, 0}), twoInputs()), "test");
  EXPECT_EQ(identity.inputCount(), 2u);
  jit::KernelOperand::Cursor cursor(identity);
  for (int64_t k = 0; k < 128; ++k, cursor.advance()) {
    int64_t x = k % 16 + 1, y = k / 16;
    ASSERT_EQ(cursor.inputs(), (std::vector<int64_t>{x, y})) << k;
    EXPECT_EQ(cursor.offset(), x * 9 + (y + 1)) << k;
  }
  try {
    gather.maxOffset();
    ADD_FAILURE() << "a function side's largest offset was given";
  } catch (const CompileError &e) {
    EXPECT_STREQ(e.what(), "f o 0 o (16,8):(8,1): the largest offset depends on its index buffers");
  }
}

// The kernel's copy on the host: dst[Ld(k)] = src[Ls(k)], Ls through the
// gather's index buffer.
TEST(FunctionSideOperand, TheHostReferenceOfAGather) {
  std::vector<int32_t> idx = {5, 3, 0, 7, 1, 2, 6, 4};
  jit::IndexLoad load = [&](int64_t, int64_t offset) { return int64_t(idx.at(size_t(offset))); };
  jit::KernelOperand src = jit::KernelOperand::of(jit::CopySide(function("(4,2):(2,1)"), gatherProgram()), "src", 1);
  jit::KernelOperand dst = jit::KernelOperand::of(valueOf("(4,2):(1,4)"), "dst");
  std::vector<int> data = {10, 11, 12, 13, 14, 15, 16, 17}, out(8, -1);
  jit::KernelOperand::Cursor from(src, load), to(dst);
  for (int64_t k = 0; k < src.size(); ++k, from.advance(), to.advance())
    out[size_t(to.offset())] = data[size_t(from.offset())];
  // k = (i, j) with i < 4, j < 2: out[i + 4j] = data[idx[2i + j]].
  EXPECT_EQ(out, (std::vector<int>{15, 10, 11, 16, 13, 17, 12, 14}));
}

TEST(FunctionSideCache, EqualProgramsShareAKernelAndOthersDoNot) {
  jit::JitOptions options;
  options.diskCache = false;
  jit::Jit j(options);
  jit::CopyKernel a = j.copy(gatherSpec());
  jit::CopyKernel b = j.copy(gatherSpec());
  EXPECT_EQ(&a.kernel(), &b.kernel());
  EXPECT_EQ(j.cacheStats().misses, 1u);
  EXPECT_EQ(j.cacheStats().families, 1u);
  // Another function name, the same program: the same kernel.
  jit::CopySpec renamed = gatherSpec();
  algebra::ComposedLayout c = renamed.src.layout().composed();
  c.function.name = "g";
  renamed.src = jit::CopySide(algebra::Value::of(c), gatherProgram());
  EXPECT_EQ(&j.copy(renamed).kernel(), &a.kernel());
  // idx[i] * 2 is another kernel.
  InnerProgram doubled = gatherProgram();
  doubled.steps.push_back({StepOp::Constant, 2, 0});
  doubled.steps.push_back({StepOp::Mul, 1, 2});
  doubled.result = 3;
  jit::CopyKernel d = j.copy(gatherSpec(doubled));
  EXPECT_NE(&d.kernel(), &a.kernel());
  EXPECT_EQ(j.cacheStats().misses, 2u);
  EXPECT_EQ(gatherSpec().key(), "copy\nsrc composed function o 0 o (16,8):(8,1) program in 0; load 0 0 -> 1\n"
                                "dst layout (16,8):(1,16)\nf32 f32\nindices i32");
  // A static copy knows its tiles: grid 0 launches one block per tile.
  ASSERT_TRUE(a.kernel().plan().tiles.has_value());
  EXPECT_EQ(a.kernel().gridFor(0), unsigned(*a.kernel().plan().tiles));
}

} // namespace
} // namespace layoutc::test
