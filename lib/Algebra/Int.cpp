//===- Int.cpp - The integers of the layout algebra -----------------------===//
#include "layoutc/Algebra/Int.h"

#include <algorithm>

namespace layoutc::algebra {

namespace {

// The length of the valid UTF-8 sequence at text[i] (a byte of 0x80 and up
// starting it), or 0 where it is not one: no overlong form, no surrogate,
// nothing past U+10FFFF.
size_t utf8Length(std::string_view text, size_t i) {
  auto at = [&](size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u; };
  unsigned c = at(0);
  size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  for (size_t k = 1; k < n; ++k)
    if ((at(k) & 0xc0) != 0x80)
      return 0;
  unsigned second = at(1);
  if ((c == 0xe0 && second < 0xa0) || (c == 0xed && second > 0x9f) || (c == 0xf0 && second < 0x90) ||
      (c == 0xf4 && second > 0x8f))
    return 0;
  return n;
}

std::string escaped(std::string_view text, bool keepLines) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      if (size_t n = utf8Length(text, i)) {
        out.append(text.substr(i, n));
        i += n - 1;
        continue;
      }
      out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    } else if (c >= 0x20 && c != 0x7f) {
      out += char(c);
    } else if (c == '\n') {
      out += keepLines ? "\n" : "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    }
  }
  return out;
}

} // namespace

std::string printable(std::string_view text) { return escaped(text, false); }

std::string printableLines(std::string_view text) { return escaped(text, true); }

void AlgebraError::rebuild() {
  text_ = printable(op_.empty() ? message_ : op_ + ": " + message_);
  if (column_ < 0)
    return;
  // The source around the column: at most 80 bytes each side, "..." where cut.
  size_t column = std::min(size_t(column_), source_.size());
  size_t from = column > 80 ? column - 80 : 0, to = std::min(source_.size(), column + 80);
  std::string before = (from ? "..." : "") + printable(std::string_view(source_).substr(from, column - from));
  std::string after =
      printable(std::string_view(source_).substr(column, to - column)) + (to < source_.size() ? "..." : "");
  text_ += " at column " + std::to_string(column_ + 1) + "\n  " + before + after + "\n  " +
           std::string(before.size(), ' ') + "^";
}

std::string AlgebraError::oneLine() const {
  std::string s = printable(op_.empty() ? message_ : op_ + ": " + message_);
  if (column_ >= 0)
    s += " (at column " + std::to_string(column_ + 1) + ")";
  return s;
}

void overflow(const char *what, int64_t a, int64_t b) {
  std::string expr = std::string(what) == "abs" ? "abs(" + std::to_string(a) + ")"
                                                : std::to_string(a) + " " + what + " " + std::to_string(b);
  fail("", "int64 overflow computing " + expr);
}

void divisionByZero(const char *what, int64_t a) {
  fail("", std::string(what) + " of " + std::to_string(a) + " by zero");
}

