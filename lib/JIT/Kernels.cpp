//===- Kernels.cpp - Data-movement kernels stated with layouts ------------===//
#include "layoutc/JIT/Kernels.h"

#include "KernelBuilder.h"
#include "KernelOperand.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace layoutc::jit {

FastDivisor fastDivisor(int64_t d) {
  if (d < 1)
    throw std::invalid_argument("a fast divisor must be at least 1, not " + std::to_string(d));
  if (d == 1)
    return {};
  int l = 0;
  while ((uint64_t(1) << l) < uint64_t(d))
    ++l;
  unsigned __int128 p = (unsigned __int128)1 << (63 + l);
  unsigned __int128 m = (p + uint64_t(d) - 1) / uint64_t(d);
  return {uint64_t(m), l - 1};
}

TensorSide::TensorSide(const algebra::Value &layout, std::optional<InnerProgram> program)
    : layout_(layout), program_(std::move(program)) {
  if (layout.kind == algebra::Value::Kind::Composed &&
      layout.composed().inner == algebra::ComposedLayout::Inner::Function) {
    algebra::ComposedLayout c = layout.composed();
    c.function.fn = nullptr;
    c.function.owner = nullptr;
    layout_ = algebra::Value::of(std::move(c));
  }
}

namespace {
// A side's canonical text: its kind and its parts printed as in a type (a
// function inner as "function").
std::string sideKey(const algebra::Value &side) {
  if (side.kind == algebra::Value::Kind::Layout)
    return "layout " + side.layout().typeStr();
  if (side.kind != algebra::Value::Kind::Composed)
    return "value " + std::to_string(int(side.kind)) + " " + side.str();
  const algebra::ComposedLayout &c = side.composed();
  std::string inner = c.inner == algebra::ComposedLayout::Inner::Swizzle  ? c.swizzle.str()
                      : c.inner == algebra::ComposedLayout::Inner::Layout ? c.innerLayout.typeStr()
                                                                          : "function";
  return "composed " + inner + " o " + c.offset.typeStr() + " o " + c.outer.typeStr();
}

// The exact text of a scale.
std::string scaleKey(std::optional<double> scale) {
  if (!scale)
    return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%a", *scale);
  return text;
}
} // namespace

CopySpec::CopySpec(std::string_view src, std::string_view dst, DType dtype, std::optional<DType> to,
                   std::optional<double> scale)
    : CopySpec(KernelOperand::parseValue(src, "copy: --src"), KernelOperand::parseValue(dst, "copy: --dst"), dtype, to,
               scale) {}

std::string CopySpec::key() const {
  return "copy\nsrc " + sideKey(src) + "\ndst " + sideKey(dst) + "\n" + dtypeName(dtype) + " " + dtypeName(dstType()) +
         " " + scaleKey(scale);
}

std::string TensorSide::key() const {
  std::string text = sideKey(layout_);
  return program_ ? text + " program " + program_->str() : text;
}

std::string TensorCopySpec::key() const {
  std::string indices;
  for (DType t : indexTypes)
    indices += std::string(" ") + dtypeName(t);
  return "tensor-copy\nsrc " + src.key() + "\ndst " + dst.key() + "\n" + dtypeName(dtype) + " " + dtypeName(dstType()) +
         "\nindices" + indices;
}

namespace {
// The kernel `build` makes, compiled; with a time report, the build's time
// is its first line.
template <class Build> std::string compileBuilt(Compiler &compiler, Build build, CompileOptions options) {
  auto start = std::chrono::steady_clock::now();
  BuiltKernel kernel = build(compiler.context());
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::string text = compiler.compile(kernel.module.get(), "<" + kernel.name + " kernel>", options);
  if (options.timeReport) {
    char line[128];
    std::snprintf(line, sizeof line, "build the %s kernel (lay IR with OpBuilder): %.4f ms\n", kernel.name.c_str(), ms);
    *options.timeReport = line + *options.timeReport;
  }
  return text;
}
} // namespace

std::string compileCopy(Compiler &compiler, const CopySpec &spec, CompileOptions options, BufferAlignment buffers) {
  return compileBuilt(
      compiler, [&](mlir::MLIRContext &c) { return buildCopy(c, spec, buffers); }, options);
}

std::string compileTensorCopy(Compiler &compiler, const TensorCopySpec &spec, CompileOptions options,
                              BufferAlignment buffers) {
  return compileBuilt(
      compiler, [&](mlir::MLIRContext &c) { return buildTensorCopy(c, spec, buffers); }, options);
}

std::string compileIndexed(Compiler &compiler, const IndexedSpec &spec, CompileOptions options,
                           BufferAlignment buffers) {
  return compileBuilt(
      compiler, [&](mlir::MLIRContext &c) { return buildIndexed(c, spec, buffers); }, options);
}

} // namespace layoutc::jit
