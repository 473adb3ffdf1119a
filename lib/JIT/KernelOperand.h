//===- KernelOperand.h - A layout a kernel reads or writes through -*- C++ -*-===//
//
// The side of a copy (CopySide): a layout, a composed layout with a swizzle
// or layout inner and an integer offset, with an inner function given as an
// InnerProgram, or rows an index buffer places, checked for what a kernel
// needs (integer strides, nonnegative offsets; a function's outer may map
// to coordinates; an indexed side's outer is its rows, (W,R):(1,W)). Shared
// by KernelBuilder, which builds it as lay ops, and the host reference,
// which enumerates its offsets.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELOPERAND_H
#define LAYOUTC_LIB_JIT_KERNELOPERAND_H

#include "layoutc/Algebra/Layout.h"
#include "layoutc/Algebra/Value.h"
#include "layoutc/JIT/CopySpec.h"
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
  /// The rows an index buffer places (a gather's source, a scatter's
  /// destination): value x at indices[x / width] * width + x % width.
  std::optional<IndexedRows> rows;

  /// The value of `text` (CuTe notation, or an expression), a layout or a
  /// composed layout; else throws CompileError naming `what` ("copy: --src").
  static algebra::Value parseValue(std::string_view text, const std::string &what);
  /// Parses and checks `text`; `what` names it in errors.
  static KernelOperand parse(std::string_view text, const std::string &what) {
    return of(parseValue(text, what), what);
  }
  /// Post-condition: the operand of `side`, checked: its program given
  /// exactly when its inner is a function, and checked against
  /// inputCount() inputs and `indexBuffers` buffers; its rows read one of
  /// the `indexBuffers`; else throws CompileError "copy: WHAT ...".
  static KernelOperand of(const CopySide &side, const std::string &what, size_t indexBuffers = 0);
  bool isFunction() const { return program.has_value(); }
  /// Whether its offsets come through the index buffers (a program's LOAD
  /// steps, or rows).
  bool readsBuffers() const { return isFunction() || rows.has_value(); }
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
  /// An upper bound of every offset, inclusive (the largest one for a plain
  /// layout; a composed one's inner part at the largest offset + outer(k)
  /// bounds its leaves by their shapes, the last by the rest); static
  /// operands without a function only. The least offset is 0: strides and
  /// a composed offset are nonnegative.
  int64_t maxOffset() const;
  /// Walks the offsets of domain indices 0, 1, ... in order; static operands
  /// only; a function's LOAD steps and the rows' indices read through `load`.
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
  /// it (Unknown: false); operands that read no buffer only.
  bool oneToOne() const;
  std::string str() const;

private:
  /// Throws CompileError where this side reads index buffers, on which the
  /// answer to `question` depends.
  void requireNoBuffers(const char *question) const;
};

/// Whether two layouts have one shape: the same tree and the same leaves
/// (a `?` with the same facts).
bool sameShape(const algebra::Layout &a, const algebra::Layout &b);

} // namespace layoutc::jit

#endif
