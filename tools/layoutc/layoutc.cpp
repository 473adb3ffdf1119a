//===- layoutc.cpp - The layoutc command line -----------------------------===//
//
// layoutc COMMAND [options]: a thin driver over the algebra library, the
// compiler and the runtime, with LLVM's command-line conventions (llvm::cl,
// as mlir-opt and llc): every option takes --opt=value and --opt value;
// --help and --version work alone and after any command; a usage error is
// one or two lines naming the option or command, with a hint; `-` reads
// standard input where a command reads text, and -o - writes standard output;
// binary output (a cubin) to a terminal is refused.
//
// Exit codes: 0 ok; 1 an input the compiler rejects (an algebra or compile
// error, an eval --tsv case that does not match its expected value, a --run
// whose check fails) or no GPU; 2 a usage error.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "LayoutcMain.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Version.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <exception>
#include <iostream>

namespace layoutc::tool {

namespace {

const char *kOverview = R"(layoutc - a JIT compiler for CuTe layout algebra

Evaluates layout expressions in CuTe's names and notation, and generates,
compiles and runs kernels that move data between layouts.
  layoutc eval 'composition((6,2):(8,2),(4,3):(3,1))'
  layoutc copy --src '(64,64):(64,1)' --dst '(64,64):(1,64)' --emit=ptx

Options take --opt=value or --opt value. Where a command reads text, - reads
standard input; -o - writes standard output.

Exit codes: 0 ok; 1 an input the compiler rejects (an algebra or compile
error, an eval --tsv case that does not match its expected value, a --run
whose check fails) or no GPU; 2 a usage error.
)";

using Commands = std::vector<std::unique_ptr<Command>>;

Commands makeCommands() {
  Commands commands;
  commands.push_back(makeEvalCommand());
  commands.push_back(makeInferCommand());
  commands.push_back(makePrintCommand(/*twoD=*/false));
  commands.push_back(makePrintCommand(/*twoD=*/true));
  commands.push_back(makeShowCommand());
  commands.push_back(makeCompileCommand());
  commands.push_back(makeCopyCommand());
  commands.push_back(makeIndexedCommand(/*scatter=*/false));
  commands.push_back(makeIndexedCommand(/*scatter=*/true));
  commands.push_back(makeCacheCommand());
  commands.push_back(makeDevicesCommand());
  return commands;
}

Command *findCommand(const Commands &commands, llvm::StringRef name) {
  for (const std::unique_ptr<Command> &c : commands)
    if (c->name() == name)
      return c.get();
  return nullptr;
}

// The commands' names, separated by `separator`.
std::string commandNames(const Commands &commands, llvm::StringRef separator) {
  std::string names;
  for (const std::unique_ptr<Command> &c : commands)
    names += (names.empty() ? "" : separator.str()) + c->name().str();
  return names;
}

// `layoutc` alone, or options with no command: the usage line.
int noCommand(const Commands &commands) {
  llvm::errs() << "usage: layoutc <" << commandNames(commands, "|") << "> [options]\n"
               << "Try: 'layoutc --help' or 'layoutc <command> --help'\n";
  return kUsage;
}

// A first argument that names no command: the nearest command when one is
// near (two edits at most), else the list.
int unknownCommand(const Commands &commands, llvm::StringRef name) {
  const Command *nearest = nullptr;
  unsigned best = 3;
  for (const std::unique_ptr<Command> &c : commands) {
    unsigned distance = name.edit_distance(c->name(), /*AllowReplacements=*/true, best);
    if (distance < best) {
      best = distance;
      nearest = c.get();
    }
  }
  llvm::errs() << "layoutc: unknown command '" << algebra::printable(name) << "'";
  if (nearest)
    llvm::errs() << "; did you mean '" << nearest->name() << "'?\n";
  else
    llvm::errs() << "; the commands are " << commandNames(commands, ", ") << "\n";
  return kUsage;
}

// Whether the arguments ask for help (--help and LLVM's variants, -h).
bool asksForHelp(llvm::ArrayRef<const char *> args) {
  for (llvm::StringRef a : args) {
    if (a == "--")
      return false;
    if (!a.consume_front("-"))
      continue;
    a.consume_front("-");
    a = a.split('=').first;
    if (a == "h" || a == "help" || a == "help-hidden" || a == "help-list" || a == "help-list-hidden")
      return true;
  }
  return false;
}

void printVersion(llvm::raw_ostream &os) { os << "layoutc " LAYOUTC_VERSION "\nLLVM " LLVM_VERSION_STRING "\n"; }

// Prints the first two lines of `errors`; returns kUsage. LLVM reports every
// argument it cannot place, in one or two lines each (an unknown option, then
// the nearest one), here; a bad value it reports on stderr at once.
int printFirstError(llvm::StringRef errors) {
  llvm::SmallVector<llvm::StringRef, 3> lines;
  errors.split(lines, '\n', /*MaxSplit=*/2, /*KeepEmpty=*/false);
  for (llvm::StringRef line : llvm::ArrayRef(lines).take_front(2))
    llvm::errs() << line << "\n";
  return kUsage;
}

// Hides the options of LLVM's own libraries from every command's --help.
void hideUnrelatedOptions(const Commands &commands) {
  llvm::SmallVector<const llvm::cl::OptionCategory *> categories;
  for (const std::unique_ptr<Command> &c : commands)
    categories.push_back(&c->category);
  llvm::cl::HideUnrelatedOptions(categories);
  for (const std::unique_ptr<Command> &c : commands)
    llvm::cl::HideUnrelatedOptions(categories, c->sub);
}

// Unregisters the commands from llvm::cl when parseAndRun returns, while
// they are alive.
struct Unregister {
  const Commands &commands;
  ~Unregister() {
    for (const std::unique_ptr<Command> &c : commands)
      c->unregister();
  }
};

// An argument llvm::cl would read as a response file (@FILE): refused, so
// that every file layoutc reads goes through readInputFile's checks.
int responseFile(llvm::StringRef arg) {
  llvm::errs() << "layoutc: '" << algebra::printable(arg) << "' would be read as a response file of arguments, which "
               << "layoutc does not read; give the arguments themselves\n";
  return kUsage;
}

// Parses the command line with every command's options, and runs the command.
int parseAndRun(int argc, char **argv) {
  Commands commands = makeCommands();
  Unregister unregister{commands};
  for (int i = 1; i < argc; ++i)
    if (argv[i][0] == '@')
      return responseFile(argv[i]);
  if (argc < 2)
    return noCommand(commands);
  llvm::StringRef first = argv[1];
  Command *command = nullptr;
  if (!first.starts_with("-")) {
    command = findCommand(commands, first);
    if (!command)
      return unknownCommand(commands, first);
  }
  hideUnrelatedOptions(commands);
  llvm::cl::SetVersionPrinter(printVersion);
  // LLVM names the program after argv[0] in its messages ("layoutc copy:
  // ... Try: 'layoutc copy --help'"), and after argv[0] and the command in
  // --help's USAGE line.
  llvm::SmallVector<const char *> args(argv, argv + argc);
  std::string program = "layoutc";
  if (command && !asksForHelp(args))
    program += " " + command->name().str();
  args[0] = program.c_str();
  std::string overview = command ? command->overview() : kOverview;
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!llvm::cl::ParseCommandLineOptions(int(args.size()), args.data(), overview, &errorStream))
    return printFirstError(errors);
  return command ? command->run() : noCommand(commands);
}

} // namespace

} // namespace layoutc::tool

int layoutc_main(int argc, char **argv) {
  using namespace layoutc::tool;
  try {
    int status = parseAndRun(argc, argv);
    // What a command printed must have been written: stdout on a full
    // device (or a closed pipe) is an error, not an exit status of 0.
    std::cout.flush();
    llvm::outs().flush();
    if (!std::cout || llvm::outs().has_error()) {
      std::error_code why =
          llvm::outs().has_error() ? llvm::outs().error() : std::error_code(errno, std::generic_category());
      llvm::outs().clear_error();
      llvm::errs() << "error: cannot write the output (stdout): " << why.message() << "\n";
      return kInputError;
    }
    return status;
  } catch (const std::exception &e) {
    llvm::errs() << "error: " << layoutc::algebra::printableLines(e.what()) << "\n";
  } catch (...) {
    llvm::errs() << "error: an unexpected failure\n";
  }
  return kInputError;
}
