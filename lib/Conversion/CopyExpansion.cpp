//===- CopyExpansion.cpp - lay.copy as loads and stores -------------------===//
//
// A block's copy: thread t holds the tile's elements TV(t, v). Their
// coordinates come from composition(identity(tile), TV), computed here once:
// its thread part is index code of t, its value part static, so each
// access is the thread's coordinate plus a constant. All of a thread's loads
// come first, then the map, then the stores. A grid's copy no pass tiled is
// the element loop.
//
//===----------------------------------------------------------------------===//
#include "CopyExpansion.h"
#include "LeafBinding.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace layoutc::conversion {

using namespace mlir;
using namespace layoutc::lay;
using algebra::Int;
using algebra::IntTuple;

namespace {

// The map's result for the element `x`, or `x` itself without a map.
Value applyMap(OpBuilder &b, Block *map, Value x) {
  if (!map)
    return x;
  IRMapping m;
  m.map(map->getArgument(0), x);
  for (Operation &op : map->without_terminator())
    b.clone(op, m);
  return m.lookupOrDefault(map->getTerminator()->getOperand(0));
}

IntegerAttr alignment(Builder &b, int64_t elements, Type element) {
  int64_t bytes = elements * std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
  return elements > 1 ? b.getI64IntegerAttr(bytes) : IntegerAttr();
}

// The flat leaves of a tensor's (outer) shape: the tile's modes.
std::vector<IntTuple> leavesOf(LayoutTensorType t) {
  std::vector<IntTuple> leaves;
  algebra::flattenInto(t.getOuterLayout().getLayout().shape, leaves);
  return leaves;
}

IntTuple shapeOf(const std::vector<IntTuple> &leaves) {
  return leaves.size() == 1 ? leaves[0] : IntTuple::tuple(leaves);
}

// The flat coordinate (one Int per leaf) of a coordinate tuple `c` whose
// components are the leaves' (a single leaf: an integer), padded with zeros.
std::vector<Int> flatCoordinate(const IntTuple &c, size_t leaves) {
  std::vector<IntTuple> parts;
  algebra::flattenInto(c, parts);
  std::vector<Int> out;
  for (const IntTuple &p : parts) {
    Int i = p.integer();
    i.basis = 0;
    out.push_back(i);
  }
  out.resize(leaves, Int(0));
  return out;
}

// `flat` rebuilt in the structure of `shape`: a coordinate as the emitter
// holds one.
IntTuple coordinateTuple(const IntTuple &shape, const std::vector<Int> &flat) {
  size_t next = 0;
  std::function<IntTuple(const IntTuple &)> entry = [&](const IntTuple &s) -> IntTuple {
    if (!s.isTuple())
      return IntTuple::of(flat[next++]);
    std::vector<IntTuple> children;
    for (size_t i = 0; i < s.size(); ++i)
      children.push_back(entry(s[i]));
    return IntTuple::tuple(children);
  };
  return entry(shape);
}

// `flat` rebuilt in the structure of `shape`, as a coordinate operand: an
// index for a single leaf, else a lay.make_tuple.
Value coordinateValue(ImplicitLocOpBuilder &b, IndexEmitter &e, const IntTuple &shape, const std::vector<Int> &flat) {
  if (flat.size() == 1)
    return e.value(flat[0]);
  SmallVector<Value> dynamic;
  std::function<IntTuple(const IntTuple &)> typeOf = [&](const IntTuple &t) -> IntTuple {
    if (!t.isTuple()) {
      const Int &c = t.integer();
      if (c.isStatic())
        return IntTuple(c.value);
      dynamic.push_back(e.value(c));
      return IntTuple::of(Int::unknown());
    }
    std::vector<IntTuple> children;
    for (size_t i = 0; i < t.size(); ++i)
      children.push_back(typeOf(t[i]));
    return IntTuple::tuple(children);
  };
  IntTuple coordinate = coordinateTuple(shape, flat);
  IntTuple type = typeOf(shape.isTuple() ? coordinate : IntTuple::tuple(std::vector<IntTuple>{coordinate}));
  return b.create<MakeTupleOp>(IntTupleType::get(b.getContext(), type), dynamic);
}

// Whether the element at tile coordinate `c` is within the residue (null:
// always, as when there is none).
Value withinResidue(ImplicitLocOpBuilder &b, IndexEmitter &e, const std::vector<Int> &residue,
                    const std::vector<IntTuple> &leaves, const std::vector<Int> &c) {
  Value in;
  for (size_t k = 0; k < residue.size(); ++k) {
    if (residue[k].isStatic() && residue[k].value >= leaves[k].value())
      continue;
    Value below = b.create<arith::CmpIOp>(arith::CmpIPredicate::slt, e.value(c[k]), e.value(residue[k]));
    in = in ? Value(b.create<arith::AndIOp>(in, below)) : below;
  }
  return in;
}

// The coordinates of thread t's values in a tile of `leaves`: value v,
// `shift` steps further along the TV's last value leaf (a rolled loop's
// iterations), where each step is `span` values.
class ValueCoordinates {
public:
  ValueCoordinates(IndexEmitter &e, const algebra::Layout &tv, const std::vector<IntTuple> &leaves, Value thread,
                   int64_t span)
      : tv_(tv), leaves_(leaves), shape_(shapeOf(leaves)) {
    Int t = e.leaf(thread);
    algebra::Expected<algebra::Layout> c =
        algebra::attempt("composition", [&] { return algebra::composition(algebra::makeIdentityLayout(shape_), tv); });
    if (c) {
      coords_ = c.value();
      thread_ = flatCoordinate(algebra::crd2idx(IntTuple::of(t), algebra::modeOf(coords_, 0)), leaves.size());
      step_ = flatCoordinate(algebra::crd2idx(IntTuple(span), algebra::modeOf(coords_, 1)), leaves.size());
    } else {
      // Not a layout: each value's index split by the tile's shape.
      threadIndex_ = algebra::crd2idx(IntTuple::of(t), algebra::modeOf(tv, 0)).integer();
      stepIndex_ = algebra::crd2idx(IntTuple(span), algebra::modeOf(tv, 1)).integer();
    }
  }

