//===- LayIndexWidth.cpp - The width of each kernel's index math ----------===//
//
// For each gpu.func kernel whose index values are all the lay IR's: 32 or
// 64 bits (IndexWidth.h), from the layouts of the tensors its lay.copy,
// lay.load and lay.store ops access and the values of their inner
// functions, recorded as lay.index_bits and explained in a remark. A kernel
// that computes indices of its own (gpu.thread_id, scf.for) keeps what it
// states, if anything; without it, its width is the compiler's.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/IndexWidth.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Transforms/Remark.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYINDEXWIDTH
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using namespace layoutc::transforms;

namespace {

// The name of the first op or block of `func` that makes an index value
// other than the lay IR's (a lay op's, a constant, a kernel argument, an
// inner function's, which are bounded apart); empty if none.
std::string foreignIndex(gpu::GPUFuncOp func) {
  std::string found;
  auto isIndex = [](Value v) { return isa<IndexType>(v.getType()); };
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == func.getOperation())
      return WalkResult::advance();
    if (isa<MakeComposedFunctionOp>(op))
      return WalkResult::skip();
    if (!isa_and_nonnull<LayDialect>(op->getDialect()) && !isa<arith::ConstantOp>(op) &&
        llvm::any_of(op->getResults(), isIndex))
      found = op->getName().getStringRef().str();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (llvm::any_of(block.getArguments(), isIndex))
          found = "a block of " + op->getName().getStringRef().str();
    return found.empty() ? WalkResult::advance() : WalkResult::interrupt();
  });
  return found;
}

// The quotient q of `sub` where it is a floor modulo as the JIT builds one,
// a - b * q with q = floordivsi(a, b); else null.
arith::FloorDivSIOp moduloQuotient(arith::SubIOp sub) {
  auto product = sub.getRhs().getDefiningOp<arith::MulIOp>();
  auto quotient = product ? product.getRhs().getDefiningOp<arith::FloorDivSIOp>() : nullptr;
  if (!quotient || quotient.getLhs() != sub.getLhs() || quotient.getRhs() != product.getLhs())
    return nullptr;
  return quotient;
}

// The interior values of the floor modulos in `body`, which the remainder
// bounds as one step: the quotient and the product, used by it alone.
llvm::DenseSet<Value> moduloInteriors(Block &body) {
  llvm::DenseSet<Value> interior;
  for (auto sub : body.getOps<arith::SubIOp>()) {
    arith::FloorDivSIOp quotient = moduloQuotient(sub);
    Operation *product = sub.getRhs().getDefiningOp();
    if (quotient && product->hasOneUse() && quotient->hasOneUse()) {
      interior.insert(product->getResult(0));
      interior.insert(quotient);
    }
  }
  return interior;
}

// The range of `op`'s index result from its operands' (`ranges`), or nullopt.
std::optional<IndexRange> rangeOfStep(Operation &op, const llvm::DenseMap<Value, IndexRange> &ranges) {
  auto at = [&](Value v) -> std::optional<IndexRange> {
    auto it = ranges.find(v);
    return it == ranges.end() ? std::nullopt : std::optional<IndexRange>(it->second);
  };
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    if (auto value = dyn_cast<IntegerAttr>(c.getValue()))
      return IndexRange{value.getInt(), value.getInt()};
  if (auto cast = dyn_cast<arith::IndexCastOp>(op))
    if (auto from = dyn_cast<IntegerType>(cast.getIn().getType()))
      return signedRange(from.getWidth());
  if (op.getNumOperands() != 2)
    return std::nullopt;
  std::optional<IndexRange> a = at(op.getOperand(0)), b = at(op.getOperand(1));
  if (auto sub = dyn_cast<arith::SubIOp>(op))
    if (arith::FloorDivSIOp quotient = moduloQuotient(sub)) {
      std::optional<IndexRange> divisor = at(quotient.getRhs());
      return a && divisor ? floorModRange(*a, *divisor) : std::nullopt;
    }
  if (!a || !b)
    return std::nullopt;
  return TypeSwitch<Operation *, std::optional<IndexRange>>(&op)
      .Case([&](arith::AddIOp) { return addRange(*a, *b); })
      .Case([&](arith::SubIOp) { return subRange(*a, *b); })
      .Case([&](arith::MulIOp) { return mulRange(*a, *b); })
      .Case([&](arith::FloorDivSIOp) { return floorDivRange(*a, *b); })
      .Default([](Operation *) { return std::nullopt; });
}

