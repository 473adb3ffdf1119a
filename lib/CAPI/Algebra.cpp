//===- Algebra.cpp - The C API's algebra: expressions to values -----------===//
#include "Boundary.h"
#include "ValueHandle.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Infer.h"
#include "layoutc/Algebra/Picture.h"
#include "layoutc/Algebra/Print.h"

#include <string>

using namespace layoutc;
using namespace layoutc::capi;

layoutc_value_kind layoutc::capi::kindOf(algebra::Value::Kind kind) {
  using Kind = algebra::Value::Kind;
  switch (kind) {
  case Kind::IntTuple:
    return LAYOUTC_VALUE_INT_TUPLE;
  case Kind::Layout:
    return LAYOUTC_VALUE_LAYOUT;
  case Kind::Swizzle:
    return LAYOUTC_VALUE_SWIZZLE;
  case Kind::Composed:
    return LAYOUTC_VALUE_COMPOSED;
  case Kind::Tiler:
    return LAYOUTC_VALUE_TILER;
  case Kind::Bool:
    return LAYOUTC_VALUE_BOOL;
  case Kind::Tag:
    return LAYOUTC_VALUE_TAG;
  case Kind::Equality:
    return LAYOUTC_VALUE_EQUALITY;
  case Kind::LinearLayout:
    return LAYOUTC_VALUE_LINEAR_LAYOUT;
  }
  throw std::logic_error("a value of no known kind");
}

layoutc_value *layoutc::capi::newValue(algebra::Value v) {
  std::string assumptions;
  for (const std::string &a : v.assumptions)
    assumptions += (assumptions.empty() ? "" : "; ") + a;
  std::string printed = v.str();
  return published(new layoutc_value{std::move(v), std::move(printed), std::move(assumptions), {}});
}

extern "C" {

layoutc_status layoutc_eval(const char *expression, layoutc_value **result) {
  return guard("layoutc_eval", [&] {
    const char *text = &need(expression, "layoutc_eval", "expression");
    layoutc_value *&out = need(result, "layoutc_eval", "result");
    out = nullptr;
    algebra::Expected<algebra::Value> v = algebra::evaluateExpression(text);
    if (!v)
      throw v.error();
    out = newValue(std::move(v.value()));
  });
}

layoutc_status layoutc_value_str(const layoutc_value *value, const char **text) {
  return guard("layoutc_value_str", [&] {
    need(text, "layoutc_value_str", "text") = need(value, "layoutc_value_str", "value").text.c_str();
  });
}

layoutc_status layoutc_value_kind_of(const layoutc_value *value, layoutc_value_kind *kind) {
  return guard("layoutc_value_kind_of", [&] {
    need(kind, "layoutc_value_kind_of", "kind") = kindOf(need(value, "layoutc_value_kind_of", "value").value.kind);
  });
}

layoutc_status layoutc_value_assumptions(const layoutc_value *value, const char **text) {
  return guard("layoutc_value_assumptions", [&] {
    need(text, "layoutc_value_assumptions", "text") =
        need(value, "layoutc_value_assumptions", "value").assumptions.c_str();
  });
}

layoutc_status layoutc_value_picture(const layoutc_value *value, layoutc_picture picture, const char **text) {
  return guard("layoutc_value_picture", [&] {
    const char **out = &need(text, "layoutc_value_picture", "text");
    const layoutc_value &v = need(value, "layoutc_value_picture", "value");
    int kind = enumArgument(picture);
    switch (kind) {
    case LAYOUTC_PICTURE_TABLE:
      v.picture = algebra::printLayout2D(v.value, "print_layout");
      break;
    case LAYOUTC_PICTURE_OFFSETS:
      v.picture = algebra::printLayout1D(v.value, "print1d");
      break;
    case LAYOUTC_PICTURE_SVG:
      v.picture = algebra::svg(algebra::layoutPicture(v.value));
      break;
    default:
      throw std::invalid_argument("layoutc_value_picture: picture " + std::to_string(kind) +
                                  " is not a layoutc_picture (0 table, 1 offsets, 2 svg)");
    }
    *out = v.picture.c_str();
  });
}

layoutc_status layoutc_value_picture_tv(const layoutc_value *tv, const layoutc_value *tile, const char **text) {
  return guard("layoutc_value_picture_tv", [&] {
    const char **out = &need(text, "layoutc_value_picture_tv", "text");
    const layoutc_value &t = need(tv, "layoutc_value_picture_tv", "tv");
    const algebra::Value &shape = need(tile, "layoutc_value_picture_tv", "tile").value;
    if (t.value.kind != algebra::Value::Kind::Layout)
      algebra::failType("show_tv", "the TV layout must be a layout, not " + t.value.describe());
    if (shape.kind != algebra::Value::Kind::IntTuple)
      algebra::failType("show_tv", "the tile must be a shape, not " + shape.describe());
    t.picture = algebra::svg(algebra::tvPicture(t.value.layout(), shape.tuple()));
    *out = t.picture.c_str();
  });
}

layoutc_status layoutc_value_picture_banks(const layoutc_value *smem, const layoutc_value *access, const char *dtype,
                                           const char **text) {
  return guard("layoutc_value_picture_banks", [&] {
    const char **out = &need(text, "layoutc_value_picture_banks", "text");
    const layoutc_value &s = need(smem, "layoutc_value_picture_banks", "smem");
    const algebra::Value &tv = need(access, "layoutc_value_picture_banks", "access").value;
    std::string type = &need(dtype, "layoutc_value_picture_banks", "dtype");
    if (tv.kind != algebra::Value::Kind::Layout)
      algebra::failType("show_banks",
                        "the access must be a layout (thread, value) -> tile index, not " + tv.describe());
    s.picture = algebra::svg(algebra::bankPicture(s.value, tv.layout(), type));
    *out = s.picture.c_str();
  });
}

layoutc_status layoutc_infer(const int64_t *offsets, size_t n, layoutc_value **result) {
  return guard("layoutc_infer", [&] {
    layoutc_value *&out = need(result, "layoutc_infer", "result");
    out = nullptr;
    std::vector<int64_t> f;
    if (length(n, sizeof(int64_t), "layoutc_infer", "n"))
      f.assign(&need(offsets, "layoutc_infer", "offsets"), offsets + n);
    algebra::Expected<algebra::Layout> l = algebra::attempt("infer", [&] { return algebra::infer(f); });
    if (!l)
      throw l.error();
    out = newValue(algebra::Value::of(l.value()));
  });
}

void layoutc_value_free(layoutc_value *value) { freeHandle(value, "layoutc_value_free", "value"); }

} // extern "C"
