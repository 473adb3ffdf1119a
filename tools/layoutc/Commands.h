//===- Commands.h - The layoutc commands ------------------------*- C++ -*-===//
//
// Each command is an llvm::cl::SubCommand with its own option category. A
// command's options are members of its Command object, so they register with
// llvm::cl when layoutc_main constructs the commands, and never at load time:
// a process that links this code (the JIT library, layoutc-opt, Python) keeps
// llvm::cl's registry free of them until layoutc_main runs.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_COMMANDS_H
#define LAYOUTC_TOOLS_LAYOUTC_COMMANDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <memory>
#include <string>
#include <vector>

namespace layoutc::tool {

/// Exit codes: 0 ok; 1 an input the compiler rejects, a mismatch (eval --tsv,
/// a --run's check) or no GPU; 2 a usage error.
constexpr int kOk = 0, kInputError = 1, kUsage = 2;

/// llvm::cl's subcommand, which a command may unregister.
class Subcommand : public llvm::cl::SubCommand {
public:
  using llvm::cl::SubCommand::SubCommand;
  using llvm::cl::SubCommand::unregisterSubCommand;
};

/// A layoutc command: its subcommand, its option category, its help text and
/// what it does once its options are parsed.
class Command {
public:
  /// `summary` is the command's line in `layoutc --help`.
  Command(llvm::StringRef name, llvm::StringRef summary);
  virtual ~Command();
  Command(const Command &) = delete;
  Command &operator=(const Command &) = delete;

  /// The OVERVIEW of `layoutc NAME --help`: what the command does, with
  /// examples (its options list themselves).
  virtual std::string overview() const = 0;
  /// Runs the command on its parsed options; returns the exit code.
  virtual int run() = 0;

  llvm::StringRef name() const { return sub.getName(); }
  /// Removes the command's options and subcommand from llvm::cl, which keeps
  /// pointers to them: called before the command is destroyed, so that
  /// layoutc_main can run again in one process.
  void unregister();
  /// Reports a usage error the option parsers cannot see (a missing or
  /// conflicting option) in one line, with a hint to this command's help;
  /// returns kUsage.
  int usageError(const llvm::Twine &message) const;

  Subcommand sub;
  /// The category of the command's options: `--help` shows this category
  /// (and LLVM's generic --help and --version), no other. One for every
  /// command, for the process (llvm::cl cannot forget a category).
  llvm::cl::OptionCategory &category;
};

/// The commands, in the order `layoutc --help` lists them.
std::unique_ptr<Command> makeEvalCommand();
std::unique_ptr<Command> makeInferCommand();
std::unique_ptr<Command> makePrintCommand(bool twoD);
std::unique_ptr<Command> makeShowCommand();
std::unique_ptr<Command> makeCompileCommand();
std::unique_ptr<Command> makeCopyCommand();
std::unique_ptr<Command> makeIndexedCommand(bool scatter);
std::unique_ptr<Command> makeCacheCommand();
std::unique_ptr<Command> makeDevicesCommand();

} // namespace layoutc::tool

#endif