  std::vector<Int> at(int64_t v, const Int &shift) const {
    if (!thread_.empty()) {
      std::vector<Int> value =
          flatCoordinate(algebra::crd2idx(IntTuple(v), algebra::modeOf(coords_, 1)), leaves_.size());
      for (size_t k = 0; k < value.size(); ++k)
        value[k] = algebra::add(algebra::add(thread_[k], algebra::mul(shift, step_[k])), value[k]);
      return value;
    }
    Int index = algebra::add(algebra::add(threadIndex_, algebra::mul(shift, stepIndex_)),
                             algebra::crd2idx(IntTuple(v), algebra::modeOf(tv_, 1)).integer());
    return flatCoordinate(algebra::idx2crd(IntTuple::of(index), shape_), leaves_.size());
  }

private:
  algebra::Layout tv_, coords_;
  std::vector<IntTuple> leaves_;
  IntTuple shape_;
  std::vector<Int> thread_, step_;
  Int threadIndex_, stepIndex_;
};

// How a thread's values are visited: the plan's valuesPerStep at a time in
// a loop along the TV's last value leaf (lay-copy-unroll decides it), or all
// at once where the plan does not say.
struct Visit {
  int64_t perStep, steps;
};

Visit visitOf(TiledCopyOp copy) {
  CopyPlanAttr plan = copy.getPlan();
  int64_t total = plan.valuesPerThread(), perStep = plan.getValuesPerStep() ? plan.getValuesPerStep() : total;
  return {perStep, total / perStep};
}

// One side's accesses to a thread's values: `width` values `step` apart
// (consecutive along the TV's value leaf the side's vectors run along,
// `extent` long), or single values.
struct SideVectors {
  int64_t width, step, extent;

  SideVectors(TiledCopyOp copy, bool source) {
    CopyPlanAttr plan = copy.getPlan();
    std::vector<int64_t> values = plan.valueLeaves();
    int64_t leaf = source ? plan.getSrcVectorLeaf() : plan.getDstVectorLeaf();
    width = source ? plan.getSrcWidth() : plan.getDstWidth();
    step = 1;
    for (int64_t k = 0; k < leaf; ++k)
      step *= values[size_t(k)];
    extent = values[size_t(leaf)];
  }

  /// Whether value `v` starts an access.
  bool starts(int64_t v) const { return v / step % extent % width == 0; }
  /// The values of the access that `v` starts.
  SmallVector<size_t> of(int64_t v) const {
    SmallVector<size_t> out;
    for (int64_t i = 0; i < width; ++i)
      out.push_back(size_t(v + i * step));
    return out;
  }
};

// lay.tiled_copy: each thread's accesses to its values, as the plan says.
struct ExpandBlockCopy : OpRewritePattern<TiledCopyOp> {
  ExpandBlockCopy(MLIRContext *context, Reasons &reasons) : OpRewritePattern(context), reasons(reasons) {}
  Reasons &reasons;

