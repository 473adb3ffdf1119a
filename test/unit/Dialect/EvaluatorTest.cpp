//===- EvaluatorTest.cpp - Expressions through the lay IR -----------------===//
#include "layoutc/Algebra/CaseFile.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Dialect/Layout/LayoutEvaluator.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

using namespace layoutc;

namespace {
std::string viaIR(lay::LayoutEvaluator &ir, const std::string &e) {
  algebra::Expected<algebra::Value> v = ir.evaluate(e);
  return v ? v.value().str() : "error: " + v.error().oneLine();
}
} // namespace

TEST(Evaluator, AgreesWithTheAlgebra) {
  lay::LayoutEvaluator ir;
  EXPECT_EQ(viaIR(ir, "composition((6,2):(8,2),(4,3):(3,1))"), "((2,2),3):((24,2),8)");
  EXPECT_EQ(viaIR(ir, "size<0>(zipped_divide((?,?):(1,?), (32,64)))"), "2048");
  EXPECT_EQ(viaIR(ir, "logical_divide((?,?):(1,?), <32:1,64:1>)"), "((32,?),(64,?)):((1,32),(?,?{div=64}))");
  EXPECT_EQ(viaIR(ir, "((2,(2,2)):(4,(2,1)))(5)"), "5");
  EXPECT_EQ(viaIR(ir, "S<1,4,-7>(851)"), "2899");
  EXPECT_EQ(viaIR(ir, "compatible(4, (2,2))"), "true");
  EXPECT_EQ(viaIR(ir, "size((5,2))"), "10");
  EXPECT_EQ(viaIR(ir, "append<4>((4,8), 1)"), "(4,8,1,1)");
}

TEST(Evaluator, ReportsTheAlgebrasErrorsAndWhatHasNoOp) {
  lay::LayoutEvaluator ir;
  EXPECT_EQ(viaIR(ir, "composition((6,2):(1,7),(3,2):(2,3))"),
            "error: composition: A o B is not a layout CuTe can form for A = (6,2):(1,7) and B = (3,2):(2,3): "
            "coordinate 5 of B maps to B(5) = 7 and A(7) = 8, but CuTe's result (3,2):(2,3) gives 7 (A is not "
            "additive on the offsets B reaches) (at column 1)");
  EXPECT_EQ(viaIR(ir, "make_layout((2,3),LayoutRight)"),
            "error: make_layout: the lay dialect has no value for the tag LayoutRight (at column 1)");
  EXPECT_EQ(viaIR(ir, "take<1>(4:1)"), "error: take: takes 2 template arguments <...>, got 1 (at column 1)");
}

// lay.equal, lay.to_linear_layout and lay.from_linear_layout print what the algebra prints.
TEST(Evaluator, AnalysesThroughTheirOps) {
  lay::LayoutEvaluator ir;
  EXPECT_EQ(viaIR(ir, "equal((4,2):(1,4), 8:1)"), "true");
  EXPECT_EQ(viaIR(ir, "equal((4,2):(2,1), 8:1)"), "false: at index 1, coordinate (1,0) of A, A gives 2 and B gives 1");
  EXPECT_EQ(viaIR(ir, "equal((4,?):(1,4), 16:1)"),
            "depends on ?: shape<1>(A) is unknown; A and B agree on the indices below 4");
  EXPECT_EQ(viaIR(ir, "equal((4,3):(1,5) o 2 o (2,3):(1,2), 12:1 o 2 o 6:1)"),
            "false: at index 2, coordinate (0,1) of A, A gives 5 and B gives 4");
  EXPECT_EQ(viaIR(ir, "to_linear_layout(4:2)"),
            " - mode0=1 -> (2)\n   mode0=2 -> (4)\nwhere out dims are: [offset (size 8)]");
  EXPECT_EQ(viaIR(ir, "from_linear_layout((16,32,64,144),(1,2,4,8))"), "S<1,4,3> o 0 o (16,16):(16,1)");
  EXPECT_EQ(viaIR(ir, "equal(from_linear_layout(to_linear_layout(S<3,4,3> o 0 o (16,16):(16,1))), "
                      "S<3,4,3> o 0 o (16,16):(16,1))"),
            "true");
  EXPECT_EQ(viaIR(ir, "bank_conflicts((32,32):(32,1), (32,32):(1,32), f32)"), "(32,4)");
  EXPECT_EQ(viaIR(ir, "bank_conflicts(S<3,2,3> o 0 o (32,32):(32,1), (32,32):(1,32), u16)"), "(4,2)");
  EXPECT_EQ(viaIR(ir, "swizzle_for((32,32):(32,1), (32,32):(32,1), (32,32):(1,32), f32)"), "S<3,2,3>");
}

