//===- BankQuestions.cpp - bank_conflicts and swizzle_for -----------------===//
#include "layoutc/Algebra/Banks.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Operations.h"

#include <map>

namespace layoutc::algebra {

namespace {

// The analysis evaluates every (thread, value) pair: at most this many.
constexpr int64_t kMaxAccesses = int64_t(1) << 20;

bool isStaticLayout(const Layout &l) {
  std::vector<IntTuple> leaves;
  flattenInto(l.shape, leaves);
  flattenInto(l.stride, leaves);
  for (const IntTuple &x : leaves)
    if (!x.isInt() || x.isUnknown() || !x.isStatic())
      return false;
  return true;
}

int64_t offsetAt(const SharedMemory &smem, int64_t index) {
  return smem.swizzle(smem.offset + evaluate(smem.layout, index));
}

// The TV's tile index at (t, v), checked inside SMEM's domain.
int64_t tileIndex(const SharedMemory &smem, const Layout &tv, int64_t t, int64_t v, const std::string &op) {
  IntTuple i = crd2idx(IntTuple{IntTuple(t), IntTuple(v)}, tv);
  int64_t n = size(smem.layout);
  if (!i.isInt() || i.value() < 0 || i.value() >= n)
    fail(op, "the TV layout " + tv.str() + " maps (thread, value) = (" + std::to_string(t) + "," + std::to_string(v) +
                 ") to " + i.str() + ", not a tile index of SMEM " + smem.layout.str() + " (0 to " +
                 std::to_string(n - 1) + ")");
  return i.value();
}

void checkAccess(const SharedMemory &smem, const Layout &tv, const std::string &op) {
  if (!isStaticLayout(tv))
    fail(op, "the TV layout " + tv.str() + " must be static, with integer strides (thread, value) -> tile index");
  if (rank(tv) != 2)
    fail(op, "the TV layout " + tv.str() + " has rank " + std::to_string(rank(tv)) +
                 "; it must be (thread, value) -> tile index, rank 2");
  int64_t threads = product(mode(tv.shape, 0)).value, values = product(mode(tv.shape, 1)).value;
  if (threads % 32 != 0)
    fail(op, "the TV layout " + tv.str() + " has " + std::to_string(threads) +
                 " threads; a warp instruction has 32 lanes, so the thread mode must be a multiple of 32");
  // threads x values compared without forming the product, which may
  // overflow int64.
  if (threads > kMaxAccesses / values)
    fail(op, "the TV layout " + tv.str() + " has " + std::to_string(threads) + " x " + std::to_string(values) +
                 " (thread, value) pairs, past the limit of " + std::to_string(kMaxAccesses));
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v)
      tileIndex(smem, tv, t, v, op);
}

const std::map<std::string, int> &elementTypes() {
  static const std::map<std::string, int> bytes = {{"f64", 8}, {"i64", 8}, {"u64", 8}, {"f32", 4},
                                                   {"i32", 4}, {"u32", 4}, {"f16", 2}, {"bf16", 2},
                                                   {"i16", 2}, {"u16", 2}, {"i8", 1},  {"u8", 1}};
  return bytes;
}

} // namespace

bool isElementType(const std::string &name) { return elementTypes().count(name) != 0; }

int elementBytes(const std::string &dtype, const std::string &op) {
  auto it = elementTypes().find(dtype);
  if (it == elementTypes().end())
    fail(op, "unknown element type '" + dtype + "' (f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, u16, u8)");
  return it->second;
}

