//===- Print.h - The tables of CuTe's documentation -------------*- C++ -*-===//
#ifndef LAYOUTC_ALGEBRA_PRINT_H
#define LAYOUTC_ALGEBRA_PRINT_H

#include "layoutc/Algebra/Layout.h"

#include <string>

namespace layoutc::algebra {

/// CuTe's print_layout: the layout, then an (m,n) -> offset table with
/// column indices and box rules. The layout must have rank 2 (a rank-1
/// layout is shown as one column).
std::string printLayout2D(const Layout &l);

/// CuTe's print1D: the layout, then L(i) for every i in its domain.
std::string printLayout1D(const Layout &l);

} // namespace layoutc::algebra

#endif
