//===- AnalysisFunctions.cpp - The analyses in the expression language ----===//
#include "AnalysisFunctions.h"

#include "CallArgs.h"

#include "layoutc/Algebra/Equal.h"
#include "layoutc/Algebra/LinearLayout.h"

#include <functional>
#include <map>

namespace layoutc::algebra::detail {

namespace {

// The most in-dims from_linear_layout takes (Triton's index bits fit 64).
constexpr size_t kMaxInDims = 64;

Value toLinear(const Call &call) {
  checkArity(call, 1, 1);
  const Value &v = call.args[0];
  if (v.kind == Value::Kind::Layout)
    return Value::of(toLinearLayout(v.layout()));
  if (v.kind == Value::Kind::Composed)
    return Value::of(toLinearLayout(v.composed()));
  wrongArgument(call, 0, "a layout or a composed layout");
}

Value fromLinear(const Call &call) {
  checkArity(call, 1, kMaxInDims);
  if (call.args[0].kind == Value::Kind::LinearLayout) {
    checkArity(call, 1, 1);
    return fromLinearLayout(call.args[0].linearLayout());
  }
  std::vector<IntTuple> dims;
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (call.args[i].kind != Value::Kind::IntTuple)
      wrongArgument(call, i, "a tuple of bases (b0,b1,...) or a linear layout");
    dims.push_back(call.args[i].tuple());
  }
  return fromLinearLayout(makeLinearLayout(dims));
}

const std::map<std::string, std::function<Value(const Call &)>> &functions() {
  static const std::map<std::string, std::function<Value(const Call &)>> table = {
      {"equal",
       [](const Call &call) {
         checkArity(call, 2, 2);
         return Value::of(equal(call.args[0], call.args[1]));
       }},
      {"to_linear_layout", toLinear},
      {"from_linear_layout", fromLinear},
  };
  return table;
}

} // namespace

std::optional<Value> callAnalysisFunction(const Call &call) {
  auto it = functions().find(call.name);
  if (it == functions().end())
    return std::nullopt;
  if (call.hasTemplateArgs)
    fail(call.name, "takes no template arguments <...>");
  return it->second(call);
}

std::set<std::string> analysisFunctionNames() {
  std::set<std::string> names;
  for (const auto &[name, f] : functions())
    names.insert(name);
  return names;
}

} // namespace layoutc::algebra::detail