  LogicalResult matchAndRewrite(TiledCopyOp copy, PatternRewriter &rewriter) const override {
    try {
      return expand(copy, rewriter);
    } catch (const algebra::AlgebraError &e) {
      reasons[copy] = e.oneLine();
      return failure();
    }
  }

  LogicalResult expand(TiledCopyOp copy, PatternRewriter &rewriter) const {
    ImplicitLocOpBuilder b(copy.getLoc(), rewriter);
    IndexEmitter e(rewriter, copy.getLoc());
    algebra::DomainScope scope(e);
    LayoutTensorType srcType = copy.getSrc().getType(), dstType = copy.getDst().getType();
    std::vector<IntTuple> srcLeaves = leavesOf(srcType), dstLeaves = leavesOf(dstType);
    for (const std::vector<IntTuple> *leaves : {&srcLeaves, &dstLeaves})
      for (const IntTuple &l : *leaves)
        if (!l.isStatic()) {
          reasons[copy] = "a block's tile must have a static shape";
          return failure();
        }
    algebra::Layout tv = copy.getTvLayout().getLayout();
    Visit visit = visitOf(copy);
    // A copy in windows: the TV covers the tile with `window` more elements
    // along leaf 0.
    if (int64_t window = copy.getPlan().getWindow())
      srcLeaves[0] = dstLeaves[0] = IntTuple(srcLeaves[0].value() + window);
    ValueCoordinates from(e, tv, srcLeaves, copy.getThread(), visit.perStep);
    ValueCoordinates to(e, tv, dstLeaves, copy.getThread(), visit.perStep);
    // The residue, one bound per leaf of the tile.
    std::vector<Int> residue;
    if (Value r = copy.getResidue()) {
      if (r.getType().isIndex()) {
        residue.push_back(e.leaf(r));
      } else {
        std::optional<ValueRange> dynamic = dynamicLeaves(r);
        if (!dynamic) {
          reasons[copy] = "the residue's dynamic entries are not in the IR (lay.make_tuple)";
          return failure();
        }
        size_t next = 0;
        residue = flatCoordinate(e.bind(cast<IntTupleType>(r.getType()).getTuple(), *dynamic, next), srcLeaves.size());
      }
    }
    if (visit.steps == 1) {
      accesses(copy, b, e, rewriter, from, to, residue, visit.perStep, Int(0));
    } else {
      auto loop =
          b.create<scf::ForOp>(b.create<arith::ConstantIndexOp>(0), b.create<arith::ConstantIndexOp>(visit.steps),
                               b.create<arith::ConstantIndexOp>(1));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(loop.getBody()->getTerminator());
      ImplicitLocOpBuilder inside(copy.getLoc(), rewriter);
      accesses(copy, inside, e, rewriter, from, to, residue, visit.perStep, e.leaf(loop.getInductionVar()));
    }
    rewriter.eraseOp(copy);
    return success();
  }

  // The loads of `values` values (their coordinates `shift` steps on), the
  // map, and the stores.
  void windowed(TiledCopyOp copy, ImplicitLocOpBuilder &b, IndexEmitter &e, PatternRewriter &rewriter,
                const ValueCoordinates &at, const std::vector<Int> &residue, int64_t values, const Int &shift) const;

