//===- LayToArith.cpp - lay index computations to arith -------------------===//
//
// crd2idx and swizzle become arith through the layout algebra run in an
// IndexEmitter (see IndexEmitter.h), so the lowering and the algebra cannot
// disagree on a layout's function.
//
//===----------------------------------------------------------------------===//
#include "CopyExpansion.h"
#include "DeviceChecks.h"
#include "IndexEmitter.h"
#include "LeafBinding.h"
#include "TensorViews.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace layoutc {
#define GEN_PASS_DEF_CONVERTLAYTOARITH
#include "layoutc/Conversion/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using conversion::bindLayout;
using conversion::bindTensorLayout;
using conversion::dynamicLeaves;
using conversion::IndexEmitter;

namespace {

std::optional<algebra::IntTuple> applyFunction(IndexEmitter &emitter, MakeComposedFunctionOp make,
                                               const algebra::IntTuple &coord,
                                               conversion::DeviceChecks *checks = nullptr, int depth = 0);

// The most custom functions one may apply inside another.
constexpr int kMaxFunctionNesting = 32;

// A coordinate or offset (an index value, or a !lay.tuple) in the emitter.
// A coordinate made by lay.idx2crd, or by a crd2idx through a custom function,
// is computed here: its code joins the index math of the op that uses it
// (and the checks of its function's loads, `checks` where given).
std::optional<algebra::IntTuple> bindTuple(IndexEmitter &emitter, Value v, conversion::DeviceChecks *checks = nullptr) {
  if (auto through = v.getDefiningOp<Crd2IdxOp>(); through && isa<IntTupleType>(through.getType())) {
    auto make = through.getLayout().getDefiningOp<MakeComposedFunctionOp>();
    std::optional<algebra::IntTuple> coord = bindTuple(emitter, through.getCoord(), checks);
    if (!make || !coord)
      return std::nullopt;
    return applyFunction(emitter, make, *coord, checks);
  }
  if (auto split = v.getDefiningOp<Idx2CrdOp>()) {
    std::optional<algebra::IntTuple> index = bindTuple(emitter, split.getIndex(), checks);
    std::optional<algebra::IntTuple> shape = bindTuple(emitter, split.getShape(), checks);
    if (!index || !shape)
      return std::nullopt;
    return algebra::idx2crd(*index, *shape);
  }
  if (v.getType().isIndex())
    return algebra::IntTuple::of(emitter.leaf(v));
  std::optional<ValueRange> leaves = dynamicLeaves(v);
  if (!leaves)
    return std::nullopt;
  size_t next = 0;
  return emitter.bind(cast<IntTupleType>(v.getType()).getTuple(), *leaves, next);
}

// L(c) in the emitter. An integer c is split by L's shape, and where L's
// modes continue one another (coalesce(L) merges them) the strides put the
// split back together; so a static L maps c through coalesce(L): the same
// offset for every integer c (in the domain or past it, as long as L's last
// mode, which takes the overflow, is kept), without the divisions between
// merged modes.
algebra::IntTuple mapCoordinate(const algebra::IntTuple &coord, const algebra::Layout &l, Value layout) {
  if (coord.isInt() && cast<LayoutType>(layout.getType()).isStatic()) {
    std::vector<algebra::IntTuple> modes;
    algebra::flattenInto(l.shape, modes);
    // A rank-0 layout (():()) has no last mode: its one index maps as is.
    if (!modes.empty() && !modes.back().integer().is(1))
      return algebra::crd2idx(coord, algebra::coalesce(l));
  }
  return algebra::crd2idx(coord, l);
}

// inner(offset + outer(c)) for a custom inner function: the function's region
// is inlined with the coordinate's values as its arguments; its yielded
// values are the result's leaves. Its loads read at positions the device
// computes: each is checked (in `checks`, where given), and a function it
// applies (a crd2idx through one) is inlined here too, so that its checks
// reach the access (at most kMaxFunctionNesting deep).
std::optional<algebra::IntTuple> applyFunction(IndexEmitter &emitter, MakeComposedFunctionOp make,
                                               const algebra::IntTuple &coord, conversion::DeviceChecks *checks,
                                               int depth) {
  if (depth > kMaxFunctionNesting)
    return std::nullopt;
  std::optional<algebra::Layout> outer = bindLayout(emitter, make.getOuter());
  std::optional<algebra::IntTuple> offset = bindTuple(emitter, make.getOffset());
  if (!outer || !offset)
    return std::nullopt;
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(algebra::addCoordinates(*offset, mapCoordinate(coord, *outer, make.getOuter())), leaves);
  Block &body = make.getFunction().front();
  if (leaves.size() != body.getNumArguments())
    return std::nullopt;
  IRMapping arguments;
  for (auto [arg, leaf] : llvm::zip(body.getArguments(), leaves)) {
    algebra::Int plain = leaf.integer();
    plain.basis = 0;
    arguments.map(arg, emitter.value(plain));
  }
  OpBuilder &b = emitter.builder();
  for (Operation &op : body.without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(op); load && load.getIndices().size() == 1) {
      Value at = arguments.lookupOrDefault(load.getIndices()[0]);
      arguments.map(load.getResult(),
                    conversion::checkedLoad(b, load.getLoc(), arguments.lookupOrDefault(load.getMemref()), at, checks));
      continue;
    }
    if (auto nested = dyn_cast<Crd2IdxOp>(op)) {
      if (auto f = nested.getLayout().getDefiningOp<MakeComposedFunctionOp>(); f && nested.getType().isIndex()) {
        std::optional<algebra::IntTuple> r =
            applyFunction(emitter, f, algebra::IntTuple::of(emitter.leaf(arguments.lookupOrDefault(nested.getCoord()))),
                          checks, depth + 1);
        if (!r || !r->isInt())
          return std::nullopt;
        arguments.map(nested.getResult(), emitter.value(r->integer()));
        continue;
      }
    }
    b.clone(op, arguments);
  }
  std::vector<algebra::IntTuple> results;
  for (Value v : body.getTerminator()->getOperands())
    results.push_back(algebra::IntTuple::of(emitter.leaf(arguments.lookupOrDefault(v))));
  return results.size() == 1 ? results[0] : algebra::IntTuple::tuple(std::move(results));
}

