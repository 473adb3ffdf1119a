//===- TiledKernelCpuTest.cpp - Tiled copy kernels run on the CPU ---------===//
//
// Testing layer 3 of DESIGN.md for whole kernels: a tensor copy's kernel, as
// the JIT builds it, goes through the lay-copy passes and
// --convert-lay-to-arith; its gpu.func becomes a host function of (buffers,
// block, grid, thread), lowered to LLVM and JIT-compiled by MLIR's
// ExecutionEngine, and run for every block of the plan's grid and every
// thread of the block, one after another. The destination, poisoned before,
// must equal the host reference (KernelOperand's cursors) element by element.
// Only kernels without shared memory or barriers run so: the flat tiles and
// the element loop, which are the plans of these copies.
//
//===----------------------------------------------------------------------===//
#include "HostConvert.h"
#include "KernelBuilder.h"
#include "KernelOperand.h"
#include "TestPrograms.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/TargetSelect.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

using namespace mlir;

namespace layoutc::test {
namespace {

using jit::InnerProgram;

algebra::Value valueOf(const char *text) { return algebra::evaluateExpression(text).value(); }

// What the passes decided, read from the tiled kernel.
struct Plan {
  int64_t tiles = 0, threads = 0; // tiles: 0 when counted in the kernel
  bool elementLoop = false;
};

// The kernel's gpu.func, after the passes and the lowering to arith, as
// func.func @kernel(buffers..., block, grid, thread) at the module's top.
FailureOr<Plan> hostKernel(ModuleOp module) {
  Plan plan;
  gpu::GPUFuncOp kernel;
  module.walk([&](gpu::GPUFuncOp f) { kernel = f; });
  if (!kernel || kernel.getNumWorkgroupAttributions() != 0)
    return failure();
  auto tiles = kernel->getAttrOfType<IntegerAttr>("lay.tiles");
  std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize();
  if (!block)
    return failure();
  plan.tiles = tiles ? tiles.getInt() : 0, plan.threads = (*block)[0];
  kernel.walk([&](lay::CopyOp) { plan.elementLoop = true; }); // what the passes left is an element loop
  PassManager pm(module.getContext());
  pm.addPass(createConvertLayToArith());
  pm.addPass(createCanonicalizerPass());
  if (failed(pm.run(module)))
    return failure();
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  Type index = b.getIndexType();
  SmallVector<Type> inputs(kernel.getArgumentTypes());
  inputs.append(3, index);
  auto host = func::FuncOp::create(b, kernel.getLoc(), "kernel", b.getFunctionType(inputs, {}));
  host.getBody().takeBody(kernel.getBody());
  Block &entry = host.getBody().front();
  Value blockId = entry.addArgument(index, kernel.getLoc()), grid = entry.addArgument(index, kernel.getLoc()),
        thread = entry.addArgument(index, kernel.getLoc());
  bool unknown = false;
  host.walk([&](Operation *op) {
    if (isa<gpu::BlockIdOp>(op))
      op->replaceAllUsesWith(ValueRange{blockId});
    else if (isa<gpu::GridDimOp>(op))
      op->replaceAllUsesWith(ValueRange{grid});
    else if (isa<gpu::ThreadIdOp>(op))
      op->replaceAllUsesWith(ValueRange{thread});
    else if (isa<gpu::BlockDimOp>(op)) {
      b.setInsertionPoint(op);
      op->replaceAllUsesWith(ValueRange{arith::ConstantIndexOp::create(b, op->getLoc(), plan.threads)});
    } else if (isa<gpu::ReturnOp>(op)) {
      b.setInsertionPoint(op);
      func::ReturnOp::create(b, op->getLoc());
    } else if (isa<gpu::GPUDialect>(op->getDialect()))
      unknown = true;
  });
  if (unknown)
    return failure();
  SmallVector<Operation *> gone;
  host.walk([&](Operation *op) {
    if (isa<gpu::GPUDialect>(op->getDialect()))
      gone.push_back(op);
  });
  for (Operation *op : gone)
    op->erase();
  module.walk([&](gpu::GPUModuleOp m) { gone.push_back(m); });
  gone.back()->erase();
  module->removeAttr("gpu.container_module");
  return plan;
}

// A buffer as the packed interface takes it: memref<?xT>'s descriptor.
template <class T> struct Descriptor {
  T *allocated, *aligned;
  int64_t offset, size, stride;
  explicit Descriptor(std::vector<T> &v)
      : allocated(v.data()), aligned(v.data()), offset(0), size(int64_t(v.size())), stride(1) {}
  void push(std::vector<void *> &args) {
    for (void *p : {(void *)&allocated, (void *)&aligned, (void *)&offset, (void *)&size, (void *)&stride})
      args.push_back(p);
  }
};

// A kernel's error word (lib/Conversion/DeviceChecks.h): the claim buffer
// of 64 bytes (the counter claim[0], then the scratch) and the report of 8
// int64.
struct ErrorWord {
  std::vector<int64_t> claim = std::vector<int64_t>(8), report = std::vector<int64_t>(8);
  void *claimBytes = claim.data();
  int64_t claimOffset = 0, claimSize = 64, claimStride = 1;
  Descriptor<int64_t> reportArg{report};
  void push(std::vector<void *> &args) {
    for (void *p :
         {(void *)&claimBytes, (void *)&claimBytes, (void *)&claimOffset, (void *)&claimSize, (void *)&claimStride})
      args.push_back(p);
    reportArg.push(args);
  }
};

// A context for kernels and their lowering to the host.
struct HostContext {
  DialectRegistry registry;
  std::unique_ptr<MLIRContext> context;
  HostContext() {
    registerLoweringDialects(registry);
    registerBuiltinDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    context = std::make_unique<MLIRContext>(registry);
    context->loadAllAvailableDialects();
  }
};

// compiler-rt's f32 -> bf16, which the host's backend calls where it stores
// a bf16 (it keeps bf16 values as f32 in registers) and the process does
// not have: the value is a bf16 widened exactly, so its upper half is the
// answer (the bf16 returned in the low half of the register a float is).
extern "C" float hostTruncSfBf2(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  bits >>= 16;
  float r;
  std::memcpy(&r, &bits, 4);
  return r;
}

// The kernel of `module` tiled by the lay-copy passes, lowered for the host
// and run for every block of a grid of `grid` blocks (the plan's tiles when
// 0) and every thread of the block; `args` are its operands before (block,
// grid, thread), in the packed interface's form.
FailureOr<Plan> tileAndRun(ModuleOp module, std::vector<void *> args, int64_t grid = 0) {
  MLIRContext *context = module.getContext();
  PassManager tiling(context);
  buildCopyKernelPipeline(tiling);
  if (failed(tiling.run(module)))
    return failure();
  FailureOr<Plan> plan = hostKernel(module);
  if (failed(plan))
    return failure();

  PassManager lower(context);
  lower.addPass(createSCFToControlFlowPass());
  // bf16 conversions in integer ops: the host has no __truncsfbf2.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  lower.addPass(arith::createArithExpandOpsPass(expand));
  lower.addPass(createConvertVectorToLLVMPass());
  lower.addPass(createFinalizeMemRefToLLVMConversionPass());
  lower.addPass(createArithToLLVMConversionPass());
  lower.addPass(createConvertIndexToLLVMPass());
  lower.addPass(createConvertControlFlowToLLVMPass());
  lower.addPass(createConvertFuncToLLVMPass());
  lower.addPass(createReconcileUnrealizedCastsPass());
  if (failed(lower.run(module)))
    return failure();
  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::None;
  // Code for a baseline x86-64, whatever the host: a host with AVX512-BF16
  // would narrow to bf16 with vcvtneps2bf16, which flushes subnormals (the
  // GPU's cvt.rn.bf16.f32 and the reference keep them).
  options.transformer = [](llvm::Module *m) {
    for (llvm::Function &f : *m) {
      f.addFnAttr("target-cpu", "x86-64");
      f.addFnAttr("target-features", "");
    }
    return llvm::Error::success();
  };
  auto engine = ExecutionEngine::create(module, options);
  EXPECT_TRUE(bool(engine)) << llvm::toString(engine.takeError());
  if (!engine)
    return failure();
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner("__truncsfbf2")] = {llvm::orc::ExecutorAddr::fromPtr(&hostTruncSfBf2),
                                         llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  auto fn = (*engine)->lookupPacked("kernel");
  EXPECT_TRUE(bool(fn)) << llvm::toString(fn.takeError());
  if (!fn)
    return failure();
  int64_t block = 0, blocks = grid ? grid : plan->tiles, thread = 0;
  if (blocks == 0)
    return failure();
  for (int64_t *p : {&block, &blocks, &thread})
    args.push_back(p);
  for (block = 0; block < blocks; ++block)
    for (thread = 0; thread < plan->threads; ++thread)
      (*fn)(args.data());
  return plan;
}

// Every element of `out` against `want`; the first difference reported.
void expectSame(const std::vector<float> &out, const std::vector<float> &want) {
  ASSERT_EQ(out.size(), want.size());
  size_t wrong = 0;
  for (size_t i = 0; i < out.size(); ++i)
    if (out[i] != want[i] && wrong++ == 0)
      ADD_FAILURE() << "destination element " << i << " is " << out[i] << ", the host reference's " << want[i];
  EXPECT_EQ(wrong, 0u) << "elements differ from the host reference, of " << out.size();
}

// copy(src, dst) run on the CPU, element by element against the host
// reference; the source's elements are their offsets, the index buffer
// `idx` (when the spec has one) is read by the programs' LOAD steps.
Plan runAndCompare(const jit::CopySpec &spec, std::vector<int32_t> idx = {}) {
  HostContext host;
  jit::BuiltKernel built = jit::buildCopy(*host.context, spec, {jit::BufferAlignment::Any});

  jit::IndexLoad load = [&](int64_t, int64_t at) { return int64_t(idx.at(size_t(at))); };
  jit::KernelOperand src = jit::KernelOperand::of(spec.src, "src", spec.indexTypes.size());
  jit::KernelOperand dst = jit::KernelOperand::of(spec.dst, "dst", spec.indexTypes.size());
  // The buffers span every offset the reference reaches.
  int64_t srcTop = 0, dstTop = 0;
  src.forEachOffset([&](int64_t, int64_t at) { srcTop = std::max(srcTop, at); }, load);
  dst.forEachOffset([&](int64_t, int64_t at) { dstTop = std::max(dstTop, at); }, load);
  std::vector<float> in(size_t(srcTop) + 1), out(size_t(dstTop) + 1, -1.0f), want = out;
  std::iota(in.begin(), in.end(), 0.0f);
  jit::KernelOperand::Cursor from(src, load), to(dst, load);
  for (int64_t k = 0; k < src.size(); ++k, from.advance(), to.advance())
    want[size_t(to.offset())] = in[size_t(from.offset())];

  Descriptor<float> a(in), b(out);
  Descriptor<int32_t> c(idx);
  ErrorWord word;
  std::vector<void *> args;
  a.push(args), b.push(args);
  if (!spec.indexTypes.empty()) {
    c.push(args);
    word.push(args);
  }
  FailureOr<Plan> plan = tileAndRun(*built.module, args);
  EXPECT_EQ(word.report[0], 0) << "the kernel reported a fault of kind " << word.report[1];
  EXPECT_TRUE(succeeded(plan)) << "the kernel did not tile, lower or run on the host";
  if (failed(plan))
    return {};
  expectSame(out, want);
  return *plan;
}

bool loads(const std::optional<InnerProgram> &p) {
  return p && llvm::any_of(p->steps, [](const jit::Step &s) { return s.op == jit::StepOp::Load; });
}

jit::CopySpec spec(algebra::Value src, algebra::Value dst, std::optional<InnerProgram> srcProgram = {},
                   std::optional<InnerProgram> dstProgram = {}) {
  jit::CopySpec s;
  s.src = jit::CopySide(src, std::move(srcProgram));
  s.dst = jit::CopySide(dst, std::move(dstProgram));
  if (loads(s.src.program()) || loads(s.dst.program()))
    s.indexTypes = {jit::DType::I32};
  return s;
}

// A permutation of 0 .. n-1.
std::vector<int32_t> permutation(int32_t n) {
  std::vector<int32_t> p(size_t(n), 0);
  for (int32_t i = 0; i < n; ++i)
    p[size_t(i)] = int32_t((int64_t(i) * 37 + 11) % n);
  return p;
}

struct TiledKernelOnCpu : ::testing::Test {
  static void SetUpTestSuite() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  }
};

// CuTe DSL's gather: data through offsets o 0 o (16,12):(1,16) into a
// row-major result, whose joint modes do not merge: one flat tile.
TEST_F(TiledKernelOnCpu, AGatherThroughAFunctionOverModesThatDoNotMerge) {
  Plan p =
      runAndCompare(spec(function("(16,12):(1,16)"), valueOf("(16,12):(12,1)"), gatherProgram()), permutation(192));
  EXPECT_FALSE(p.elementLoop);
  EXPECT_EQ(p.tiles, 1);
}

// The same over (1000,40): ten tiles, the last one ragged.
TEST_F(TiledKernelOnCpu, ALargerGatherTakesManyTilesAndAPredicatedEdge) {
  Plan p = runAndCompare(spec(function("(1000,40):(1,1000)"), valueOf("(1000,40):(40,1)"), gatherProgram()),
                         permutation(40000));
  EXPECT_FALSE(p.elementLoop);
  EXPECT_EQ(p.tiles, 10);
}

// A scatter: the destination is the function side.
TEST_F(TiledKernelOnCpu, AScatterThroughAFunction) {
  Plan p = runAndCompare(spec(valueOf("(24,10):(10,1)"), function("(24,10):(1,24)"), std::nullopt, gatherProgram()),
                         permutation(240));
  EXPECT_FALSE(p.elementLoop);
}

// An identity outer with an offset: the function takes coordinates (x, y),
// the joint modes carry basis strides.
TEST_F(TiledKernelOnCpu, AnIdentityOuterGivesTheFunctionItsCoordinates) {
  Plan p =
      runAndCompare(spec(function("(8,4):(1@0,1@1)", algebra::IntTuple{1, 0}), valueOf("(8,4):(4,1)"), twoInputs()));
  EXPECT_FALSE(p.elementLoop);
  Plan large = runAndCompare(
      spec(function("(40,30):(1@0,1@1)", algebra::IntTuple{1, 0}), valueOf("(40,30):(30,1)"), twoInputs()));
  EXPECT_FALSE(large.elementLoop);
}

// Swizzle- and layout-composed sides against a transposed destination,
// too narrow for a staged tile.
TEST_F(TiledKernelOnCpu, SwizzledAndLayoutComposedSides) {
  Plan swizzled = runAndCompare(spec(valueOf("S<3,4,3> o 0 o (32,48):(48,1)"), valueOf("(32,48):(1,32)")));
  EXPECT_FALSE(swizzled.elementLoop);
  Plan offset = runAndCompare(spec(valueOf("S<2,2,3> o 8 o (40,20):(1,40)"), valueOf("(40,20):(20,1)")));
  EXPECT_FALSE(offset.elementLoop);
  Plan into = runAndCompare(spec(valueOf("(32,48):(48,1)"), valueOf("S<3,4,3> o 0 o (32,48):(1,32)")));
  EXPECT_FALSE(into.elementLoop);
  Plan layout = runAndCompare(spec(valueOf("(4,8):(8,1) o 0 o (16,2):(2,1)"), valueOf("(16,2):(1,16)")));
  EXPECT_FALSE(layout.elementLoop);
}

// A mode of extent 1 reaches offset 0 alone, whatever its stride: a negative
// one is accepted (any other negative stride reaches before the buffer).
TEST_F(TiledKernelOnCpu, ANegativeStrideOfAnExtentOneMode) {
  runAndCompare(spec(valueOf("(32,1,48):(48,-5,1)"), valueOf("(32,1,48):(1,-7,32)")));
  runAndCompare(spec(valueOf("S<2,2,3> o 0 o (1,(16,8)):(-3,(8,1))"), valueOf("(1,(16,8)):(0,(1,16))")));
}

// An index tensor's gather of rows of 40 (idx o 0 o (40,?):(1,40), blocks
// of 40) into a transposed result (40,?):(?,1) of dynamic size: joint modes
// ?:(40,1) 40:(1,?) that do not merge (nor hold a staged tile), read through
// a function of the flat index; the kernel counts its 3 tiles, a grid of 2
// blocks takes them (grid-stride).
TEST_F(TiledKernelOnCpu, AnIndexTensorGatherIntoATransposedResult) {
  const char *text = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gather(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %n: index) kernel {
      %il = lay.make_layout %n : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
      %rows = lay.make_layout %n : !lay.layout<"(40,?):(1,40)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(40,?):(1,40)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>
      %t = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>>
      %ol = lay.make_layout %n, %n : !lay.layout<"(40,?):(?,1)">
      %o = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(40,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(40,?):(?,1)">>
      lay.copy %t, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>>, !lay.tensor<f32, !lay.layout<"(40,?):(?,1)">>
      gpu.return
    }
  }
})mlir";
  // 252 rows: the destination's 4-element stores (its dynamic stride checked
  // a multiple of 4); 250: one element per access.
  for (int64_t n : {252, 250}) {
    HostContext host;
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, host.context.get());
    ASSERT_TRUE(module);
    int64_t tableRows = 300;
    std::vector<int32_t> idx = permutation(int32_t(tableRows));
    idx.resize(size_t(n));
    std::vector<float> table(size_t(40 * tableRows)), out(size_t(40 * n), -1.0f), want = out;
    std::iota(table.begin(), table.end(), 0.0f);
    // out(i, r) at i * n + r = table row idx[r], element i.
    for (int64_t r = 0; r < n; ++r)
      for (int64_t i = 0; i < 40; ++i)
        want[size_t(i * n + r)] = table[size_t(idx[size_t(r)] * 40 + i)];
    Descriptor<float> a(table), b(out);
    Descriptor<int32_t> c(idx);
    std::vector<void *> args;
    a.push(args), b.push(args), c.push(args);
    args.push_back(&n);
    FailureOr<Plan> plan = tileAndRun(*module, args, /*grid=*/2);
    ASSERT_TRUE(succeeded(plan)) << "the kernel did not tile, lower or run on the host";
    EXPECT_FALSE(plan->elementLoop);
    expectSame(out, want);
  }
}