  void accesses(TiledCopyOp copy, ImplicitLocOpBuilder &b, IndexEmitter &e, PatternRewriter &rewriter,
                const ValueCoordinates &from, const ValueCoordinates &to, const std::vector<Int> &residue,
                int64_t values, const Int &shift) const {
    LayoutTensorType srcType = copy.getSrc().getType(), dstType = copy.getDst().getType();
    std::vector<IntTuple> srcLeaves = leavesOf(srcType);
    if (copy.getPlan().getWindow())
      return windowed(copy, b, e, rewriter, from, residue, values, shift);
    auto inside = [&](const std::vector<Int> &c) { return withinResidue(b, e, residue, srcLeaves, c); };
    Type srcElement = srcType.getElementType(), dstElement = dstType.getElementType();
    SideVectors ws(copy, true), wd(copy, false);
    IntTuple srcShape = srcType.getOuterLayout().getLayout().shape,
             dstShape = dstType.getOuterLayout().getLayout().shape;

    // Loads: whole vectors, or elements (guarded by the residue).
    SmallVector<Value> loaded(static_cast<size_t>(values));
    for (int64_t v = 0; v < values; ++v) {
      if (!ws.starts(v))
        continue;
      std::vector<Int> c = from.at(v, shift);
      Value at = coordinateValue(b, e, srcShape, c);
      if (ws.width > 1) {
        auto type = VectorType::get({ws.width}, srcElement);
        auto load = b.create<LoadOp>(type, copy.getSrc(), at, alignment(b, ws.width, srcElement));
        for (auto [i, k] : llvm::enumerate(ws.of(v)))
          loaded[k] = b.create<vector::ExtractOp>(load, int64_t(i));
        continue;
      }
      Value in = inside(c);
      if (!in) {
        loaded[size_t(v)] = b.create<LoadOp>(srcElement, copy.getSrc(), at, IntegerAttr());
        continue;
      }
      auto guarded = b.create<scf::IfOp>(TypeRange{srcElement}, in, /*addThenBlock=*/true, /*addElseBlock=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(guarded.thenBlock());
      b.create<scf::YieldOp>(ValueRange{b.create<LoadOp>(srcElement, copy.getSrc(), at, IntegerAttr())});
      b.setInsertionPointToStart(guarded.elseBlock());
      b.create<scf::YieldOp>(ValueRange{b.create<arith::ConstantOp>(b.getZeroAttr(srcElement))});
      loaded[size_t(v)] = guarded.getResult(0);
    }
    SmallVector<Value> converted;
    for (Value x : loaded)
      converted.push_back(applyMap(b, copy.getMapBlock(), x));
    // Stores.
    for (int64_t v = 0; v < values; ++v) {
      if (!wd.starts(v))
        continue;
      std::vector<Int> c = to.at(v, shift);
      Value at = coordinateValue(b, e, dstShape, c);
      if (wd.width > 1) {
        auto type = VectorType::get({wd.width}, dstElement);
        SmallVector<Value> elements;
        for (size_t k : wd.of(v))
          elements.push_back(converted[k]);
        Value x = b.create<vector::FromElementsOp>(type, elements);
        b.create<StoreOp>(x, copy.getDst(), at, alignment(b, wd.width, dstElement));
        continue;
      }
      Value in = inside(c);
      if (!in) {
        b.create<StoreOp>(converted[size_t(v)], copy.getDst(), at, IntegerAttr());
        continue;
      }
      auto guarded = b.create<scf::IfOp>(in, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(guarded.thenBlock());
      b.create<StoreOp>(converted[size_t(v)], copy.getDst(), at, IntegerAttr());
    }
  }
};

// A copy in windows of W (`window`): value (r, rest) of the tile extended by
// W along leaf 0 is the tile's element (r - s, rest), s the destination's
// element index of (0, rest) modulo W, so a warp's W lanes along leaf 0
// store into one window aligned in memory. A value outside the tile stores
// nothing; it loads the tile's row r - s wrapped into the tile, a row its
// window does not hold, so the loads keep the banks of a plain column.
void ExpandBlockCopy::windowed(TiledCopyOp copy, ImplicitLocOpBuilder &b, IndexEmitter &e, PatternRewriter &rewriter,
                               const ValueCoordinates &at, const std::vector<Int> &residue, int64_t values,
                               const Int &shift) const {
  LayoutTensorType srcType = copy.getSrc().getType(), dstType = copy.getDst().getType();
  std::vector<IntTuple> leaves = leavesOf(srcType);
  IntTuple srcShape = srcType.getOuterLayout().getLayout().shape, dstShape = dstType.getOuterLayout().getLayout().shape;
  int64_t window = copy.getPlan().getWindow(), rows = leaves[0].value();
  Type srcElement = srcType.getElementType(), dstElement = dstType.getElementType();
  Value zero = b.create<arith::ConstantIndexOp>(0), extent = b.create<arith::ConstantIndexOp>(rows);
  // s for the coordinate `c` (its leaf 0 ignored): the destination's element
  // at (0, rest), its address in elements, modulo W. Where the destination's
  // position is not in the IR, s = 0: the tile's own rows, unaligned (its
  // stores then say why they cannot be lowered). The buffer's address in
  // elements is the same for every value: computed once.
  Value base;
  auto skew = [&](std::vector<Int> c) -> Value {
    c[0] = Int(0);
    std::string why;
    std::optional<std::pair<Value, Value>> position =
        elementPosition(e, rewriter, copy.getLoc(), copy.getDst(), coordinateTuple(dstShape, c), why);
    if (!position)
      return zero;
    if (!base) {
      int64_t bytes = std::max<int64_t>(1, dstElement.getIntOrFloatBitWidth() / 8);
      base = b.create<arith::DivUIOp>(b.create<memref::ExtractAlignedPointerAsIndexOp>(position->first),
                                      b.create<arith::ConstantIndexOp>(bytes));
    }
    return b.create<arith::RemUIOp>(b.create<arith::AddIOp>(base, position->second),
                                    b.create<arith::ConstantIndexOp>(window));
  };
  SmallVector<Value> loaded, stored;
  SmallVector<std::vector<Int>> targets;
  for (int64_t v = 0; v < values; ++v) {
    std::vector<Int> c = at.at(v, shift);
    Value r = b.create<arith::SubIOp>(e.value(c[0]), skew(c));
    Value below = b.create<arith::CmpIOp>(arith::CmpIPredicate::slt, r, zero);
    Value past = b.create<arith::CmpIOp>(arith::CmpIPredicate::sge, r, extent);
    Value wrapped = b.create<arith::SelectOp>(below, b.create<arith::AddIOp>(r, extent),
                                              b.create<arith::SelectOp>(past, b.create<arith::SubIOp>(r, extent), r));
    std::vector<Int> from = c;
    from[0] = e.leaf(wrapped);
    c[0] = e.leaf(r);
    // 0 <= r < rows as one unsigned compare, and the residue.
    Value in = b.create<arith::CmpIOp>(arith::CmpIPredicate::ult, r, extent);
    if (Value left = withinResidue(b, e, residue, leaves, c))
      in = b.create<arith::AndIOp>(in, left);
    loaded.push_back(b.create<LoadOp>(srcElement, copy.getSrc(), coordinateValue(b, e, srcShape, from), IntegerAttr()));
    stored.push_back(in);
    targets.push_back(c);
  }
  for (size_t k = 0; k < loaded.size(); ++k) {
    Value y = applyMap(b, copy.getMapBlock(), loaded[k]);
    auto guarded = b.create<scf::IfOp>(stored[k], /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(guarded.thenBlock());
    b.create<StoreOp>(y, copy.getDst(), coordinateValue(b, e, dstShape, targets[k]), IntegerAttr());
  }
}

// A grid's copy: the element loop over the domain's indices.
struct ExpandGridCopy : OpRewritePattern<CopyOp> {
  ExpandGridCopy(MLIRContext *context, Reasons &reasons) : OpRewritePattern(context), reasons(reasons) {}
  Reasons &reasons;

  LogicalResult matchAndRewrite(CopyOp copy, PatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(copy.getLoc(), rewriter);
    IndexEmitter e(rewriter, copy.getLoc());
    algebra::DomainScope scope(e);
    std::optional<algebra::Layout> src = bindTensorLayout(e, copy.getSrc());
    if (!src) {
      reasons[copy] = "a grid's copy needs its source from lay.make_tensor with its `?` leaves in the IR";
      return failure();
    }
    Value size = e.value(algebra::product(src->shape));
    Value block = b.create<gpu::BlockIdOp>(gpu::Dimension::x);
    Value threads = b.create<gpu::BlockDimOp>(gpu::Dimension::x);
    Value thread = b.create<gpu::ThreadIdOp>(gpu::Dimension::x);
    Value grid = b.create<gpu::GridDimOp>(gpu::Dimension::x);
    Value start = b.create<arith::AddIOp>(b.create<arith::MulIOp>(block, threads), thread);
    Value step = b.create<arith::MulIOp>(grid, threads);
    auto loop = b.create<scf::ForOp>(start, size, step);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Type element = copy.getSrc().getType().getElementType();
    Value x = b.create<LoadOp>(element, copy.getSrc(), k, IntegerAttr());
    b.create<StoreOp>(applyMap(b, copy.getMapBlock(), x), copy.getDst(), k, IntegerAttr());
    rewriter.eraseOp(copy);
    return success();
  }
};

} // namespace

void populateCopyExpansionPatterns(RewritePatternSet &patterns, Reasons &reasons) {
  patterns.add<ExpandBlockCopy, ExpandGridCopy>(patterns.getContext(), reasons);
}

} // namespace layoutc::conversion
