//===- Command.cpp - What every layoutc command has -----------------------===//
#include "Commands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

namespace layoutc::tool {

namespace {
llvm::cl::OptionCategory &layoutcOptions() {
  static llvm::cl::OptionCategory category("layoutc options");
  return category;
}
} // namespace

Command::Command(llvm::StringRef name, llvm::StringRef summary) : sub(name, summary), category(layoutcOptions()) {}

Command::~Command() = default;

void Command::unregister() {
  llvm::SmallVector<llvm::cl::Option *> options(sub.PositionalOpts.begin(), sub.PositionalOpts.end());
  options.append(sub.SinkOpts.begin(), sub.SinkOpts.end());
  if (sub.ConsumeAfterOpt)
    options.push_back(sub.ConsumeAfterOpt);
  for (const auto &named : llvm::cl::getRegisteredOptions(sub))
    if (!llvm::is_contained(options, named.second))
      options.push_back(named.second);
  for (llvm::cl::Option *o : options)
    o->removeArgument();
  sub.unregisterSubCommand();
}

int Command::usageError(const llvm::Twine &message) const {
  llvm::errs() << "layoutc " << name() << ": " << message << ".  Try: 'layoutc " << name() << " --help'\n";
  return kUsage;
}

} // namespace layoutc::tool