// How far a side with an inner function reaches: the domain's size, every
// value of the function within int32 (no loop steps past them), else why.
Reach functionReach(MakeComposedFunctionOp make) {
  algebra::Layout outer = make.getOuter().getType().getLayout();
  Reach reach{"the inner function over " + outer.str(), 0, ""};
  std::optional<algebra::IntTuple> offset = constantTupleOf(make.getOffset());
  if (!offset) {
    reach.unbounded = reach.side + ": its offset is not a constant";
    return reach;
  }
  Block &body = make.getFunction().front();
  FunctionInputs inputs = functionInputs(outer, *offset, body.getNumArguments());
  if (!inputs.unbounded.empty()) {
    reach.unbounded = reach.side + ": " + inputs.unbounded;
    return reach;
  }
  llvm::DenseMap<Value, IndexRange> ranges;
  for (BlockArgument arg : body.getArguments())
    ranges[arg] = inputs.ranges[arg.getArgNumber()];
  llvm::DenseSet<Value> interior = moduloInteriors(body);
  auto past = [&](const std::string &what) {
    reach.unbounded = reach.side + ": " + what + ", past int32";
    return reach;
  };
  for (BlockArgument arg : body.getArguments())
    if (!ranges[arg].fitsInt32())
      return past("its input " + std::to_string(arg.getArgNumber()) + " ranges over " + ranges[arg].str());
  for (Operation &op : body)
    for (Value v : op.getResults()) {
      if (!isa<IndexType>(v.getType()))
        continue;
      std::string name = op.getName().getStringRef().str();
      std::optional<IndexRange> r = rangeOfStep(op, ranges);
      if (r)
        ranges[v] = *r;
      if (interior.contains(v))
        continue;
      if (!r) {
        reach.unbounded = reach.side + ": its " + name + " has no int64 bound the pass knows";
        return reach;
      }
      if (!r->fitsInt32())
        return past("its " + name + " ranges over " + r->str());
    }
  reach.extent = inputs.size;
  return reach;
}

// How far the index math of `tensor` reaches: through the layout of its
// lay.make_tensor. Where the kernel's launcher bounds every tensor's reach
// (`bound`: lay.reach_bound), a layout with `?` leaves and a gather's
// table reach as far as that; an inner function's values are bounded by
// its own steps.
Reach reachOfTensor(Value tensor, std::optional<int64_t> bound) {
  auto make = tensor.getDefiningOp<MakeTensorOp>();
  if (!make)
    return {"", 0, "a tensor is not made by lay.make_tensor in the kernel: its offsets are not its layout's alone"};
  Value layout = make.getLayout();
  auto bounded = [&](Reach r, const std::string &side) {
    if (r.unbounded.empty() || !bound)
      return r;
    return Reach{side, *bound, ""};
  };
  if (auto plain = dyn_cast<LayoutType>(layout.getType()))
    return bounded(reachOf(plain.getLayout()), plain.getLayout().str());
  if (auto function = layout.getDefiningOp<MakeComposedFunctionOp>())
    return functionReach(function);
  if (auto type = dyn_cast<ComposedType>(layout.getType()); type && isa<LayoutTensorType>(type.getInner()))
    return bounded({"", 0, "a gather's offsets are read from an index tensor"}, "a gather's table");
  std::optional<algebra::ComposedLayout> c = composedLayoutOf(layout);
  if (!c)
    return {"", 0, "a composed layout's inner part or offset is not a constant of the kernel"};
  return bounded(reachOf(*c), c->str());
}

// The decision as data: the width, and the side deciding it (unbounded, or
// how far it reaches against the int32 limit).
Remark remarkOf(const IndexWidth &width) {
  Remark r("lay-index-width");
  r.add("bits", int64_t(width.bits));
  if (!width.decidedBy)
    return r;
  if (!width.decidedBy->unbounded.empty())
    return r.add("unbounded", width.decidedBy->unbounded);
  return r.add("reach", width.decidedBy->extent).add("side", width.decidedBy->side).add("limit", kIndexExtentLimit32);
}

struct LayIndexWidth : layoutc::impl::LayIndexWidthBase<LayIndexWidth> {
  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp func) {
      if (func.isKernel())
        decide(func);
    });
  }

  static void decide(gpu::GPUFuncOp func) {
    llvm::SetVector<Value> tensors;
    func.walk([&](Operation *op) {
      if (auto copy = dyn_cast<CopyOp>(op)) {
        tensors.insert(copy.getSrc());
        tensors.insert(copy.getDst());
      } else if (auto load = dyn_cast<LoadOp>(op)) {
        tensors.insert(load.getTensor());
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        tensors.insert(store.getTensor());
      }
    });
    if (tensors.empty())
      return;
    LayDialect::IndexBitsAttrHelper record(func.getContext());
    if (std::string foreign = foreignIndex(func); !foreign.empty()) {
      func.emitRemark() << Remark("lay-index-width").add("recorded", "none").add("foreign", foreign).str();
      return;
    }
    std::optional<int64_t> bound;
    if (auto b = func->getAttrOfType<IntegerAttr>(kReachBoundAttr))
      bound = b.getInt();
    std::vector<Reach> reaches;
    for (Value tensor : tensors)
      reaches.push_back(reachOfTensor(tensor, bound));
    IndexWidth width = decideIndexWidth(reaches);
    record.setAttr(func, IntegerAttr::get(IntegerType::get(func.getContext(), 64), width.bits));
    Remark remark = remarkOf(width);
    if (bound)
      remark.add("bound", *bound);
    func.emitRemark() << remark.str();
  }
};

} // namespace
