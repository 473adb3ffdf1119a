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
#include <utility>
#include <variant>

namespace layoutc::algebra {

class AlgebraError : public std::exception {
public:
  AlgebraError(std::string op, std::string message)
      : op_(std::move(op)), message_(std::move(message)) {
    rebuild();
  }

  const std::string &op() const { return op_; }
  const std::string &message() const { return message_; }
  const char *what() const noexcept override { return text_.c_str(); }

  /// Names the operation when the error was raised below any operation
  /// (integer overflow in a helper, for example).
  void setOpIfEmpty(const std::string &op) {
    if (op_.empty()) {
      op_ = op;
      rebuild();
    }
  }

private:
  void rebuild() { text_ = op_.empty() ? message_ : op_ + ": " + message_; }

  std::string op_;
  std::string message_;
  std::string text_;
};

[[noreturn]] inline void fail(std::string op, std::string message) {
  throw AlgebraError(std::move(op), std::move(message));
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
