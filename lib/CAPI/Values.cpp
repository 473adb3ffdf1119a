//===- Values.cpp - The C API's values without text -----------------------===//
//
// Integer tuples to and from a flat form, CuTe's functions and application
// on value handles, equality and hashing: what a language binding needs to
// hold native values instead of formatting and parsing notation per call.
//
//===----------------------------------------------------------------------===//
#include "Boundary.h"
#include "FlatForm.h"
#include "ValueHandle.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

using namespace layoutc;
using namespace layoutc::capi;
using algebra::IntTuple;
using algebra::Value;

namespace {

// The identity of a composed layout's inner function (nullptr for every
// other value): two functions printed alike are not one.
const void *functionIdentity(const algebra::Value &v) {
  return v.kind == algebra::Value::Kind::Composed && v.composed().inner == algebra::ComposedLayout::Inner::Function
             ? v.composed().function.identity
             : nullptr;
}

// f(at), which must be an integer.
int64_t integerAt(const Value &f, IntTuple at) {
  algebra::IntDomain domain;
  algebra::DomainScope scope(domain);
  algebra::Expected<Value> v = algebra::applyValue(f, Value::of(at));
  if (!v)
    throw v.error();
  const Value &r = v.value();
  if (r.kind != Value::Kind::IntTuple || !r.tuple().isInt() || !r.tuple().isStatic())
    algebra::failType("apply", f.describe() + " at " + at.str() + " is " + r.describe() + ", not an integer");
  return r.tuple().value();
}

// `compute` under a fresh integer domain; the result carries the
// assumptions of `inputs` and those `compute` made.
template <class F> layoutc_value *evaluated(const std::vector<const Value *> &inputs, F &&compute) {
  algebra::IntDomain domain;
  algebra::DomainScope scope(domain);
  algebra::Expected<Value> v = compute();
  if (!v)
    throw v.error();
  std::set<std::string> seen;
  std::vector<std::string> all;
  auto add = [&](const std::string &a) {
    if (seen.insert(a).second)
      all.push_back(a);
  };
  for (const Value *in : inputs)
    for (const std::string &a : in->assumptions)
      add(a);
  for (const std::string &a : domain.assumptions())
    add(a);
  v.value().assumptions = std::move(all);
  return newValue(std::move(v.value()));
}

} // namespace

