//===- Expression.cpp - Evaluating layout expressions ---------------------===//
#include "layoutc/Algebra/Expression.h"

#include "AnalysisFunctions.h"
#include "CallArgs.h"
#include "Parser.h"
#include "TupleFunctions.h"

#include "layoutc/Algebra/Banks.h"
#include "layoutc/Algebra/ComposedOps.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <functional>
#include <map>
#include <set>

namespace layoutc::algebra {

namespace {

using detail::Call;

// Argument accessors: each names the function and the argument on failure.
struct Args {
  const Call &call;

  size_t count() const { return call.args.size(); }
  const Value &at(size_t i) const { return call.args[i]; }

  [[noreturn]] void wrong(size_t i, const char *expected) const { detail::wrongArgument(call, i, expected); }
  void arity(size_t lo, size_t hi) const { detail::checkArity(call, lo, hi); }
  void noTemplate() const {
    if (call.hasTemplateArgs)
      fail(call.name, "takes no template arguments <...>");
  }
  const std::vector<int64_t> &templ(size_t lo, size_t hi) const { return detail::checkTemplateArgs(call, lo, hi); }
  Layout layout(size_t i) const {
    if (at(i).kind != Value::Kind::Layout)
      wrong(i, "a layout");
    return at(i).layout();
  }
  /// A layout, or a shape standing for its column-major layout.
  Layout layoutOrShape(size_t i) const {
    if (at(i).kind == Value::Kind::IntTuple && !hasUnderscore(at(i).tuple()) && !hasBasis(at(i).tuple()))
      return makeLayout(at(i).tuple());
    return layout(i);
  }
  IntTuple tuple(size_t i) const {
    if (at(i).kind != Value::Kind::IntTuple)
      wrong(i, "an integer or a tuple");
    return at(i).tuple();
  }
  int64_t integer(size_t i) const {
    IntTuple t = tuple(i);
    if (!t.isInt())
      wrong(i, "an integer");
    return t.value();
  }
  /// An element type's bytes (`f32`, `bf16`, ...).
  int dtypeBytes(size_t i) const {
    if (at(i).kind != Value::Kind::Tag)
      wrong(i, "an element type (f32, f16, bf16, i8, ...)");
    return elementBytes(at(i).tag(), call.name);
  }
  Tiler tiler(size_t i) const {
    switch (at(i).kind) {
    case Value::Kind::Layout:
      return Tiler::ofLayout(at(i).layout());
    case Value::Kind::Tiler:
      return at(i).tiler();
    case Value::Kind::IntTuple:
      if (!hasBasis(at(i).tuple()))
        return Tiler::ofShape(at(i).tuple());
      [[fallthrough]];
    default:
      wrong(i, "a layout, a shape or a tiler <...>");
    }
  }
};

using Handler = std::function<Value(const Args &)>;

Value unaryLayout(const Args &a, Layout (*fn)(const Layout &)) {
  a.noTemplate();
  a.arity(1, 1);
  return Value::of(fn(a.layout(0)));
}

Value tilerOp(const Args &a, Layout (*fn)(const Layout &, const Tiler &)) {
  a.noTemplate();
  a.arity(2, 2);
  return Value::of(fn(a.layout(0), a.tiler(1)));
}

Value rankedProductOp(const Args &a, Layout (*fn)(const Layout &, const Layout &)) {
  a.noTemplate();
  a.arity(2, 2);
  return Value::of(fn(a.layout(0), a.layoutOrShape(1)));
}

// size<i,...>, rank<...>, depth<...>, cosize<...>, get<...>, shape<...>, stride<...>
Layout subLayout(const Args &a) {
  a.arity(1, 1);
  Layout l = a.layout(0);
  if (a.call.templateArgs.empty())
    return l;
  return withContext(a.call.name.c_str(), "", [&] { return get(l, a.call.templateArgs); });
}

// size(S) = cosize(S) of a swizzle S<B,M,S>: 2^(B+M+|S|), the offsets it
// permutes among themselves (pycute's Swizzle.size(); CuTe's swizzle has
// no size of its own).
std::optional<Value> swizzleExtent(const Args &a) {
  if (a.count() != 1 || a.at(0).kind != Value::Kind::Swizzle || !a.call.templateArgs.empty())
    return std::nullopt;
  const Swizzle &s = a.at(0).swizzle();
  return Value::of(IntTuple(int64_t(1) << (s.bits + s.base + std::abs(s.shift))));
}

const std::map<std::string, Handler> &handlers() {
  static const std::map<std::string, Handler> table = {
      {"size",
       [](const Args &a) {
         if (std::optional<Value> extent = swizzleExtent(a))
           return *extent;
         return Value::of(IntTuple::of(sizeInt(subLayout(a))));
       }},
      {"cosize",
       [](const Args &a) {
         if (std::optional<Value> extent = swizzleExtent(a))
           return *extent;
         return Value::of(IntTuple::of(cosizeInt(subLayout(a))));
       }},
      {"rank", [](const Args &a) { return Value::of(IntTuple(int64_t(rank(subLayout(a))))); }},
      {"depth", [](const Args &a) { return Value::of(IntTuple(int64_t(depth(subLayout(a))))); }},
      {"shape", [](const Args &a) { return Value::of(subLayout(a).shape); }},
      {"stride", [](const Args &a) { return Value::of(subLayout(a).stride); }},
      {"get",
       [](const Args &a) {
         a.templ(1, 64);
         return Value::of(subLayout(a));
       }},
      {"select",
       [](const Args &a) {
         a.arity(1, 1);
         return Value::of(select(a.layout(0), a.templ(1, 64)));
       }},
      {"take",
       [](const Args &a) {
         a.arity(1, 1);
         auto t = a.templ(2, 2);
         return Value::of(take(a.layout(0), t[0], t[1]));
       }},
      {"group_modes",
       [](const Args &a) {
         a.arity(1, 1);
         auto t = a.templ(2, 2);
         return Value::of(groupModes(a.layout(0), t[0], t[1]));
       }},
      {"append",
       [](const Args &a) {
         a.arity(1, 2);
         Layout x = a.count() == 2 ? a.layout(1) : Layout();
         return Value::of(append(a.layout(0), a.templ(1, 1)[0], x));
       }},
      {"prepend",
       [](const Args &a) {
         a.arity(1, 2);
         Layout x = a.count() == 2 ? a.layout(1) : Layout();
         return Value::of(prepend(a.layout(0), a.templ(1, 1)[0], x));
       }},
      {"flatten", [](const Args &a) { return unaryLayout(a, flatten); }},
      {"unflatten",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(unflatten(a.layout(0), a.tuple(1)));
       }},
      {"coalesce",
       [](const Args &a) {
         a.noTemplate();
         a.arity(1, 2);
         return Value::of(a.count() == 2 ? coalesce(a.layout(0), a.tuple(1)) : coalesce(a.layout(0)));
       }},
      {"filter",
       [](const Args &a) {
         a.noTemplate();
         a.arity(1, 2);
         return Value::of(a.count() == 2 ? filter(a.layout(0), a.tuple(1)) : filter(a.layout(0)));
       }},
      {"filter_zeros", [](const Args &a) { return unaryLayout(a, filterZeros); }},
      {"composition",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         if (a.at(0).kind == Value::Kind::Composed)
           return Value::of(composition(a.at(0).composed(), a.layout(1)));
         if (a.at(0).kind == Value::Kind::Swizzle)
           return Value::of(composition(a.at(0).swizzle(), a.layout(1)));
         return Value::of(composition(a.layout(0), a.tiler(1)));
       }},
      {"complement",
       [](const Args &a) {
         a.noTemplate();
         a.arity(1, 2);
         return Value::of(a.count() == 2 ? complement(a.layout(0), a.tuple(1)) : complement(a.layout(0)));
       }},
      {"right_inverse", [](const Args &a) { return unaryLayout(a, rightInverse); }},
      {"left_inverse", [](const Args &a) { return unaryLayout(a, leftInverse); }},
      {"nullspace", [](const Args &a) { return unaryLayout(a, nullspace); }},
      {"max_common_layout",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(maxCommonLayout(a.layout(0), a.layout(1)));
       }},
      {"max_common_vector",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(IntTuple(maxCommonVector(a.layout(0), a.layout(1))));
       }},
      {"logical_divide", [](const Args &a) { return tilerOp(a, logicalDivide); }},
      {"zipped_divide", [](const Args &a) { return tilerOp(a, zippedDivide); }},
      {"tiled_divide", [](const Args &a) { return tilerOp(a, tiledDivide); }},
      {"flat_divide", [](const Args &a) { return tilerOp(a, flatDivide); }},
      {"logical_product", [](const Args &a) { return tilerOp(a, logicalProduct); }},
      {"zipped_product", [](const Args &a) { return tilerOp(a, zippedProduct); }},
      {"tiled_product", [](const Args &a) { return tilerOp(a, tiledProduct); }},
      {"flat_product", [](const Args &a) { return tilerOp(a, flatProduct); }},
      {"blocked_product", [](const Args &a) { return rankedProductOp(a, blockedProduct); }},
      {"raked_product", [](const Args &a) { return rankedProductOp(a, rakedProduct); }},
      {"tile_to_shape",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 3);
         IntTuple order;
         if (a.count() == 3)
           order = a.tuple(2);
         return Value::of(tileToShape(a.layout(0), a.tuple(1), a.count() == 3 ? &order : nullptr));
       }},
      {"crd2idx",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(crd2idx(a.tuple(0), a.layoutOrShape(1)));
       }},
      {"idx2crd",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 3);
         if (a.count() == 3)
           return Value::of(idx2crd(a.tuple(0), a.tuple(1), a.tuple(2)));
         return Value::of(idx2crd(a.tuple(0), a.tuple(1)));
       }},
      {"slice",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(slice(a.tuple(0), a.layout(1)));
       }},
      {"dice",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(dice(a.tuple(0), a.layout(1)));
       }},
      {"make_layout",
       [](const Args &a) {
         a.noTemplate();
         // make_layout(L0, L1, ...): the layouts as the modes of one
         // (CuTe's make_layout of layouts).
         if (a.count() >= 1 && a.at(0).kind == Value::Kind::Layout) {
           a.arity(1, 1024);
           std::vector<IntTuple> shapes, strides;
           for (size_t i = 0; i < a.count(); ++i) {
             shapes.push_back(a.layout(i).shape);
             strides.push_back(a.layout(i).stride);
           }
           return Value::of(
               makeLayout(IntTuple::tuple(std::move(shapes)), IntTuple::tuple(std::move(strides)), "make_layout"));
         }
         a.arity(1, 2);
         if (a.count() == 1)
           return Value::of(makeLayout(a.tuple(0)));
         if (a.at(1).kind == Value::Kind::Tag)
           return Value::of(a.at(1).tag() == "LayoutRight" ? makeLayoutRight(a.tuple(0)) : makeLayout(a.tuple(0)));
         return Value::of(makeLayout(a.tuple(0), a.tuple(1), "make_layout"));
       }},
      {"make_ordered_layout",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         return Value::of(makeOrderedLayout(a.tuple(0), a.tuple(1)));
       }},
      {"make_identity_layout",
       [](const Args &a) {
         a.noTemplate();
         a.arity(1, 1);
         return Value::of(makeIdentityLayout(a.tuple(0)));
       }},
      {"make_composed_layout",
       [](const Args &a) {
         a.noTemplate();
         a.arity(3, 3);
         ComposedLayout c;
         if (a.at(0).kind == Value::Kind::Swizzle) {
           c.swizzle = a.at(0).swizzle();
         } else {
           c.inner = ComposedLayout::Inner::Layout;
           c.innerLayout = a.layout(0);
         }
         c.offset = a.tuple(1);
         c.outer = a.layout(2);
         return Value::of(c);
       }},
      {"compatible",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         auto shapeOf = [&](size_t i) {
           return a.at(i).kind == Value::Kind::Layout ? a.at(i).layout().shape : a.tuple(i);
         };
         return Value::ofBool(compatible(shapeOf(0), shapeOf(1)));
       }},
      {"swizzle",
       [](const Args &a) {
         a.noTemplate();
         a.arity(2, 2);
         if (a.at(0).kind != Value::Kind::Swizzle)
           a.wrong(0, "a swizzle S<B,M,S>");
         IntTuple x = a.tuple(1);
         if (!x.isInt())
           a.wrong(1, "an integer offset");
         return Value::of(IntTuple::of(swizzle(a.at(0).swizzle(), x.integer())));
       }},
      {"upcast",
       [](const Args &a) {
         a.arity(1, 1);
         return Value::of(upcast(a.layout(0), a.templ(1, 1)[0]));
       }},
      {"downcast",
       [](const Args &a) {
         a.arity(1, 1);
         return Value::of(downcast(a.layout(0), a.templ(1, 1)[0]));
       }},
      {"recast_layout",
       [](const Args &a) {
         a.arity(1, 1);
         auto t = a.templ(2, 2);
         return Value::of(recastLayout(a.layout(0), t[0], t[1]));
       }},
      {"bank_conflicts",
       [](const Args &a) {
         a.noTemplate();
         a.arity(3, 3);
         BankReport r = bankConflicts(sharedMemory(a.at(0), a.dtypeBytes(2), a.call.name), a.layout(1), a.call.name);
         return Value::of(IntTuple{IntTuple(r.worst.wavefronts), IntTuple(r.worst.ideal)});
       }},
      {"swizzle_for",
       [](const Args &a) {
         a.noTemplate();
         a.arity(4, 4);
         return Value::of(swizzleFor(sharedMemory(a.at(0), a.dtypeBytes(3), a.call.name), a.layout(1), a.layout(2)));
       }},
  };
  return table;
}