// Why a value could not be lowered, for the pass's report.
using Failure = std::string;

Failure missingLeaves(Value v, StringRef which) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the " << which << " " << v.getType()
     << " has dynamic leaves whose values are not in the IR (build it with lay.make_layout / lay.make_tuple)";
  return text;
}

std::optional<std::pair<Value, Value>> elementAt(IndexEmitter &emitter, PatternRewriter &rewriter, Location loc,
                                                 Value tensor, const algebra::IntTuple &coord, Failure &why,
                                                 conversion::DeviceChecks *checks);

// The offset `layout` maps `coord` to: L(c) for a layout; inner(offset +
// outer(c)) for a composed layout, where a swizzle inner is and/shift/xor, a
// layout inner another crd2idx, and an index-tensor inner (a gather) a load
// of the index at that position. `data` is the buffer the offsets index
// (null for an offset no access uses); an index read there is checked
// against its rows, in `checks` where given.
std::optional<algebra::Int> applyLayout(IndexEmitter &emitter, PatternRewriter &rewriter, Location loc, Value layout,
                                        const algebra::IntTuple &coord, Failure &why, Value data = Value(),
                                        conversion::DeviceChecks *checks = nullptr) {
  if (isa<LayoutType>(layout.getType())) {
    std::optional<algebra::Layout> l = bindLayout(emitter, layout);
    if (!l)
      return why = missingLeaves(layout, "layout"), std::nullopt;
    return mapCoordinate(coord, *l, layout).integer();
  }
  if (auto function = layout.getDefiningOp<MakeComposedFunctionOp>()) {
    std::optional<algebra::IntTuple> r = applyFunction(emitter, function, coord, checks);
    if (!r || !r->isInt())
      return why = "the custom inner function must yield one index here, and its outer layout's dynamic leaves "
                   "must be in the IR",
             std::nullopt;
    return r->integer();
  }
  auto make = layout.getDefiningOp<MakeComposedLayoutOp>();
  if (!make)
    return why = "the composed layout does not come from lay.make_composed_layout or lay.make_composed_function",
           std::nullopt;
  std::optional<algebra::Layout> outer = bindLayout(emitter, make.getOuter());
  if (!outer)
    return why = missingLeaves(make.getOuter(), "outer layout"), std::nullopt;
  std::optional<algebra::IntTuple> offset = bindTuple(emitter, make.getOffset());
  if (!offset)
    return why = missingLeaves(make.getOffset(), "offset"), std::nullopt;
  algebra::IntTuple x = algebra::addCoordinates(*offset, mapCoordinate(coord, *outer, make.getOuter()));
  Value inner = make.getInner();
  if (auto s = dyn_cast<SwizzleType>(inner.getType()))
    return emitter.swizzle(s.getSwizzle(), x.integer());
  if (isa<LayoutType>(inner.getType()))
    return applyLayout(emitter, rewriter, loc, inner, x, why, data, checks);
  // A gather of blocks of B: idx[x / B] * B + x % B.
  int64_t block = make.getType().getBlock();
  algebra::Int at = x.integer(), within(0);
  if (block > 1) {
    within = algebra::remainder(at, algebra::Int(block));
    at = algebra::divide(at, algebra::Int(block));
  }
  size_t before = checks ? checks->size() : 0;
  std::optional<std::pair<Value, Value>> element =
      elementAt(emitter, rewriter, loc, inner, algebra::IntTuple::of(at), why, checks);
  if (!element)
    return std::nullopt;
  // The index's position is the host's (checked before the launch) unless
  // the index tensor's own layout read the device.
  Value index = checks && checks->size() > before
                    ? conversion::checkedLoad(rewriter, loc, element->first, element->second, checks)
                    : memref::LoadOp::create(rewriter, loc, element->first, ValueRange{element->second});
  // The index, in its own width, names one of the buffer's rows of B.
  if (data && checks) {
    Value rows = arith::DivSIOp::create(rewriter, loc,
                                        conversion::asI64(rewriter, loc, memref::DimOp::create(rewriter, loc, data, 0)),
                                        arith::ConstantIntOp::create(rewriter, loc, block, 64));
    checks->require(rewriter, loc, conversion::CheckKind::Index, index, element->second, element->first, rows);
  }
  algebra::Int row = emitter.leaf(arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), index));
  return algebra::add(algebra::mul(row, algebra::Int(block)), within);
}

