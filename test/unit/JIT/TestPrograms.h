//===- TestPrograms.h - Inner functions as programs, for the JIT's tests -*- C++ -*-===//
#ifndef LAYOUTC_TEST_UNIT_JIT_TESTPROGRAMS_H
#define LAYOUTC_TEST_UNIT_JIT_TESTPROGRAMS_H

#include "layoutc/Algebra/Expression.h"
#include "layoutc/JIT/InnerProgram.h"

namespace layoutc::test {

// inner o offset o outer with an inner function (its callable never called;
// a program stands for it).
inline algebra::Value function(const char *outer, algebra::IntTuple offset = algebra::IntTuple(0)) {
  algebra::ComposedLayout c;
  c.inner = algebra::ComposedLayout::Inner::Function;
  c.function = {"f", nullptr, nullptr};
  c.offset = std::move(offset);
  c.outer = algebra::evaluateExpression(outer).value().layout();
  return algebra::Value::of(std::move(c));
}

// inner(i) = idx[i]: a gather through index buffer 0.
inline jit::InnerProgram gatherProgram() { return {{{jit::StepOp::Input, 0, 0}, {jit::StepOp::Load, 0, 0}}, 1}; }

// Every op: ((x // -3) * 5 + x % 4 - 7) + idx[x mod 3].
inline jit::InnerProgram everyOp() {
  return {{{jit::StepOp::Input, 0, 0},
           {jit::StepOp::Constant, -3, 0},
           {jit::StepOp::FloorDiv, 0, 1},
           {jit::StepOp::Constant, 5, 0},
           {jit::StepOp::Mul, 2, 3},
           {jit::StepOp::Constant, 4, 0},
           {jit::StepOp::Mod, 0, 5},
           {jit::StepOp::Add, 4, 6},
           {jit::StepOp::Constant, 7, 0},
           {jit::StepOp::Sub, 7, 8},
           {jit::StepOp::Constant, 3, 0},
           {jit::StepOp::Mod, 0, 10},
           {jit::StepOp::Load, 0, 11},
           {jit::StepOp::Add, 9, 12}},
          13};
}

// (x, y) -> x * 9 + (y + 1).
inline jit::InnerProgram twoInputs() {
  return {{{jit::StepOp::Input, 0, 0},
           {jit::StepOp::Constant, 9, 0},
           {jit::StepOp::Mul, 0, 1},
           {jit::StepOp::Input, 1, 0},
           {jit::StepOp::Constant, 1, 0},
           {jit::StepOp::Add, 3, 4},
           {jit::StepOp::Add, 2, 5}},
          6};
}

} // namespace layoutc::test

#endif
