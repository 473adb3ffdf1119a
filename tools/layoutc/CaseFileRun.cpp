//===- CaseFileRun.cpp - layoutc eval --tsv: a file of cases --------------===//
#include "Commands.h"
#include "Evaluator.h"
#include "Files.h"

#include "layoutc/Algebra/CaseFile.h"

#include <iostream>
#include <sstream>

namespace layoutc::tool {

using namespace layoutc::algebra;

int runCaseFile(const std::string &path, bool check, Evaluator &evaluate) {
  std::string error;
  std::optional<std::string> text = readInputFile(path, error);
  if (!text) {
    std::cerr << "layoutc: " << error << "\n";
    return kInputError;
  }
  std::istringstream in(*text);
  std::string line;
  int lineNo = 0, passed = 0, failed = 0, withExpected = 0, mismatched = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    std::optional<Case> c = parseCaseLine(line);
    if (!c)
      continue;
    Expected<Value> v = evaluate(caseExpression(*c));
    std::string result = v ? v.value().str() : "error: " + v.error().oneLine();
    bool matches = caseMatches(result, !v.ok(), c->expected);
    if (!check) {
      std::cout << result << "\n";
      withExpected += !c->expected.empty();
      mismatched += !c->expected.empty() && !matches;
    } else if (matches) {
      ++passed;
    } else {
      ++failed;
      std::cout << inputName(path) << ":" << lineNo << ": " << caseExpression(*c) << "\n  expected: " << c->expected
                << "\n  got:      " << result << "\n";
    }
  }
  if (check) {
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? kOk : kInputError;
  }
  if (mismatched == 0)
    return kOk;
  std::cout << std::flush;
  std::cerr << "layoutc eval: " << mismatched << " of " << withExpected
            << " cases did not match their expected value\n";
  return kInputError;
}

} // namespace layoutc::tool