// The 1-D memref holding the element at `coord` of `tensor` (a
// lay.make_tensor, or a view of one), and the element's position in it;
// what the device must check first, in `checks` where given.
std::optional<std::pair<Value, Value>> elementAt(IndexEmitter &emitter, PatternRewriter &rewriter, Location loc,
                                                 Value tensor, const algebra::IntTuple &coord, Failure &why,
                                                 conversion::DeviceChecks *checks) {
  conversion::ViewBinder binder{[&](Value v) { return bindTuple(emitter, v); },
                                [&](Value t) { return bindTensorLayout(emitter, t); }};
  std::optional<conversion::TensorAccess> base = conversion::throughViews(emitter, binder, tensor, coord, why);
  if (!base)
    return std::nullopt;
  auto make = base->tensor.getDefiningOp<MakeTensorOp>();
  if (!make)
    return why = "the tensor does not come from lay.make_tensor (or a local_tile, local_partition or tensor_slice "
                 "of one)",
           std::nullopt;
  if (cast<MemRefType>(make.getData().getType()).getRank() != 1)
    return why = "the tensor's memref must be 1-D: the layout maps coordinates to one offset", std::nullopt;
  std::optional<algebra::Int> offset =
      applyLayout(emitter, rewriter, loc, make.getLayout(), base->coord, why, make.getData(), checks);
  if (!offset)
    return std::nullopt;
  return std::make_pair(make.getData(), emitter.value(*offset));
}

} // namespace

std::optional<std::pair<Value, Value>> conversion::elementPosition(IndexEmitter &emitter, PatternRewriter &rewriter,
                                                                   Location loc, Value tensor,
                                                                   const algebra::IntTuple &coord, std::string &why) {
  return elementAt(emitter, rewriter, loc, tensor, coord, why, nullptr);
}