TEST(Evaluator, RefusesAnalysesAsTheAlgebraDoes) {
  lay::LayoutEvaluator ir;
  EXPECT_EQ(viaIR(ir, "equal(S<3,4,3>, 8:1)"),
            "error: equal: argument 1 is the swizzle S<3,4,3>, a function of every offset with no domain: compare it "
            "composed with a layout, S<3,4,3> o 0 o L (at column 1)");
  EXPECT_EQ(viaIR(ir, "to_linear_layout(S<2,0,2> o 3 o 16:1)"),
            "error: to_linear_layout: the offset 3 of S<2,0,2> o 3 o 16:1 is not 0: a linear layout has no constant "
            "term (at column 1)");
  EXPECT_EQ(viaIR(ir, "from_linear_layout((?,2))"),
            "error: from_linear_layout: in-dim mode0: basis ? is not a static integer (one out dim, offset: write b or "
            "(b)) (at column 1)");
  EXPECT_EQ(
      viaIR(ir, "bank_conflicts((32,32):(32,1), (32,32):(1,32), LayoutLeft)"),
      "error: bank_conflicts: unknown element type 'LayoutLeft' (f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, "
      "u16, u8) (at column 1)");
  EXPECT_EQ(viaIR(ir, "bank_conflicts(S<3,2,3> o 4 o (32,32):(32,1), (32,32):(1,32), f32)"),
            "error: bank_conflicts: SMEM S<3,2,3> o 4 o (32,32):(32,1) has offset 4; the dialect takes S o 0 o L "
            "(!lay.composed, from which the answer's type comes, carries no offset) (at column 1)");
  EXPECT_EQ(viaIR(ir, "from_linear_layout(equal(8:1, 8:1))"),
            "error: from_linear_layout: the lay dialect has no value for the answer true (at column 1)");
}

// Mangled corpus expressions through the IR: a value or an error, never a crash.
TEST(Evaluator, MangledExpressionsEvaluateOrAreRefused) {
  std::vector<std::string> exprs;
  std::ifstream in(std::string(LAYOUTC_CORPUS_DIR) + "/algebra_public.tsv");
  std::string line;
  while (std::getline(in, line))
    if (std::optional<algebra::Case> c = algebra::parseCaseLine(line))
      exprs.push_back(algebra::caseExpression(*c));
  ASSERT_GT(exprs.size(), 1000u);
  std::mt19937 rng(4321);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  const std::string alphabet = "()<>,:_?-@S o0123456789";
  lay::LayoutEvaluator ir;
  for (int n = 0; n < 4000; ++n) {
    std::string e = exprs[size_t(pick(0, int64_t(exprs.size()) - 1))];
    for (int k = int(pick(1, 3)); k > 0 && !e.empty(); --k) {
      size_t at = size_t(pick(0, int64_t(e.size()) - 1));
      char c = alphabet[size_t(pick(0, int64_t(alphabet.size()) - 1))];
      if (pick(0, 1))
        e[at] = c;
      else
        e.insert(at, 1, c);
    }
    try {
      std::string r = viaIR(ir, e);
      EXPECT_FALSE(r.empty()) << e;
    } catch (const std::exception &x) {
      ADD_FAILURE() << "'" << e << "' threw " << x.what();
    }
  }
}