// The same gather with indices outside the table (300 rows): the rows they
// place are not read (their elements are 0), every other row is
// copied, and the kernel's error word holds a refused index with its
// position.
TEST_F(TiledKernelOnCpu, IndicesOutsideTheTableAreSkippedAndTheFirstIsReported) {
  const char *text = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gather(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi64>, %n: index,
                     %claim: memref<?xi8>, %report: memref<?xi64>) kernel attributes {lay.error_word = 4 : i64} {
      %il = lay.make_layout %n : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi64>, !lay.layout<"?:1"> -> !lay.tensor<i64, !lay.layout<"?:1">>
      %rows = lay.make_layout %n : !lay.layout<"(40,?):(1,40)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i64, !lay.layout<"?:1">>, index, !lay.layout<"(40,?):(1,40)"> -> !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>
      %t = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>>
      %ol = lay.make_layout %n : !lay.layout<"(40,?):(1,40)">
      %o = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(40,?):(1,40)"> -> !lay.tensor<f32, !lay.layout<"(40,?):(1,40)">>
      lay.copy %t, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>>, !lay.tensor<f32, !lay.layout<"(40,?):(1,40)">>
      gpu.return
    }
  }
})mlir";
  HostContext host;
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, host.context.get());
  ASSERT_TRUE(module);
  int64_t n = 64, tableRows = 300;
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t r = 0; r < n; ++r)
    idx[size_t(r)] = (r * 37 + 11) % tableRows;
  // One past the table, one before it, and one whose rows' offsets wrap
  // int64 (idx * 40 + i): each names no row.
  std::map<int64_t, int64_t> bad = {{7, tableRows}, {20, -1}, {41, int64_t(1) << 62}};
  for (auto [r, v] : bad)
    idx[size_t(r)] = v;
  std::vector<float> table(size_t(40 * tableRows)), out(size_t(40 * n), -1.0f), want = out;
  std::iota(table.begin(), table.end(), 0.0f);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t i = 0; i < 40; ++i)
      want[size_t(r * 40 + i)] = bad.count(r) ? 0.0f : table[size_t(idx[size_t(r)] * 40 + i)];
  Descriptor<float> a(table), b(out);
  Descriptor<int64_t> c(idx);
  ErrorWord word;
  std::vector<void *> args;
  a.push(args), b.push(args), c.push(args);
  args.push_back(&n);
  word.push(args);
  FailureOr<Plan> plan = tileAndRun(*module, args, /*grid=*/2);
  ASSERT_TRUE(succeeded(plan)) << "the kernel did not tile, lower or run on the host";
  expectSame(out, want);
  EXPECT_GE(word.claim[0], 1) << "a refused access claims the word";
  EXPECT_EQ(word.report[0], 1);
  EXPECT_EQ(word.report[1], 1) << "kind: an index outside its table";
  int64_t position = word.report[3];
  ASSERT_TRUE(bad.count(position)) << "the reported position " << position << " holds a good index";
  EXPECT_EQ(word.report[2], bad[position]);
  EXPECT_EQ(word.report[4], 2) << "the index buffer's argument";
  EXPECT_EQ(word.report[5], tableRows);
}

