//===- LayoutOpBase.td - The lay dialect's op class --------*- tablegen -*-===//
//
// What every op file of the lay dialect includes: its attributes, types,
// the interfaces its ops take, and the op class.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTOPBASE_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTOPBASE_TD

include "layoutc/Dialect/Layout/LayoutAttrs.td"
include "layoutc/Dialect/Layout/LayoutTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Lay_Op<string mnemonic, list<Trait> traits = []> : Op<Lay_Dialect, mnemonic, traits>;

#endif // LAYOUTC_DIALECT_LAYOUT_LAYOUTOPBASE_TD
