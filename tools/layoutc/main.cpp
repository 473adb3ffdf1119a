//===- main.cpp - The layoutc executable ----------------------------------===//
//
// The executable is this call: the command line lives in liblayoutc_jit.
//
//===----------------------------------------------------------------------===//
#include "LayoutcMain.h"

int main(int argc, char **argv) { return layoutc_main(argc, argv); }