// A traced gather, src[idx[k]], whose indices place reads before and past
// its source: those reads give 0 and the first is reported as an
// offset outside the source (argument 0) of 192 elements.
TEST_F(TiledKernelOnCpu, TracedOffsetsOutsideTheSourceAreSkippedAndReported) {
  HostContext host;
  jit::CopySpec s = spec(function("(16,12):(1,16)"), valueOf("(16,12):(12,1)"), gatherProgram());
  jit::BuiltKernel built = jit::buildCopy(*host.context, s, {jit::BufferAlignment::Any});
  std::vector<int32_t> idx = permutation(192);
  std::map<int32_t, int32_t> bad = {{5, 192}, {77, -4}};
  for (auto [k, v] : bad)
    idx[size_t(k)] = v;
  std::vector<float> in(192), out(192, -1.0f);
  std::iota(in.begin(), in.end(), 0.0f);
  Descriptor<float> a(in), b(out);
  Descriptor<int32_t> c(idx);
  ErrorWord word;
  std::vector<void *> args;
  a.push(args), b.push(args), c.push(args);
  word.push(args);
  ASSERT_TRUE(succeeded(tileAndRun(*built.module, args)));
  // Domain index k = (i, j) of (16,12) reads idx[i + 16 j] and writes out[12 i + j].
  for (int32_t k = 0; k < 192; ++k) {
    float want = bad.count(k) ? 0.0f : in[size_t(idx[size_t(k)])];
    EXPECT_EQ(out[size_t(12 * (k % 16) + k / 16)], want) << "domain index " << k;
  }
  EXPECT_GE(word.claim[0], 1);
  EXPECT_EQ(word.report[0], 1);
  EXPECT_EQ(word.report[1], 3) << "kind: a traced offset outside its tensor";
  EXPECT_TRUE(word.report[2] == 192 || word.report[2] == -4) << word.report[2];
  EXPECT_EQ(word.report[4], 0) << "the source's argument";
  EXPECT_EQ(word.report[5], 192);
}