namespace {

// Why each op the patterns left was left, for the pass's report (the greedy
// driver does not keep match-failure messages).
using conversion::Reasons;

LogicalResult leave(Operation *op, Reasons &reasons, Failure why) {
  reasons[op] = std::move(why);
  return failure();
}

// A pattern for an op with a coordinate operand: binds the coordinate in a
// fresh emitter, then lower() rewrites; a failure's reason is kept.
template <class Op> struct CoordinatePattern : OpRewritePattern<Op> {
  CoordinatePattern(MLIRContext *context, Reasons &reasons) : OpRewritePattern<Op>(context), reasons(reasons) {}
  Reasons &reasons;
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const final {
    IndexEmitter emitter(rewriter, op.getLoc());
    algebra::DomainScope scope(emitter);
    // A failed lowering takes back the code it emitted before it failed
    // (inserted just before `op`), so the rewrite driver sees no change.
    Operation *before = op->getPrevNode();
    auto undo = [&](Failure why) {
      while (Operation *made = op->getPrevNode()) {
        if (made == before)
          break;
        rewriter.eraseOp(made);
      }
      return leave(op, reasons, std::move(why));
    };
    // The checks of the accesses the device places, from the coordinate on.
    conversion::DeviceChecks checks;
    std::optional<algebra::IntTuple> coord = bindTuple(emitter, op.getCoord(), &checks);
    if (!coord)
      return undo(missingLeaves(op.getCoord(), "coordinate"));
    Failure why;
    try {
      if (failed(lower(op, rewriter, emitter, *coord, why, checks)))
        return undo(why);
    } catch (const algebra::AlgebraError &e) { // an offset past int64, say
      return undo("its index math leaves int64: " + e.oneLine());
    }
    return success();
  }
  virtual LogicalResult lower(Op op, PatternRewriter &rewriter, IndexEmitter &emitter, const algebra::IntTuple &coord,
                              Failure &why, conversion::DeviceChecks &checks) const = 0;
};

// L(c), or inner(offset + outer(c)) for a composed layout.
struct LowerCrd2Idx : CoordinatePattern<Crd2IdxOp> {
  using CoordinatePattern::CoordinatePattern;
  LogicalResult lower(Crd2IdxOp op, PatternRewriter &rewriter, IndexEmitter &emitter, const algebra::IntTuple &coord,
                      Failure &why, conversion::DeviceChecks &) const override {
    if (!op.getType().isIndex()) {
      llvm::raw_string_ostream(why) << "the offset has type " << op.getType() << ", not index (scaled-basis strides)";
      return failure();
    }
    std::optional<algebra::Int> r = applyLayout(emitter, rewriter, op.getLoc(), op.getLayout(), coord, why);
    if (!r)
      return failure();
    rewriter.replaceOp(op, emitter.value(*r));
    return success();
  }
};

// The element, or the vector of elements, at a coordinate of a tensor.
template <class Op> struct LowerAccess : CoordinatePattern<Op> {
  using CoordinatePattern<Op>::CoordinatePattern;
  LogicalResult lower(Op op, PatternRewriter &rewriter, IndexEmitter &emitter, const algebra::IntTuple &coord,
                      Failure &why, conversion::DeviceChecks &checks) const override {
    if (auto v = dyn_cast<VectorType>(valueType(op)); v && !swizzledRunStarts(op.getTensor(), v.getDimSize(0)))
      return why = "a vector through a swizzle needs a constant offset that its length divides", failure();
    std::optional<std::pair<Value, Value>> at =
        elementAt(emitter, rewriter, op.getLoc(), op.getTensor(), coord, why, &checks);
    if (!at)
      return failure();
    if (checks.empty()) {
      rewrite(op, rewriter, at->first, at->second);
      return success();
    }
    // The access, and all n of its elements, within the buffer: at in [0,
    // max(dim - n + 1, 0)). Where only indices placed it, their rows hold
    // it (the offset is row * B + a place in the row).
    Location loc = op.getLoc();
    if (!checks.onlyIndices()) {
      auto vector = dyn_cast<VectorType>(valueType(op));
      int64_t n = vector ? vector.getDimSize(0) : 1;
      Value dim = conversion::asI64(rewriter, loc, memref::DimOp::create(rewriter, loc, at->first, 0));
      Value room = arith::MaxSIOp::create(
          rewriter, loc,
          arith::SubIOp::create(rewriter, loc, dim, arith::ConstantIntOp::create(rewriter, loc, n - 1, 64)),
          arith::ConstantIntOp::create(rewriter, loc, 0, 64));
      checks.require(rewriter, loc, conversion::CheckKind::Offset, at->second, at->second, at->first, room);
    }
    guarded(op, rewriter, checks, at->first, at->second);
    return success();
  }
  // The access where every check holds (a load gives 0 where one fails),
  // and the report where one failed. In a block of few such accesses, a
  // load reads, where a check fails, offset 0 or the error word's scratch
  // (selects, no branch) and the reports are merged at the block's end
  // (conversion::mergeFaultReports); in a block of more, the report is in
  // the else of the access's scf.if.
  static void guarded(Op op, PatternRewriter &rewriter, const conversion::DeviceChecks &checks, Value data, Value at) {
    Location loc = op.getLoc();
    Type type = valueType(op);
    constexpr bool load = std::is_same_v<Op, LoadOp>;
    auto vector = dyn_cast<VectorType>(type);
    Value ok = checks.all(rewriter, loc);
    bool few = accessesBeside(op) <= conversion::kMaxMergedReports;
    if (std::optional<std::pair<Value, Value>> safe =
            load && few ? checks.safeAccess(rewriter, loc, data, at, vector ? vector.getDimSize(0) : 1)
                        : std::nullopt) {
      Operation *moved = rewriter.clone(*op.getOperation());
      Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
      Value result = arith::SelectOp::create(rewriter, loc, ok, moved->getResult(0), zero);
      checks.report(rewriter, loc);
      rewriter.replaceOp(op, result);
      rewriter.setInsertionPoint(moved);
      rewrite(cast<Op>(moved), rewriter, safe->first, safe->second);
      return;
    }
    auto access =
        scf::IfOp::create(rewriter, loc, load ? TypeRange{type} : TypeRange{}, ok, /*withElseRegion=*/load || !few);
    OpBuilder::InsertionGuard guard(rewriter);
    if (few)
      checks.report(rewriter, loc);
    if (load || !few)
      rewriter.setInsertionPointToStart(access.elseBlock());
    if (!few)
      checks.report(rewriter, loc);
    if (load)
      scf::YieldOp::create(rewriter, loc,
                           ValueRange{arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type))});
    rewriter.setInsertionPointToStart(access.thenBlock());
    // The access moves into the then block, and is rewritten there.
    Operation *moved = rewriter.clone(*op.getOperation());
    if (load) {
      scf::YieldOp::create(rewriter, loc, moved->getResults());
      rewriter.replaceOp(op, access.getResults());
    } else {
      rewriter.eraseOp(op);
    }
    rewriter.setInsertionPoint(moved);
    rewrite(cast<Op>(moved), rewriter, data, at);
  }
  // The accesses of `op`'s kind to its tensor in its block, those lowered
  // already (their reports) counted; counted only past kMaxMergedReports.
  static size_t accessesBeside(Op op) {
    size_t n = 0;
    for (Operation &other : *op->getBlock()) {
      auto same = dyn_cast<Op>(other);
      n += (same && same.getTensor() == op.getTensor()) || other.hasAttr(conversion::kFaultReportAttr);
      if (n > conversion::kMaxMergedReports)
        break;
    }
    return n;
  }
  static Type valueType(LoadOp op) { return op.getType(); }
  static Type valueType(StoreOp op) { return op.getValue().getType(); }
  // Whether a vector of n through `tensor` starts a run the swizzle keeps
  // whole (the verifier checked n | 2^M): its offset is a multiple of n.
  static bool swizzledRunStarts(Value tensor, int64_t n) {
    auto make = tensor.getDefiningOp<MakeTensorOp>();
    auto composed = make ? make.getLayout().getDefiningOp<MakeComposedLayoutOp>() : MakeComposedLayoutOp();
    if (!composed)
      return true;
    std::optional<int64_t> offset = getConstantIntValue(composed.getOffset());
    return offset && *offset % n == 0;
  }
  static IntegerAttr alignment(Op op) {
    std::optional<uint64_t> bytes = op.getAlignment();
    return bytes ? Builder(op.getContext()).getI64IntegerAttr(int64_t(*bytes)) : IntegerAttr();
  }
  // The alignment is read before the replacement erases `op`.
  static void rewrite(LoadOp op, PatternRewriter &rewriter, Value data, Value at) {
    if (auto v = dyn_cast<VectorType>(op.getType())) {
      IntegerAttr bytes = alignment(op);
      rewriter.replaceOpWithNewOp<vector::LoadOp>(op, v, data, ValueRange{at}).setAlignmentAttr(bytes);
    } else {
      rewriter.replaceOpWithNewOp<memref::LoadOp>(op, data, ValueRange{at});
    }
  }
  static void rewrite(StoreOp op, PatternRewriter &rewriter, Value data, Value at) {
    if (isa<VectorType>(op.getValue().getType())) {
      IntegerAttr bytes = alignment(op);
      rewriter.replaceOpWithNewOp<vector::StoreOp>(op, op.getValue(), data, ValueRange{at}).setAlignmentAttr(bytes);
    } else {
      rewriter.replaceOpWithNewOp<memref::StoreOp>(op, op.getValue(), data, ValueRange{at});
    }
  }
};

