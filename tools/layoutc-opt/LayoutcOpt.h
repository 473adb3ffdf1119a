//===- LayoutcOpt.h - The layoutc-opt driver's entry point ------*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_OPT_LAYOUTCOPT_H
#define LAYOUTC_TOOLS_LAYOUTC_OPT_LAYOUTCOPT_H

/// layoutc-opt: mlir-opt for the lay dialect. Lives in liblayoutc_jit (with
/// the one copy of LLVM and MLIR that the commands and Python share), a C
/// symbol so the wheel's library exports it beside the C API; the
/// executable's main() only calls it.
extern "C" int layoutc_opt_main(int argc, char **argv);

#endif
