//===- KernelBuilder.cpp - Copy, gather and scatter kernels as IR ---------===//
#include "KernelBuilder.h"

#include "ElementCast.h"
#include "KernelOperand.h"

#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace layoutc::jit {

using namespace mlir;
using namespace layoutc::lay;

namespace {

// Post-condition: returns when there is no scale, or one finite in the type
// the map multiplies in (f32; f64, `wide`, when a side is f64: see CopySpec);
// else std::invalid_argument (a bad value, not a spec the compiler refuses).
void checkScale(std::optional<double> scale, bool wide) {
  if (!scale)
    return;
  char text[32];
  std::snprintf(text, sizeof text, "%g", *scale);
  if (!std::isfinite(*scale))
    throw std::invalid_argument(std::string("copy: the scale ") + text + " is not a finite number");
  if (!wide && std::fabs(*scale) > double(std::numeric_limits<float>::max()))
    throw std::invalid_argument(std::string("copy: the scale ") + text +
                                " is past f32's range (largest 3.40282e+38), the type it multiplies in unless a "
                                "side is f64");
}

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

// The tensor over `data` through `op`'s layout, its `?` leaves `leaves` (in
// print order; shape leaves already fast divisors), an inner function's
// LOAD steps reading `buffers`.
Value tensorOf(ImplicitLocOpBuilder &b, Value data, const KernelOperand &op, ValueRange leaves,
               ValueRange buffers = {}) {
  MLIRContext *c = b.getContext();
  auto outerType = LayoutType::get(c, op.layout);
  Value layout =
      outerType.isStatic() ? Value(b.create<ConstantOp>(outerType)) : Value(b.create<MakeLayoutOp>(outerType, leaves));
  if (op.isFunction()) {
    layout = functionLayout(b, op, layout, buffers);
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

// The map region of a copy from `from` to `to` elements, scaled: see
// ElementCast.h.
void buildMap(ImplicitLocOpBuilder &b, CopyOp copy, DType from, DType to, std::optional<double> scale) {
  MLIRContext &c = *b.getContext();
  Type compute = scaleType(c, from, to);
  // The scale is a constant of the compute type: one past its range would
  // become an infinity there.
  checkScale(scale, compute.isF64());
  Block *block = b.createBlock(&copy.getMap(), {}, {storageType(c, from)}, {b.getLoc()});
  b.setInsertionPointToStart(block);
  Value factor = scale ? Value(b.create<arith::ConstantOp>(b.getFloatAttr(compute, *scale))) : Value();
  b.create<YieldOp>(ValueRange{castElement(b, block->getArgument(0), from, to, factor)});
}

// Post-condition: returns when the static sides have one domain and dst,
// unless it has an inner function (a scatter), is one-to-one; else throws
// CompileError "PREFIX SRCNAME ...".
void checkDomain(const KernelOperand &src, const KernelOperand &dst, const std::string &prefix,
                 const std::string &srcName, const std::string &dstName) {
  if (src.size() != dst.size())
    throw CompileError(prefix + srcName + " " + src.str() + " has " + std::to_string(src.size()) + " elements but " +
                       dstName + " " + dst.str() + " has " + std::to_string(dst.size()) + "; a copy maps one domain");
  if (!dst.isFunction() && !dst.oneToOne())
    throw CompileError(prefix + dstName + " " + dst.str() +
                       " maps two domain indices to one element (a stride-0 or overlapping mode); a copy's "
                       "destination must be one-to-one");
}

// A copy kernel before its body: named copy, with its first parameters,
// the buffers src (of `from`) and dst (of `to`), their types in `types`.
BuiltKernel startCopy(MLIRContext &context, DType from, DType to, SmallVector<Type> &types) {
  BuiltKernel k;
  k.name = "copy";
  types.append({MemRefType::get({ShapedType::kDynamic}, storageType(context, from)),
                MemRefType::get({ShapedType::kDynamic}, storageType(context, to))});
  k.params = {{Param::Kind::Buffer, from, "src"}, {Param::Kind::Buffer, to, "dst"}};
  return k;
}

// lay.copy %s, %d converting `from` elements to `to`, scaled (see CopySpec).
void buildCopyOp(ImplicitLocOpBuilder &b, Value s, Value d, DType from, DType to, std::optional<double> scale) {
  auto copy = b.create<CopyOp>(s, d);
  if (to != from || scale) {
    OpBuilder::InsertionGuard guard(b);
    buildMap(b, copy, from, to, scale);
  }
}

} // namespace

BuiltKernel buildCopy(MLIRContext &context, const CopySpec &spec, BufferAlignment buffers) {
  KernelOperand src = KernelOperand::of(spec.src, "copy: --src");
  KernelOperand dst = KernelOperand::of(spec.dst, "copy: --dst");
  if (src.isStatic() && dst.isStatic())
    checkDomain(src, dst, "copy: ", "--src", "--dst");
  // Parameters: src, dst, the `?` leaves (src's, then dst's), then each
  // `?` shape leaf's fast-division multiplier and shift.
  SmallVector<Type> types;
  BuiltKernel k = startCopy(context, spec.dtype, spec.dstType(), types);
  int srcLeaves = src.dynamicCount(), dstLeaves = dst.dynamicCount();
  int shapes = src.dynamicShapeCount() + dst.dynamicShapeCount();
  for (int i = 0; i < srcLeaves + dstLeaves + 2 * shapes; ++i) {
    types.push_back(IndexType::get(&context));
    k.params.push_back({Param::Kind::Index, DType::I64, ""});
  }
  for (int i = 0; i < srcLeaves; ++i)
    k.params[size_t(2 + i)].name = "src_" + std::to_string(i);
  for (int i = 0; i < dstLeaves; ++i)
    k.params[size_t(2 + srcLeaves + i)].name = "dst_" + std::to_string(i);
  size_t divisor = size_t(2 + srcLeaves + dstLeaves);
  for (auto [side, count] : {std::pair{"src_", src.dynamicShapeCount()}, {"dst_", dst.dynamicShapeCount()}})
    for (int i = 0; i < count; ++i, divisor += 2) {
      k.params[divisor].name = side + std::to_string(i) + "_mul";
      k.params[divisor + 1].name = side + std::to_string(i) + "_shift";
    }
  KernelScaffold kernel(context, k.name, types, k.params, buffers);
  ImplicitLocOpBuilder b = kernel.body();
  // Each side's leaves, its `?` shape leaves as fast divisors.
  unsigned nextDivisor = unsigned(2 + srcLeaves + dstLeaves);
  auto leavesOf = [&](const KernelOperand &op, unsigned first) {
    SmallVector<Value> leaves;
    for (int i = 0; i < op.dynamicCount(); ++i) {
      Value v = kernel.arg(first + unsigned(i));
      if (i < op.dynamicShapeCount()) {
        v = b.create<FastDivisorOp>(v, kernel.arg(nextDivisor), kernel.arg(nextDivisor + 1));
        nextDivisor += 2;
      }
      leaves.push_back(v);
    }
    return leaves;
  };
  SmallVector<Value> srcValues = leavesOf(src, 2), dstValues = leavesOf(dst, unsigned(2 + srcLeaves));
  Value s = tensorOf(b, kernel.arg(0), src, srcValues);
  Value d = tensorOf(b, kernel.arg(1), dst, dstValues);
  buildCopyOp(b, s, d, spec.dtype, spec.dstType(), spec.scale);
  k.module = std::move(kernel.module);
  return k;
}

BuiltKernel buildTensorCopy(MLIRContext &context, const TensorCopySpec &spec, BufferAlignment buffers) {
  if (spec.indexTypes.size() > kMaxIndexBuffers)
    throw CompileError("tensor copy: " + std::to_string(spec.indexTypes.size()) + " index buffers, more than the " +
                       std::to_string(kMaxIndexBuffers) + " a kernel may take");
  for (size_t i = 0; i < spec.indexTypes.size(); ++i)
    if (spec.indexTypes[i] != DType::I32 && spec.indexTypes[i] != DType::I64)
      throw CompileError("tensor copy: index buffer " + std::to_string(i) + "'s type must be i32 or i64, not " +
                         dtypeName(spec.indexTypes[i]));
  size_t indexBuffers = spec.indexTypes.size();
  KernelOperand src = KernelOperand::of(spec.src.layout(), "tensor copy: src", spec.src.program(), indexBuffers);
  KernelOperand dst = KernelOperand::of(spec.dst.layout(), "tensor copy: dst", spec.dst.program(), indexBuffers);
  for (auto [side, op] : {std::pair{"src", &src}, {"dst", &dst}})
    if (!op->isStatic())
      throw CompileError(std::string("tensor copy: ") + side + ": " + op->str() +
                         " has `?` leaves: dynamic layouts are not supported by this entry");
  checkDomain(src, dst, "tensor copy: ", "src", "dst");
  // Parameters: src, dst, then the index buffers.
  SmallVector<Type> types;
  BuiltKernel k = startCopy(context, spec.dtype, spec.dstType(), types);
  for (size_t i = 0; i < indexBuffers; ++i) {
    types.push_back(MemRefType::get({ShapedType::kDynamic}, storageType(context, spec.indexTypes[i])));
    k.params.push_back({Param::Kind::Buffer, spec.indexTypes[i], "index_" + std::to_string(i)});
  }
  KernelScaffold kernel(context, k.name, types, k.params, buffers);
  ImplicitLocOpBuilder b = kernel.body();
  ValueRange indices = kernel.func.getArguments().drop_front(2);
  Value s = tensorOf(b, kernel.arg(0), src, {}, indices);
  Value d = tensorOf(b, kernel.arg(1), dst, {}, indices);
  buildCopyOp(b, s, d, spec.dtype, spec.dstType(), std::nullopt);
  k.module = std::move(kernel.module);
  return k;
}

BuiltKernel buildIndexed(MLIRContext &context, const IndexedSpec &spec, BufferAlignment buffers) {
  bool gather = spec.kind == IndexedKind::Gather;
  std::string op = gather ? "gather" : "scatter";
  if (spec.indexType != DType::I32 && spec.indexType != DType::I64)
    throw CompileError(op + ": the index type must be i32 or i64, not " + dtypeName(spec.indexType));
  if (spec.rowWidth < 1)
    throw CompileError(op + ": the row width must be at least 1, not " + std::to_string(spec.rowWidth));
  BuiltKernel k;
  k.name = op;
  Type element = storageType(context, spec.dtype), index = storageType(context, spec.indexType);
  Type buffer = MemRefType::get({ShapedType::kDynamic}, element);
  Type indexType = IndexType::get(&context);
  k.params = {{Param::Kind::Buffer, spec.dtype, "table"},
              {Param::Kind::Buffer, spec.dtype, "rows"},
              {Param::Kind::Buffer, spec.indexType, "indices"},
              {Param::Kind::Index, DType::I64, "table_rows"},
              {Param::Kind::Index, DType::I64, "count"}};
  KernelScaffold kernel(context, k.name,
                        {buffer, buffer, MemRefType::get({ShapedType::kDynamic}, index), indexType, indexType},
                        k.params, buffers);
  ImplicitLocOpBuilder b = kernel.body();
  MLIRContext *c = &context;
  Value count = kernel.arg(4);
  // The indices, R:1; the rows, (W,R):(1,W); the table's rows gathered
  // through the indices: blocks of W elements, idx o 0 o (W,R):(1,W).
  int64_t w = spec.rowWidth;
  algebra::IntTuple r(algebra::Int::unknown());
  auto idxLayoutType = LayoutType::get(c, algebra::Layout(r, 1));
  Value idxLayout = b.create<MakeLayoutOp>(idxLayoutType, ValueRange{count});
  auto idxType = LayoutTensorType::get(c, index, idxLayoutType, 0);
  Value idx = b.create<MakeTensorOp>(idxType, kernel.arg(2), idxLayout);
  auto rowsType = w == 1 ? idxLayoutType : LayoutType::get(c, algebra::Layout({w, r}, {1, w}));
  Value rowsLayout = b.create<MakeLayoutOp>(rowsType, ValueRange{count});
  auto composedType = ComposedType::get(c, idxType, rowsType, w);
  Value gatheredLayout =
      b.create<MakeComposedLayoutOp>(composedType, idx, b.create<arith::ConstantIndexOp>(0), rowsLayout);
  Value table =
      b.create<MakeTensorOp>(LayoutTensorType::get(c, element, composedType, 0), kernel.arg(0), gatheredLayout);
  Value rows = b.create<MakeTensorOp>(LayoutTensorType::get(c, element, rowsType, 0), kernel.arg(1), rowsLayout);
  b.create<CopyOp>(gather ? table : rows, gather ? rows : table);
  k.module = std::move(kernel.module);
  return k;
}

} // namespace layoutc::jit