extern "C" {

layoutc_status layoutc_tuple_make(const int8_t *kinds, const int64_t *values, size_t n, layoutc_value **result) {
  return guard("layoutc_tuple_make", [&] {
    layoutc_value *&out = need(result, "layoutc_tuple_make", "result");
    out = nullptr;
    out = newValue(Value::of(readFlat("layoutc_tuple_make", kinds, values, n)));
  });
}

layoutc_status layoutc_value_read(const layoutc_value *value, int8_t *kinds, int64_t *values, size_t capacity,
                                  size_t *n) {
  return guard("layoutc_value_read", [&] {
    size_t &count = need(n, "layoutc_value_read", "n");
    const Value &v = need(value, "layoutc_value_read", "value").value;
    std::vector<int8_t> k;
    std::vector<int64_t> x;
    k.reserve(std::min<size_t>(capacity, 256));
    x.reserve(std::min<size_t>(capacity, 256));
    switch (v.kind) {
    case Value::Kind::IntTuple:
      writeFlat(v.tuple(), k, x);
      break;
    case Value::Kind::Layout: // (shape, stride), without copying them into a tuple
      k.push_back(LAYOUTC_LEAF_TUPLE);
      x.push_back(2);
      writeFlat(v.layout().shape, k, x);
      writeFlat(v.layout().stride, k, x);
      break;
    case Value::Kind::Swizzle:
      writeFlat(IntTuple{v.swizzle().bits, v.swizzle().base, v.swizzle().shift}, k, x);
      break;
    default:
      algebra::failType("layoutc_value_read", "expected an integer tuple, a layout or a swizzle, not " + v.describe());
    }
    count = k.size();
    if (count > capacity)
      return;
    std::copy(k.begin(), k.end(), &need(kinds, "layoutc_value_read", "kinds"));
    std::copy(x.begin(), x.end(), &need(values, "layoutc_value_read", "values"));
  });
}

layoutc_status layoutc_call(const char *name, const int64_t *template_args, size_t n_template,
                            const layoutc_value *const *args, size_t n_args, layoutc_value **result,
                            layoutc_value_kind *kind) {
  return guard("layoutc_call", [&] {
    layoutc_value *&out = need(result, "layoutc_call", "result");
    out = nullptr;
    std::string function = &need(name, "layoutc_call", "name");
    std::vector<int64_t> templates;
    if (length(n_template, sizeof(int64_t), "layoutc_call", "n_template"))
      templates.assign(&need(template_args, "layoutc_call", "template_args"), template_args + n_template);
    std::vector<const Value *> inputs;
    if (length(n_args, sizeof(layoutc_value *), "layoutc_call", "n_args") && !args)
      throw std::invalid_argument("layoutc_call: args is NULL with n_args " + std::to_string(n_args));
    for (size_t i = 0; i < n_args; ++i)
      inputs.push_back(&need(args[i], "layoutc_call", "args[" + std::to_string(i) + "]").value);
    out = evaluated(inputs, [&] {
      std::vector<Value> values;
      values.reserve(inputs.size());
      for (const Value *in : inputs)
        values.push_back(*in);
      return algebra::applyFunction(function, templates, std::move(values));
    });
    if (kind)
      *kind = kindOf(out->value.kind);
  });
}

layoutc_status layoutc_apply(const layoutc_value *f, const layoutc_value *arg, layoutc_value **result,
                             layoutc_value_kind *kind) {
  return guard("layoutc_apply", [&] {
    layoutc_value *&out = need(result, "layoutc_apply", "result");
    out = nullptr;
    const layoutc_value &fn = need(f, "layoutc_apply", "f");
    const layoutc_value &x = need(arg, "layoutc_apply", "arg");
    out = evaluated({&fn.value, &x.value}, [&] { return algebra::applyValue(fn.value, x.value); });
    if (kind)
      *kind = kindOf(out->value.kind);
  });
}

layoutc_status layoutc_apply_index(const layoutc_value *f, int64_t index, int64_t *result) {
  return guard("layoutc_apply_index", [&] {
    int64_t &out = need(result, "layoutc_apply_index", "result");
    out = integerAt(need(f, "layoutc_apply_index", "f").value, IntTuple(index));
  });
}

layoutc_status layoutc_apply_flat(const layoutc_value *f, const int8_t *kinds, const int64_t *values, size_t n,
                                  int64_t *result) {
  return guard("layoutc_apply_flat", [&] {
    int64_t &out = need(result, "layoutc_apply_flat", "result");
    const Value &fn = need(f, "layoutc_apply_flat", "f").value;
    out = integerAt(fn, readFlat("layoutc_apply_flat", kinds, values, n));
  });
}

layoutc_status layoutc_value_equal(const layoutc_value *a, const layoutc_value *b, int *equal) {
  return guard("layoutc_value_equal", [&] {
    const layoutc_value &x = need(a, "layoutc_value_equal", "a");
    const layoutc_value &y = need(b, "layoutc_value_equal", "b");
    need(equal, "layoutc_value_equal", "equal") =
        x.value.kind == y.value.kind && x.text == y.text && functionIdentity(x.value) == functionIdentity(y.value);
  });
}

layoutc_status layoutc_value_hash(const layoutc_value *value, uint64_t *hash) {
  return guard("layoutc_value_hash", [&] {
    const layoutc_value &v = need(value, "layoutc_value_hash", "value");
    need(hash, "layoutc_value_hash", "hash") = (std::hash<std::string>()(v.text) * 31 + uint64_t(v.value.kind)) * 31 +
                                               std::hash<const void *>()(functionIdentity(v.value));
  });
}

} // extern "C"
