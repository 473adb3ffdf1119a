//===- Compile.cpp - The C API's copy of two sides ------------------------===//
//
// layoutc_compile: each side's value, its traced program (an inner
// function's) and its rows become a jit::CopySide; the JIT checks the spec
// and compiles it. The C API checks only what it must read safely:
// pointers and counts.
//
//===----------------------------------------------------------------------===//
#include "Boundary.h"
#include "Handles.h"
#include "ValueHandle.h"

#include <string>

using namespace layoutc;
using namespace layoutc::capi;

namespace {

static_assert(LAYOUTC_MAX_STEPS == jit::kMaxProgramSteps);
static_assert(LAYOUTC_MAX_INDEX_BUFFERS == jit::kMaxIndexBuffers);
static_assert(LAYOUTC_OP_INPUT == int(jit::StepOp::Input) && LAYOUTC_OP_CONSTANT == int(jit::StepOp::Constant) &&
              LAYOUTC_OP_ADD == int(jit::StepOp::Add) && LAYOUTC_OP_SUB == int(jit::StepOp::Sub) &&
              LAYOUTC_OP_MUL == int(jit::StepOp::Mul) && LAYOUTC_OP_FLOOR_DIV == int(jit::StepOp::FloorDiv) &&
              LAYOUTC_OP_MOD == int(jit::StepOp::Mod) && LAYOUTC_OP_LOAD == int(jit::StepOp::Load));

[[noreturn]] void refuse(const char *function, const std::string &why) {
  throw std::invalid_argument(std::string(function) + ": " + why);
}

// Post-condition: the side `name` as the JIT's, its steps copied (an op out
// of range included: the JIT names it); a NULL pointer, more than
// LAYOUTC_MAX_STEPS steps or a negative row width throws
// std::invalid_argument.
jit::CopySide sideArgument(const layoutc_copy_side &s, const char *function, const std::string &name) {
  const layoutc_value &layout = need(s.layout, function, name + ".layout");
  if (s.row_width < 0)
    refuse(function, name + ".row_width " + std::to_string(s.row_width) + " is negative (0: no rows)");
  if (s.row_width > 0) {
    if (s.step_count)
      refuse(function, name + " has rows and steps: rows place a plain layout's values, a program a function's");
    if (layout.value.kind != algebra::Value::Kind::Layout)
      refuse(function, name + ".layout is " + layout.value.describe() + "; rows place a plain layout's values");
    return jit::CopySide::indexed(layout.value.layout(), {s.index_buffer, s.row_width});
  }
  if (s.step_count > LAYOUTC_MAX_STEPS)
    refuse(function, name + ".step_count " + std::to_string(s.step_count) + " is more than the " +
                         std::to_string(LAYOUTC_MAX_STEPS) + " steps a program may have (LAYOUTC_MAX_STEPS)");
  if (s.step_count == 0)
    return jit::CopySide(layout.value);
  if (!s.steps)
    refuse(function, name + ".steps is NULL with step_count " + std::to_string(s.step_count));
  jit::InnerProgram program;
  program.steps.reserve(s.step_count);
  for (size_t i = 0; i < s.step_count; ++i)
    program.steps.push_back({jit::StepOp(s.steps[i].op), s.steps[i].a, s.steps[i].b});
  program.result = s.result;
  return jit::CopySide(layout.value, std::move(program));
}

} // namespace

extern "C" {

layoutc_status layoutc_compile(layoutc_jit *jit, const layoutc_copy_spec *spec, layoutc_kernel **kernel) {
  const char *function = "layoutc_compile";
  return guard(function, [&] {
    layoutc_kernel *&out = need(kernel, function, "kernel");
    out = nullptr;
    jit::Jit &compiler = need(jit, function, "jit").jit;
    const layoutc_copy_spec &s = need(spec, function, "spec");
    jit::CopySpec copy(sideArgument(s.src, function, "spec.src"), sideArgument(s.dst, function, "spec.dst"),
                       dtypeArgument(s.dtype, function, "spec.dtype"));
    if (s.to_dtype)
      copy.to = dtypeArgument(s.to_dtype, function, "spec.to_dtype");
    if (s.scale)
      copy.scale = *s.scale;
    copy.sharedShape = s.shared_shape != 0;
    if (s.index_count > jit::kMaxIndexBuffers)
      refuse(function, "spec.index_count " + std::to_string(s.index_count) + " is more than the " +
                           std::to_string(jit::kMaxIndexBuffers) + " index buffers a kernel may take");
    if (s.index_count && !s.index_dtypes)
      refuse(function, "spec.index_dtypes is NULL with index_count " + std::to_string(s.index_count));
    for (size_t i = 0; i < s.index_count; ++i)
      copy.indexTypes.push_back(
          dtypeArgument(s.index_dtypes[i], function, ("spec.index_dtypes[" + std::to_string(i) + "]").c_str()));
    out = published(new layoutc_kernel{compiler.copy(copy)});
  });
}

} // extern "C"