// swizzle(s, offset) with a static swizzle type.
struct LowerSwizzle : OpRewritePattern<SwizzleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SwizzleOp op, PatternRewriter &rewriter) const override {
    algebra::Swizzle swizzle = cast<SwizzleType>(op.getSwizzle().getType()).getSwizzle();
    IndexEmitter emitter(rewriter, op.getLoc());
    rewriter.replaceOp(op, emitter.value(emitter.swizzle(swizzle, emitter.leaf(op.getOffset()))));
    return success();
  }
};

// A fast divisor is its divisor once no lay op uses it (its divisions are
// lowered by then; other uses see the plain value).
struct LowerFastDivisor : OpRewritePattern<FastDivisorOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FastDivisorOp op, PatternRewriter &rewriter) const override {
    if (llvm::any_of(op->getUsers(), [](Operation *user) { return isa<LayDialect>(user->getDialect()); }))
      return failure();
    rewriter.replaceOp(op, op.getDivisor());
    return success();
  }
};

// Why a lay.equal is left: the algebra decides it when it can (the op folds),
// and nothing computes its answer at run time.
std::string undecidedEqual(Operation *op) {
  std::optional<algebra::Equality> e = equalityOf(op);
  return "lay.equal is decided by the layout algebra, not at run time, and this one " +
         (e ? e->str() : std::string("depends on the offset of a composed layout, which is not a constant"));
}