Value callFunction(const Call &call) {
  if (std::optional<Value> v = detail::callTupleFunction(call))
    return *v;
  if (std::optional<Value> v = detail::callAnalysisFunction(call))
    return *v;
  auto it = handlers().find(call.name);
  if (it == handlers().end())
    fail("parse", "unknown function '" + call.name + "'");
  if (std::optional<Value> v = callOnComposed(call.name, call.templateArgs, call.args))
    return *v;
  return it->second(Args{call});
}

// V(arg): a layout at a coordinate (or a slice when it has '_'), a composed
// layout or a swizzle at an index.
Value apply(const Value &f, const Value &arg, size_t) {
  if (arg.kind != Value::Kind::IntTuple)
    fail("apply", "the argument of " + f.describe() + " must be a coordinate, not " + arg.describe());
  IntTuple c = arg.tuple();
  switch (f.kind) {
  case Value::Kind::Layout:
    if (hasUnderscore(c))
      return Value::of(slice(c, f.layout()));
    return Value::of(crd2idx(c, f.layout()));
  case Value::Kind::Swizzle:
    if (!c.isInt())
      fail("apply", "a swizzle takes an integer offset, not " + c.str());
    return Value::of(IntTuple::of(swizzle(f.swizzle(), c.integer())));
  case Value::Kind::Composed:
    if (hasUnderscore(c))
      return slice(c, f.composed());
    return Value::of(evaluate(f.composed(), c));
  default:
    fail("apply", f.describe() + " cannot be applied to arguments");
  }
}

} // namespace

