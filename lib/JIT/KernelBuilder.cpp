//===- KernelBuilder.cpp - A copy spec's kernel as IR ---------------------===//
#include "KernelBuilder.h"

#include "ElementCast.h"
#include "KernelOperand.h"

#include "layoutc/Conversion/Passes.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace layoutc::jit {

using namespace mlir;
using namespace layoutc::lay;

namespace {

// A module holding gpu.func @name(params) kernel, ready for its body; its
// buffers' alignment, where known, on their parameters.
struct KernelScaffold {
  OwningOpRef<ModuleOp> module;
  gpu::GPUFuncOp func;

  KernelScaffold(MLIRContext &context, const std::string &name, ArrayRef<Type> params, const std::vector<Param> &names,
                 BufferAlignment buffers) {
    // The kernel's ops carry a file location, not a name: printed with name
    // prefixes, only the parameters (NameLocs below) give SSA names.
    Location loc = FileLineColLoc::get(&context, "<" + name + " kernel>", 1, 1);
    module = ModuleOp::create(loc);
    (*module)->setAttr(gpu::GPUDialect::getContainerModuleAttrName(), UnitAttr::get(&context));
    OpBuilder b(&context);
    b.setInsertionPointToStart(module->getBody());
    auto kernels = gpu::GPUModuleOp::create(b, loc, "layoutc");
    b.setInsertionPointToStart(kernels.getBody());
    func = gpu::GPUFuncOp::create(b, loc, name, b.getFunctionType(params, {}));
    func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      func.getArgument(i).setLoc(NameLoc::get(b.getStringAttr(names[i].name)));
      if (buffers == BufferAlignment::Aligned16 && names[i].kind == Param::Kind::Buffer)
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(), b.getI64IntegerAttr(16));
    }
    b.setInsertionPointToEnd(&func.getBody().front());
    gpu::ReturnOp::create(b, loc);
  }

  // A builder before the kernel's gpu.return.
  ImplicitLocOpBuilder body() {
    ImplicitLocOpBuilder b(func.getLoc(), func.getContext());
    b.setInsertionPoint(func.getBody().front().getTerminator());
    return b;
  }
  Value arg(unsigned i) { return func.getArgument(i); }
};

// The operand's inner function (its program) as lay.make_composed_function
// over `outer`, its LOAD steps reading `buffers`: 64-bit index math, floor
// division and modulo as Python's.
Value functionLayout(ImplicitLocOpBuilder &b, const KernelOperand &op, Value outer, ValueRange buffers) {
  MLIRContext *c = b.getContext();
  Type index = b.getIndexType();
  size_t inputs = op.inputCount();
  SmallVector<Type> argTypes(inputs, index);
  std::vector<int64_t> base = op.offsetComponents();
  Value offset;
  if (inputs == 1) {
    offset = b.create<arith::ConstantIndexOp>(base[0]);
  } else {
    std::vector<algebra::IntTuple> coordinate(base.begin(), base.end());
    offset = b.create<ConstantOp>(IntTupleType::get(c, algebra::IntTuple::tuple(std::move(coordinate))));
  }
  auto type = ComposedType::get(c, FunctionType::get(c, argTypes, {index}), cast<LayoutType>(outer.getType()));
  auto make = b.create<MakeComposedFunctionOp>(type, offset, outer);
  OpBuilder::InsertionGuard guard(b);
  Block *block = b.createBlock(&make.getFunction(), {}, argTypes, SmallVector<Location>(inputs, b.getLoc()));
  b.setInsertionPointToStart(block);
  SmallVector<Value> v;
  auto at = [&](int64_t step) { return v[size_t(step)]; };
  for (const Step &s : op.program->steps) {
    switch (s.op) {
    case StepOp::Input:
      v.push_back(block->getArgument(unsigned(s.a)));
      break;
    case StepOp::Constant:
      v.push_back(b.create<arith::ConstantIndexOp>(s.a));
      break;
    case StepOp::Add:
      v.push_back(b.create<arith::AddIOp>(at(s.a), at(s.b)));
      break;
    case StepOp::Sub:
      v.push_back(b.create<arith::SubIOp>(at(s.a), at(s.b)));
      break;
    case StepOp::Mul:
      v.push_back(b.create<arith::MulIOp>(at(s.a), at(s.b)));
      break;
    case StepOp::FloorDiv:
      v.push_back(b.create<arith::FloorDivSIOp>(at(s.a), at(s.b)));
      break;
    case StepOp::Mod: { // a - b * floor(a / b): the remainder with the divisor's sign
      Value quotient = b.create<arith::FloorDivSIOp>(at(s.a), at(s.b));
      v.push_back(b.create<arith::SubIOp>(at(s.a), b.create<arith::MulIOp>(at(s.b), quotient)));
      break;
    }
    case StepOp::Load: // sign-extended to index
      v.push_back(b.create<arith::IndexCastOp>(index, b.create<memref::LoadOp>(buffers[size_t(s.a)], at(s.b))));
      break;
    }
  }
  b.create<YieldOp>(ValueRange{v[size_t(op.program->result)]});
  return make;
}

