//===- DynamicTest.cpp - Dynamic integers and the IntDomain hook ----------===//
#include "TestUtil.h"

#include <map>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

// `?` leaves: structure follows CuTe's static-only decisions, values are `?`.
TEST(Dynamic, UnknownLeavesKeepCuTesStructure) {
  EXPECT_EQ(eval("logical_divide((?,?):(1,?), <32:1,64:1>)"), "((32,?),(64,?)):((1,32),(?,?{div=64}))");
  EXPECT_EQ(eval("zipped_divide((?,?):(?,1), (128,64))"), "((128,64),(?,?)):((?,1),(?{div=128},64))");
  EXPECT_EQ(eval("size(zipped_divide((?,?):(1,?), (32,64)))"), "?{div=2048}");
  EXPECT_EQ(eval("size<0>(zipped_divide((?,?):(1,?), (32,64)))"), "2048");
  EXPECT_EQ(eval("make_layout((4,?,8))"), "(4,?,8):(1,4,?{div=4})");
  // Dynamic modes never merge: CuTe cannot tell statically that they line up.
  EXPECT_EQ(eval("coalesce((4,?,2):(1,4,?))"), "(4,?,2):(1,4,?)");
  EXPECT_EQ(eval("coalesce((4,2,?):(1,4,8))"), "(8,?):(1,8)");
  EXPECT_EQ(eval("complement(?:2, 64)"), "(2,?):(1,?{div=2})");
  EXPECT_EQ(eval("crd2idx((1,2), (4,?):(1,?))"), "?");
  EXPECT_EQ(eval("crd2idx((1,0), (4,?):(1,?))"), "1");
}

// Facts: a ?{div=N} leaf is a multiple of N; arithmetic keeps what it can.
TEST(Dynamic, DivisibilityFactsPropagate) {
  EXPECT_EQ(eval("?{div=8}:1"), "?{div=8}:1");
  EXPECT_EQ(eval("logical_divide((?{div=64},?):(1,?{div=64}), <32:1,64:1>)"),
            "((32,?{div=2}),(64,?)):((1,32),(?{div=64},?{div=4096}))");
  EXPECT_EQ(eval("size((?{div=8},4):(1,?))"), "?{div=32}");
  EXPECT_EQ(eval("make_layout((4,?{div=4},2))"), "(4,?{div=4},2):(1,4,?{div=16})");
  EXPECT_EQ(eval("cosize((?{div=4},2):(1,?{div=6}))"), "?");
  EXPECT_EQ(evalError("?{div=0}:1"), "parse: the divisor of ?{div=0} must be positive (at column 3)");
  EXPECT_EQ(evalError("?{size=4}:1"), "parse: expected a fact div=N or bits=K in ?{...} (at column 3)");
}

// Range facts: bits=K bounds a leaf below 2^K, kept soundly through arithmetic.
TEST(Dynamic, RangeFactsPropagate) {
  EXPECT_EQ(eval("?{div=8,bits=16}:1"), "?{div=8,bits=16}:1");
  EXPECT_EQ(eval("make_layout((4,?{bits=10},3))"), "(4,?{bits=10},3):(1,4,?{div=4,bits=12})");
  EXPECT_EQ(eval("size((?{bits=10},?{div=4,bits=8}):(1,?))"), "?{div=4,bits=18}");
  // ceil(M/32) for M < 2^12 is at most 128: 8 bits.
  EXPECT_EQ(eval("logical_divide((?{bits=12},?):(1,?), <32:1,64:1>)"),
            "((32,?{bits=8}),(64,?)):((1,32),(?,?{div=64}))");
  EXPECT_EQ(evalError("?{bits=0}:1"), "parse: the bound ?{bits=0} must be between 1 and 62 (at column 3)");
}

TEST(Dynamic, RefusalsSayWhatMustBeStatic) {
  EXPECT_EQ(evalError("complement((4,?):(1,?), 64)"),
            "complement: layout (4,?):(1,?) has the dynamic stride ? among several modes; complement "
            "orders modes by stride, so it needs static strides (or a single mode) (at column 1)");
  EXPECT_EQ(evalError("left_inverse((4,?):(1,?))"),
            "left_inverse: layout (4,?):(1,?) has dynamic strides; left_inverse needs static strides (at column 1)");
  EXPECT_EQ(evalError("size(4:1) + 1"), "parse: unexpected '+' after a complete value (at column 11)");
}