// A buffer of elements of any type as the packed interface takes it.
struct Bytes {
  void *allocated, *aligned;
  int64_t offset = 0, size, stride = 1;
  Bytes(std::vector<uint8_t> &v, int elementBytes)
      : allocated(v.data()), aligned(v.data()), size(int64_t(v.size()) / elementBytes) {}
  void push(std::vector<void *> &args) {
    for (void *p : {(void *)&allocated, (void *)&aligned, (void *)&offset, (void *)&size, (void *)&stride})
      args.push_back(p);
  }
};

// The source values of test/corpus/torch_casts.tsv, by dtype: each dtype's
// special and random elements, as bytes.
std::map<jit::DType, std::vector<uint8_t>> corpusSources() {
  std::ifstream file(LAYOUTC_CORPUS_DIR "/torch_casts.tsv");
  std::map<jit::DType, std::vector<uint8_t>> values;
  std::map<jit::DType, std::set<std::string>> seen;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    std::string from, bits;
    std::getline(fields, from, '\t');
    std::getline(fields, bits, '\t');
    jit::DType t = *jit::parseDType(from);
    if (!seen[t].insert(bits).second)
      continue;
    for (int i = 0; i < jit::dtypeBytes(t); ++i)
      values[t].push_back(uint8_t(std::stoul(bits.substr(bits.size() - 2 * size_t(i + 1), 2), nullptr, 16)));
  }
  return values;
}

