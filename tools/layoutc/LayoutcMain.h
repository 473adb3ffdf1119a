//===- LayoutcMain.h - The layoutc command's entry point --------*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_LAYOUTCMAIN_H
#define LAYOUTC_TOOLS_LAYOUTC_LAYOUTCMAIN_H

/// The layoutc command line: parses argv, runs the command, returns the exit
/// code; never throws. It lives in liblayoutc_jit (with the one copy of LLVM
/// that the commands and Python share), a C symbol so the wheel's library
/// exports it beside the C API; the executable's main() only calls it. It may
/// run many times in one process (one call at a time): each call registers
/// its commands' options with llvm::cl and removes them before it returns.
extern "C" int layoutc_main(int argc, char **argv);

#endif
