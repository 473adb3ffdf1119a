//===- InnerProgram.cpp - A composed layout's inner function as integer steps -===//
#include "layoutc/JIT/InnerProgram.h"

#include "layoutc/JIT/Compiler.h"

#include <stdexcept>

namespace layoutc::jit {

namespace {

const char *opName(StepOp op) {
  switch (op) {
  case StepOp::Input:
    return "in";
  case StepOp::Constant:
    return "const";
  case StepOp::Add:
    return "add";
  case StepOp::Sub:
    return "sub";
  case StepOp::Mul:
    return "mul";
  case StepOp::FloorDiv:
    return "floordiv";
  case StepOp::Mod:
    return "mod";
  case StepOp::Load:
    return "load";
  }
  return nullptr;
}

bool takesTwo(StepOp op) { return op != StepOp::Input && op != StepOp::Constant; }

// "add 1 5", "const -7", "op 9 1 5" for an op that is none.
std::string stepText(const Step &s) {
  const char *name = opName(s.op);
  if (!name)
    return "op " + std::to_string(int32_t(s.op)) + " " + std::to_string(s.a) + " " + std::to_string(s.b);
  return std::string(name) + " " + std::to_string(s.a) + (takesTwo(s.op) ? " " + std::to_string(s.b) : "");
}

int64_t wrap(uint64_t x) { return int64_t(x); }

} // namespace

std::string InnerProgram::str() const {
  std::string text;
  for (size_t i = 0; i < steps.size(); ++i)
    text += (i ? "; " : "") + stepText(steps[i]);
  return text + " -> " + std::to_string(result);
}

void checkProgram(const InnerProgram &p, size_t inputs, size_t indexBuffers, const std::string &what) {
  auto refuse = [&](const std::string &why) { throw CompileError(what + ": " + why); };
  size_t n = p.steps.size();
  if (n == 0)
    refuse("the inner function's program has no steps");
  if (n > kMaxProgramSteps)
    refuse("the inner function's program has " + std::to_string(n) + " steps, more than the " +
           std::to_string(kMaxProgramSteps) + " a program may have");
  for (size_t i = 0; i < n; ++i) {
    const Step &s = p.steps[i];
    std::string step = "step " + std::to_string(i) + " (" + stepText(s) + "): ";
    auto earlier = [&](const char *operand, int64_t v) {
      if (v < 0 || uint64_t(v) >= i)
        refuse(step + "operand " + operand + ", " + std::to_string(v) + ", is not an earlier step" +
               (i ? " (0 to " + std::to_string(i - 1) + ")" : " (step 0 has none before it)"));
    };
    switch (s.op) {
    case StepOp::Input:
      if (s.a < 0 || uint64_t(s.a) >= inputs)
        refuse(step + "input " + std::to_string(s.a) + " is not one of the function's " + std::to_string(inputs) +
               " input(s) (0 to " + std::to_string(inputs - 1) + ")");
      break;
    case StepOp::Constant:
      break;
    case StepOp::Add:
    case StepOp::Sub:
    case StepOp::Mul:
    case StepOp::FloorDiv:
    case StepOp::Mod:
      earlier("a", s.a);
      earlier("b", s.b);
      if ((s.op == StepOp::FloorDiv || s.op == StepOp::Mod) && p.steps[size_t(s.b)].op == StepOp::Constant &&
          p.steps[size_t(s.b)].a == 0)
        refuse(step + "divides by step " + std::to_string(s.b) + ", the constant 0");
      break;
    case StepOp::Load:
      if (s.a < 0 || uint64_t(s.a) >= indexBuffers)
        refuse(step + "reads index buffer " + std::to_string(s.a) + ", but the copy has " +
               std::to_string(indexBuffers) + " index buffer(s)");
      earlier("b", s.b);
      break;
    default:
      refuse(step + "op " + std::to_string(int32_t(s.op)) + " is not a step op (0, INPUT, to 7, LOAD)");
    }
  }
  if (p.result < 0 || uint64_t(p.result) >= n)
    refuse("the result, step " + std::to_string(p.result) + ", is not one of the program's " + std::to_string(n) +
           " steps (0 to " + std::to_string(n - 1) + ")");
}

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == -1) // the one quotient past int64, wrapped
    return wrap(0 - uint64_t(a));
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t floorMod(int64_t a, int64_t b) { return wrap(uint64_t(a) - uint64_t(b) * uint64_t(floorDiv(a, b))); }

int64_t evaluate(const InnerProgram &p, const std::vector<int64_t> &inputs, const IndexLoad &load) {
  std::vector<int64_t> v(p.steps.size());
  for (size_t i = 0; i < p.steps.size(); ++i) {
    const Step &s = p.steps[i];
    auto at = [&](int64_t j) { return v.at(size_t(j)); };
    auto fail = [&](const std::string &why) {
      throw std::invalid_argument("step " + std::to_string(i) + " (" + stepText(s) + "): " + why);
    };
    switch (s.op) {
    case StepOp::Input:
      if (uint64_t(s.a) >= inputs.size())
        fail("the function has " + std::to_string(inputs.size()) + " input(s)");
      v[i] = inputs[size_t(s.a)];
      break;
    case StepOp::Constant:
      v[i] = s.a;
      break;
    case StepOp::Add:
      v[i] = wrap(uint64_t(at(s.a)) + uint64_t(at(s.b)));
      break;
    case StepOp::Sub:
      v[i] = wrap(uint64_t(at(s.a)) - uint64_t(at(s.b)));
      break;
    case StepOp::Mul:
      v[i] = wrap(uint64_t(at(s.a)) * uint64_t(at(s.b)));
      break;
    case StepOp::FloorDiv:
    case StepOp::Mod:
      if (at(s.b) == 0)
        fail("divides by 0");
      v[i] = s.op == StepOp::FloorDiv ? floorDiv(at(s.a), at(s.b)) : floorMod(at(s.a), at(s.b));
      break;
    case StepOp::Load:
      if (!load)
        fail("reads index buffer " + std::to_string(s.a) + ", and no index buffers were given");
      v[i] = load(s.a, at(s.b));
      break;
    }
  }
  return v.at(size_t(p.result));
}

} // namespace layoutc::jit
