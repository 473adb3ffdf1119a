//===- Print.h - The tables of CuTe's documentation -------------*- C++ -*-===//
#ifndef LAYOUTC_ALGEBRA_PRINT_H
#define LAYOUTC_ALGEBRA_PRINT_H

#include "layoutc/Algebra/Layout.h"
#include "layoutc/Algebra/Value.h"

#include <string>

namespace layoutc::algebra {

/// CuTe's print_layout: the layout, then an (m,n) -> L(m,n) table with
/// column indices and box rules, every column as wide as the widest value
/// (at least num_digits(cosize(L)), as CuTe's). The layout must have rank 1
/// (shown as one column) or 2. Values are offsets, or coordinates for basis
/// strides (identity layouts).
std::string printLayout2D(const Layout &l);

/// CuTe's print1D: the layout, then L(i) for every i in its domain.
std::string printLayout1D(const Layout &l);

/// print_layout of a composed layout, as CuTe's prints any layout
/// function: C(m,n) = inner(offset + outer(m,n)) over the outer layout's
/// domain (a swizzled layout's swizzled offsets), under the composed
/// layout's own notation.
std::string printLayout2D(const ComposedLayout &c);

/// print1D of a composed layout: C(i) for every i in the outer's domain.
std::string printLayout1D(const ComposedLayout &c);

/// print_layout and print1D of a value that is a layout or a composed
/// layout (what `layoutc print2d` and Python's print_layout show); any other
/// value is refused, by `op`, naming what it is.
std::string printLayout2D(const Value &v, const std::string &op = "print2d");
std::string printLayout1D(const Value &v, const std::string &op = "print1d");

} // namespace layoutc::algebra

#endif