TEST(Dynamic, UnverifiableCompositionsRecordTheirAssumption) {
  Expected<Value> v = evaluateExpression("composition((8,?):(?,1), (4,2):(2,4))");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.value().str(), "(4,2):(?{div=2},?{div=4})");
  ASSERT_EQ(v.value().assumptions.size(), 1u);
  EXPECT_EQ(v.value().assumptions[0],
            "composition((8,?):(?,1), (4,2):(2,4)) = (4,2):(?{div=2},?{div=4}) is A o B only if the run-time "
            "values meet CuTe's divisibility conditions");
  // A linear A needs no assumption.
  EXPECT_TRUE(evaluateExpression("composition(?:1, (32,?):(1,32))").value().assumptions.empty());
}

// With run-time values, dynamic leaves compute and check like static ones,
// but structure still follows the static-only decisions, and the type form
// prints them as `?`.
TEST(Dynamic, RunTimeValuesAreComputedAndChecked) {
  Layout a(IntTuple{IntTuple::dynamic(128), IntTuple::dynamic(96)}, IntTuple{1, IntTuple::dynamic(128)});
  Layout d = logicalDivide(a, Tiler::ofShape(T("(32,64)")));
  EXPECT_EQ(d.str(), "((32,4),(64,2)):((1,32),(128,8192))");
  EXPECT_EQ(d.typeStr(), "((32,?),(64,?)):((1,32),(?,?))");
  // 96 is not a multiple of 64: the rest mode rounds up (CuTe's ceil_div).
  EXPECT_EQ(size(d), 4 * 32 * 2 * 64);
  Layout bad(IntTuple{6, 2}, IntTuple{1, IntTuple::dynamic(7)});
  EXPECT_THROW(composition(bad, L("(3,2):(2,3)")), AlgebraError);
}

namespace {
// A symbolic domain in miniature: dynamic payloads index expressions.
class RecordingDomain : public IntDomain {
public:
  Int symbol(const std::string &name) {
    exprs.push_back(name);
    return Int::dynamic(int64_t(exprs.size() - 1));
  }
  std::string show(Int v) const { return v.isStatic() ? std::to_string(v.value) : exprs[size_t(v.value)]; }

  Int apply(IntOp op, Int a, Int b) override {
    std::string x = show(a), y = show(b), e;
    switch (op) {
    case IntOp::Mul:
      e = x == "1" ? y : y == "1" ? x : x + "*" + y;
      break;
    case IntOp::CeilDiv:
      e = "ceil(" + x + "/" + y + ")";
      break;
    case IntOp::Abs:
    case IntOp::Signum:
      e = x;
      break; // strides here are positive
    default:
      e = "op(" + x + "," + y + ")";
      break;
    }
    exprs.push_back(e);
    return Int::dynamic(int64_t(exprs.size() - 1));
  }

  std::vector<std::string> exprs;
};

std::string show(const RecordingDomain &d, const IntTuple &t) {
  if (!t.isTuple())
    return d.show(t.integer());
  std::string s = "(";
  for (size_t i = 0; i < t.size(); ++i)
    s += (i ? "," : "") + show(d, t[i]);
  return s + ")";
}
} // namespace

// The hook a symbolic domain (the lowering) overrides: every operation on a
// dynamic integer goes through it, and static ones never do.
TEST(Dynamic, ASymbolicDomainSeesEveryDynamicOperation) {
  RecordingDomain d;
  DomainScope scope(d);
  Int m = d.symbol("M"), n = d.symbol("N");
  Layout a(IntTuple{IntTuple::of(m), IntTuple::of(n)}, IntTuple{1, IntTuple::of(m)});
  Layout r = logicalDivide(a, Tiler::ofShape(T("(32,64)")));
  EXPECT_EQ(show(d, r.shape) + ":" + show(d, r.stride), "((32,ceil(M/32)),(64,ceil(N/64))):((1,32),(M,64*M))");
}
