//===- TypeForm.h - Values as types hold them, and their hash ---*- C++ -*-===//
//
// A type of the lay dialect holds an algebra value in its type form: every
// leaf known only at run time is `?` (Int::unknown), keeping the facts that
// are known of it (`?{div=N,bits=K}`). Two values have one type form exactly
// when they print as one type, so a type is keyed on the form and its hash.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_TYPEFORM_H
#define LAYOUTC_ALGEBRA_TYPEFORM_H

#include "layoutc/Algebra/IntTuple.h"
#include "layoutc/Algebra/Layout.h"

#include <cstddef>

namespace layoutc::algebra {

/// t with every dynamic leaf `?`: typeForm(t).str() == t.typeStr().
IntTuple typeForm(const IntTuple &t);
/// typeForm of the shape and the stride.
Layout typeForm(const Layout &l);
/// typeForm of every layout of the tiler.
Tiler typeForm(const Tiler &t);

/// The number of leaves known only at run time (`?` in a type).
unsigned countUnknown(const IntTuple &t);
unsigned countUnknown(const Layout &l);
unsigned countUnknown(const Tiler &t);

/// Hashes that agree with operator== (a == b implies hash(a) == hash(b)).
std::size_t hashValue(const IntTuple &t);
std::size_t hashValue(const Layout &l);
std::size_t hashValue(const Tiler &t);

/// Tilers are equal when they print the same: kinds, layouts, integers and
/// modes alike.
bool operator==(const Tiler &a, const Tiler &b);
inline bool operator!=(const Tiler &a, const Tiler &b) { return !(a == b); }

} // namespace layoutc::algebra

#endif
