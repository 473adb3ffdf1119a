//===- ExecutionEngineTest.cpp - Lowered index functions run on the CPU ---===//
//
// Every static layout of the corpus (test/corpus/*.tsv, as arguments or
// expected values) becomes three functions: crd2idx at an integer, crd2idx
// at idx2crd's coordinate, and, composed with a swizzle, crd2idx through the
// composed layout. They are lowered by --convert-lay-to-arith and MLIR's LLVM
// lowering, JIT-compiled by MLIR's ExecutionEngine, and run for every index
// of the layout's domain; each offset must equal the algebra's.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/CaseFile.h"
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/TargetSelect.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

using namespace mlir;
namespace algebra = layoutc::algebra;

namespace {

// The static layouts of the corpus with integer strides and at most 4096
// points, each once.
std::vector<algebra::Layout> corpusLayouts() {
  std::set<std::string> seen;
  std::vector<algebra::Layout> out;
  for (const char *file : {"algebra_public.tsv", "cute_unit_cases.tsv"}) {
    std::ifstream in(std::string(LAYOUTC_CORPUS_DIR) + "/" + file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#')
        continue;
      std::istringstream fields(line);
      std::string field;
      while (std::getline(fields, field, '\t')) {
        algebra::Expected<algebra::Layout> l = algebra::parseLayout(field);
        if (!l || l.value().typeStr() != l.value().str() || field.find('@') != std::string::npos ||
            l.value().shape.str().find('-') != std::string::npos) // static, integer strides, positive shapes
          continue;
        if (algebra::size(l.value()) > 4096 || !seen.insert(l.value().str()).second)
          continue;
        out.push_back(l.value());
      }
    }
  }
  return out;
}

std::string functions(size_t i, const algebra::Layout &l) {
  std::string type = "!lay.layout<\"" + l.str() + "\">";
  std::string shape = "!lay.tuple<\"" + l.shape.str() + "\">";
  // The coordinate's type: idx2crd of an unknown index, as the dialect infers it.
  algebra::IntTuple crd = algebra::idx2crd(algebra::IntTuple::of(algebra::Int::unknown()), l.shape);
  std::string crdType = l.shape.isTuple() ? "!lay.tuple<\"" + crd.typeStr() + "\">" : "index";
  std::string composed = "!lay.composed<!lay.swizzle<2,1,3>, " + type + ">";
  std::string n = std::to_string(i);
  return "func.func @at" + n + "(%k: index) -> index {\n  %l = lay.constant : " + type +
         "\n  %r = lay.crd2idx %k, %l : index, " + type + " -> index\n  return %r : index\n}\n" + "func.func @split" +
         n + "(%k: index) -> index {\n  %l = lay.constant : " + type + "\n  %s = lay.constant : " + shape +
         "\n  %c = lay.idx2crd %k, %s : index, " + shape + " -> " + crdType +
         "\n  %r = lay.crd2idx %c, %l : " + crdType + ", " + type + " -> index\n  return %r : index\n}\n" +
         "func.func @swizzled" + n + "(%k: index) -> index {\n  %l = lay.constant : " + type +
         "\n  %s = lay.constant : !lay.swizzle<2,1,3>\n  %z = arith.constant 0 : index\n" +
         "  %c = lay.make_composed_layout %s, %z, %l : !lay.swizzle<2,1,3>, index, " + type + " -> " + composed +
         "\n  %r = lay.crd2idx %k, %c : index, " + composed + " -> index\n  return %r : index\n}\n";
}

TEST(ExecutionEngine, CorpusLayoutsRunOnTheCpu) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  std::vector<algebra::Layout> layouts = corpusLayouts();
  ASSERT_GT(layouts.size(), 200u);

  DialectRegistry registry;
  layoutc::registerLoweringDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string text;
  for (size_t i = 0; i < layouts.size(); ++i)
    text += functions(i, layouts[i]);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addPass(layoutc::createConvertLayToArith());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  // Code generation without optimization: the test checks the lowering, and
  // compiling 15k functions at -O2 would dominate its time.
  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::None;
  auto engine = ExecutionEngine::create(*module, options);
  ASSERT_TRUE(bool(engine)) << llvm::toString(engine.takeError());
  algebra::Swizzle swizzle = algebra::makeSwizzle(2, 1, 3);
  int64_t checked = 0;
  for (size_t i = 0; i < layouts.size(); ++i) {
    const algebra::Layout &l = layouts[i];
    std::string n = std::to_string(i);
    std::vector<int64_t> expected;
    for (int64_t k = 0, size = algebra::size(l); k < size; ++k)
      expected.push_back(algebra::evaluate(l, k));
    for (const std::string &f : {"at" + n, "split" + n, "swizzled" + n}) {
      auto fn = (*engine)->lookupPacked(f);
      ASSERT_TRUE(bool(fn)) << llvm::toString(fn.takeError());
      bool swizzled = f[0] == 's' && f[1] == 'w';
      for (int64_t k = 0; k < int64_t(expected.size()); ++k) {
        int64_t in = k, got = 0;
        void *args[] = {&in, &got}; // the packed interface: arguments, then the result
        (*fn)(args);
        int64_t want = swizzled ? swizzle(expected[size_t(k)]) : expected[size_t(k)];
        ASSERT_EQ(got, want) << f << ": " << l.str() << " at " << k;
        ++checked;
      }
    }
  }
  std::cout << layouts.size() << " corpus layouts, " << checked << " offsets checked\n";
}

} // namespace
