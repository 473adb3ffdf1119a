//===- Parser.cpp - Recursive-descent parser of CuTe notation -------------===//
#include "Parser.h"

#include "layoutc/Algebra/Banks.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Notation.h"

#include <cctype>

namespace layoutc::algebra {

namespace detail {

void Parser::error(size_t pos, const std::string &what) const {
  AlgebraError e("parse", what);
  e.setLocationIfUnknown(std::string(text_), long(pos));
  throw e;
}

void Parser::skipSpace() {
  while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
    ++pos_;
}

bool Parser::peek(char c) {
  skipSpace();
  return pos_ < text_.size() && text_[pos_] == c;
}

bool Parser::accept(char c) {
  if (!peek(c))
    return false;
  ++pos_;
  return true;
}

void Parser::expect(char c, const std::string &context) {
  if (!accept(c))
    error(pos_, std::string("expected '") + c + "' " + context);
}

int64_t Parser::parseInteger(const char *context) {
  skipSpace();
  size_t start = pos_;
  bool negative = pos_ < text_.size() && text_[pos_] == '-';
  if (negative)
    ++pos_;
  if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
    error(start, std::string("expected an integer ") + context);
  int64_t v = 0;
  while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
    int digit = text_[pos_] - '0';
    if (v > (INT64_MAX - digit) / 10)
      error(start, "integer does not fit in int64");
    v = v * 10 + digit;
    ++pos_;
  }
  return negative ? -v : v;
}

thread_local uint64_t parses = 0;

Value Parser::parseAll() {
  ++parses;
  if (text_.size() > kMaxNotationBytes)
    throw AlgebraError("parse", "the text is " + std::to_string(text_.size()) + " bytes, past the limit of " +
                                    std::to_string(kMaxNotationBytes >> 20) + " MiB layoutc parses");
  Value v = parseExpr();
  skipSpace();
  if (pos_ != text_.size())
    error(pos_, "unexpected '" + std::string(1, text_[pos_]) + "' after a complete value");
  return v;
}

Value Parser::parseExpr() {
  skipSpace();
  size_t start = pos_;
  if (++depth_ > kMaxNotationDepth)
    error(start, "nesting deeper than " + std::to_string(kMaxNotationDepth) + " levels");
  Value v = parseSuffixes(parsePrimary(), start);
  --depth_;
  return v;
}

Value Parser::parsePrimary() {
  skipSpace();
  if (pos_ >= text_.size())
    error(pos_, "expected a value, found the end of the input");
  char c = text_[pos_];
  if (c == '(')
    return parseTupleOrGroup();
  if (c == '<')
    return parseTiler();
  if (c == '-' || std::isdigit(static_cast<unsigned char>(c)))
    return parseNumber();
  if (c == '?') {
    ++pos_;
    int64_t divisor = 1, bits = 0;
    if (pos_ < text_.size() && text_[pos_] == '{') {
      ++pos_;
      do {
        skipSpace();
        size_t at = pos_;
        if (text_.substr(pos_, 4) == "div=") {
          pos_ += 4;
          divisor = parseInteger("after div=");
          if (divisor < 1)
            error(at, "the divisor of ?{div=" + std::to_string(divisor) + "} must be positive");
        } else if (text_.substr(pos_, 5) == "bits=") {
          pos_ += 5;
          bits = parseInteger("after bits=");
          if (bits < 1 || bits > 62)
            error(at, "the bound ?{bits=" + std::to_string(bits) + "} must be between 1 and 62");
        } else {
          error(at, "expected a fact div=N or bits=K in ?{...}");
        }
      } while (accept(','));
      expect('}', "to close the facts of ?");
    }
    Int u = Int::unknown(divisor, uint8_t(bits));
    u.basis = parseBasisKey();
    return Value::of(IntTuple::of(u));
  }
  if (c == '_' && (pos_ + 1 >= text_.size() || !std::isalnum(static_cast<unsigned char>(text_[pos_ + 1]))) &&
      !(pos_ + 1 < text_.size() && text_[pos_ + 1] == '_')) {
    ++pos_;
    return Value::of(IntTuple::underscore());
  }
  if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
    return parseIdentifier();
  error(pos_, "expected a value (an integer, a tuple, a layout, a tiler or a function call), found '" +
                  std::string(1, c) + "'");
}

uint32_t Parser::parseBasisKey() {
  if (pos_ >= text_.size() || text_[pos_] != '@')
    return 0;
  std::vector<int> path;
  while (pos_ < text_.size() && text_[pos_] == '@') {
    ++pos_;
    size_t at = pos_;
    int64_t m = parseInteger("after '@' (a mode index)");
    if (m < 0 || m > 1000)
      error(at, "mode index " + std::to_string(m) + " out of range");
    path.insert(path.begin(), int(m)); // printed innermost first
  }
  return basisKey(path);
}

Value Parser::parseNumber() {
  int64_t v = parseInteger("");
  uint32_t key = parseBasisKey();
  return Value::of(key ? IntTuple::of(Int(v, Int::Kind::Static, key)) : IntTuple(v));
}

Value Parser::parseTupleOrGroup() {
  size_t open = pos_;
  expect('(', "");
  std::vector<Value> elems;
  std::vector<size_t> elemPos;
  if (!accept(')')) {
    do {
      skipSpace();
      elemPos.push_back(pos_);
      elems.push_back(parseExpr());
    } while (accept(','));
    expect(')', "to close the tuple opened at column " + std::to_string(open + 1));
  }
  // A parenthesized single non-integer value is a grouping: ((2,2):(1,2)).
  if (elems.size() == 1 && elems[0].kind != Value::Kind::IntTuple)
    return elems[0];
  std::vector<IntTuple> children;
  for (size_t i = 0; i < elems.size(); ++i)
    children.push_back(toIntTuple(elems[i], elemPos[i], "a tuple element"));
  return Value::of(IntTuple::tuple(std::move(children)));
}

Value Parser::parseTiler() {
  size_t open = pos_;
  expect('<', "");
  std::vector<Tiler> modes;
  if (accept('>')) // `<>`, CuTe's make_tile(): what the empty shape `()` is as a tiler
    return Value::of(Tiler::ofTuple({}));
  do {
    skipSpace();
    size_t at = pos_;
    Value v = parseExpr();
    switch (v.kind) {
    case Value::Kind::Layout:
      modes.push_back(Tiler::ofLayout(v.layout()));
      break;
    case Value::Kind::Tiler:
      modes.push_back(v.tiler());
      break;
    case Value::Kind::IntTuple:
      if (v.tuple().isBasis())
        error(at, "a tiler mode cannot be a scaled basis");
      try {
        modes.push_back(Tiler::ofShape(v.tuple()));
      } catch (AlgebraError &e) {
        error(at, e.message());
      }
      break;
    default:
      error(at, "a tiler mode must be a layout, a shape, '_' or a tiler, not " + v.describe());
    }
  } while (accept(','));
  expect('>', "to close the tiler opened at column " + std::to_string(open + 1));
  return Value::of(Tiler::ofTuple(std::move(modes)));
}

Value Parser::parseIdentifier() {
  size_t start = pos_;
  while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
    ++pos_;
  std::string name(text_.substr(start, pos_ - start));
  if (name == "S" && peek('<')) {
    ++pos_;
    int64_t b = parseInteger("(the swizzle's B)");
    expect(',', "between the swizzle's B and M");
    int64_t m = parseInteger("(the swizzle's M)");
    expect(',', "between the swizzle's M and S");
    int64_t s = parseInteger("(the swizzle's S)");
    expect('>', "to close S<B,M,S>");
    try {
      return Value::of(makeSwizzle(b, m, s));
    } catch (AlgebraError &e) {
      e.setLocationIfUnknown(std::string(text_), long(start));
      throw;
    }
  }
  if (!peek('(') && (name == "LayoutLeft" || name == "LayoutRight" || name == "GenColMajor" || name == "GenRowMajor"))
    return Value::ofTag(name == "GenColMajor" ? "LayoutLeft" : name == "GenRowMajor" ? "LayoutRight" : name);
  if (!peek('(') && isElementType(name))
    return Value::ofTag(name);
  if (!call_)
    error(start, "expected a value, found the name '" + name + "'");
  Call call;
  call.name = name;
  call.pos = start;
  if (accept('<')) {
    call.hasTemplateArgs = true;
    do
      call.templateArgs.push_back(parseInteger("as a template argument"));
    while (accept(','));
    expect('>', ("to close the template arguments of " + name).c_str());
  }
  if (!peek('('))
    error(pos_, "expected '(' after the function name '" + name + "'");
  ++pos_;
  if (!accept(')')) {
    do {
      skipSpace();
      call.argPos.push_back(pos_);
      call.args.push_back(parseExpr());
    } while (accept(','));
    expect(')', ("to close the arguments of " + name).c_str());
  }
  try {
    return call_(call);
  } catch (AlgebraError &e) {
    e.setOpIfEmpty(name);
    e.setLocationIfUnknown(std::string(text_), long(start));
    throw;
  }
}

Value Parser::parseSuffixes(Value v, size_t start) {
  for (;;) {
    if (v.kind == Value::Kind::IntTuple && peek(':')) {
      v = finishLayout(std::move(v), start);
      continue;
    }
    if ((v.kind == Value::Kind::Layout || v.kind == Value::Kind::Swizzle) && peek('o')) {
      size_t save = pos_;
      ++pos_;
      if (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_') &&
          !std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        pos_ = save;
        return v;
      }
      skipSpace();
      size_t offsetPos = pos_;
      IntTuple offset = toIntTuple(parsePrimary(), offsetPos, "the offset of inner o offset o outer");
      skipSpace();
      if (!accept('o'))
        error(pos_, "expected 'o' between the offset and the outer layout");
      skipSpace();
      size_t outerPos = pos_;
      Value outer = parsePrimary();
      outer = parseSuffixes(std::move(outer), outerPos);
      ComposedLayout c;
      if (v.kind == Value::Kind::Swizzle) {
        c.swizzle = v.swizzle();
      } else {
        c.inner = ComposedLayout::Inner::Layout;
        c.innerLayout = v.layout();
      }
      c.offset = offset;
      c.outer = toLayout(outer, outerPos, "the outer layout of a composed layout");
      v = Value::of(std::move(c));
      continue;
    }
    if (apply_ && v.kind != Value::Kind::IntTuple && v.kind != Value::Kind::Tiler && peek('(')) {
      size_t at = pos_;
      Value arg = parseApplicationArgs();
      try {
        v = apply_(v, arg, at);
      } catch (AlgebraError &e) {
        e.setLocationIfUnknown(std::string(text_), long(start));
        throw;
      }
      continue;
    }
    return v;
  }
}

// `(x)` is x; `(x, y, ...)` is the coordinate (x, y, ...), as CuTe's
// L(c0, c1, ...) convenience overload.
Value Parser::parseApplicationArgs() {
  size_t open = pos_;
  expect('(', "");
  std::vector<IntTuple> args;
  do {
    skipSpace();
    size_t at = pos_;
    args.push_back(toIntTuple(parseExpr(), at, "a coordinate"));
  } while (accept(','));
  expect(')', "to close the coordinate opened at column " + std::to_string(open + 1));
  return Value::of(args.size() == 1 ? args[0] : IntTuple::tuple(std::move(args)));
}

Value Parser::finishLayout(Value shape, size_t start) {
  expect(':', "");
  skipSpace();
  size_t at = pos_;
  Value stride = parsePrimary();
  IntTuple s = toIntTuple(shape, start, "a layout's shape");
  IntTuple d = toIntTuple(stride, at, "a layout's stride");
  try {
    return Value::of(makeLayout(std::move(s), std::move(d)));
  } catch (AlgebraError &e) {
    error(start, e.message());
  }
}

IntTuple Parser::toIntTuple(const Value &v, size_t pos, const char *role) const {
  if (v.kind != Value::Kind::IntTuple)
    error(pos, std::string(role) + " must be an integer or a tuple, not " + v.describe());
  return v.tuple();
}

Layout Parser::toLayout(const Value &v, size_t pos, const char *role) const {
  if (v.kind != Value::Kind::Layout)
    error(pos, std::string(role) + " must be a layout, not " + v.describe());
  return v.layout();
}

} // namespace detail

