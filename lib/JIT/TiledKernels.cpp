//===- TiledKernels.cpp - The fast copy kernels as lay MLIR ---------------===//
//
// A TiledCopy written out: 16-byte vector loads and stores through the
// domain's joint layouts, several in flight per thread, or a tile staged
// through swizzled shared memory. Both fall back, inside the kernel, to one
// element per thread when a pointer is not aligned to the vector.
//
//===----------------------------------------------------------------------===//
#include "KernelWriter.h"
#include "TiledCopy.h"

namespace layoutc::jit {

namespace {

std::string layoutText(const std::vector<JointMode> &modes, const std::vector<size_t> &order, bool dst) {
  std::string shape, stride;
  for (size_t i : order) {
    shape += (shape.empty() ? "" : ",") + std::to_string(modes[i].size);
    stride += (stride.empty() ? "" : ",") + std::to_string(dst ? modes[i].dst : modes[i].src);
  }
  return "(" + shape + "):(" + stride + ")";
}

// One element per thread per step over the domain: the path for unaligned
// pointers.
void elementLoop(KernelEmitter &e, const std::string &src, const std::string &dst, int64_t n) {
  e.w.loopBegin(e.c(n));
  std::string x = e.load(src, "%k", 1);
  e.store(x, dst, "%k", 1);
  e.w.loopEnd();
}

// The vector of src at domain index k: one access when src is contiguous
// along mode 0, else its elements one by one.
std::string loadVector(KernelEmitter &e, const TiledCopy &t, const std::string &ts, const std::string &k) {
  if (t.modes[0].src == 1)
    return e.load(ts, k, t.vector);
  std::vector<std::string> xs{e.load(ts, k, 1)};
  for (int64_t v = 1; v < t.vector; ++v)
    xs.push_back(e.load(ts, e.addc(k, v), 1));
  if (t.vector == 1)
    return xs[0];
  std::string x = e.w.fresh("x");
  e.w.line() << x << " = vector.from_elements " << KernelWriter::join(xs) << " : " << e.valueType(t.vector) << "\n";
  return x;
}

void vectorBody(KernelEmitter &e, const TiledCopy &t, const std::string &ts, const std::string &td) {
  int64_t vectors = t.size() / t.vector, chunk = int64_t(t.threads) * t.unroll;
  int64_t chunks = (vectors + chunk - 1) / chunk;
  bool ragged = vectors % chunk != 0;
  e.w.open("scf.for %c = %bx to " + e.c(chunks) + " step %gd");
  std::string first = e.add(e.mul("%c", chunk), "%tx");
  std::vector<std::string> at, in, xs;
  for (int64_t u = 0; u < t.unroll; ++u) {
    std::string j = e.addc(first, u * t.threads);
    at.push_back(e.mul(j, t.vector));
    if (!ragged) {
      xs.push_back(loadVector(e, t, ts, at.back()));
      continue;
    }
    in.push_back(e.below(j, e.c(vectors)));
    xs.push_back(e.loadIf(in.back(), t.vector, [&] { return loadVector(e, t, ts, at.back()); }));
  }
  for (int64_t u = 0; u < t.unroll; ++u) {
    if (ragged)
      e.w.open("scf.if " + in[size_t(u)]);
    e.store(xs[size_t(u)], td, at[size_t(u)], t.vector);
    if (ragged)
      e.w.close();
  }
  e.w.close();
}

void transposeBody(KernelEmitter &e, const TiledCopy &t, const std::string &smem) {
  const JointMode &ma = t.modes[0], &mb = t.modes[t.srcMode];
  std::vector<size_t> srcOrder{t.srcMode, 0}, dstOrder{0, t.srcMode};
  for (size_t i = 1; i < t.modes.size(); ++i)
    if (i != t.srcMode)
      srcOrder.push_back(i), dstOrder.push_back(i);
  std::string ts = e.tensor("%src", layoutText(t.modes, srcOrder, false));
  std::string td = e.tensor("%dst", layoutText(t.modes, dstOrder, true));
  algebra::Layout tile = t.tileLayout();
  std::string tsm = e.tensor(smem, tile.str(), &t.swizzle);
  int64_t tilesA = ma.size / t.tileA, tilesB = mb.size / t.tileB, tiles = t.tiles();
  // This thread's place in both phases (TiledCopy::tileWrites/tileReads).
  int64_t perRow = t.tileB / t.vector, rowsPerStep = t.threads / perRow, warpsB = 8 / t.warpsA();
  std::string writeB = e.mul(e.op("remui", "%tx", e.c(perRow)), t.vector);
  std::string writeA = e.op("divui", "%tx", e.c(perRow));
  std::string lane = e.op("remui", "%tx", e.c(32)), warp = e.op("divui", "%tx", e.c(32));
  std::string readA = e.mul(e.add(e.op("remui", lane, e.c(8)), e.mul(e.op("remui", warp, e.c(t.warpsA())), 8)),
                            t.vector);
  std::string readB = e.add(e.op("divui", lane, e.c(8)), e.mul(e.op("divui", warp, e.c(t.warpsA())), 4));

  // Tiles go along a first: concurrent blocks write adjacent stretches of
  // dst (H100, the 16384² f32 transpose: 2900 GB/s against 2872 along b).
  e.w.open("scf.for %c = %bx to " + e.c(tiles) + " step %gd");
  std::string ta = e.op("remui", "%c", e.c(tilesA)), q = e.op("divui", "%c", e.c(tilesA));
  std::string tb = e.op("remui", q, e.c(tilesB)), r = e.op("divui", q, e.c(tilesB));
  std::string a0 = e.mul(ta, t.tileA), b0 = e.mul(tb, t.tileB);
  std::string srcBase = e.add(e.add(b0, e.mul(a0, mb.size)), e.mul(r, mb.size * ma.size));
  std::string dstBase = e.add(e.add(a0, e.mul(b0, ma.size)), e.mul(r, mb.size * ma.size));
  std::vector<std::string> xs, rows;
  for (int u = 0; u < t.writeInstructions(); ++u) {
    rows.push_back(e.addc(writeA, u * rowsPerStep));
    xs.push_back(e.load(ts, e.add(e.add(srcBase, writeB), e.mul(rows.back(), mb.size)), t.vector));
  }
  for (int u = 0; u < t.writeInstructions(); ++u)
    e.store(xs[size_t(u)], tsm, e.add(writeB, e.mul(rows[size_t(u)], t.tileB)), t.vector);
  e.w.line() << "gpu.barrier\n";
  for (int64_t p = 0; p < t.readPasses(); ++p) {
    std::string b = e.addc(readB, 4 * warpsB * p);
    std::vector<std::string> ys;
    for (int64_t i = 0; i < t.vector; ++i)
      ys.push_back(e.load(tsm, e.add(b, e.mul(e.addc(readA, i), t.tileB)), 1));
    std::string y = e.w.fresh("y");
    e.w.line() << y << " = vector.from_elements " << KernelWriter::join(ys) << " : " << e.valueType(t.vector) << "\n";
    e.store(y, td, e.add(e.add(dstBase, readA), e.mul(b, ma.size)), t.vector);
  }
  e.w.line() << "gpu.barrier\n";
  e.w.close();
}

} // namespace

KernelSource writeTiledCopy(const TiledCopy &t, DType dtype, KernelPlan plan) {
  KernelWriter w("copy");
  w.buffer("src", dtype);
  w.buffer("dst", dtype);
  KernelEmitter e{w, dtype};
  std::string smem = t.kind == TiledCopy::Kind::Transpose ? w.workgroup("tile", dtype, t.tileA * t.tileB) : "";
  w.gridStrideHeader();
  std::vector<size_t> order(t.modes.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::string ts = e.tensor("%src", layoutText(t.modes, order, false));
  std::string td = e.tensor("%dst", layoutText(t.modes, order, true));
  bool check = t.vector > 1;
  std::vector<std::string> vectorized{"%dst"};
  if (t.kind == TiledCopy::Kind::Transpose || t.modes[0].src == 1)
    vectorized.insert(vectorized.begin(), "%src");
  if (check)
    w.open("scf.if " + e.aligned(vectorized, t.vector * dtypeBytes(dtype)));
  if (t.kind == TiledCopy::Kind::Vector)
    vectorBody(e, t, ts, td);
  else
    transposeBody(e, t, smem);
  if (check) {
    w.otherwise();
    elementLoop(e, ts, td, t.size());
    w.close();
  }
  plan.elementsPerBlock = t.elementsPerStep();
  return w.finish(std::move(plan));
}

} // namespace layoutc::jit
