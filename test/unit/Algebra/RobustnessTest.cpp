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

// Issue 32: mode indices are int64 down to the function that knows the rank;
// once they were cut to 32 bits, and get<4294967296> answered mode 0.
TEST(Robustness, ModeIndicesAreCheckedAsInt64) {
  EXPECT_EQ(evalError("get<4294967296>((2,3):(1,2))"),
            "get: mode 4294967296 is out of range for layout (2,3):(1,2) of rank 2 (at column 1)");
  EXPECT_EQ(evalError("select<4294967296>((2,3):(1,2))"),
            "select: mode 4294967296 is out of range for layout (2,3):(1,2) of rank 2 (at column 1)");
  EXPECT_EQ(evalError("get<4294967297>((2,3))"),
            "get: mode 4294967297 is out of range for tuple (2,3) of rank 2 (at column 1)");
}

// Issue 32: an index outside a tuple's modes is an index error, in one place
// (the empty tuple has no mode 0).
TEST(Robustness, ModeOfATupleIsCheckedOnce) {
  IntTuple empty = IntTuple::tuple(IntTuple::Children{});
  try {
    (void)mode(empty, 0);
    ADD_FAILURE() << "mode 0 of () returned";
  } catch (const AlgebraError &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Index);
    EXPECT_EQ(std::string(e.what()), "mode 0 is out of range for () of rank 0");
  }
}

// Issue 32: control bytes of the input are escaped where an error quotes it,
// and a long source is cut around the column.
TEST(Robustness, ErrorsEscapeControlBytesAndCutLongSources) {
  EXPECT_EQ(printable(std::string("a\tb\n\x01\x7f\x1b[31m") + "\xc3\xa9"), "a\\tb\\n\\x01\\x7f\\x1b[31m\xc3\xa9");
  // Issue 51: bytes that are not UTF-8 are escaped too (a lone
  // continuation byte, a cut sequence, an overlong form, a surrogate), valid
  // sequences of 2 to 4 bytes kept; printableLines keeps line breaks.
  EXPECT_EQ(printable("\x80|\xc3|\xc0\xaf|\xed\xa0\x80|\xe2\x82\xac|\xf0\x9f\x98\x80"),
            "\\x80|\\xc3|\\xc0\\xaf|\\xed\\xa0\\x80|\xe2\x82\xac|\xf0\x9f\x98\x80");
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printableLines(std::string("one\ntwo\x1b[2J\0", 12)), "one\ntwo\\x1b[2J\\x00");
  std::string source = "(";
  for (int i = 0; i < 100; ++i)
    source += "1,";
  source += "x)";
  Expected<Value> v = evaluateExpression(source);
  ASSERT_FALSE(v);
  std::string text = v.error().what();
  // The error is at the ')' after the name x: the source line is "  ...",
  // the 80 bytes before the column, then ")"; the caret under the ")".
  size_t line = text.find('\n') + 1, caret = text.find('\n', line) + 1;
  std::string quoted = text.substr(line, caret - 1 - line), under = text.substr(caret);
  EXPECT_EQ(quoted.substr(0, 5), "  ...");
  EXPECT_EQ(quoted.size(), 2u + 3u + 80u + 1u);
  EXPECT_EQ(quoted.substr(quoted.size() - 2), "x)");
  EXPECT_EQ(under, std::string(quoted.size() - 1, ' ') + "^");
}
