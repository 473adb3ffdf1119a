//===- OnceMap.h - Values made once per key, by the first asker -*- C++ -*-===//
//
// The Jit's caches: a value is made once per key, by the first thread that
// asks for it, outside the lock, while the others asking for that key wait
// for it; asks for other keys go on meanwhile. A make that throws leaves no
// value: those waiting get its exception, and the next ask makes it again.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_ONCEMAP_H
#define LAYOUTC_LIB_JIT_ONCEMAP_H

#include <exception>
#include <future>
#include <mutex>
#include <string>
#include <unordered_map>

namespace layoutc::jit {

template <class Value> class OnceMap {
public:
  struct Got {
    Value value;
    bool made; // by this call
  };

  /// The value of `key`: make()'s, on the first ask; else the first ask's,
  /// waited for.
  template <class Make> Got get(const std::string &key, Make make) {
    std::promise<Value> promise;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      auto [slot, fresh] = slots_.try_emplace(key);
      if (!fresh) {
        std::shared_future<Value> made = slot->second;
        lock.unlock();
        return {made.get(), false};
      }
      slot->second = promise.get_future().share();
    }
    try {
      Value value = make();
      promise.set_value(value);
      return {std::move(value), true};
    } catch (...) {
      promise.set_exception(std::current_exception());
      std::lock_guard<std::mutex> lock(mutex_);
      slots_.erase(key);
      throw;
    }
  }

  /// The keys made or being made.
  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return slots_.size();
  }

private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_future<Value>> slots_;
};

} // namespace layoutc::jit

#endif
