//===- NotationParsesTest.cpp - Compiling reads no CuTe notation ----------===//
//
// The lay types hold algebra values: once the input is parsed, the passes,
// the lowering and code generation read the types' values and never run the
// notation parser again.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/Notation.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/CopySpec.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

namespace layoutc::test {
namespace {

using jit::DType;

// The notation parser's runs while `module` (text, as built by the JIT)
// is compiled to PTX, after it is parsed.
uint64_t parsesToCompile(jit::Compiler &compiler, const std::string &text) {
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(text, &compiler.context());
  EXPECT_TRUE(module) << text;
  if (!module)
    return ~uint64_t(0);
  uint64_t before = algebra::notationParses();
  jit::CompileOptions options;
  std::string ptx = compiler.compile(module->getOperation(), "kernel.mlir", options);
  EXPECT_NE(ptx.find(".entry"), std::string::npos);
  return algebra::notationParses() - before;
}

TEST(NotationParses, CountsEveryRunOfTheParser) {
  uint64_t before = algebra::notationParses();
  ASSERT_TRUE(algebra::parseLayout("(2,3):(3,1)"));
  ASSERT_TRUE(algebra::parseValue("<2:1,_>"));
  ASSERT_FALSE(algebra::parseIntTuple("(2,"));
  EXPECT_EQ(algebra::notationParses() - before, 3u);
}

TEST(NotationParses, NoneAfterTheInputIsParsed) {
  jit::Compiler compiler;
  jit::CompileOptions mlir;
  mlir.emit = jit::Emit::Mlir;
  const jit::CopySpec copies[] = {
      {"(16384,16384):(16384,1)", "(16384,16384):(1,16384)", DType::F32}, // tiled, staged
      {"(8191,8193):(8193,1)", "(8191,8193):(1,8191)", DType::F16},       // a ragged edge
      {"(64,256,64,64):(1048576,4096,64,1)", "(64,256,64,64):(1048576,1,16384,256)", DType::F16},
      {"(?,?):(?,1)", "(?,?):(1,?)", DType::F32},                // dynamic leaves
      {"(4096,4096):(0,1)", "(4096,4096):(4096,1)", DType::F32}, // a broadcast
  };
  for (const jit::CopySpec &spec : copies)
    EXPECT_EQ(parsesToCompile(compiler, jit::compileCopy(compiler, spec, mlir)), 0u) << spec.key();
  jit::CopySpec gather = jit::CopySpec::gather(77, DType::F32, DType::I32);
  EXPECT_EQ(parsesToCompile(compiler, jit::compileCopy(compiler, gather, mlir)), 0u);
}

} // namespace
} // namespace layoutc::test
