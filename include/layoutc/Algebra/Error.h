//===- Error.h - Errors of the layout algebra -------------------*- C++ -*-===//
//
// Every inadmissible input to the algebra is reported as an AlgebraError: the
// operation, and a message that names the argument, the mode and the failed
// condition (with a counterexample where one helps). Algebra functions throw
// it; `attempt` turns a call into an Expected value for callers that prefer
// values to exceptions (the dialect, the CLI).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_ERROR_H
#define LAYOUTC_ALGEBRA_ERROR_H

#include <exception>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace layoutc::algebra {

/// What an error refuses, for callers whose languages tell them apart
/// (Python: ValueError, TypeError, IndexError): an input the algebra does
/// not admit (a divisibility, an injectivity, an overflow), an argument of
/// the wrong kind or count, or a mode that is not there.
enum class ErrorKind { Inadmissible, Type, Index };

class AlgebraError : public std::exception {
public:
  AlgebraError(std::string op, std::string message, ErrorKind kind = ErrorKind::Inadmissible)
      : op_(std::move(op)), message_(std::move(message)), kind_(kind) {
    rebuild();
  }

  const std::string &op() const { return op_; }
  ErrorKind kind() const { return kind_; }
  const std::string &message() const { return message_; }
  /// 0-based column in `source()` the error is about, or -1.
  long column() const { return column_; }
  const std::string &source() const { return source_; }

  /// "op: message", then the source with a caret under the column (the
  /// source cut to the 80 bytes each side of the column when longer); control
  /// bytes escaped by printable().
  const char *what() const noexcept override { return text_.c_str(); }
  /// "op: message (at column N)" on one line.
  std::string oneLine() const;

  /// Names the operation when the error was raised below any operation
  /// (integer overflow in a helper, for example); a message that already
  /// starts with "op: " names it once.
  void setOpIfEmpty(const std::string &op) {
    if (op_.empty()) {
      op_ = op;
      if (message_.rfind(op + ": ", 0) == 0)
        message_.erase(0, op.size() + 2);
      rebuild();
    }
  }
  /// Records where in the input the error is, unless already known.
  void setLocationIfUnknown(std::string source, long column) {
    if (column_ < 0) {
      source_ = std::move(source);
      column_ = column;
      rebuild();
    }
  }

private:
  void rebuild();

  std::string op_;
  std::string message_;
  ErrorKind kind_;
  std::string source_;
  long column_ = -1;
  std::string text_;
};

/// `text` as it may be quoted in a message: each control byte (below 0x20,
/// and 0x7f) and each byte that is not part of valid UTF-8 written as an
/// escape (\t, \n, \r, \xNN), other bytes as they are. Every error's text
/// goes through it (AlgebraError::what).
std::string printable(std::string_view text);
/// printable(text) that keeps its line breaks: for messages of several
/// lines (MLIR's diagnostics) as they cross the C API and reach a terminal.
std::string printableLines(std::string_view text);

[[noreturn]] inline void fail(std::string op, std::string message) {
  throw AlgebraError(std::move(op), std::move(message));
}
/// An argument of the wrong kind or count.
[[noreturn]] inline void failType(std::string op, std::string message) {
  throw AlgebraError(std::move(op), std::move(message), ErrorKind::Type);
}
/// A mode index past the rank.
[[noreturn]] inline void failIndex(std::string op, std::string message) {
  throw AlgebraError(std::move(op), std::move(message), ErrorKind::Index);
}

/// Runs `f` as a step of `op`: an AlgebraError from inside is re-raised as
/// op's, the step's description and the inner error in its message:
/// "logical_divide: mode 1: complement of the tiler ...: not injective ...".
/// An empty `step` just names `op` before the inner error.
/// `step` is a string, or a callable that makes it (called only on error).
template <class S, class F> auto withContext(const char *op, const S &step, F &&f) {
  try {
    return f();
  } catch (const AlgebraError &e) {
    std::string inner = e.op() == op ? e.message() : std::string(e.what());
    std::string s;
    if constexpr (std::is_invocable_v<const S &>)
      s = step();
    else
      s = step;
    throw AlgebraError(op, s.empty() ? inner : s + ": " + inner, e.kind());
  }
}

/// A value or the error that prevented it.
template <class T> class Expected {
public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(AlgebraError error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T &value() const { return std::get<0>(v_); }
  T &value() { return std::get<0>(v_); }
  const AlgebraError &error() const { return std::get<1>(v_); }

private:
  std::variant<T, AlgebraError> v_;
};

/// Runs `f`, returning its result or the AlgebraError it raised.
template <class F> auto attempt(const std::string &op, F &&f) -> Expected<decltype(f())> {
  try {
    return f();
  } catch (AlgebraError &e) {
    e.setOpIfEmpty(op);
    return e;
  }
}

} // namespace layoutc::algebra

#endif
