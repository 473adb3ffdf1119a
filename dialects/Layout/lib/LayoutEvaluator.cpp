//===- LayoutEvaluator.cpp - Layout expressions through the IR ------------===//
#include "layoutc/Dialect/Layout/LayoutEvaluator.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/IntTuple.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace layoutc;

namespace layoutc::lay {

struct LayoutEvaluator::Impl {
  MLIRContext context;
  std::string diagnostics;

  Impl() {
    context.loadDialect<LayDialect, arith::ArithDialect, func::FuncDialect>();
    context.getDiagEngine().registerHandler([this](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error) {
        if (!diagnostics.empty())
          diagnostics += "; ";
        diagnostics += d.str();
      }
      return success();
    });
  }

  // The state of one evaluation: a function whose body collects the ops.
  struct Session {
    Impl &impl;
    OwningOpRef<ModuleOp> module;
    Block *body;
    OpBuilder builder;
    Location loc;

    explicit Session(Impl &i)
        : impl(i), module(ModuleOp::create(UnknownLoc::get(&i.context))), builder(&i.context),
          loc(UnknownLoc::get(&i.context)) {
      builder.setInsertionPointToEnd(module->getBody());
      auto fn = func::FuncOp::create(builder, loc, "eval", builder.getFunctionType({}, {}));
      body = fn.addEntryBlock();
      builder.setInsertionPointToEnd(body);
    }

    // Reports the diagnostics the IR emitted (which name the op already), or
    // `what` when there are none.
    [[noreturn]] void fail(const std::string &op, const std::string &what) {
      std::string message = impl.diagnostics.empty() ? what : impl.diagnostics;
      impl.diagnostics.clear();
      std::string prefix = op + ": ";
      if (message.compare(0, prefix.size(), prefix) == 0)
        message = message.substr(prefix.size());
      throw algebra::AlgebraError(op, message);
    }

    // `n` fresh index values standing for the `?` leaves of a type.
    SmallVector<mlir::Value> unknowns(unsigned n) {
      SmallVector<mlir::Value> values;
      for (unsigned i = 0; i < n; ++i)
        values.push_back(body->addArgument(builder.getIndexType(), loc));
      return values;
    }

    mlir::Value materialize(const algebra::Value &v, const std::string &op) {
      switch (v.kind) {
      case algebra::Value::Kind::Layout: {
        auto type = LayoutType::get(&impl.context, v.layout());
        if (type.isStatic())
          return ConstantOp::create(builder, loc, type);
        return MakeLayoutOp::create(builder, loc, type, unknowns(type.getNumDynamic()));
      }
      case algebra::Value::Kind::IntTuple: {
        auto type = IntTupleType::get(&impl.context, v.tuple());
        if (type.isStatic())
          return ConstantOp::create(builder, loc, type);
        return MakeTupleOp::create(builder, loc, type, unknowns(type.getNumDynamic()));
      }
      case algebra::Value::Kind::Tiler:
        return ConstantOp::create(builder, loc, TilerType::get(&impl.context, v.tiler()));
      case algebra::Value::Kind::LinearLayout:
        return ConstantOp::create(builder, loc, LinearLayoutType::get(&impl.context, v.linearLayout()));
      case algebra::Value::Kind::Swizzle: {
        const algebra::Swizzle &s = v.swizzle();
        return ConstantOp::create(builder, loc, SwizzleType::get(&impl.context, s.bits, s.base, s.shift));
      }
      case algebra::Value::Kind::Composed: {
        const algebra::ComposedLayout &c = v.composed();
        if (c.inner == algebra::ComposedLayout::Inner::Function)
          fail(op, "the lay dialect has no value for " + v.describe());
        mlir::Value inner = c.inner == algebra::ComposedLayout::Inner::Swizzle
                                ? materialize(algebra::Value::of(c.swizzle), op)
                                : materialize(algebra::Value::of(c.innerLayout), op);
        mlir::Value outer = materialize(algebra::Value::of(c.outer), op);
        auto type = ComposedType::get(&impl.context, inner.getType(), cast<LayoutType>(outer.getType()));
        return MakeComposedLayoutOp::create(builder, loc, type, inner,
                                            materializeIndex(algebra::Value::of(c.offset), op), outer);
      }
      default:
        fail(op, "the lay dialect has no value for " + v.describe());
      }
    }

    // An `index` operand (the offset of lay.swizzle): a constant for a static
    // integer. Elsewhere integers are tuples, so that types carry them.
    mlir::Value materializeIndex(const algebra::Value &v, const std::string &op) {
      if (v.kind == algebra::Value::Kind::IntTuple && v.tuple().isInt()) {
        if (v.tuple().isStatic())
          return arith::ConstantIndexOp::create(builder, loc, v.tuple().value());
        return unknowns(1)[0];
      }
      return materialize(v, op);
    }

    algebra::Value valueOf(mlir::Value result, Attribute folded) {
      if (std::optional<algebra::ComposedLayout> c = composedLayoutOf(result))
        return algebra::Value::of(*c);
      if (auto t = dyn_cast_or_null<TypeAttr>(folded))
        return *algebraValueOf(t.getValue());
      if (auto i = dyn_cast_or_null<IntegerAttr>(folded))
        return i.getType().isInteger(1) ? algebra::Value::ofBool(i.getValue().getBoolValue())
                                        : algebra::Value::of(algebra::IntTuple(i.getInt()));
      return *algebraValueOf(result.getType());
    }