struct ConvertLayToArith : layoutc::impl::ConvertLayToArithBase<ConvertLayToArith> {
  void runOnOperation() override {
    // The error word is read by every checked access: verified first.
    WalkResult words = getOperation()->walk([](FunctionOpInterface f) {
      return failed(conversion::verifyErrorWord(f)) ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (words.wasInterrupted())
      return signalPassFailure();
    Reasons reasons;
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerSwizzle, LowerFastDivisor>(&getContext());
    patterns.add<LowerCrd2Idx, LowerAccess<LoadOp>, LowerAccess<StoreOp>>(&getContext(), reasons);
    conversion::populateCopyExpansionPatterns(patterns, reasons);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError("convert-lay-to-arith did not converge (a lowering pattern kept changing the IR)");
      return signalPassFailure();
    }
    conversion::mergeFaultReports(getOperation());
    // What could not be lowered says why, at the op.
    WalkResult r = getOperation()->walk([&](Operation *op) {
      if (!isa<Crd2IdxOp, SwizzleOp, LoadOp, StoreOp, CopyOp, TiledCopyOp, EqualOp>(op))
        return WalkResult::advance();
      op->emitError("cannot lower to arith: ") << (isa<EqualOp>(op) ? undecidedEqual(op) : reasons.lookup(op));
      return WalkResult::interrupt();
    });
    if (r.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