// The index tensor through which an indexed side's rows are placed, its
// layout R:1 with R the rows' count (the outer layout's last size leaf).
Value indexTensor(ImplicitLocOpBuilder &b, const KernelOperand &op, Value outer, Value buffer) {
  MLIRContext *c = b.getContext();
  algebra::IntTuple rows = op.layout.shape.isTuple() ? op.layout.shape[1] : op.layout.shape;
  auto layoutType = LayoutType::get(c, algebra::Layout(rows, algebra::IntTuple(1)));
  Value layout;
  if (layoutType.isStatic()) {
    layout = b.create<ConstantOp>(layoutType);
  } else {
    auto make = outer.getDefiningOp<MakeLayoutOp>();
    layout = b.create<MakeLayoutOp>(layoutType, ValueRange{make.getDynamic().front()});
  }
  auto element = cast<MemRefType>(buffer.getType()).getElementType();
  return b.create<MakeTensorOp>(LayoutTensorType::get(c, element, layoutType, 0), buffer, layout);
}

// The tensor over `data` through `op`'s layout, its `?` leaves `leaves` (in
// print order; shape leaves already fast divisors), an inner function's
// LOAD steps and an indexed side's rows reading `buffers`.
Value tensorOf(ImplicitLocOpBuilder &b, Value data, const KernelOperand &op, ValueRange leaves, ValueRange buffers) {
  MLIRContext *c = b.getContext();
  auto outerType = LayoutType::get(c, op.layout);
  Value layout =
      outerType.isStatic() ? Value(b.create<ConstantOp>(outerType)) : Value(b.create<MakeLayoutOp>(outerType, leaves));
  if (op.isFunction()) {
    layout = functionLayout(b, op, layout, buffers);
  } else if (op.rows) {
    Value idx = indexTensor(b, op, layout, buffers[op.rows->buffer]);
    auto type = ComposedType::get(c, idx.getType(), outerType, op.rows->width);
    layout = b.create<MakeComposedLayoutOp>(type, idx, b.create<arith::ConstantIndexOp>(0), layout);
  } else if (op.composed) {
    const algebra::ComposedLayout &composed = *op.composed;
    Type innerType =
        composed.inner == algebra::ComposedLayout::Inner::Swizzle
            ? Type(SwizzleType::get(c, composed.swizzle.bits, composed.swizzle.base, composed.swizzle.shift))
            : Type(LayoutType::get(c, composed.innerLayout));
    Value inner = b.create<ConstantOp>(innerType);
    Value offset = b.create<arith::ConstantIndexOp>(composed.offset.value());
    layout = b.create<MakeComposedLayoutOp>(ComposedType::get(c, innerType, outerType), inner, offset, layout);
  }
  auto memref = cast<MemRefType>(data.getType());
  return b.create<MakeTensorOp>(LayoutTensorType::get(c, memref.getElementType(), layout.getType(), 0), data, layout);
}

