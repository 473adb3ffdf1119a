//===- LayoutTypes.h - Types of the lay dialect -----------------*- C++ -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTTYPES_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTTYPES_H

#include "layoutc/Algebra/AnalysisResults.h"
#include "layoutc/Algebra/Layout.h"
#include "layoutc/Algebra/TypeForm.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/Hashing.h"

namespace layoutc::algebra {
// The hashes the types' storage is keyed on (found by ADL).
inline llvm::hash_code hash_value(const IntTuple &t) { return llvm::hash_code(hashValue(t)); }
inline llvm::hash_code hash_value(const Layout &l) { return llvm::hash_code(hashValue(l)); }
inline llvm::hash_code hash_value(const Tiler &t) { return llvm::hash_code(hashValue(t)); }
} // namespace layoutc::algebra

#define GET_TYPEDEF_CLASSES
#include "layoutc/Dialect/Layout/LayoutTypes.h.inc"

#endif