int64_t shapeDiv(int64_t a, int64_t b, const std::string &op) {
  if (b == 0 || (remainder(a, b) != 0 && (a == 0 || remainder(b, a) != 0)))
    fail(op, "shape_div(" + std::to_string(a) + ", " + std::to_string(b) + ") needs one of them to divide the other");
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

int64_t Int::divisor() const {
  if (isUnknown())
    return value;
  return value == INT64_MIN ? 1 : (value < 0 ? -value : value);
}

int Int::bitBound() const {
  if (isUnknown())
    return bits;
  if (value < 0)
    return 0;
  int k = 0;
  for (int64_t v = value; v; v >>= 1)
    ++k;
  return k;
}

std::string Int::str() const {
  std::string s = std::to_string(value);
  if (isUnknown()) {
    std::string facts;
    if (value > 1)
      facts = "div=" + std::to_string(value);
    if (bits)
      facts += (facts.empty() ? "" : ",") + std::string("bits=") + std::to_string(bits);
    s = facts.empty() ? "?" : "?{" + facts + "}";
  }
  std::vector<int> path = basisPath(basis);
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    s += '@' + std::to_string(*it);
  return s;
}

uint32_t basisKey(const std::vector<int> &path) {
  if (path.size() > 4)
    fail("", "scaled basis of depth " + std::to_string(path.size()) + ": layoutc supports up to 4 levels");
  uint32_t key = 0;
  for (size_t l = 0; l < path.size(); ++l) {
    if (path[l] < 0 || path[l] > 253)
      fail("", "scaled basis mode " + std::to_string(path[l]) + " out of range");
    key |= uint32_t(path[l] + 1) << (8 * l);
  }
  return key;
}

std::vector<int> basisPath(uint32_t key) {
  std::vector<int> path;
  for (; key; key >>= 8)
    path.push_back(int(key & 0xff) - 1);
  return path;
}

void basisMismatch(const char *what, Int a, Int b) {
  fail("", std::string("cannot ") + what + " " + a.str() + " and " + b.str() +
               ": their scaled bases differ (layoutc keeps strides along one basis vector)");
}

Int mulGeneral(Int a, Int b) {
  if (a.is(0) || b.is(0))
    return Int(0);
  if (a.basis && b.basis)
    basisMismatch("multiply", a, b);
  if (a.isStatic() && b.isStatic())
    return Int(mul(a.value, b.value), Int::Kind::Static, a.basis | b.basis);
  Int r = dispatch(IntOp::Mul, a, b);
  r.basis = a.basis | b.basis;
  return r;
}

IntDomain::~IntDomain() = default;

namespace {
// What is known of the result of `op` on multiples of da and db (0: the
// operand is 0).
int64_t resultDivisor(IntOp op, int64_t da, int64_t db, Int b) {
  auto g = [](int64_t x, int64_t y) { return x == 0 ? y : y == 0 ? x : gcd(x, y); };
  switch (op) {
  case IntOp::Mul: {
    int64_t r;
    return __builtin_mul_overflow(da, db, &r) || r == 0 ? 1 : r;
  }
  case IntOp::Add:
  case IntOp::Sub:
  case IntOp::Min:
  case IntOp::Rem:
    return std::max<int64_t>(g(da, db), 1);
  case IntOp::Div:
  case IntOp::CeilDiv:
  case IntOp::ShapeDiv:
    return b.isStatic() && b.value != 0 && da % b.value == 0
               ? std::max<int64_t>(da / (b.value < 0 ? -b.value : b.value), 1)
               : 1;
  case IntOp::Abs:
    return std::max<int64_t>(da, 1);
  case IntOp::Signum:
    return 1;
  }
  return 1;
}

// A bound 2^K on the result of `op` from bounds ka, kb on its operands (0:
// none known).
int resultBits(IntOp op, int ka, int kb, Int a, Int b) {
  auto clamp = [](int k) { return k > 0 && k < 63 ? k : 0; };
  // A static factor c multiplies the bound by at most 2^ceil(log2 c).
  auto factorBits = [](Int x, int k) { return x.isStatic() && x.value > 0 ? Int(x.value - 1).bitBound() : k; };
  int kc = b.isStatic() && b.value > 0 ? b.bitBound() - 1 : -1; // floor(log2 b)
  switch (op) {
  case IntOp::Mul: {
    int fa = factorBits(a, ka), fb = factorBits(b, kb);
    return (ka || a.isStatic()) && (kb || b.isStatic()) && (!a.isStatic() || a.value > 0) &&
                   (!b.isStatic() || b.value > 0)
               ? clamp(fa + fb)
               : 0;
  }
  case IntOp::Add:
    return ka && kb ? clamp(std::max(ka, kb) + 1) : 0;
  case IntOp::Min:
    return ka && kb ? std::min(ka, kb) : std::max(ka, kb);
  case IntOp::Div:
  case IntOp::ShapeDiv:
    return ka && kc >= 0 ? std::max(ka - kc, 1) : 0;
  case IntOp::CeilDiv:
    return ka && kc >= 0 ? clamp(std::max(ka - kc, 1) + 1) : 0;
  case IntOp::Rem:
    return b.isStatic() && b.value > 0 ? (ka ? std::min(ka, Int(b.value - 1).bitBound()) : Int(b.value - 1).bitBound())
                                       : 0;
  case IntOp::Abs:
    return ka;
  case IntOp::Sub:
  case IntOp::Signum:
    return 0;
  }
  return 0;
}
} // namespace

Int IntDomain::apply(IntOp op, Int a, Int b) {
  bool unary = op == IntOp::Abs || op == IntOp::Signum;
  if (a.isUnknown() || (!unary && b.isUnknown()))
    return Int::unknown(resultDivisor(op, a.divisor(), b.divisor(), b),
                        uint8_t(resultBits(op, a.bitBound(), unary ? 0 : b.bitBound(), a, b)));
  int64_t x = a.value, y = b.value, r = 0;
  switch (op) {
  case IntOp::Add:
    r = add(x, y);
    break;
  case IntOp::Sub:
    r = sub(x, y);
    break;
  case IntOp::Mul:
    r = mul(x, y);
    break;
  case IntOp::Div:
    r = divide(x, y);
    break;
  case IntOp::Rem:
    r = remainder(x, y);
    break;
  case IntOp::CeilDiv:
    r = ceilDiv(x, y);
    break;
  case IntOp::ShapeDiv: {
    // CuTe's dynamic shape_div: no divisibility check, rounded away from 0.
    int64_t q = divide(x, y);
    r = q != 0 ? q : signum(x) * signum(y);
    break;
  }
  case IntOp::Min:
    r = x < y ? x : y;
    break;
  case IntOp::Abs:
    r = absValue(x);
    break;
  case IntOp::Signum:
    r = signum(x);
    break;
  }
  return Int::dynamic(r);
}

void IntDomain::assume(const std::string &condition) {
  for (const std::string &c : assumptions_)
    if (c == condition)
      return;
  assumptions_.push_back(condition);
}

namespace {
thread_local IntDomain *active = nullptr;
} // namespace

IntDomain &activeDomain() {
  thread_local IntDomain concrete;
  return active ? *active : concrete;
}

DomainScope::DomainScope(IntDomain &d) : previous_(active) { active = &d; }
DomainScope::~DomainScope() { active = previous_; }

} // namespace layoutc::algebra