Expected<Value> evaluateExpression(std::string_view text) { return evaluateExpression(text, ExpressionHooks{}); }

Expected<Value> evaluateExpression(std::string_view text, const ExpressionHooks &hooks) {
  IntDomain domain;
  DomainScope scope(domain);
  detail::Parser::CallFn onCall = callFunction;
  if (hooks.call)
    onCall = [&](const Call &c) { return hooks.call(c.name, c.templateArgs, c.args); };
  detail::Parser::ApplyFn onApply = apply;
  if (hooks.apply)
    onApply = [&](const Value &f, const Value &arg, size_t) { return hooks.apply(f, arg); };
  Expected<Value> v = attempt("eval", [&] { return detail::Parser(text, onCall, onApply).parseAll(); });
  if (v)
    v.value().assumptions = domain.assumptions();
  return v;
}

Expected<Value> applyFunction(const std::string &name, const std::vector<int64_t> &templateArgs,
                              std::vector<Value> args) {
  Call call;
  call.name = name;
  call.templateArgs = templateArgs;
  call.hasTemplateArgs = !templateArgs.empty();
  call.args = std::move(args);
  return attempt(name, [&] { return callFunction(call); });
}

Expected<Value> applyValue(const Value &f, const Value &arg) {
  return attempt("apply", [&] { return apply(f, arg, 0); });
}

const std::vector<std::string> &expressionFunctions() {
  static const std::vector<std::string> names = [] {
    std::set<std::string> n = detail::tupleFunctionNames();
    n.merge(detail::analysisFunctionNames());
    for (const auto &[name, handler] : handlers())
      n.insert(name);
    return std::vector<std::string>(n.begin(), n.end());
  }();
  return names;
}

} // namespace layoutc::algebra
