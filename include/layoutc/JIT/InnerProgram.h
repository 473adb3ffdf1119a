//===- InnerProgram.h - A composed layout's inner function as integer steps -*- C++ -*-===//
//
// A composed layout's inner function (CuTe DSL's make_composed_layout with a
// Python function inside) traced into a straight-line program of int64
// operations, which a kernel builds into lay.make_composed_function's region
// and the host evaluates as its reference. Step i's value is its op applied
// to earlier steps' values; division and modulo are Python's (the quotient
// rounded toward minus infinity, the remainder with the divisor's sign); a
// LOAD reads an element of one of the kernel's index buffers.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_INNERPROGRAM_H
#define LAYOUTC_JIT_INNERPROGRAM_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace layoutc::jit {

/// The values of layoutc.h's layoutc_op.
enum class StepOp : int32_t { Input, Constant, Add, Sub, Mul, FloorDiv, Mod, Load };

/// Input: the function's input a; Constant: the integer a; Add ... Mod:
/// step a's value op step b's; Load: element (step b's value) of index
/// buffer a.
struct Step {
  StepOp op = StepOp::Constant;
  int64_t a = 0, b = 0;
};

/// The most steps a program may have.
constexpr size_t kMaxProgramSteps = 4096;

struct InnerProgram {
  std::vector<Step> steps;
  /// The step whose value is the function's result.
  int64_t result = 0;
  /// The canonical text, one entry per step and the result ("in 0; const 2;
  /// mul 0 1 -> 2"): equal for equal programs, different for different ones
  /// (an operand an op does not read is left out).
  std::string str() const;
};

/// Post-condition: returns when `p` has 1 to kMaxProgramSteps steps, each op
/// a StepOp, each operand an earlier step, each input below `inputs`, each
/// buffer below `indexBuffers`, no division or modulo by a constant 0, and
/// its result a step; else throws CompileError "WHAT: step I (OP A B): ...".
void checkProgram(const InnerProgram &p, size_t inputs, size_t indexBuffers, const std::string &what);

/// Element `offset` of index buffer `buffer`, as int64.
using IndexLoad = std::function<int64_t(int64_t buffer, int64_t offset)>;

/// Python's a // b and a % b on int64 (b != 0); a result past int64 wraps.
int64_t floorDiv(int64_t a, int64_t b);
int64_t floorMod(int64_t a, int64_t b);

/// Post-condition: the value of `p` (checked by checkProgram) at `inputs`,
/// each sum, difference and product wrapping as the kernel's 64-bit math
/// does; a division by 0, or a LOAD without `load`, throws
/// std::invalid_argument naming the step.
int64_t evaluate(const InnerProgram &p, const std::vector<int64_t> &inputs, const IndexLoad &load = {});

} // namespace layoutc::jit

#endif
