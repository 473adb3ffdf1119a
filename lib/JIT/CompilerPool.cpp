//===- CompilerPool.cpp - Compilers for compiles on several threads -------===//
#include "CompilerPool.h"

namespace layoutc::jit {

CompilerPool::Lease CompilerPool::lease() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      std::unique_ptr<Compiler> compiler = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(compiler));
    }
  }
  return Lease(*this, std::make_unique<Compiler>());
}

void CompilerPool::giveBack(std::unique_ptr<Compiler> compiler) {
  std::lock_guard<std::mutex> lock(mutex_);
  idle_.push_back(std::move(compiler));
}

} // namespace layoutc::jit
