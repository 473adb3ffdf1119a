//===- CliFuzzer.cpp - Fuzz the layoutc command line in-process -----------===//
//
// Input: a layoutc command line, one argument per line, then optionally a
// blank line and the contents of a file:
//   eval
//   --tsv
//   @file
//
//   size	(2,3):(1,2)	6
// The file is written to a temporary path, which the argument `@file` names,
// and is standard input too (for `-`). Only the algebra's commands run
// (eval, infer, print1d, print2d, show): the kernel commands are the kernel
// fuzzer's, and `devices` and `cache` touch the machine. An output option
// (-o) writes to standard output; other arguments starting with '@' are
// passed on (layoutc refuses them as response files); --help and --version,
// which exit the process, are skipped. layoutc_main runs as
// the executable would, its standard output and error sent to /dev/null
// (sanitizer reports still reach the real stderr). It must return 0, 1 or
// 2: any crash, hang or other exit is a finding.
//
//===----------------------------------------------------------------------===//
#include "LayoutcMain.h"

#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

extern "C" void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

namespace {

// The temporary file of an input, and the original stdout and stderr.
struct Process {
  std::string file;
  int out = -1, err = -1, null = -1;

  Process() {
    char path[] = "/tmp/layoutc-cli-fuzz-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
      std::perror("mkstemp");
      std::abort();
    }
    close(fd);
    file = path;
    out = dup(1);
    err = dup(2);
    null = open("/dev/null", O_WRONLY);
    if (__sanitizer_set_report_fd)
      __sanitizer_set_report_fd(reinterpret_cast<void *>(intptr_t(err)));
  }
};

Process &process() {
  static Process *p = new Process;
  return *p;
}

// --help and --version print and exit the process (llvm::cl's way), which
// a fuzz target must not: inputs with an option that llvm::cl may take for
// one of them (it matches some by prefix: --help-haccess is --help) are
// skipped.
bool exits(std::string a) {
  if (a.empty() || a[0] != '-')
    return false;
  a.erase(0, a.find_first_not_of('-'));
  return a.rfind("h", 0) == 0 || a.rfind("version", 0) == 0;
}

bool isAlgebraCommand(const std::string &c) {
  return c == "eval" || c == "infer" || c == "print1d" || c == "print2d" || c == "show";
}

// Arguments, with `@file` the temporary file and every -o writing stdout.
std::vector<std::string> argumentsOf(const std::string &head, const std::string &file) {
  std::vector<std::string> args{"layoutc"};
  size_t begin = 0;
  while (begin <= head.size()) {
    size_t end = head.find('\n', begin);
    if (end == std::string::npos)
      end = head.size();
    args.push_back(head.substr(begin, end - begin));
    begin = end + 1;
  }
  for (size_t i = 1; i < args.size(); ++i) {
    std::string &a = args[i];
    if (a == "@file")
      a = file;
    else if (a == "-o" || a == "--o")
      i + 1 < args.size() ? void(args[i + 1] = "-") : void(a = "-o=-");
    else if (a.rfind("-o=", 0) == 0 || a.rfind("--o=", 0) == 0)
      a = "-o=-";
  }
  return args;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Process &p = process();
  std::string text(reinterpret_cast<const char *>(data), size);
  size_t blank = text.find("\n\n");
  std::string head = text.substr(0, blank), contents = blank == std::string::npos ? "" : text.substr(blank + 2);
  if (head.find('\0') != std::string::npos)
    return 0; // an argument of a real command line has no NUL
  std::vector<std::string> args = argumentsOf(head, p.file);
  if (args.size() < 2 || !isAlgebraCommand(args[1]))
    return 0;
  for (const std::string &a : args) {
    if (a == "--")
      break;
    if (exits(a))
      return 0;
  }
  if (std::FILE *f = std::fopen(p.file.c_str(), "wb")) {
    std::fwrite(contents.data(), 1, contents.size(), f);
    std::fclose(f);
  }
  int in = open(p.file.c_str(), O_RDONLY);
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  std::fflush(nullptr);
  dup2(in, 0);
  close(in);
  std::clearerr(stdin);
  dup2(p.null, 1);
  dup2(p.null, 2);
  int code = layoutc_main(int(args.size()), argv.data());
  std::cout.flush();
  std::cerr.flush();
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  dup2(p.out, 1);
  dup2(p.err, 2);
  if (code < 0 || code > 2) {
    std::fprintf(stderr, "layoutc_main returned %d, not 0, 1 or 2\n", code);
    std::abort();
  }
  return 0;
}
