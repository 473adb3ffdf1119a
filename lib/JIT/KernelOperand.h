//===- KernelOperand.h - A layout a kernel reads or writes through -*- C++ -*-===//
//
// The side of a copy: a layout, or a composed layout with a swizzle or layout
// inner and an integer offset, or (a tensor copy's) with an inner function
// given as an InnerProgram, checked for what a kernel needs (integer strides,
// nonnegative offsets; a function's outer may map to coordinates). Shared by
// KernelBuilder, which builds it as lay ops, and the host reference, which
// enumerates its offsets.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELOPERAND_H
#define LAYOUTC_LIB_JIT_KERNELOPERAND_H

#include "layoutc/Algebra/Layout.h"
#include "layoutc/Algebra/Value.h"
#include "layoutc/JIT/InnerProgram.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::jit {

struct KernelOperand {
  /// The layout addressed by the domain index (the outer one when composed).
  algebra::Layout layout;
  /// inner(offset + layout(k)) when set.
  std::optional<algebra::ComposedLayout> composed;
  /// The inner function, when composed's inner is one.
  std::optional<InnerProgram> program;

  /// The value of `text` (CuTe notation, or an expression), a layout or a
  /// composed layout; else throws CompileError naming `what` ("copy: --src").
  static algebra::Value parseValue(std::string_view text, const std::string &what);
  /// Parses and checks `text`; `what` names it in errors.
  static KernelOperand parse(std::string_view text, const std::string &what) {
    return of(parseValue(text, what), what);
  }
  /// Post-condition: the operand of a layout or composed layout `value`,
  /// checked; `program` given exactly when its inner is a function, and
  /// checked against inputCount() inputs and `indexBuffers` buffers; else
  /// throws CompileError naming `what`.
  static KernelOperand of(const algebra::Value &value, const std::string &what,
                          const std::optional<InnerProgram> &program = std::nullopt, size_t indexBuffers = 0);
  bool isFunction() const { return program.has_value(); }
  /// The inner function's inputs: the components of offset + layout(k), one
  /// where that is an integer, else one per coordinate mode; 1 for others.
  size_t inputCount() const;
  /// The offset as inputCount() integers (0 for a plain layout).
  std::vector<int64_t> offsetComponents() const;
  /// A leaf mode of the layout: offset + layout(k) moves by `stride` along
  /// `component` (a coordinate mode; 0 for an integer stride).
  struct FlatMode {
    int64_t shape, stride;
    size_t component;
  };

  /// The number of `?` leaves, in print order (shape leaves, then strides).
  int dynamicCount() const;
  /// How many of them are shape leaves (they come first).
  int dynamicShapeCount() const;
  /// This operand with its `?` leaves replaced by `values` (dynamicCount() of them).
  KernelOperand bind(const std::vector<int64_t> &values, size_t &next) const;
  bool isStatic() const { return dynamicCount() == 0; }

  /// size(layout); static operands only.
  int64_t size() const;
  /// An upper bound of every offset, inclusive; static operands without a
  /// function only.
  int64_t maxOffset() const;
  /// Walks the offsets of domain indices 0, 1, ... in order; static operands
  /// only; a function's LOAD steps read through `load`.
  class Cursor {
  public:
    explicit Cursor(const KernelOperand &op, IndexLoad load = {});
    int64_t offset() const;
    /// offset + layout(k): the inner part's input, one entry per component.
    const std::vector<int64_t> &inputs() const { return at_; }
    void advance();

  private:
    const KernelOperand &op_;
    IndexLoad load_;
    std::vector<FlatMode> modes_;
    std::vector<int64_t> coord_;
    std::vector<int64_t> at_;
  };
  /// fn(k, offset of k) for every domain index k in order; static operands only.
  void forEachOffset(const std::function<void(int64_t k, int64_t offset)> &fn, const IndexLoad &load = {}) const;
  /// Whether no two indices share an offset, as algebra::isInjective proves
  /// it (Unknown: false); operands without a function only.
  bool oneToOne() const;
  std::string str() const;

private:
  /// Throws CompileError where this is a function side, whose answer to
  /// `question` depends on its index buffers.
  void requireNoFunction(const char *question) const;
};

} // namespace layoutc::jit

#endif
