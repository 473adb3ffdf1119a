//===- CopyFamily.cpp - What a copy's kernel is specialized on ------------===//
#include "layoutc/Transforms/CopyFamily.h"

#include "layoutc/Transforms/Remark.h"

#include <algorithm>
#include <cstdlib>

namespace layoutc::transforms {

using algebra::Int;
using algebra::IntTuple;

namespace {

// The most leaves a side may have (torch's tensors have at most 64 modes).
constexpr int kMaxLeaves = 64;

struct Leaves {
  int64_t size[kMaxLeaves], stride[kMaxLeaves];
  int n = 0;
};

// The side's leaves other than size 1; false where one is below 1 or there
// are too many.
bool leavesOf(const FlatSide &side, Leaves &out) {
  for (int i = 0; i < side.rank; ++i) {
    if (side.shape[i] < 1)
      return false;
    if (side.shape[i] == 1)
      continue;
    if (out.n == kMaxLeaves)
      return false;
    out.size[out.n] = side.shape[i];
    out.stride[out.n++] = side.stride[i];
  }
  return true;
}

int64_t magnitude(int64_t v) { return v == INT64_MIN ? INT64_MAX : std::abs(v); }

// log2 of the largest power of two, at most `most` (a power of two), that
// divides v (v != 0).
uint8_t divisorFact(int64_t v, int64_t most) {
  uint8_t k = 0;
  while ((int64_t(1) << (k + 1)) <= most && magnitude(v) % (int64_t(1) << (k + 1)) == 0)
    ++k;
  return k;
}

uint8_t strideFact(int64_t stride, int64_t vector) {
  return stride == 0 ? uint8_t(kZeroStride) : stride == 1 ? uint8_t(kUnitStride) : divisorFact(stride, vector);
}

// Whether `m` continues `last` on both sides: its strides are last's times
// last's size (products past int64 do not continue).
bool continues(const CopyFamily::Mode &last, const CopyFamily::Mode &m) {
  int64_t src, dst;
  return !__builtin_mul_overflow(last.src, last.size, &src) && !__builtin_mul_overflow(last.dst, last.size, &dst) &&
         src == m.src && dst == m.dst;
}

Int launchValue(uint8_t fact) { return Int::unknown(fact == kNoFact ? 1 : int64_t(1) << fact); }

Int strideOf(uint8_t fact) { return fact == kZeroStride ? Int(0) : fact == kUnitStride ? Int(1) : launchValue(fact); }

Int sizeOf(const CopyFamily &f, int mode) {
  return f.staticSize[mode] ? Int(f.staticSize[mode]) : launchValue(f.facts[mode][0]);
}

std::string factsText(const CopyFamily &f, int which) {
  std::string s;
  for (int i = 0; i < f.modes; ++i)
    s += (i ? "," : "") + (which == 0 ? sizeOf(f, i) : strideOf(f.facts[i][which])).str();
  return s;
}

} // namespace

bool copyFamily(const FlatSide &src, const FlatSide &dst, CopyFamily &out) {
  Leaves s, d;
  if (!leavesOf(src, s) || !leavesOf(dst, d))
    return false;
  // The common refinement of the two shapes, each mode with its strides.
  CopyFamily::Mode modes[kMaxLeaves];
  int n = 0, i = 0, j = 0;
  int64_t restS = s.n ? s.size[0] : 1, restD = d.n ? d.size[0] : 1;
  int64_t strideS = s.n ? s.stride[0] : 0, strideD = d.n ? d.stride[0] : 0;
  while (i < s.n && j < d.n) {
    int64_t g = std::min(restS, restD);
    if (std::max(restS, restD) % g != 0 || n == kMaxLeaves)
      return false;
    modes[n++] = {g, strideS, strideD};
    restS /= g, restD /= g;
    if (__builtin_mul_overflow(strideS, g, &strideS) || __builtin_mul_overflow(strideD, g, &strideD))
      return false;
    if (restS == 1 && ++i < s.n)
      restS = s.size[i], strideS = s.stride[i];
    if (restD == 1 && ++j < d.n)
      restD = d.size[j], strideD = d.stride[j];
  }
  if (i != s.n || j != d.n)
    return false;
  // Ordered by the destination's stride (by magnitude, stably), and merged
  // where both sides continue.
  std::stable_sort(modes, modes + n, [](const CopyFamily::Mode &a, const CopyFamily::Mode &b) {
    return magnitude(a.dst) < magnitude(b.dst);
  });
  out = CopyFamily();
  out.srcBytes = src.elementBytes, out.dstBytes = dst.elementBytes;
  for (int k = 0; k < n; ++k) {
    if (out.modes && continues(out.mode[out.modes - 1], modes[k])) {
      out.mode[out.modes - 1].size *= modes[k].size; // the product is a size of both sides: within int64
      continue;
    }
    if (out.modes == kMaxFamilyModes)
      return false;
    out.mode[out.modes++] = modes[k];
  }
  // One element: a mode of size 1, contiguous on both sides.
  if (out.modes == 0)
    out.mode[out.modes++] = {1, 1, 1};
  int64_t srcVector = std::max(1, 16 / src.elementBytes), dstVector = std::max(1, 16 / dst.elementBytes);
  for (int k = 0; k < out.modes; ++k) {
    const CopyFamily::Mode &m = out.mode[k];
    out.facts[k][1] = strideFact(m.src, srcVector);
    out.facts[k][2] = strideFact(m.dst, dstVector);
    int64_t vector = std::max(m.src == 1 ? srcVector : 1, m.dst == 1 ? dstVector : 1);
    out.facts[k][0] = vector > 1 ? divisorFact(m.size, vector) : uint8_t(kNoFact);
    if ((m.src == 1 || m.dst == 1) && m.size < kStaticSizeBelow)
      out.staticSize[k] = uint8_t(m.size);
  }
  return true;
}

algebra::Layout CopyFamily::layout(bool dst) const {
  std::vector<IntTuple> shape, stride;
  for (int k = 0; k < modes; ++k) {
    shape.push_back(IntTuple::of(sizeOf(*this, k)));
    stride.push_back(IntTuple::of(strideOf(facts[k][dst ? 2 : 1])));
  }
  if (modes == 1)
    return {shape[0], stride[0]};
  return {IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride))};
}

std::string CopyFamily::remark() const {
  return Remark("lay-copy-family")
      .add("modes", int64_t(modes))
      .add("sizes", factsText(*this, 0))
      .add("src", factsText(*this, 1))
      .add("dst", factsText(*this, 2))
      .str();
}

} // namespace layoutc::transforms
