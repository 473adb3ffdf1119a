//===- RobustnessTest.cpp - Mangled input never crashes -------------------===//
//
// Corpus expressions with random edits (fixed seed): every one must either
// evaluate or be refused with an AlgebraError; never another exception, a
// crash, or an assertion.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/CaseFile.h"

#include <fstream>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

namespace {
std::vector<std::string> corpusExpressions() {
  std::vector<std::string> out;
  for (const char *file : {"algebra_public.tsv", "algebra_errors_public.tsv", "cute_unit_cases.tsv"}) {
    std::ifstream in(std::string(LAYOUTC_CORPUS_DIR) + "/" + file);
    std::string line;
    while (std::getline(in, line))
      if (std::optional<Case> c = parseCaseLine(line))
        out.push_back(caseExpression(*c));
  }
  return out;
}

std::string mangle(std::string s, LayoutGen &gen) {
  static const std::string alphabet = "()<>,:_?-@S o0123456789";
  int edits = int(gen.pick(1, 3));
  for (int e = 0; e < edits && !s.empty(); ++e) {
    size_t at = size_t(gen.pick(0, int64_t(s.size()) - 1));
    char c = alphabet[size_t(gen.pick(0, int64_t(alphabet.size()) - 1))];
    switch (gen.pick(0, 2)) {
    case 0:
      s.erase(at, 1);
      break;
    case 1:
      s.insert(at, 1, c);
      break;
    default:
      s[at] = c;
    }
  }
  return s;
}
} // namespace

TEST(Robustness, MangledExpressionsEvaluateOrAreRefused) {
  std::vector<std::string> exprs = corpusExpressions();
  ASSERT_GT(exprs.size(), 4000u);
  LayoutGen gen(1234);
  int refused = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string e = mangle(exprs[size_t(gen.pick(0, int64_t(exprs.size()) - 1))], gen);
    try {
      Expected<Value> v = evaluateExpression(e);
      if (!v) {
        ++refused;
        EXPECT_FALSE(v.error().oneLine().empty()) << e;
      } else {
        EXPECT_FALSE(v.value().str().empty()) << e;
      }
    } catch (const std::exception &x) {
      ADD_FAILURE() << "'" << e << "' threw " << x.what();
    }
  }
  EXPECT_GT(refused, 1000);
}
