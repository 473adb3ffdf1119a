//===- FlatForm.cpp - Integer tuples in the C API's flat form -------------===//
#include "FlatForm.h"

#include "Boundary.h"

#include <algorithm>
#include <stdexcept>
#include <string>

using namespace layoutc;
using algebra::IntTuple;
using namespace layoutc::capi;

namespace {

/// As deep as the parser lets notation nest.
constexpr int kMaxDepth = 200;

// Reads the flat form from `at` on (one tuple or leaf), advancing `at`.
class FlatReader {
public:
  FlatReader(const char *function, const int8_t *kinds, const int64_t *values, size_t n)
      : function_(function), kinds_(kinds), values_(values), n_(n) {}

  IntTuple read(int depth = 0) {
    if (at_ == n_)
      throw std::invalid_argument(std::string(function_) + ": the flat form ends inside a tuple (entry " +
                                  std::to_string(at_) + " of " + std::to_string(n_) + ")");
    if (depth > kMaxDepth)
      throw std::invalid_argument(std::string(function_) + ": tuples nest deeper than " + std::to_string(kMaxDepth));
    size_t i = at_++;
    switch (kinds_[i]) {
    case LAYOUTC_LEAF_INT:
      return IntTuple(values_[i]);
    case LAYOUTC_LEAF_UNDERSCORE:
      return IntTuple::underscore();
    case LAYOUTC_LEAF_DYNAMIC:
      if (values_[i] < 1)
        throw std::invalid_argument(std::string(function_) + ": entry " + std::to_string(i) +
                                    " is a ? known to divide by " + std::to_string(values_[i]) +
                                    "; the divisor of a ? is 1 or more");
      return IntTuple::of(algebra::Int::unknown(values_[i]));
    case LAYOUTC_LEAF_TUPLE: {
      if (values_[i] < 0 || uint64_t(values_[i]) > n_ - at_)
        throw std::invalid_argument(std::string(function_) + ": entry " + std::to_string(i) + " is a tuple of " +
                                    std::to_string(values_[i]) + " children, but " + std::to_string(n_ - at_) +
                                    " entries follow");
      std::vector<IntTuple> children;
      children.reserve(size_t(values_[i]));
      for (int64_t c = 0; c < values_[i]; ++c)
        children.push_back(read(depth + 1));
      return IntTuple::tuple(std::move(children));
    }
    default:
      throw std::invalid_argument(std::string(function_) + ": entry " + std::to_string(i) + " has kind " +
                                  std::to_string(int(kinds_[i])) + ", not a layoutc_leaf it takes");
    }
  }
  bool done() const { return at_ == n_; }

private:
  const char *function_;
  const int8_t *kinds_;
  const int64_t *values_;
  size_t n_, at_ = 0;
};

} // namespace

IntTuple layoutc::capi::readFlat(const char *function, const int8_t *kinds, const int64_t *values, size_t n) {
  if (n == 0)
    throw std::invalid_argument(std::string(function) + ": the flat form is empty");
  length(n, sizeof(int64_t), function, "n");
  FlatReader reader(function, &need(kinds, function, "kinds"), &need(values, function, "values"), n);
  IntTuple t = reader.read();
  if (!reader.done())
    throw std::invalid_argument(std::string(function) + ": " + std::to_string(n) +
                                " entries hold more than one tuple or leaf");
  return t;
}

void layoutc::capi::writeFlat(const IntTuple &t, std::vector<int8_t> &kinds, std::vector<int64_t> &values) {
  if (t.isTuple()) {
    kinds.push_back(LAYOUTC_LEAF_TUPLE);
    values.push_back(int64_t(t.size()));
    for (const IntTuple &c : t.children())
      writeFlat(c, kinds, values);
    return;
  }
  if (t.isUnderscore()) {
    kinds.push_back(LAYOUTC_LEAF_UNDERSCORE);
    values.push_back(0);
  } else if (t.isInt() && t.isStatic()) {
    kinds.push_back(LAYOUTC_LEAF_INT);
    values.push_back(t.value());
  } else if (t.isInt()) {
    kinds.push_back(LAYOUTC_LEAF_DYNAMIC);
    values.push_back(std::max<int64_t>(t.integer().divisor(), 1));
  } else {
    kinds.push_back(LAYOUTC_LEAF_OTHER);
    values.push_back(0);
  }
}
