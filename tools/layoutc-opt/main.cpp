//===- main.cpp - layoutc-opt ---------------------------------------------===//
//
// The executable is this call: the driver lives in liblayoutc_jit.
//
//===----------------------------------------------------------------------===//
#include "LayoutcOpt.h"

int main(int argc, char **argv) { return layoutc_opt_main(argc, argv); }
