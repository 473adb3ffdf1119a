//===- OutputFile.cpp - Writing a command's output file or stdout ---------===//
#include "Commands.h"
#include "Files.h"

#include "llvm/Support/Process.h"

#include <fstream>
#include <iostream>

namespace layoutc::tool {

namespace {
bool isStdout(const std::string &path) { return path.empty() || path == "-"; }
} // namespace

int writeOutput(const std::string &text, const std::string &path) {
  if (isStdout(path)) {
    std::cout << text << std::flush;
    return kOk;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    std::cerr << "error: cannot write " << path << "\n";
    return kInputError;
  }
  return kOk;
}

bool writesToTerminal(const std::string &path) {
  return isStdout(path) && llvm::sys::Process::StandardOutIsDisplayed();
}

} // namespace layoutc::tool
