//===- LayToArithTest.cpp - Lowered index math against the algebra --------===//
//
// Testing layer 3 of DESIGN.md: crd2idx is lowered with --convert-lay-to-arith,
// the resulting arith is interpreted on the host for every index of the
// layout's domain, and each offset is compared with the algebra's.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Dialect/Layout/LayoutDialect.h"
#include "layoutc/JIT/CopySpec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

using namespace mlir;

namespace {

// Runs a function body of arith ops on integer arguments.
int64_t interpret(func::FuncOp f, const std::vector<int64_t> &args) {
  llvm::DenseMap<Value, int64_t> v;
  for (auto [i, a] : llvm::enumerate(f.getArguments()))
    v[a] = args[i];
  for (Operation &op : f.getBody().front()) {
    auto in = [&](unsigned i) { return v.lookup(op.getOperand(i)); };
    int64_t r = 0;
    if (auto c = dyn_cast<arith::ConstantOp>(op))
      r = cast<IntegerAttr>(c.getValue()).getInt();
    else if (isa<arith::AddIOp>(op))
      r = in(0) + in(1);
    else if (isa<arith::SubIOp>(op))
      r = in(0) - in(1);
    else if (isa<arith::MulIOp>(op))
      r = in(0) * in(1);
    else if (isa<arith::DivSIOp>(op))
      r = in(0) / in(1);
    else if (isa<arith::RemSIOp>(op))
      r = in(0) % in(1);
    else if (isa<arith::DivUIOp>(op))
      r = int64_t(uint64_t(in(0)) / uint64_t(in(1)));
    else if (isa<arith::CeilDivSIOp>(op))
      r = (in(0) + in(1) - 1) / in(1);
    else if (isa<memref::LoadOp>(op)) // a memref<?xindex> of offsets: element i is i
      r = in(1);
    else if (isa<arith::MulUIExtendedOp>(op)) {
      unsigned __int128 p = (unsigned __int128)uint64_t(in(0)) * uint64_t(in(1));
      v[op.getResult(0)] = int64_t(uint64_t(p));
      r = int64_t(uint64_t(p >> 64)); // the high half, result 1
      v[op.getResult(1)] = r;
      continue;
    } else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
      EXPECT_EQ(cmp.getPredicate(), arith::CmpIPredicate::eq);
      r = in(0) == in(1);
    } else if (isa<arith::SelectOp>(op))
      r = in(0) ? in(1) : in(2);
    else if (isa<arith::AndIOp>(op))
      r = in(0) & in(1);
    else if (isa<arith::XOrIOp>(op))
      r = in(0) ^ in(1);
    else if (isa<arith::ShRUIOp>(op))
      r = int64_t(uint64_t(in(0)) >> in(1));
    else if (isa<arith::ShLIOp>(op))
      r = in(0) << in(1);
    else if (auto ret = dyn_cast<func::ReturnOp>(op))
      return v.lookup(ret.getOperand(0));
    else
      ADD_FAILURE() << "unexpected op after lowering: " << op.getName().getStringRef().str();
    if (op.getNumResults())
      v[op.getResult(0)] = r;
  }
  ADD_FAILURE() << "no return";
  return 0;
}

// `text` parsed and lowered by --convert-lay-to-arith; null on failure.
OwningOpRef<ModuleOp> lowered(MLIRContext &context, const std::string &text) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  PassManager pm(&context);
  pm.addPass(layoutc::createConvertLayToArith());
  if (!module || failed(pm.run(*module)))
    return nullptr;
  return module;
}

struct Case {
  const char *type;              // the layout type, `?` for dynamic leaves
  std::vector<int64_t> dynamic;  // their values, in print order
  const char *swizzle = nullptr; // an inner swizzle "B,M,S", or none
  layoutc::algebra::Swizzle s{}; // the same swizzle
  const char *split = nullptr;   // index through idx2crd(%k, split) first
};

class LayToArith : public ::testing::TestWithParam<Case> {};

