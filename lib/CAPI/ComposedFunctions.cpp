//===- ComposedFunctions.cpp - Composed layouts with the caller's inner ---===//
//
// A composed layout whose inner function is the caller's (a Python function,
// say): the algebra calls it through a layoutc_inner_fn with the flat form
// of offset + outer(c), and the caller's state lives until the last value
// holding the function is freed.
//
//===----------------------------------------------------------------------===//
#include "Boundary.h"
#include "FlatForm.h"
#include "ValueHandle.h"

#include "layoutc/Algebra/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace layoutc;
using namespace layoutc::capi;
using algebra::IntTuple;

namespace {

// The most entries an inner function's result may have in flat form.
constexpr size_t kMaxResult = size_t(1) << 20;
// *out_n before the call: a function that leaves it did not run.
constexpr size_t kNotWritten = SIZE_MAX;

// The caller's function and state, released once with the last copy.
class CallerFunction {
public:
  CallerFunction(std::string name, layoutc_inner_fn fn, layoutc_release_fn release, void *user)
      : name_(std::move(name)), fn_(fn), release_(release), user_(user) {}
  ~CallerFunction() {
    if (release_)
      release_(user_);
  }
  CallerFunction(const CallerFunction &) = delete;
  CallerFunction &operator=(const CallerFunction &) = delete;

  IntTuple operator()(const IntTuple &x) const {
    std::vector<int8_t> kinds;
    std::vector<int64_t> values;
    writeFlat(x, kinds, values);
    std::vector<int8_t> outKinds(16);
    std::vector<int64_t> outValues(16);
    for (int attempt = 0; attempt < 2; ++attempt) {
      // A function that returns 0 without writing *out_n did not run (a
      // Python callback that its interpreter could not enter, at the
      // recursion limit): not an empty result.
      size_t n = kNotWritten;
      if (fn_(user_, kinds.data(), values.data(), kinds.size(), outKinds.data(), outValues.data(), outKinds.size(),
              &n) != 0)
        algebra::fail(name_, "the inner function failed at " + x.str());
      if (n == kNotWritten)
        algebra::fail(name_, "the inner function returned at " + x.str() +
                                 " without giving its result's length (it did not run)");
      if (n <= outKinds.size())
        return readFlat(name_.c_str(), outKinds.data(), outValues.data(), n);
      if (n > kMaxResult)
        algebra::fail(name_, "the inner function's result at " + x.str() + " has " + std::to_string(n) +
                                 " entries, more than the " + std::to_string(kMaxResult) + " a result may have");
      outKinds.resize(n);
      outValues.resize(n);
    }
    algebra::fail(name_, "the inner function's result at " + x.str() + " grew between two calls");
  }

private:
  std::string name_;
  layoutc_inner_fn fn_;
  layoutc_release_fn release_;
  void *user_;
};

} // namespace

extern "C" {

layoutc_status layoutc_composed_function_make(const char *name, layoutc_inner_fn fn, layoutc_release_fn release,
                                              void *user, const layoutc_value *offset, const layoutc_value *outer,
                                              layoutc_value **result) {
  // The state is the value's from here on, even when making it fails.
  std::shared_ptr<CallerFunction> caller;
  layoutc_status status = guard("layoutc_composed_function_make", [&] {
    caller = std::make_shared<CallerFunction>(name ? name : "", fn, release, user);
    layoutc_value *&out = need(result, "layoutc_composed_function_make", "result");
    out = nullptr;
    std::string label = &need(name, "layoutc_composed_function_make", "name");
    if (!fn)
      throw std::invalid_argument("layoutc_composed_function_make: fn is NULL");
    const algebra::Value &off = need(offset, "layoutc_composed_function_make", "offset").value;
    const algebra::Value &o = need(outer, "layoutc_composed_function_make", "outer").value;
    if (off.kind != algebra::Value::Kind::IntTuple)
      algebra::failType("make_composed_layout", "the offset must be an integer or a coordinate, not " + off.describe());
    if (o.kind != algebra::Value::Kind::Layout)
      algebra::failType("make_composed_layout", "the outer must be a layout, not " + o.describe());
    algebra::ComposedLayout c;
    c.inner = algebra::ComposedLayout::Inner::Function;
    c.function = {label, [caller](const IntTuple &x) { return (*caller)(x); }, user,
                  user ? static_cast<const void *>(user) : caller.get()};
    c.offset = off.tuple();
    c.outer = o.layout();
    out = newValue(algebra::Value::of(std::move(c)));
  });
  return status;
}

layoutc_status layoutc_composed_parts(const layoutc_value *composed, layoutc_value **inner, layoutc_value **offset,
                                      layoutc_value **outer, void **user) {
  return guard("layoutc_composed_parts", [&] {
    layoutc_value *&in = need(inner, "layoutc_composed_parts", "inner");
    layoutc_value *&off = need(offset, "layoutc_composed_parts", "offset");
    layoutc_value *&out = need(outer, "layoutc_composed_parts", "outer");
    void *&owner = need(user, "layoutc_composed_parts", "user");
    in = off = out = nullptr;
    owner = nullptr;
    const algebra::Value &v = need(composed, "layoutc_composed_parts", "composed").value;
    if (v.kind != algebra::Value::Kind::Composed)
      algebra::failType("layoutc_composed_parts", "expected a composed layout, not " + v.describe());
    const algebra::ComposedLayout &c = v.composed();
    // Freed through the C API (unrecorded) should a later part fail.
    struct Free {
      void operator()(layoutc_value *v) const { layoutc_value_free(v); }
    };
    std::unique_ptr<layoutc_value, Free> i, o;
    if (c.inner == algebra::ComposedLayout::Inner::Swizzle)
      i.reset(newValue(algebra::Value::of(c.swizzle)));
    else if (c.inner == algebra::ComposedLayout::Inner::Layout)
      i.reset(newValue(algebra::Value::of(c.innerLayout)));
    o.reset(newValue(algebra::Value::of(c.offset)));
    out = newValue(algebra::Value::of(c.outer));
    off = o.release();
    in = i.release();
    owner = const_cast<void *>(c.function.owner);
  });
}

} // extern "C"
