//===- KernelOperand.h - A layout a kernel reads or writes through -*- C++ -*-===//
//
// The side of a copy: a layout, or a composed layout with a swizzle or layout
// inner and an integer offset, checked for what a kernel needs (integer
// strides, nonnegative offsets). Shared by KernelBuilder, which builds it as
// lay ops, and the host reference, which enumerates its offsets.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELOPERAND_H
#define LAYOUTC_LIB_JIT_KERNELOPERAND_H

#include "layoutc/Algebra/Layout.h"
#include "layoutc/Algebra/Value.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::jit {

struct KernelOperand {
  /// The layout addressed by the domain index (the outer one when composed).
  algebra::Layout layout;
  /// inner(offset + layout(k)) when set.
  std::optional<algebra::ComposedLayout> composed;

  /// Parses and checks `text`; `what` names it in errors ("copy: --src ...").
  static KernelOperand parse(const std::string &text, const std::string &what);

  /// The number of `?` leaves, in print order (shape leaves, then strides).
  int dynamicCount() const;
  /// How many of them are shape leaves (they come first).
  int dynamicShapeCount() const;
  /// This operand with its `?` leaves replaced by `values` (dynamicCount() of them).
  KernelOperand bind(const std::vector<int64_t> &values, size_t &next) const;
  bool isStatic() const { return dynamicCount() == 0; }

  /// size(layout); static operands only.
  int64_t size() const;
  /// An upper bound of every offset, inclusive; static operands only.
  int64_t maxOffset() const;
  /// Walks the offsets of domain indices 0, 1, ... in order; static operands only.
  class Cursor {
  public:
    explicit Cursor(const KernelOperand &op);
    int64_t offset() const;
    void advance();

  private:
    const KernelOperand &op_;
    std::vector<std::pair<int64_t, int64_t>> modes_;
    std::vector<int64_t> coord_;
    int64_t outer_ = 0;
  };
  /// fn(k, offset of k) for every domain index k in order; static operands only.
  void forEachOffset(const std::function<void(int64_t k, int64_t offset)> &fn) const;
  /// Whether no two indices share an offset (proved by sorting strides, or
  /// by enumeration up to 2^26 points); static operands only.
  bool oneToOne() const;
  std::string str() const;
};

} // namespace layoutc::jit

#endif
