//===- LayoutOps.td - Operations of the lay dialect --------*- tablegen -*-===//
//
// Every op of the lay dialect, by job: the algebra (constructors, CuTe's
// functions, indexing, tuples), layoutc's analyses, and tensors with the
// data movement ops. The op class is LayoutOpBase.td's.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTOPS_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTOPS_TD

include "layoutc/Dialect/Layout/LayoutAlgebraOps.td"
include "layoutc/Dialect/Layout/LayoutAnalysisOps.td"
include "layoutc/Dialect/Layout/LayoutTensorOps.td"

#endif
