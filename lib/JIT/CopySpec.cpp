//===- CopySpec.cpp - What a copy kernel moves, as two sides of a domain --===//
#include "layoutc/JIT/CopySpec.h"

#include "KernelBuilder.h"
#include "KernelOperand.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace layoutc::jit {

namespace {

// A function inner's callable and owner are not the spec's: its program is.
algebra::Value withoutCallable(algebra::Value layout) {
  if (layout.kind == algebra::Value::Kind::Composed &&
      layout.composed().inner == algebra::ComposedLayout::Inner::Function) {
    algebra::ComposedLayout c = layout.composed();
    c.function.fn = nullptr;
    c.function.owner = nullptr;
    return algebra::Value::of(std::move(c));
  }
  return layout;
}

// A value's canonical text: its kind and its parts printed as in a type (a
// function inner as "function").
std::string valueKey(const algebra::Value &side) {
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

// The rows (W,R):(1,W) of a gather or scatter, R a `?`; R:1 for single
// elements.
algebra::Layout rowsLayout(int64_t width) {
  algebra::IntTuple r(algebra::Int::unknown());
  if (width == 1)
    return algebra::Layout(r, algebra::IntTuple(1));
  return algebra::Layout({width, r}, {1, width});
}

CopySpec indexedSpec(bool gather, int64_t rowWidth, DType dtype, DType indexType) {
  const char *op = gather ? "gather" : "scatter";
  if (rowWidth < 1)
    throw CompileError(std::string(op) + ": the row width must be at least 1, not " + std::to_string(rowWidth));
  if (indexType != DType::I32 && indexType != DType::I64)
    throw CompileError(std::string(op) + ": the index type must be i32 or i64, not " + dtypeName(indexType));
  algebra::Layout rows = rowsLayout(rowWidth);
  CopySide table = CopySide::indexed(rows, {0, rowWidth});
  CopySpec spec(gather ? table : CopySide(rows), gather ? CopySide(rows) : table, dtype);
  spec.indexTypes = {indexType};
  spec.sharedShape = true;
  return spec;
}

} // namespace

CopySide::CopySide() : layout_(algebra::Value::of(algebra::Layout())) {}

CopySide::CopySide(algebra::Value layout, std::optional<InnerProgram> program)
    : layout_(withoutCallable(std::move(layout))), program_(std::move(program)) {}

CopySide::CopySide(algebra::Layout layout) : layout_(algebra::Value::of(std::move(layout))) {}

CopySide CopySide::indexed(algebra::Layout outer, IndexedRows rows) {
  CopySide side(std::move(outer));
  side.rows_ = rows;
  return side;
}

CopySide CopySide::parse(std::string_view text, const std::string &what) {
  return CopySide(KernelOperand::parseValue(text, what));
}

bool CopySide::plain() const { return layout_.kind == algebra::Value::Kind::Layout && !rows_; }

std::string CopySide::key() const {
  std::string text = valueKey(layout_);
  if (program_)
    text += " program " + program_->str();
  if (rows_)
    text = "rows " + std::to_string(rows_->buffer) + "/" + std::to_string(rows_->width) + " o " + text;
  return text;
}

CopySpec::CopySpec(std::string_view src, std::string_view dst, DType dtype, std::optional<DType> to)
    : CopySpec(CopySide::parse(src, "the source layout"), CopySide::parse(dst, "the destination layout"), dtype, to) {}

CopySpec CopySpec::gather(int64_t rowWidth, DType dtype, DType indexType) {
  return indexedSpec(true, rowWidth, dtype, indexType);
}

CopySpec CopySpec::scatter(int64_t rowWidth, DType dtype, DType indexType) {
  return indexedSpec(false, rowWidth, dtype, indexType);
}

std::string CopySpec::key() const {
  std::string indices;
  for (DType t : indexTypes)
    indices += std::string(" ") + dtypeName(t);
  return "copy\nsrc " + src.key() + "\ndst " + dst.key() + "\n" + dtypeName(dtype) + " " + dtypeName(dstType()) +
         (scale ? " scaled" : "") + (sharedShape ? " shared-shape" : "") + "\nindices" + indices;
}

FastDivisor fastDivisor(int64_t d, int bits) {
  if (d < 1)
    throw std::invalid_argument("a fast divisor must be at least 1, not " + std::to_string(d));
  if (bits != 32 && bits != 64)
    throw std::invalid_argument("a fast divisor is for 32- or 64-bit index math, not " + std::to_string(bits));
  if (d == 1)
    return {};
  if (bits == 32 && d > INT32_MAX)
    throw std::invalid_argument("the divisor " + std::to_string(d) + " does not fit 32-bit index math");
  int l = 0;
  while ((uint64_t(1) << l) < uint64_t(d))
    ++l;
  unsigned __int128 p = (unsigned __int128)1 << (bits - 1 + l);
  unsigned __int128 m = (p + uint64_t(d) - 1) / uint64_t(d);
  return {uint64_t(m), l - 1};
}

std::string scaleProblem(double scale, DType from, DType to) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", scale);
  bool wide = from == DType::F64 || from == DType::C128 || to == DType::F64 || to == DType::C128;
  if (!std::isfinite(scale))
    return std::string("copy: the scale ") + text + " is not a finite number";
  if (!wide && std::fabs(scale) > double(std::numeric_limits<float>::max()))
    return std::string("copy: the scale ") + text +
           " is past f32's range (largest 3.40282e+38), the type it multiplies in unless a side is f64 or c128";
  return "";
}

std::string compileCopy(Compiler &compiler, const CopySpec &spec, CompileOptions options, BuildOptions build) {
  auto start = std::chrono::steady_clock::now();
  BuiltKernel kernel = buildCopy(compiler.context(), spec, build);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::string text = compiler.compile(kernel.module.get(), "<" + kernel.name + " kernel>", options);
  if (options.timeReport) {
    char line[128];
    std::snprintf(line, sizeof line, "build the %s kernel (lay IR with OpBuilder): %.4f ms\n", kernel.name.c_str(), ms);
    *options.timeReport = line + *options.timeReport;
  }
  return text;
}

} // namespace layoutc::jit
