//===- SmallVec.h - A vector of integers with inline storage ----*- C++ -*-===//
//
// Internal. The flat arrays of the algebra hold a handful of integers; this
// keeps up to N of them inline so that the common case never allocates.
// Only for trivially copyable T.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_SMALLVEC_H
#define LAYOUTC_LIB_ALGEBRA_SMALLVEC_H

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <type_traits>

namespace layoutc::algebra::detail {

template <class T, size_t N> class SmallVec {
  static_assert(std::is_trivially_copyable_v<T>);

public:
  SmallVec() = default;
  SmallVec(std::initializer_list<T> init) {
    for (const T &v : init)
      push_back(v);
  }
  SmallVec(size_t n, T v) { resize(n, v); }
  SmallVec(const SmallVec &o) { assign(o.begin(), o.size()); }
  SmallVec &operator=(const SmallVec &o) {
    if (this != &o) {
      size_ = 0;
      assign(o.begin(), o.size());
    }
    return *this;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T *begin() { return data(); }
  T *end() { return data() + size_; }
  const T *begin() const { return data(); }
  const T *end() const { return data() + size_; }
  T &operator[](size_t i) { return data()[i]; }
  const T &operator[](size_t i) const { return data()[i]; }
  T &back() { return data()[size_ - 1]; }
  const T &back() const { return data()[size_ - 1]; }

  void push_back(T v) {
    if (size_ == capacity_)
      grow(capacity_ * 2);
    data()[size_++] = v;
  }
  void resize(size_t n, T v = T()) {
    if (n > capacity_)
      grow(n);
    for (size_t i = size_; i < n; ++i)
      data()[i] = v;
    size_ = n;
  }
  void erase(size_t i) {
    std::memmove(data() + i, data() + i + 1, (size_ - i - 1) * sizeof(T));
    --size_;
  }

private:
  // The inline storage is raw bytes, so constructing a SmallVec initializes
  // nothing (T's default constructor never runs for unused slots). data_
  // points at it, or at heap_ once grown (a copy starts inline again).
  T *data() { return data_; }
  const T *data() const { return data_; }
  void assign(const T *src, size_t n) {
    if (n > capacity_)
      grow(n);
    std::memcpy(data(), src, n * sizeof(T));
    size_ = n;
  }
  void grow(size_t n) {
    std::unique_ptr<T[]> bigger(new T[n]);
    std::memcpy(bigger.get(), data(), size_ * sizeof(T));
    heap_ = std::move(bigger);
    data_ = heap_.get();
    capacity_ = n;
  }

  alignas(T) unsigned char inline_[N * sizeof(T)];
  std::unique_ptr<T[]> heap_;
  T *data_ = reinterpret_cast<T *>(inline_);
  size_t size_ = 0;
  size_t capacity_ = N;
};

} // namespace layoutc::algebra::detail

#endif
