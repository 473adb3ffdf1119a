//===- Command.cpp - What every layoutc command has -----------------------===//
#include "Commands.h"

#include "llvm/Support/raw_ostream.h"

namespace layoutc::tool {

Command::Command(llvm::StringRef name, llvm::StringRef summary) : sub(name, summary) {}

Command::~Command() = default;

int Command::usageError(const llvm::Twine &message) const {
  llvm::errs() << "layoutc " << name() << ": " << message << ".  Try: 'layoutc " << name() << " --help'\n";
  return kUsage;
}

} // namespace layoutc::tool