uint64_t notationParses() { return detail::parses; }

Expected<Value> parseValue(std::string_view text) {
  return attempt("parse", [&] { return detail::Parser(text).parseAll(); });
}

Expected<Layout> parseLayout(std::string_view text) {
  return attempt("parse", [&]() -> Layout {
    detail::Parser p(text);
    Value v = p.parseAll();
    if (v.kind != Value::Kind::Layout)
      p.error(0, "expected a layout shape:stride, found " + v.describe());
    return v.layout();
  });
}

Expected<IntTuple> parseIntTuple(std::string_view text) {
  return attempt("parse", [&]() -> IntTuple {
    detail::Parser p(text);
    Value v = p.parseAll();
    if (v.kind != Value::Kind::IntTuple)
      p.error(0, "expected an integer or a tuple, found " + v.describe());
    return v.tuple();
  });
}

std::string Value::describe() const {
  switch (kind) {
  case Kind::IntTuple:
    return tuple().isTuple()        ? "the tuple " + tuple().str()
           : tuple().isUnderscore() ? "'_'"
                                    : "the integer " + tuple().str();
  case Kind::Layout:
    return "the layout " + layout().str();
  case Kind::Swizzle:
    return "the swizzle " + swizzle().str();
  case Kind::Composed:
    return "the composed layout " + composed().str();
  case Kind::Tiler:
    return "the tiler " + tiler().str();
  case Kind::Bool:
    return std::string("the truth value ") + (boolean() ? "true" : "false");
  case Kind::Tag:
    return "the tag " + tag();
  case Kind::Equality:
    return "the answer " + equality().str();
  case Kind::LinearLayout:
    return "the linear layout " + linearLayout().dims();
  }
  return "";
}

std::string Value::str() const {
  switch (kind) {
  case Kind::IntTuple:
    return tuple().str();
  case Kind::Layout:
    return layout().str();
  case Kind::Swizzle:
    return swizzle().str();
  case Kind::Composed:
    return composed().str();
  case Kind::Tiler:
    return tiler().str();
  case Kind::Bool:
    return boolean() ? "true" : "false";
  case Kind::Tag:
    return tag();
  case Kind::Equality:
    return equality().str();
  case Kind::LinearLayout:
    return linearLayout().str();
  }
  return "";
}

} // namespace layoutc::algebra