SharedMemory sharedMemory(const Value &smem, int bytes, const std::string &op) {
  SharedMemory m;
  m.elementBytes = bytes;
  if (smem.kind == Value::Kind::Layout) {
    m.layout = smem.layout();
  } else if (smem.kind == Value::Kind::Composed && smem.composed().inner == ComposedLayout::Inner::Swizzle &&
             smem.composed().offset.isInt()) {
    m.layout = smem.composed().outer;
    m.swizzle = smem.composed().swizzle;
    m.offset = smem.composed().offset.value();
  } else {
    fail(op, "SMEM must be a layout or a swizzled layout S<B,M,S> o k o L, tile index -> element offset, not " +
                 smem.describe());
  }
  if (!isStaticLayout(m.layout))
    fail(op, "SMEM " + smem.str() + " must be static, with integer strides (tile index -> element offset)");
  int64_t n = size(m.layout);
  if (n > kMaxAccesses)
    fail(op, "SMEM " + smem.str() + " has " + std::to_string(n) + " elements, past the limit of " +
                 std::to_string(kMaxAccesses));
  for (int64_t i = 0; i < n; ++i)
    if (m.offset + evaluate(m.layout, i) < 0)
      fail(op, "SMEM " + smem.str() + " maps tile index " + std::to_string(i) + " to the negative offset " +
                   std::to_string(m.offset + evaluate(m.layout, i)));
  return m;
}

int64_t accessWidth(const SharedMemory &smem, const Layout &tv) {
  int64_t threads = product(mode(tv.shape, 0)).value, values = product(mode(tv.shape, 1)).value;
  auto vectors = [&](int64_t w) {
    if (values % w != 0)
      return false;
    for (int64_t t = 0; t < threads; ++t)
      for (int64_t v = 0; v < values; v += w) {
        int64_t first = offsetAt(smem, evaluate(tv, t + threads * v));
        if (first % w != 0)
          return false;
        for (int64_t k = 1; k < w; ++k)
          if (offsetAt(smem, evaluate(tv, t + threads * (v + k))) != first + k)
            return false;
      }
    return true;
  };
  int64_t w = 16 / smem.elementBytes;
  while (w > 1 && !vectors(w))
    w /= 2;
  return w;
}

BankReport bankConflicts(const SharedMemory &smem, const Layout &tv, const std::string &op) {
  checkAccess(smem, tv, op);
  BankReport r;
  r.access = {tv, accessWidth(smem, tv)};
  r.warps = product(mode(tv.shape, 0)).value / 32;
  for (const std::vector<int64_t> &lanes : warpInstructions(smem, r.access)) {
    BankCost c = instructionsCost(smem, smem.swizzle, {lanes}, r.access.width);
    if (c.wavefronts > r.worst.wavefronts)
      r.worst = c, r.worstInstruction = r.instructions.size();
    r.instructions.push_back(c);
  }
  return r;
}

Swizzle swizzleFor(const SharedMemory &smem, const Layout &write, const Layout &read) {
  const std::string op = "swizzle_for";
  if (smem.swizzle.bits > 0)
    fail(op, "SMEM is already swizzled by " + smem.swizzle.str() + "; give its unswizzled layout");
  checkAccess(smem, write, op + ": the write phase");
  checkAccess(smem, read, op + ": the read phase");
  BankAccess w{write, accessWidth(smem, write)}, r{read, accessWidth(smem, read)};
  Swizzle s = chooseSwizzle(smem, w, r, swizzleCandidates(smem, w, r));
  SharedMemory swizzled = smem;
  swizzled.swizzle = s;
  BankCost cw = phaseCost(swizzled, w), cr = phaseCost(swizzled, r);
  if (cw.conflictFree() && cr.conflictFree())
    return s;
  auto cost = [](const BankCost &c) {
    return std::to_string(c.wavefronts) + " wavefronts per warp (ideal " + std::to_string(c.ideal) + ")";
  };
  std::vector<Swizzle> tried = swizzleCandidates(smem, w, r);
  std::string best = s.bits > 0 ? "the best, " + s.str() + "," : "the best is no swizzle, which";
  fail(op, "no swizzle makes both phases conflict-free on SMEM " + smem.layout.str() + ": " + best + " takes " +
               cost(cw) + " writing " + std::to_string(w.width) + " per access and " + cost(cr) + " reading " +
               std::to_string(r.width) + " per access" +
               (tried.empty() ? "; the tile's " + std::to_string(size(smem.layout)) +
                                    " elements leave no bits to swizzle above the access width"
                              : "; of the " + std::to_string(tried.size()) + " swizzles tried (S<B," +
                                    std::to_string(tried[0].base) +
                                    ",S>: M keeps the widest access whole) none separates the lanes that "
                                    "share a bank, as an XOR of row bits onto the column bits cannot here"));
}

} // namespace layoutc::algebra
