//===- CompilerPool.h - Compilers for compiles on several threads -*- C++ -*-===//
//
// A Compiler compiles one module at a time (its MLIR context and pipelines
// are its own): a compile leases one not in use, made where none is free (so
// cache hits make none), and gives it back for the next compile, its
// dialects loaded and pipelines built.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_COMPILERPOOL_H
#define LAYOUTC_LIB_JIT_COMPILERPOOL_H

#include "layoutc/JIT/Compiler.h"

#include <memory>
#include <mutex>
#include <vector>

namespace layoutc::jit {

class CompilerPool {
public:
  /// A Compiler for one thread, given back when the lease goes.
  class Lease {
  public:
    Lease(CompilerPool &pool, std::unique_ptr<Compiler> compiler) : pool_(pool), compiler_(std::move(compiler)) {}
    Lease(const Lease &) = delete;
    Lease &operator=(const Lease &) = delete;
    ~Lease() { pool_.giveBack(std::move(compiler_)); }
    Compiler &operator*() const { return *compiler_; }

  private:
    CompilerPool &pool_;
    std::unique_ptr<Compiler> compiler_;
  };

  Lease lease();

private:
  void giveBack(std::unique_ptr<Compiler> compiler);
  std::mutex mutex_;
  std::vector<std::unique_ptr<Compiler>> idle_;
};

} // namespace layoutc::jit

#endif
