//===- ExpressionFuzzer.cpp - Fuzz the notation parser and the evaluator --===//
//
// Input: an expression in CuTe notation. It evaluates to a value or to an
// AlgebraError (never a crash, a hang or undefined behavior), and a layout,
// tuple, tiler, swizzle or composed value prints as notation that parses
// back to itself.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Notation.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace layoutc::algebra;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  Expected<Value> value = evaluateExpression(text);
  if (!value) {
    (void)value.error().oneLine();
    return 0;
  }
  Value::Kind kind = value.value().kind;
  if (kind == Value::Kind::Bool || kind == Value::Kind::Tag || kind == Value::Kind::Equality ||
      kind == Value::Kind::LinearLayout)
    return 0; // `true`, `LayoutLeft`, analyses' answers: words, not notation
  std::string printed = value.value().str();
  Expected<Value> again = parseValue(printed);
  if (!again || again.value().str() != printed) {
    std::fprintf(stderr, "%.*s\n  evaluates to %s\n  which parses back as %s\n", int(text.size()), text.data(),
                 printed.c_str(), again ? again.value().str().c_str() : again.error().what());
    std::abort();
  }
  return 0;
}
