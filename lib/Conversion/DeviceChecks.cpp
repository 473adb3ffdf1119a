//===- DeviceChecks.cpp - Accesses placed by values only the device knows -===//
#include "DeviceChecks.h"

#include "layoutc/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/MapVector.h"

namespace layoutc::conversion {

using namespace mlir;

namespace {

Value i64(OpBuilder &b, Location loc, int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 64); }

// !x of an i1.
Value negate(OpBuilder &b, Location loc, Value x) {
  return arith::XOrIOp::create(b, loc, x, arith::ConstantIntOp::create(b, loc, 1, 1));
}

// A 1-D memref of `bits`-bit integers with the identity layout.
bool isWordType(Type t, unsigned bits) {
  auto m = dyn_cast<MemRefType>(t);
  return m && m.getRank() == 1 && m.getElementType().isInteger(bits) && m.getLayout().isIdentity() &&
         !m.getMemorySpace();
}

// The claim and report arguments of `function`'s error word, or none.
std::optional<std::pair<Value, Value>> errorWordOf(Operation *function) {
  auto f = dyn_cast_or_null<FunctionOpInterface>(function);
  if (!f || f.isExternal() || failed(verifyErrorWord(function)))
    return std::nullopt;
  auto at = f->getAttrOfType<IntegerAttr>(kErrorWordAttr);
  if (!at)
    return std::nullopt;
  Block &entry = f.getFunctionBody().front();
  unsigned n = unsigned(at.getInt());
  return std::make_pair(Value(entry.getArgument(n)), Value(entry.getArgument(n + 1)));
}

int64_t argumentNumber(Value buffer) {
  auto arg = dyn_cast<BlockArgument>(buffer);
  return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) ? int64_t(arg.getArgNumber()) : -1;
}

} // namespace

Value asI64(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType(), wide = b.getI64Type();
  if (t.isIndex())
    return arith::IndexCastOp::create(b, loc, wide, v);
  if (t.getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, wide, v);
  return v;
}

LogicalResult verifyErrorWord(Operation *function) {
  auto f = dyn_cast_or_null<FunctionOpInterface>(function);
  Attribute raw = function ? function->getAttr(kErrorWordAttr) : Attribute();
  if (!f || !raw)
    return success();
  auto at = dyn_cast<IntegerAttr>(raw);
  ArrayRef<Type> args = f.getArgumentTypes();
  if (!at || !at.getType().isInteger(64) || at.getInt() < 0 || uint64_t(at.getInt()) + 1 >= args.size() ||
      !isWordType(args[size_t(at.getInt())], 8) || !isWordType(args[size_t(at.getInt()) + 1], 64))
    return function->emitError() << kErrorWordAttr
                                 << " must be an i64 N naming two arguments, N a memref<?xi8> (the claim) and N + 1 a "
                                    "memref<?xi64> (the report), of the function's "
                                 << args.size() << "; it is " << raw;
  return success();
}

void DeviceChecks::require(OpBuilder &b, Location loc, CheckKind kind, Value value, Value position, Value buffer,
                           Value extent) {
  value = asI64(b, loc, value);
  extent = asI64(b, loc, extent);
  // 0 <= value < extent as one unsigned compare (extent >= 0).
  Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, value, extent);
  checks_.push_back({ok, kind, value, asI64(b, loc, position), extent, argumentNumber(buffer)});
}

Value DeviceChecks::all(OpBuilder &b, Location loc) const {
  Value all;
  for (const Check &c : checks_)
    all = all ? arith::AndIOp::create(b, loc, all, c.ok) : c.ok;
  return all ? all : arith::ConstantIntOp::create(b, loc, 1, 1);
}

namespace {

// The error word of the function `b` builds in, if it has one.
std::optional<std::pair<Value, Value>> wordAt(OpBuilder &b) {
  Operation *function = b.getInsertionBlock()->getParentOp();
  while (function && !isa<FunctionOpInterface>(function))
    function = function->getParentOp();
  return errorWordOf(function);
}

// The claim counter, an i64 at byte 0 of the claim buffer.
Value claimCounter(OpBuilder &b, Location loc, Value claim) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return memref::ViewOp::create(b, loc, MemRefType::get({1}, b.getI64Type()), claim, zero, ValueRange{});
}

} // namespace

void DeviceChecks::report(OpBuilder &b, Location loc) const {
  std::optional<std::pair<Value, Value>> word = wordAt(b);
  if (!word || checks_.empty())
    return;
  // This access's first failed check: chosen from the last check to the first.
  Value kind = i64(b, loc, int64_t(checks_.back().kind)), value = checks_.back().value,
        position = checks_.back().position, extent = checks_.back().extent,
        argument = i64(b, loc, checks_.back().argument);
  for (size_t i = checks_.size() - 1; i-- > 0;) {
    const Check &c = checks_[i];
    Value failed = negate(b, loc, c.ok);
    auto pick = [&](Value mine, Value later) { return arith::SelectOp::create(b, loc, failed, mine, later); };
    kind = pick(i64(b, loc, int64_t(c.kind)), kind);
    value = pick(c.value, value);
    position = pick(c.position, position);
    extent = pick(c.extent, extent);
    argument = pick(i64(b, loc, c.argument), argument);
  }
  Value failed = negate(b, loc, all(b, loc));
  SmallVector<Value, 5> fields = {kind, value, position, argument, extent};
  OpBuilder::InsertionGuard guard(b);
  auto report = scf::IfOp::create(b, loc, TypeRange{}, failed, /*withElseRegion=*/false);
  report->setAttr(kFaultReportAttr, b.getUnitAttr());
  b.setInsertionPointToStart(report.thenBlock());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value old = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, i64(b, loc, 1),
                                          claimCounter(b, loc, word->first), ValueRange{zero});
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old, i64(b, loc, 0));
  auto writes = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPointToStart(writes.thenBlock());
  int64_t slot = 1;
  for (Value field : fields)
    memref::StoreOp::create(b, loc, field, word->second, ValueRange{arith::ConstantIndexOp::create(b, loc, slot++)});
  // The fields reach the host before the flag that says they are there.
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::seq_cst, StringRef());
  memref::StoreOp::create(b, loc, i64(b, loc, 1), word->second, ValueRange{zero});
}