    algebra::Value equalValue(Operation *op, bool folded) {
      std::optional<algebra::Equality> e = equalityOf(op);
      if (!e)
        fail("equal", "the operands have no value in the layout algebra");
      if (folded == (e->answer == algebra::Equality::Answer::Depends))
        fail("equal", "the op folds " + std::string(folded ? "" : "not ") + "where the algebra answers " + e->str());
      return algebra::Value::of(*e);
    }

    // Builds `lay.<name>` over the operands (and the element type `dtype`,
    // when given), verifies and folds it.
    algebra::Value build(const std::string &name, const std::vector<int64_t> &modes, SmallVector<mlir::Value> operands,
                         const std::optional<algebra::Value> &dtype) {
      OperationName opName("lay." + name, &impl.context);
      if (!opName.isRegistered())
        fail(name, "the lay dialect has no op for " + name);
      SmallVector<Type> operandTypes;
      for (mlir::Value v : operands)
        operandTypes.push_back(v.getType());
      SmallVector<Type> resultTypes;
      std::vector<algebra::Value> trailing;
      if (dtype)
        trailing.push_back(*dtype);
      if (failed(inferAlgebraResult(name, modes, &impl.context, loc, operandTypes, resultTypes, trailing)))
        fail(name, "cannot infer the result type");
      OperationState state(loc, opName);
      state.addOperands(operands);
      state.addTypes(resultTypes);
      if (!modes.empty())
        state.addAttribute("modes", builder.getDenseI64ArrayAttr(modes));
      if (dtype)
        state.addAttribute("dtype", TypeAttr::get(elementTypeOf(&impl.context, dtype->tag())));
      Operation *op = builder.create(state);
      if (failed(mlir::verify(op)))
        fail(name, "the op does not verify");
      SmallVector<Attribute> constants;
      for (mlir::Value v : operands) {
        Attribute a;
        if (!matchPattern(v, m_Constant(&a)))
          a = Attribute();
        constants.push_back(a);
      }
      SmallVector<OpFoldResult> folded;
      bool didFold = succeeded(op->fold(constants, folded)) && !folded.empty();
      // The i1 of lay.equal (or the op, left unfolded) with its explanation,
      // recomputed by the algebra from the same operands as the fold.
      if (isa<EqualOp>(op))
        return equalValue(op, didFold);
      if (didFold) {
        if (auto attr = dyn_cast<Attribute>(folded[0]))
          return valueOf(op->getResult(0), attr);
        // Folded to an existing value (an operand): its constant, if any.
        mlir::Value v = cast<mlir::Value>(folded[0]);
        Attribute constant;
        if (!matchPattern(v, m_Constant(&constant)))
          constant = Attribute();
        return valueOf(v, constant);
      }
      return valueOf(op->getResult(0), Attribute());
    }

    algebra::Value call(const std::string &name, const std::vector<int64_t> &modes,
                        const std::vector<algebra::Value> &args) {
      OperationName opName("lay." + name, &impl.context);
      auto hasAttribute = [&](const char *attr) {
        return opName.isRegistered() &&
               llvm::is_contained(opName.getAttributeNames(), StringAttr::get(&impl.context, attr));
      };
      if (!modes.empty() && opName.isRegistered() && !hasAttribute("modes"))
        fail(name, "takes no template arguments <...>");
      // An element type (f32) is the op's `dtype` attribute, not an operand.
      std::optional<algebra::Value> dtype;
      size_t n = args.size();
      if (n > 0 && hasAttribute("dtype") && args[n - 1].kind == algebra::Value::Kind::Tag)
        dtype = args[--n];
      SmallVector<mlir::Value> operands;
      for (size_t i = 0; i < n; ++i)
        operands.push_back(name == "swizzle" && i == 1 ? materializeIndex(args[i], name) : materialize(args[i], name));
      return build(name, modes, operands, dtype);
    }

    algebra::Value apply(const algebra::Value &f, const algebra::Value &arg) {
      if (f.kind == algebra::Value::Kind::Layout || f.kind == algebra::Value::Kind::Composed) {
        bool isSlice = arg.kind == algebra::Value::Kind::IntTuple && algebra::hasUnderscore(arg.tuple());
        return isSlice ? call("slice", {}, {arg, f}) : call("crd2idx", {}, {arg, f});
      }
      if (f.kind == algebra::Value::Kind::Swizzle)
        return call("swizzle", {}, {f, arg});
      fail("apply", "the lay dialect has no op applying " + f.describe());
    }
  };
};

LayoutEvaluator::LayoutEvaluator() : impl_(std::make_unique<Impl>()) {}
LayoutEvaluator::~LayoutEvaluator() = default;

algebra::Expected<algebra::Value> LayoutEvaluator::evaluate(std::string_view expression) {
  Impl::Session session(*impl_);
  algebra::ExpressionHooks hooks;
  hooks.call = [&](const std::string &name, const std::vector<int64_t> &modes, std::vector<algebra::Value> args) {
    return session.call(name, modes, args);
  };
  hooks.apply = [&](const algebra::Value &f, const algebra::Value &arg) { return session.apply(f, arg); };
  impl_->diagnostics.clear();
  return algebra::evaluateExpression(expression, hooks);
}

} // namespace layoutc::lay
