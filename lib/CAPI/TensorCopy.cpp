//===- TensorCopy.cpp - The C API's copy between tensor sides -------------===//
//
// layoutc_compile_tensor_copy: each side's value and (for an inner function)
// its traced program become a jit::TensorSide; the JIT checks the spec and
// compiles it. The C API checks only what it must read safely: pointers and
// counts.
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
static_assert(LAYOUTC_OP_INPUT == int(jit::StepOp::Input) && LAYOUTC_OP_CONSTANT == int(jit::StepOp::Constant) &&
              LAYOUTC_OP_ADD == int(jit::StepOp::Add) && LAYOUTC_OP_SUB == int(jit::StepOp::Sub) &&
              LAYOUTC_OP_MUL == int(jit::StepOp::Mul) && LAYOUTC_OP_FLOOR_DIV == int(jit::StepOp::FloorDiv) &&
              LAYOUTC_OP_MOD == int(jit::StepOp::Mod) && LAYOUTC_OP_LOAD == int(jit::StepOp::Load));

[[noreturn]] void refuse(const char *function, const std::string &why) {
  throw std::invalid_argument(std::string(function) + ": " + why);
}

// Post-condition: the side `name` as the JIT's, its steps copied (an op out
// of range included: the JIT names it); a NULL pointer or more than
// LAYOUTC_MAX_STEPS steps throws std::invalid_argument.
jit::TensorSide sideArgument(const layoutc_tensor_side *side, const char *function, const char *name) {
  const layoutc_tensor_side &s = need(side, function, name);
  const layoutc_value &layout = need(s.layout, function, (std::string(name) + ".layout").c_str());
  if (s.step_count > LAYOUTC_MAX_STEPS)
    refuse(function, std::string(name) + ".step_count " + std::to_string(s.step_count) + " is more than the " +
                         std::to_string(LAYOUTC_MAX_STEPS) + " steps a program may have (LAYOUTC_MAX_STEPS)");
  if (s.step_count == 0)
    return jit::TensorSide(layout.value);
  if (!s.steps)
    refuse(function, std::string(name) + ".steps is NULL with step_count " + std::to_string(s.step_count));
  jit::InnerProgram program;
  program.steps.reserve(s.step_count);
  for (size_t i = 0; i < s.step_count; ++i)
    program.steps.push_back({jit::StepOp(s.steps[i].op), s.steps[i].a, s.steps[i].b});
  program.result = s.result;
  return jit::TensorSide(layout.value, std::move(program));
}

} // namespace

extern "C" {

layoutc_status layoutc_compile_tensor_copy(layoutc_jit *jit, const layoutc_tensor_side *src,
                                           const layoutc_tensor_side *dst, const char *dtype, const char *to_dtype,
                                           const char *const *index_dtypes, size_t index_count,
                                           layoutc_kernel **kernel) {
  const char *function = "layoutc_compile_tensor_copy";
  return guard("layoutc_compile_tensor_copy", [&] {
    layoutc_kernel *&out = need(kernel, function, "kernel");
    out = nullptr;
    jit::Jit &compiler = need(jit, function, "jit").jit;
    jit::TensorCopySpec spec;
    spec.src = sideArgument(src, function, "src");
    spec.dst = sideArgument(dst, function, "dst");
    spec.dtype = dtypeArgument(dtype, function, "dtype");
    if (to_dtype)
      spec.to = dtypeArgument(to_dtype, function, "to_dtype");
    if (index_count > jit::kMaxIndexBuffers)
      refuse(function, "index_count " + std::to_string(index_count) + " is more than the " +
                           std::to_string(jit::kMaxIndexBuffers) + " index buffers a kernel may take");
    if (index_count && !index_dtypes)
      refuse(function, "index_dtypes is NULL with index_count " + std::to_string(index_count));
    for (size_t i = 0; i < index_count; ++i)
      spec.indexTypes.push_back(
          dtypeArgument(index_dtypes[i], function, ("index_dtypes[" + std::to_string(i) + "]").c_str()));
    try {
      out = published(new layoutc_kernel{compiler.tensorCopy(spec)});
    } catch (const jit::CompileError &e) {
      throw jit::CompileError(std::string(function) + ": " + e.what());
    }
  });
}

} // extern "C"