TEST_P(LayToArith, EveryIndexMatchesTheAlgebra) {
  const Case &c = GetParam();
  MLIRContext context;
  context.loadDialect<layoutc::lay::LayDialect, arith::ArithDialect, func::FuncDialect>();
  std::string args = "%k: index", operands;
  for (size_t i = 0; i < c.dynamic.size(); ++i) {
    args += ", %d" + std::to_string(i) + ": index";
    operands += (i ? ", %d" : " %d") + std::to_string(i);
  }
  std::string type = std::string("!lay.layout<\"") + c.type + "\">";
  std::string body = c.dynamic.empty() ? "  %l = lay.constant : " + type + "\n"
                                       : "  %l = lay.make_layout" + operands + " : " + type + "\n";
  std::string layout = "%l", layoutType = type;
  if (c.swizzle) {
    std::string s = std::string("!lay.swizzle<") + c.swizzle + ">";
    layoutType = "!lay.composed<" + s + ", " + type + ">";
    body += "  %s = lay.constant : " + s + "\n  %z = arith.constant 0 : index\n" +
            "  %cl = lay.make_composed_layout %s, %z, %l : " + s + ", index, " + type + " -> " + layoutType + "\n";
    layout = "%cl";
  }
  std::string coord = "%k", coordType = "index";
  if (c.split) {
    std::string shape = std::string("!lay.tuple<\"") + c.split + "\">";
    std::string crd = shape;
    for (char &ch : crd)
      if (std::isdigit(static_cast<unsigned char>(ch)))
        ch = '?';
    crd.erase(std::unique(crd.begin(), crd.end(), [](char a, char b) { return a == '?' && b == '?'; }), crd.end());
    body += "  %shape = lay.constant : " + shape + "\n  %crd = lay.idx2crd %k, %shape : index, " + shape + " -> " +
            crd + "\n";
    coord = "%crd";
    coordType = crd;
  }
  std::string text = "func.func @f(" + args + ") -> index {\n" + body + "  %r = lay.crd2idx " + coord + ", " + layout +
                     " : " + coordType + ", " + layoutType + " -> index\n  return %r : index\n}\n";
  OwningOpRef<ModuleOp> module = lowered(context, text);
  ASSERT_TRUE(module) << text;
  auto f = cast<func::FuncOp>(module->getBody()->front());

  // The same layout with its values, in the algebra.
  std::string concrete = c.type;
  for (int64_t d : c.dynamic)
    concrete.replace(concrete.find('?'), 1, std::to_string(d));
  layoutc::algebra::Layout l = layoutc::algebra::parseLayout(concrete).value();
  std::vector<int64_t> argv{0};
  argv.insert(argv.end(), c.dynamic.begin(), c.dynamic.end());
  int64_t n = layoutc::algebra::size(l);
  for (int64_t k = 0; k < n; ++k) {
    argv[0] = k;
    int64_t expected = layoutc::algebra::evaluate(l, k);
    if (c.swizzle)
      expected = c.s(expected);
    ASSERT_EQ(interpret(f, argv), expected) << concrete << " at " << k;
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, LayToArith,
                         ::testing::Values(Case{"(4,8):(8,1)", {}}, Case{"((2,4),(3,5)):((1,30),(2,6))", {}},
                                           Case{"(?,?):(1,?)", {5, 7, 5}}, Case{"((4,?),8):((1,?),4)", {3, 3}},
                                           Case{"(3,(?,2)):(?,(3,0))", {4, 8}},
                                           Case{"(16,16):(16,1)", {}, "3,4,3", {3, 4, 3}},
                                           Case{"(8,(4,?)):(?,(1,4))", {3, 16}, "2,0,3", {2, 0, 3}},
                                           Case{"(64,8):(8,1)", {}, "3,3,-3", {3, 3, -3}},
                                           Case{"((2,4),(3,5)):((1,30),(2,6))", {}, nullptr, {}, "((2,4),(3,5))"},
                                           Case{"(?,(4,?)):(?,(1,4))", {6, 3, 12}, "2,0,3", {2, 0, 3}, "(6,(4,3))"}));

// A view chain, tile then thread partition, over a static and over a dynamic
// 10 x 12 row-major tensor: the element each thread loads, for every tile,
// thread and element, is zipped_divide's at ((thread's coordinate + P * c),
// tile coordinate), computed by the algebra.
TEST(LayToArithViews, TileThenPartitionMatchesZippedDivide) {
  using namespace layoutc::algebra;
  for (bool dynamic : {false, true}) {
    MLIRContext context;
    context.loadDialect<layoutc::lay::LayDialect, arith::ArithDialect, func::FuncDialect, memref::MemRefDialect>();
    std::string lt = dynamic ? "!lay.layout<\"(?,?):(?,1)\">" : "!lay.layout<\"(10,12):(12,1)\">";
    std::string tileT = dynamic ? "!lay.layout<\"(4,8):(?,1)\">" : "!lay.layout<\"(4,8):(12,1)\">";
    std::string partT = dynamic ? "!lay.layout<\"(2,2):(?,4)\">" : "!lay.layout<\"(2,2):(24,4)\">";
    std::string text =
        "func.func @f(%buf: memref<?xindex>, %m: index, %n: index, %b: index, %t: index, %i: index, %j: index) -> "
        "index {\n" +
        std::string(dynamic ? "  %l = lay.make_layout %m, %n, %n : " + lt + "\n"
                            : "  %l = lay.constant : " + lt + "\n") +
        "  %x = lay.make_tensor %buf, %l : memref<?xindex>, " + lt + " -> !lay.tensor<index, " + lt + ">\n" +
        "  %tiler = lay.constant : !lay.tiler<\"<4:1,8:1>\">\n" +
        "  %tile = lay.local_tile %x, %tiler, %b : !lay.tensor<index, " + lt +
        ">, !lay.tiler<\"<4:1,8:1>\">, index -> "
        "!lay.tensor<index, " +
        tileT + ">\n" + "  %thr = lay.constant : !lay.layout<\"(2,4):(4,1)\">\n" +
        "  %mine = lay.local_partition %tile, %thr, %t : !lay.tensor<index, " + tileT +
        ">, !lay.layout<\"(2,4):(4,1)\">, index -> !lay.tensor<index, " + partT + ">\n" +
        "  %c = lay.make_tuple %i, %j : !lay.tuple<\"(?,?)\">\n" + "  %v = lay.load %mine[%c] : !lay.tensor<index, " +
        partT + ">, !lay.tuple<\"(?,?)\"> -> index\n" + "  return %v : index\n}\n";
    OwningOpRef<ModuleOp> module = lowered(context, text);
    ASSERT_TRUE(module) << text;
    auto f = cast<func::FuncOp>(module->getBody()->front());

    Layout zd = zippedDivide(parseLayout("(10,12):(12,1)").value(), Tiler::ofShape(IntTuple{4, 8}));
    for (int64_t b = 0; b < 6; ++b)     // tiles: ceil(10/4) x ceil(12/8) = 3 x 2
      for (int64_t t = 0; t < 8; ++t)   // threads (2,4):(4,1): coordinate (t/4, t%4)
        for (int64_t i = 0; i < 2; ++i) // each thread's (4/2, 8/4) elements
          for (int64_t j = 0; j < 2; ++j) {
            IntTuple at{IntTuple{t / 4 + 2 * i, t % 4 + 4 * j}, IntTuple{b % 3, b / 3}};
            int64_t expected = crd2idx(at, zd).value();
            ASSERT_EQ(interpret(f, {0, 10, 12, b, t, i, j}), expected)
                << (dynamic ? "dynamic" : "static") << " tile " << b << " thread " << t << " (" << i << "," << j << ")";
          }
  }
}

// Dynamic shapes marked lay.fast_divisor: idx2crd's divisions become
// multiply-high and shift; every offset still equals the algebra's.
TEST(LayToArithFastDivisor, EveryIndexMatchesTheAlgebra) {
  struct Shape {
    const char *type;
    std::vector<int64_t> values; // the `?` leaves: shape leaves first
    int shapeLeaves;
  };
  for (const Shape &c :
       {Shape{"(?,?):(?,1)", {7, 13, 13}, 2}, Shape{"(?,?):(1,?)", {1, 9, 1}, 2},
        Shape{"((?,4),?):((1,?),?)", {5, 6, 3, 120}, 2}, Shape{"(?,(3,?)):(?,(?,1))", {64, 8, 24, 8}, 2}}) {
    MLIRContext context;
    context.loadDialect<layoutc::lay::LayDialect, arith::ArithDialect, func::FuncDialect>();
    std::string args = "%k: index", body, operands;
    for (size_t i = 0; i < c.values.size(); ++i) {
      std::string n = std::to_string(i);
      args += ", %d" + n + ": index";
      if (int(i) < c.shapeLeaves) {
        args += ", %m" + n + ": index, %s" + n + ": index";
        body += "  %f" + n + " = lay.fast_divisor %d" + n + ", %m" + n + ", %s" + n + "\n";
        operands += (i ? ", %f" : " %f") + n;
      } else {
        operands += ", %d" + n;
      }
    }
    std::string type = std::string("!lay.layout<\"") + c.type + "\">";
    std::string text = "func.func @f(" + args + ") -> index {\n" + body + "  %l = lay.make_layout" + operands + " : " +
                       type + "\n  %r = lay.crd2idx %k, %l : index, " + type + " -> index\n  return %r : index\n}\n";
    OwningOpRef<ModuleOp> module = lowered(context, text);
    ASSERT_TRUE(module) << text;
    auto f = cast<func::FuncOp>(module->getBody()->front());
    // Divisions by constants are left to LLVM (multiply-shift); none by a `?`.
    for (Operation &op : f.getBody().front())
      ASSERT_FALSE(
          (isa<arith::DivSIOp, arith::RemSIOp>(op) && !op.getOperand(1).getDefiningOp<arith::ConstantIndexOp>()))
          << "a division by a dynamic value is left in\n"
          << text;

    std::string concrete = c.type;
    std::vector<int64_t> argv{0};
    for (size_t i = 0; i < c.values.size(); ++i) {
      concrete.replace(concrete.find('?'), 1, std::to_string(c.values[i]));
      argv.push_back(c.values[i]);
      if (int(i) < c.shapeLeaves) {
        layoutc::jit::FastDivisor fd = layoutc::jit::fastDivisor(c.values[i]);
        argv.push_back(int64_t(fd.multiplier));
        argv.push_back(fd.shift);
      }
    }
    layoutc::algebra::Layout l = layoutc::algebra::parseLayout(concrete).value();
    for (int64_t k = 0; k < layoutc::algebra::size(l); ++k) {
      argv[0] = k;
      ASSERT_EQ(interpret(f, argv), layoutc::algebra::evaluate(l, k)) << concrete << " at " << k;
    }
  }
}

} // namespace