// Every cast between two dtypes as the kernel's map builds it (ElementCast),
// lowered for the host and run on the corpus's source values, against the
// host reference; NaNs match any NaN (the host's hardware widens and narrows
// them otherwise than the GPU's), every other element bit for bit.
TEST_F(TiledKernelOnCpu, CastsBetweenEveryPairOfDtypesAreTheHostReferences) {
  std::map<jit::DType, std::vector<uint8_t>> sources = corpusSources();
  ASSERT_EQ(sources.size(), size_t(jit::kDTypeCount)) << "cannot read " LAYOUTC_CORPUS_DIR "/torch_casts.tsv";
  HostContext host;
  for (auto &[from, in] : sources)
    for (int j = 0; j < jit::kDTypeCount; ++j) {
      jit::DType to = jit::dtypeAt(j).type;
      int fb = jit::dtypeBytes(from), tb = jit::dtypeBytes(to);
      int64_t n = int64_t(in.size()) / fb;
      // The destination every other element: the odd ones must stay as they were.
      jit::BuiltKernel built =
          jit::buildCopy(*host.context, jit::CopySpec(std::to_string(n) + ":1", std::to_string(n) + ":2", from, to),
                         {jit::BufferAlignment::Any});
      std::vector<uint8_t> out(size_t(2 * n * tb), 0xA5), want(out);
      for (int64_t k = 0; k < n; ++k)
        jit::convertElement(&in[size_t(k * fb)], from, &want[size_t(2 * k * tb)], to, std::nullopt);
      std::vector<uint8_t> input = in;
      Bytes a(input, fb), b(out, tb);
      std::vector<void *> args;
      a.push(args), b.push(args);
      FailureOr<Plan> plan = tileAndRun(*built.module, args);
      ASSERT_TRUE(succeeded(plan)) << jit::dtypeName(from) << " -> " << jit::dtypeName(to);
      size_t wrong = 0;
      for (int64_t k = 0; k < n; ++k) {
        const uint8_t *got = &out[size_t(2 * k * tb)], *expected = &want[size_t(2 * k * tb)];
        bool nan = jit::isNaN(got, to) && jit::isNaN(expected, to);
        if (!nan && std::memcmp(got, expected, size_t(tb)) != 0 && wrong++ < 3)
          ADD_FAILURE() << jit::dtypeName(from) << " -> " << jit::dtypeName(to) << ": element " << k
                        << " differs from the host reference";
      }
      for (int64_t k = 0; k < n; ++k) // the odd elements untouched
        wrong += std::memcmp(&out[size_t((2 * k + 1) * tb)], &want[size_t((2 * k + 1) * tb)], size_t(tb)) != 0;
      EXPECT_EQ(wrong, 0u) << jit::dtypeName(from) << " -> " << jit::dtypeName(to) << ", of " << n;
    }
}

} // namespace
} // namespace layoutc::test