// Post-condition: returns when the static sides have one domain and dst,
// unless the index buffers place it (a scatter, an inner function), is one
// to one; else throws CompileError.
void checkDomain(const KernelOperand &src, const KernelOperand &dst) {
  if (src.size() != dst.size())
    throw CompileError("copy: the source layout " + src.str() + " has " + std::to_string(src.size()) +
                       " elements but the destination layout " + dst.str() + " has " + std::to_string(dst.size()) +
                       "; a copy maps one domain");
  if (!dst.readsBuffers() && !dst.oneToOne())
    throw CompileError("copy: the destination layout " + dst.str() +
                       " maps two domain indices to one element (a stride-0 or overlapping mode); a copy's "
                       "destination must be one-to-one");
}

// The name of a spec's kernel: gather where index rows place the source,
// scatter where they place the destination, else copy.
std::string kernelName(const CopySpec &spec) {
  return spec.src.rows() ? "gather" : spec.dst.rows() ? "scatter" : "copy";
}

} // namespace

BuiltKernel buildCopy(MLIRContext &context, const CopySpec &spec, const BuildOptions &build) {
  if (spec.scale)
    if (std::string problem = scaleProblem(*spec.scale, spec.dtype, spec.dstType()); !problem.empty())
      throw CompileError(problem);
  if (spec.indexTypes.size() > kMaxIndexBuffers)
    throw CompileError("copy: " + std::to_string(spec.indexTypes.size()) + " index buffers, more than the " +
                       std::to_string(kMaxIndexBuffers) + " a kernel may take");
  for (size_t i = 0; i < spec.indexTypes.size(); ++i)
    if (spec.indexTypes[i] != DType::I32 && spec.indexTypes[i] != DType::I64)
      throw CompileError("copy: index buffer " + std::to_string(i) + "'s type must be i32 or i64, not " +
                         dtypeName(spec.indexTypes[i]));
  size_t buffers = spec.indexTypes.size();
  KernelOperand src = KernelOperand::of(spec.src, "the source layout", buffers);
  KernelOperand dst = KernelOperand::of(spec.dst, "the destination layout", buffers);
  int srcShapes = src.dynamicShapeCount(), dstShapes = dst.dynamicShapeCount();
  if (spec.sharedShape && !sameShape(src.layout, dst.layout))
    throw CompileError("copy: the source layout " + src.str() + " and the destination layout " + dst.str() +
                       " do not share one shape, as a spec of shared shapes says");
  if (src.isStatic() && dst.isStatic())
    checkDomain(src, dst);

  BuiltKernel k;
  k.name = kernelName(spec);
  SmallVector<Type> types;
  auto add = [&](Type t, Param p) {
    types.push_back(t);
    k.params.push_back(std::move(p));
  };
  auto buffer = [&](DType t) { return MemRefType::get({ShapedType::kDynamic}, storageType(context, t)); };
  bool gather = k.name == "gather", scatter = k.name == "scatter";
  add(buffer(spec.dtype), {Param::Kind::Buffer, spec.dtype, gather ? "table" : scatter ? "rows" : "src"});
  add(buffer(spec.dstType()), {Param::Kind::Buffer, spec.dstType(), gather ? "rows" : scatter ? "table" : "dst"});
  // A gather's or scatter's one index buffer is its indices; others are
  // numbered.
  for (size_t i = 0; i < buffers; ++i)
    add(buffer(spec.indexTypes[i]), {Param::Kind::Buffer, spec.indexTypes[i],
                                     (gather || scatter) && buffers == 1 ? "indices" : "index_" + std::to_string(i)});
  Type index = IndexType::get(&context);
  // The `?` leaves: the source's, then the destination's own.
  int srcLeaves = src.dynamicCount(), dstOwn = dst.dynamicCount() - (spec.sharedShape ? dstShapes : 0);
  for (int i = 0; i < srcLeaves; ++i)
    add(index, {Param::Kind::Index, DType::I64, "src_" + std::to_string(i)});
  for (int i = 0; i < dstOwn; ++i)
    add(index, {Param::Kind::Index, DType::I64, "dst_" + std::to_string(i)});
  // Each `?` shape leaf's fast-division parameters.
  int ownShapes = spec.sharedShape ? 0 : dstShapes;
  for (auto [side, count] : {std::pair{"src_", srcShapes}, {"dst_", ownShapes}})
    for (int i = 0; i < count; ++i) {
      add(index, {Param::Kind::Index, DType::I64, side + std::to_string(i) + "_mul"});
      add(index, {Param::Kind::Index, DType::I64, side + std::to_string(i) + "_shift"});
    }
  bool converts = spec.dstType() != spec.dtype || spec.scale.has_value();
  Type compute = scaleType(context, spec.dtype, spec.dstType());
  if (spec.scale.has_value())
    add(compute, {Param::Kind::Scalar, compute.isF64() ? DType::F64 : DType::F32, "scale"});
  // Where an index buffer places an access, the device checks it and
  // reports to its error word, the last two parameters.
  unsigned errorWord = unsigned(types.size());
  if (buffers > 0) {
    add(buffer(DType::I8), {Param::Kind::ErrorWord, DType::I8, "error_claim"});
    add(buffer(DType::I64), {Param::Kind::ErrorWord, DType::I64, "error_report"});
  }

  KernelScaffold kernel(context, k.name, types, k.params, build.buffers);
  if (buffers > 0)
    kernel.func->setAttr(kErrorWordAttr, IntegerAttr::get(IntegerType::get(&context, 64), errorWord));
  if (build.reachBound > 0 && (srcLeaves + dstOwn > 0))
    kernel.func->setAttr(kReachBoundAttr, IntegerAttr::get(IntegerType::get(&context, 64), build.reachBound));
  if (build.family)
    kernel.func->setAttr(kExactFactsAttr, UnitAttr::get(&context));
  ImplicitLocOpBuilder b = kernel.body();
  unsigned firstLeaf = unsigned(2 + buffers);
  unsigned nextDivisor = firstLeaf + unsigned(srcLeaves + dstOwn);
  // Side's leaves, shape leaves as fast divisors.
  auto leavesOf = [&](const KernelOperand &op, unsigned first, int shapes, int count) {
    SmallVector<Value> leaves;
    for (int i = 0; i < count; ++i) {
      Value v = kernel.arg(first + unsigned(i));
      if (i < shapes) {
        v = b.create<FastDivisorOp>(v, kernel.arg(nextDivisor), kernel.arg(nextDivisor + 1));
        nextDivisor += 2;
      }
      leaves.push_back(v);
    }
    (void)op;
    return leaves;
  };
  SmallVector<Value> srcValues = leavesOf(src, firstLeaf, srcShapes, srcLeaves);
  SmallVector<Value> dstValues;
  if (spec.sharedShape) {
    dstValues.append(srcValues.begin(), srcValues.begin() + srcShapes);
    SmallVector<Value> strides = leavesOf(dst, firstLeaf + unsigned(srcLeaves), 0, dstOwn);
    dstValues.append(strides.begin(), strides.end());
  } else {
    dstValues = leavesOf(dst, firstLeaf + unsigned(srcLeaves), dstShapes, dstOwn);
  }
  ValueRange indexBuffers = kernel.func.getArguments().slice(2, buffers);
  Value s = tensorOf(b, kernel.arg(0), src, srcValues, indexBuffers);
  Value d = tensorOf(b, kernel.arg(1), dst, dstValues, indexBuffers);
  auto copy = b.create<CopyOp>(s, d);
  if (converts) {
    OpBuilder::InsertionGuard guard(b);
    Block *block = b.createBlock(&copy.getMap(), {}, {storageType(context, spec.dtype)}, {b.getLoc()});
    b.setInsertionPointToStart(block);
    Value scale = spec.scale ? kernel.func.getArgument(errorWord - 1) : Value();
    b.create<YieldOp>(ValueRange{castElement(b, block->getArgument(0), spec.dtype, spec.dstType(), scale)});
  }
  k.module = std::move(kernel.module);
  return k;
}

} // namespace layoutc::jit
