//===- Family.h - One kernel spec and its compiled variants -----*- C++ -*-===//
//
// The Jit's cache holds a Family per kernel spec (a copy's family's, or a
// spec that is its own kernel): the spec, its text (the disk cache's key,
// printed once), what it is specialized on, the shape of its parameters,
// and its variants, each compiled on the launch that first needs it: per
// target, per buffer alignment, and, for a spec with `?` leaves, with
// 32-bit index math (the launch's tensors reach at most
// kIndexExtentLimit32 elements) or 64-bit.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_FAMILY_H
#define LAYOUTC_LIB_JIT_FAMILY_H

#include "layoutc/JIT/Jit.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

namespace layoutc::jit {

struct KernelRecord;

/// The compile of a variant: the spec's kernel built and compiled for a
/// target; a record that the Jit caches under `key`.
using CompileVariant = std::function<std::shared_ptr<const CompiledKernel>(
    const std::string &key, const std::function<KernelRecord(Compiler &)> &compile)>;

struct Variant {
  std::string arch;
  bool aligned = true, narrow = false;
  bool operator<(const Variant &o) const {
    return std::tie(arch, aligned, narrow) < std::tie(o.arch, o.aligned, o.narrow);
  }
};

struct Family {
  /// `staticSizes`: per joint mode of a plain copy's family, its static
  /// size or 0 (none for other specs).
  Family(CopySpec spec, std::string remark, std::vector<int64_t> staticSizes);
  CopySpec spec;
  std::string key, remark;
  /// The shape of the parameters (CopySpec lists them): each side's `?`
  /// leaves (shape leaves first), the destination's own ones where it
  /// shares the source's shape, the index buffers, the scale's type.
  int srcLeaves = 0, srcShapes = 0, dstLeaves = 0, dstShapes = 0;
  size_t indexBuffers = 0;
  bool dynamic = false;
  /// A plain copy's family: per joint mode, its static size, or 0 where the
  /// size is a launch value (the first values, in mode order); the grid
  /// counts the tiles over the sizes.
  std::vector<int64_t> staticSizes;

  /// The kernel of `variant` where it is compiled already, else null (a
  /// launch's lookup: no allocation).
  const CompiledKernel *find(const Variant &variant) const;
  /// The kernel of `variant`, compiled through `compile` the first time.
  const CompiledKernel &variant(const Variant &variant, int optLevel, const CompileVariant &compile) const;

  /// The launch of `kernel` (a variant of this family) on `buffers` (src,
  /// dst, the index buffers), the `?` values `values` (`count` of them, in
  /// parameter order), `scale`: its arguments, and its grid for a domain of
  /// `elements`.
  void pack(const CompiledKernel &kernel, const LaunchBuffer *buffers, const int64_t *values, int count,
            std::optional<double> scale, LaunchArgs &args) const;
  unsigned grid(const CompiledKernel &kernel, int64_t elements, const int64_t *values) const;

private:
  mutable std::mutex mutex_;
  mutable std::map<Variant, std::shared_ptr<const CompiledKernel>> variants_;
};

/// Post-condition: returns where scaleProblem finds none; else
/// std::invalid_argument with its message.
void checkScale(double scale, DType from, DType to);

} // namespace layoutc::jit

#endif
