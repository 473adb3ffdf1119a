//===- TupleFunctions.cpp - The expression language on plain tuples -------===//
#include "TupleFunctions.h"

#include "CallArgs.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Algebra/TupleOps.h"

#include <functional>
#include <map>

namespace layoutc::algebra::detail {

namespace {

enum class Subject { Any, Tuple, TupleOrTiler };

struct TupleFunction {
  /// Which argument decides that the call is on tuples, and what it must be.
  size_t subjectArg;
  Subject subject;
  size_t minArgs, maxArgs, minTemplate, maxTemplate;
  std::function<Value(const Call &)> fn;
};

IntTuple tupleArg(const Call &call, size_t i) {
  if (call.args[i].kind != Value::Kind::IntTuple)
    wrongArgument(call, i, "an integer or a tuple");
  return call.args[i].tuple();
}

const std::vector<int64_t> &path(const Call &call) { return call.templateArgs; }

// The shape a query is about: the tuple, or a tiler's shape; get<path> of it.
IntTuple queried(const Call &call) {
  const Value &v = call.args[0];
  IntTuple t = v.kind == Value::Kind::Tiler ? shape(v.tiler()) : v.tuple();
  return get(t, path(call));
}

Value integer(int64_t v) { return Value::of(IntTuple(v)); }

// append<N>(t, x) / append(t, x) (N = rank(t) + 1).
Value pad(const Call &call, IntTuple (*fn)(const IntTuple &, int64_t, const IntTuple &)) {
  IntTuple t = tupleArg(call, 0);
  int64_t n = call.templateArgs.empty() ? (t.isTuple() ? rank(t) : 1) + 1 : call.templateArgs[0];
  return Value::of(fn(t, n, tupleArg(call, 1)));
}

Value bothTuples(const Call &call, IntTuple (*fn)(const IntTuple &, const IntTuple &)) {
  return Value::of(fn(tupleArg(call, 0), tupleArg(call, 1)));
}

Value truth(const Call &call, bool (*fn)(const IntTuple &, const IntTuple &)) {
  return Value::ofBool(fn(tupleArg(call, 0), tupleArg(call, 1)));
}

const std::map<std::string, TupleFunction> &functions() {
  using S = Subject;
  static const std::map<std::string, TupleFunction> table = {
      {"size",
       {0, S::TupleOrTiler, 1, 1, 0, 64, [](const Call &c) { return Value::of(IntTuple::of(product(queried(c)))); }}},
      {"rank", {0, S::Tuple, 1, 1, 0, 64, [](const Call &c) { return integer(rank(queried(c))); }}},
      {"depth", {0, S::Tuple, 1, 1, 0, 64, [](const Call &c) { return integer(depth(queried(c))); }}},
      {"shape", {0, S::TupleOrTiler, 1, 1, 0, 64, [](const Call &c) { return Value::of(queried(c)); }}},
      {"stride",
       {0, S::TupleOrTiler, 1, 1, 0, 64,
        [](const Call &c) {
          if (c.args[0].kind != Value::Kind::Tiler)
            wrongArgument(c, 0, "a layout or a tiler <...>");
          return Value::of(get(stride(c.args[0].tiler()), path(c)));
        }}},
      {"get", {0, S::Tuple, 1, 1, 1, 64, [](const Call &c) { return Value::of(get(tupleArg(c, 0), path(c))); }}},
      {"select", {0, S::Tuple, 1, 1, 1, 64, [](const Call &c) { return Value::of(select(tupleArg(c, 0), path(c))); }}},
      {"take",
       {0, S::Tuple, 1, 1, 2, 2,
        [](const Call &c) { return Value::of(take(tupleArg(c, 0), c.templateArgs[0], c.templateArgs[1])); }}},
      {"group_modes",
       {0, S::Tuple, 1, 1, 2, 2,
        [](const Call &c) { return Value::of(groupModes(tupleArg(c, 0), c.templateArgs[0], c.templateArgs[1])); }}},
      {"flatten", {0, S::Tuple, 1, 1, 0, 0, [](const Call &c) { return Value::of(flatten(tupleArg(c, 0))); }}},
      {"unflatten", {0, S::Tuple, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, unflatten); }}},
      {"append", {0, S::Tuple, 2, 2, 0, 1, [](const Call &c) { return pad(c, append); }}},
      {"prepend", {0, S::Tuple, 2, 2, 0, 1, [](const Call &c) { return pad(c, prepend); }}},
      {"slice", {1, S::Tuple, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, slice); }}},
      {"dice", {1, S::Tuple, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, dice); }}},
      {"product",
       {0, S::Any, 1, 1, 0, 0, [](const Call &c) { return Value::of(IntTuple::of(product(tupleArg(c, 0)))); }}},
      {"product_each", {0, S::Any, 1, 1, 0, 0, [](const Call &c) { return Value::of(productEach(tupleArg(c, 0))); }}},
      {"shape_div", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, shapeDiv); }}},
      {"inner_product",
       {0, S::Any, 2, 2, 0, 0,
        [](const Call &c) { return Value::of(IntTuple::of(innerProduct(tupleArg(c, 0), tupleArg(c, 1)))); }}},
      {"prefix_product",
       {0, S::Any, 1, 2, 0, 0,
        [](const Call &c) {
          Int init = 1;
          if (c.args.size() == 2) {
            IntTuple i = tupleArg(c, 1);
            if (!i.isInt())
              wrongArgument(c, 1, "an integer");
            init = i.integer();
          }
          return Value::of(prefixProduct(tupleArg(c, 0), init));
        }}},
      {"elem_scale", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, elemScale); }}},
      {"round_up", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, roundUp); }}},
      {"product_like", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, productLike); }}},
      {"tuple_max",
       {0, S::Any, 1, 1, 0, 0, [](const Call &c) { return Value::of(IntTuple::of(tupleMax(tupleArg(c, 0)))); }}},
      {"crd2crd",
       {0, S::Any, 3, 3, 0, 0,
        [](const Call &c) { return Value::of(crd2crd(tupleArg(c, 0), tupleArg(c, 1), tupleArg(c, 2))); }}},
      {"ceil_div", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return bothTuples(c, ceilDiv); }}},
      {"congruent", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return truth(c, congruent); }}},
      {"weakly_congruent", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return truth(c, weaklyCongruent); }}},
      {"weakly_compatible", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return truth(c, weaklyCompatible); }}},
      {"elem_less", {0, S::Any, 2, 2, 0, 0, [](const Call &c) { return truth(c, elemLess); }}},
  };
  return table;
}

bool isSubject(const TupleFunction &f, const Call &call) {
  if (f.subject == Subject::Any)
    return true;
  if (call.args.size() <= f.subjectArg)
    return false;
  Value::Kind k = call.args[f.subjectArg].kind;
  return k == Value::Kind::IntTuple || (f.subject == Subject::TupleOrTiler && k == Value::Kind::Tiler);
}

} // namespace

std::optional<Value> callTupleFunction(const Call &call) {
  auto it = functions().find(call.name);
  if (it == functions().end() || !isSubject(it->second, call))
    return std::nullopt;
  const TupleFunction &f = it->second;
  checkArity(call, f.minArgs, f.maxArgs);
  if (f.maxTemplate == 0 && call.hasTemplateArgs)
    fail(call.name, "takes no template arguments <...>");
  checkTemplateArgs(call, f.minTemplate, f.maxTemplate);
  return f.fn(call);
}

std::set<std::string> tupleFunctionNames() {
  std::set<std::string> names;
  for (const auto &[name, f] : functions())
    names.insert(name);
  return names;
}

} // namespace layoutc::algebra::detail
