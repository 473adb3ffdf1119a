//===- Int.cpp - Overflow-checked integer arithmetic ----------------------===//
#include "layoutc/Algebra/Int.h"

namespace layoutc::algebra {

void AlgebraError::rebuild() {
  text_ = op_.empty() ? message_ : op_ + ": " + message_;
  if (column_ >= 0)
    text_ += " at column " + std::to_string(column_ + 1) + "\n  " + source_ + "\n  " +
             std::string(size_t(column_), ' ') + "^";
}

std::string AlgebraError::oneLine() const {
  std::string s = op_.empty() ? message_ : op_ + ": " + message_;
  if (column_ >= 0)
    s += " (at column " + std::to_string(column_ + 1) + ")";
  return s;
}

void overflow(const char *what, int64_t a, int64_t b) {
  std::string expr = std::string(what) == "abs"
                         ? "abs(" + std::to_string(a) + ")"
                         : std::to_string(a) + " " + what + " " + std::to_string(b);
  fail("", "int64 overflow computing " + expr);
}

int64_t divide(int64_t a, int64_t b) {
  if (b == 0)
    fail("", "division of " + std::to_string(a) + " by zero");
  if (a == INT64_MIN && b == -1)
    overflow("/", a, b);
  return a / b;
}

int64_t remainder(int64_t a, int64_t b) {
  if (b == 0)
    fail("", "remainder of " + std::to_string(a) + " by zero");
  if (b == -1)
    return 0;
  return a % b;
}

int64_t ceilDiv(int64_t a, int64_t b) { return divide(sub(add(a, b), 1), b); }

int64_t shapeDiv(int64_t a, int64_t b, const std::string &op) {
  if (b == 0 || (remainder(a, b) != 0 && (a == 0 || remainder(b, a) != 0)))
    fail(op, "shape_div(" + std::to_string(a) + ", " + std::to_string(b) +
                 ") needs one of them to divide the other");
  int64_t q = divide(a, b);
  return q != 0 ? q : signum(a) * signum(b);
}

int64_t gcd(int64_t a, int64_t b) {
  a = absValue(a);
  b = absValue(b);
  while (b != 0) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

} // namespace layoutc::algebra