void mergeFaultReports(Operation *root) {
  llvm::MapVector<Block *, SmallVector<scf::IfOp>> byBlock;
  root->walk([&](scf::IfOp r) {
    if (r->hasAttr(kFaultReportAttr))
      byBlock[r->getBlock()].push_back(r);
  });
  for (auto &[block, reports] : byBlock) {
    if (!block->mightHaveTerminator() || reports.size() > kMaxMergedReports)
      continue;
    llvm::sort(reports, [](scf::IfOp x, scf::IfOp y) { return x->isBeforeInBlock(y); });
    auto fieldsOf = [](scf::IfOp r) {
      SmallVector<memref::StoreOp> stores;
      r.walk([&](memref::StoreOp s) { stores.push_back(s); });
      stores.pop_back(); // the flag
      return stores;
    };
    // In program order, at each report's place: the running failure flag
    // and the first failure's fields; then the last report, at the block's
    // end, writes them.
    Value any;
    SmallVector<Value, 5> running;
    for (scf::IfOp r : reports) {
      SmallVector<memref::StoreOp> stores = fieldsOf(r);
      if (!any) {
        any = r.getCondition();
        for (memref::StoreOp s : stores)
          running.push_back(s.getValueToStore());
        continue;
      }
      OpBuilder b(r);
      for (size_t i = 0; i < stores.size(); ++i)
        running[i] = arith::SelectOp::create(b, r.getLoc(), any, running[i], stores[i].getValueToStore());
      any = arith::OrIOp::create(b, r.getLoc(), any, r.getCondition());
    }
    scf::IfOp last = reports.back();
    SmallVector<memref::StoreOp> stores = fieldsOf(last);
    for (size_t i = 0; i < stores.size(); ++i)
      stores[i].setOperand(0, running[i]);
    last->setOperand(0, any);
    last->moveBefore(&block->back());
    for (scf::IfOp r : ArrayRef(reports).drop_back())
      r->erase();
  }
}

std::optional<std::pair<Value, Value>> DeviceChecks::safeAccess(OpBuilder &b, Location loc, Value data, Value at,
                                                                int64_t elements) const {
  std::optional<std::pair<Value, Value>> word = wordAt(b);
  auto type = cast<MemRefType>(data.getType());
  unsigned bits = type.getElementTypeBitWidth();
  if (!word || checks_.empty() || type.getRank() != 1 || type.getMemorySpace() || !type.getLayout().isIdentity() ||
      bits % 8 != 0 || elements * int64_t(bits / 8) > kScratchBytes)
    return std::nullopt;
  Value ok = all(b, loc);
  Value n = arith::ConstantIndexOp::create(b, loc, elements);
  Value scratch =
      memref::ViewOp::create(b, loc, MemRefType::get({ShapedType::kDynamic}, type.getElementType()), word->first,
                             arith::ConstantIndexOp::create(b, loc, kScratchAt), ValueRange{n});
  // Offset 0 where a check fails, of the buffer where it holds the access
  // (a choice the same for every access: hoisted out of the loops), else of
  // the scratch.
  Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, memref::DimOp::create(b, loc, data, 0), n);
  return std::make_pair(Value(arith::SelectOp::create(b, loc, fits, data, scratch)),
                        Value(arith::SelectOp::create(b, loc, ok, at, arith::ConstantIndexOp::create(b, loc, 0))));
}

Value checkedLoad(OpBuilder &b, Location loc, Value buf, Value position, DeviceChecks *checks) {
  DeviceChecks own;
  DeviceChecks &c = checks ? *checks : own;
  Value extent = memref::DimOp::create(b, loc, buf, 0);
  c.require(b, loc, CheckKind::Load, position, position, buf, extent);
  Value ok = c.last();
  Type element = cast<MemRefType>(buf.getType()).getElementType();
  auto load = scf::IfOp::create(b, loc, TypeRange{element}, ok, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(load.thenBlock());
  scf::YieldOp::create(b, loc, ValueRange{memref::LoadOp::create(b, loc, buf, ValueRange{position})});
  b.setInsertionPointToStart(load.elseBlock());
  scf::YieldOp::create(b, loc, ValueRange{arith::ConstantOp::create(b, loc, b.getZeroAttr(element))});
  return load.getResult(0);
}

} // namespace layoutc::conversion
